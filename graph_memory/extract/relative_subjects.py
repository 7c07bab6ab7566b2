"""A subject that is one of the speaker's relatives, for patterns whose verb states a liking
only when said of a third person: "My brother also highly recommends the Spider-Man games",
"my brother's been recommending a manga called Orange" -> "<speaker>'s brother" PREFERS. Said
by the speaker ("I recommend Dune") or of the addressee it is advice to the one spoken to,
no liking held (the guidelines' chat moves); said of a bare name it is as often a critic, a
celebrity or a character as a person of the speaker's life."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.people import ADDRESSEE, SPEAKER, person_subject


def relative_subject(subject: Any, roles: frozenset[str]) -> str | None:
    """The name of the speaker's relative the subject names ("my sister" -> "<speaker>'s
    sister", "my husband Tom" -> Tom, "she" after "my mom"), else None."""
    if subject.pos_ == "PROPN" or subject.lower_ in ("i", "we", "you", "u"):
        return None
    if subject.pos_ == "NOUN" and subject.lemma_.lower() not in roles:
        return None
    name = person_subject(subject, roles, speaker_only=False)
    if name is None or name == SPEAKER or ADDRESSEE in name:
        return None
    if subject.pos_ == "PRON" and not name.startswith(f"{SPEAKER}'s "):
        return None  # "she" pointing at a name: someone the message may only talk about
    return name

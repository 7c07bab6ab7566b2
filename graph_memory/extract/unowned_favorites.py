"""A favorite told with no "my": "Conor McGregor is another favorite", "Another favorite is the
Appalachian Trail", "A favorite one for me is Alberobello". "Another" goes on with a list the
speaker is giving, and "for me" names the speaker outright; either makes the favorite the
speaker's as "my" does ("another" only in the present, and not after someone else's subject
in the same sentence: "the kids love the zoo, and another favorite is the aquarium"). A bare
"a favorite" may be anyone's ("it's a favorite for many", "sushi is a favorite in Japan"), and
a favorite for or of someone else is theirs."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_WORDS
from graph_memory.extract.people import SPEAKER

_ME = frozenset({"me", "us"})


def speaker_favorite(key_head: Any, modifiers: set[str]) -> str | None:
    """The speaker, where the favorite `key_head` is theirs without a possessive; else None."""
    favorite = key_head.lemma_.lower() in modifiers or any(
        c.dep_ in ("amod", "compound", "nmod") and c.lemma_.lower() in modifiers
        for c in key_head.lefts
    )
    if not favorite or any(c.dep_ == "poss" for c in key_head.children):
        return None
    phrases = [p for p in key_head.children if p.dep_ == "prep"]
    if any(p.lower_ != "for" or not _to_me(p) for p in phrases):
        return None  # "a favorite among locals", "a favorite of my sister's"
    if phrases:
        return SPEAKER  # "a favorite one for me"
    dets = [c.lower_ for c in key_head.children if c.dep_ == "det"]
    if dets != ["another"] or key_head.head.tag_ not in ("VBZ", "VBP"):
        return None  # "another favorite was the aquarium": a trip's, maybe not the speaker's
    return None if _list_of_others(key_head) else SPEAKER


def _list_of_others(key_head: Any) -> bool:
    """Whether the sentence goes on with someone else's list: "the kids love the zoo, and
    another favorite is the aquarium" (a subject before it, of another verb, not "I"/"we")."""
    be = key_head.head
    return any(
        t.dep_ in ("nsubj", "nsubjpass") and t.head.i != be.i and t.lower_ not in SPEAKER_WORDS
        for t in key_head.sent if t.i < key_head.i
    )


def _to_me(prep: Any) -> bool:
    return any(g.dep_ == "pobj" and g.lower_ in _ME for g in prep.children)

"""Routines the speaker shares with others: "me and my brother go fishing every summer", "my
friends and I play basketball every weekend", "we usually make lava cake". The guidelines read
"I / we (where the speaker is included)" as the speaker, so the routine is the speaker's
HAS_HABIT (and, by paired_facts, a named partner's or a relative's too). The habit reader took
only a plain "I" (and the first person of a pair, "my brother" of "my brother and I"), so these
were lost or given to the partner alone.

A "we" is read as the speaker's own group only where nothing marks it generic: not "we all" /
"we humans" / "we as people", nor a message about people at large ("people", "everyone",
"humans", "society"), nor a custom of a place ("in America we usually tip 20 percent"): "we all
need sleep", "as humans we always want more" state nothing of the speaker."""

from __future__ import annotations

from typing import Any

_SPEAKER = frozenset({"i", "me"})
_WE = frozenset({"we"})
# Words after "we" that make it everyone: "we all", "we humans", "we as a society".
_GENERIC_AFTER = frozenset({"all", "humans", "people", "as", "everyone", "americans"})
# Words of a message about people at large, whose "we" is anyone's.
_AT_LARGE = frozenset(
    {"people", "everyone", "everybody", "humans", "humanity", "society", "mankind", "nobody",
     "someone", "anyone", "generation", "world"}
)  # fmt: skip


# What a "we" told of a custom is set in: "in America", "in my culture", "in our country".
_PLACE_ENTS = frozenset({"GPE", "LOC", "NORP"})
_PLACE_WORDS = frozenset(
    {"country", "culture", "society", "nation", "state", "city", "town", "area"}
)


def speaker_included(subject: Any) -> bool:
    """Whether a routine's subject is a group the speaker is in: "me and my brother", "my
    friends and I", or a "we" of the speaker's own."""
    lower = subject.lower_
    if lower in _SPEAKER:
        return lower == "me" and any(c.dep_ == "conj" for c in subject.children)
    if any(c.dep_ == "conj" and c.lower_ in _SPEAKER for c in subject.children):
        return True  # "my friends and I": "I" hangs on the first subject
    return lower in _WE and not _generic_we(subject)


def _generic_we(we: Any) -> bool:
    doc = we.doc
    after = doc[we.i + 1] if we.i + 1 < len(doc) else None
    if after is not None and after.lower_ in _GENERIC_AFTER:
        return True
    if any(c.dep_ == "appos" for c in we.children):
        return True  # "we Americans"
    if _of_a_place(we.head):
        return True  # "In America we usually tip 20 percent": a custom, everyone's there
    return any(t.lower_ in _AT_LARGE for t in doc)


def _of_a_place(verb: Any) -> bool:
    """Whether the clause is set "in" a country, a culture or the like."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "in":
            continue
        for noun in prep.children:
            if noun.dep_ == "pobj" and (
                noun.ent_type_ in _PLACE_ENTS or noun.lemma_.lower() in _PLACE_WORDS
            ):
                return True
    return False

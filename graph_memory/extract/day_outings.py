"""Outings of one day with nothing specific in them: "Went on a hike today", "I went for a
morning hike" in a message about the day. The guidelines keep passing activities of the day
out ("I'm going to hang out with my friends"), and a walk or a run already names nothing; a
hike said only to have been taken that day is the same round. A hike that says which ("the
Inca Trail hike", "a hike in Zion", "a 10 mile hike") or is not of the day ("we went on a hike
last summer") stays."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from graph_memory.extract.open_vocabulary import TODAY_WORDS

# The rounds of a day that an outing pattern also takes for a notable outing.
_ROUNDS = frozenset({"hike", "swim"})
# Words that say when in the day or how long, not which outing.
_OF_THE_DAY = frozenset({"morning", "evening", "afternoon", "quick", "short", "little", "nice",
                         "good", "early", "late", "lovely", "great"})


def day_outing(head: Any, tokens: list[Any]) -> bool:
    """Whether the noun is a bare round of the day gone on: "a hike" of "Went on a hike
    today" (its verb "go", through "on" or "for"), with nothing but a time of day or praise
    beside it and no phrase after it, in a message that tells of the day."""
    if head.lemma_.lower() not in _ROUNDS or head.dep_ != "pobj":
        return False
    preposition = head.head
    verb = preposition.head
    if preposition.lower_ not in ("on", "for") or verb.lemma_.lower() != "go":
        return False
    if any(c.dep_ in ("prep", "relcl", "acl") for c in head.children):
        return False
    named = [t for t in tokens if t.i != head.i and t.dep_ not in ("det", "punct")]
    return all(t.lower_ in _OF_THE_DAY for t in named) and _day_message(verb)


_DAY_WORDS = TODAY_WORDS | {"yesterday"}  # a day told of, past or present
_DAY_PAIRS = frozenset({("this", "morning"), ("this", "afternoon"), ("this", "evening")})


def _day_message(verb: Any) -> bool:
    """The verb's message tells of one day: "today", "yesterday", "this morning", "my day so
    far" ("I've had a pretty good day so far. I went for a morning hike")."""
    words = [t.lower_ for t in verb.doc]
    pairs = set(pairwise(words))
    day_so_far = ("so", "far") in pairs and "day" in words
    return day_so_far or bool(set(words) & _DAY_WORDS or pairs & _DAY_PAIRS)

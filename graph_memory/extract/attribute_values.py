"""Values that are no attribute of their owner, for the open "my <key> is <value>" reading: a
state of the moment ("my room is freezing right now", "my phone is dead today") and a
judgement ("our cities are such a difficult concept"). possessives.py asks these of the
wildcard pattern only; "my room is blue", "my shoe size is 9" stay."""

from __future__ import annotations

from typing import Any

# Times that make a state the moment's: "today", "right now", "at the moment".
_MOMENT = frozenset({"today", "tonight", "tonite", "rn"})


def of_the_moment(be: Any) -> bool:
    """ "my room is freezing right now", "my phone is dead today": a state told of this moment
    (a plain "now" tells a change: "my shoe size is now 9")."""
    for child in be.children:
        word = child.lower_
        if child.dep_ in ("advmod", "npadvmod") and word in _MOMENT:
            return True
        if word == "now" and any(c.lower_ == "right" for c in child.children):
            return True
        if child.dep_ == "prep" and word == "at" and any(
            g.lower_ == "moment" for g in child.children
        ):
            return True
    return False


def judged(be: Any) -> bool:
    """ "our cities alone are such a difficult concept": a value with "such" judges, it says
    no value of the key."""
    return any(
        g.lower_ == "such" and g.dep_ in ("predet", "det", "amod")
        for c in be.children if c.dep_ in ("attr", "acomp")
        for g in c.children
    )  # fmt: skip

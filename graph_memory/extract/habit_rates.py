"""Recurring times said as a rate or in one word, as chat writes them: "I go to the gym twice
a week", "I swim 3 times a week", "I call once a month", "I run everyday" -> the habit's key
"twice a week", "3 times a week", "once a month", "every day"; "I work out 3 days a week" ->
"3 days a week".

The habit rules read "every <time>" and "on <times>" (habits._time); a count per period says
as plainly that the doing recurs, and "everyday" is chat's spelling of "every day".
"""

from __future__ import annotations

from typing import Any

_EVERYDAY = "everyday"
_PERIODS = frozenset({"day", "week", "month", "year"})
_PER = frozenset({"a", "an", "per", "each", "every"})
_COUNTS = frozenset({"once", "twice", "thrice"})
_TIMES = frozenset({"time", "day", "night", "morning", "evening"})


def rate_time(verb: Any) -> tuple[str, list[Any]] | None:
    """The rate or "everyday" on the verb's clause, as (key, tokens), or None: "twice a
    week" (predet "twice" on "week"), "once a week" ("once" and "week" both on the verb), "3
    times a week" ("week" under "times")."""
    children = list(verb.children)
    for child in children:
        if child.lower_ == _EVERYDAY and child.dep_ in ("advmod", "npadvmod"):
            return "every day", [child]
    for child in children:
        # "once a week" with "week" under "once"
        if (
            child.dep_ == "advmod"
            and child.lower_ in _COUNTS
            and any(
                c.dep_ == "npadvmod" and c.lemma_.lower() in _PERIODS and _per(c)
                for c in child.children
            )
        ):
            return _keyed(list(child.subtree))
        if child.dep_ != "npadvmod":
            continue
        if child.lemma_.lower() in _PERIODS and _per(child):
            # "twice a week" (predet), "once a week" ("once" on "week" or on the verb)
            if any(c.dep_ in ("predet", "advmod") and c.lower_ in _COUNTS for c in child.children):
                return _keyed(list(child.subtree))
            counts = [c for c in children if c.dep_ == "advmod" and c.lower_ in _COUNTS]
            if counts:
                return _keyed([counts[0], *child.subtree])
        # "3 times a week", "five days a week"
        if child.lemma_.lower() in _TIMES and any(c.dep_ == "nummod" for c in child.children):
            periods = [
                c for c in child.children
                if c.dep_ == "npadvmod" and c.lemma_.lower() in _PERIODS and _per(c)
            ]  # fmt: skip
            if periods:
                return _keyed(list(child.subtree))
    return None


def _per(period: Any) -> bool:
    """ "a week", "per month": a period counted in, not "a whole week" nor "this week"."""
    words = [c.lower_ for c in period.children if c.lower_ not in _COUNTS]
    return len(words) == 1 and words[0] in _PER


def _keyed(tokens: list[Any]) -> tuple[str, list[Any]]:
    tokens = sorted(tokens, key=lambda t: t.i)
    return " ".join(t.lower_ for t in tokens), tokens

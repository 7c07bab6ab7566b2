"""A progressive told as going on now, no plan: "I've been exploring trails in Idaho, where I'm
visiting my aunt", "I'm currently visiting my parents", "right now I'm traveling through
Spain". The present progressive of a trip is a plan only when it is ahead ("I'm visiting my
aunt next week"); one set in the place one is at, or marked as now, is under way
(match.polarity asks, for the progressive's plans). "still" marks no moment: "I'm still going
to Japan" is a plan kept."""

from __future__ import annotations

from typing import Any

# Words that set a progressive in the present moment.
_NOW = frozenset({"currently", "rn", "atm"})


def under_way(verb: Any) -> bool:
    """Whether a progressive clause is told as going on now, not ahead."""
    if verb.dep_ == "relcl" and any(
        c.dep_ == "advmod" and c.lower_ == "where" for c in verb.children
    ):
        return True  # "Idaho, where I'm visiting my aunt": the place one is at
    words = {t.lower_ for c in verb.children if c.dep_ in ("advmod", "npadvmod", "prep")
             for t in c.subtree}
    return bool(words & _NOW) or {"right", "now"} <= words or {"at", "moment"} <= words

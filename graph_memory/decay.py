"""Decay: the importance of a fact nobody recalls fades. Pure functions.

    importance(fact, now) = priority / 10 * 0.5 ** (idle_days / half_life_days)
    idle_days             = days since coalesce(last_used_at, created_at)

`half_life_days` is the fact's memory type's (ontology `memory_types`); when it is null the
factor is 1 and the fact never fades (a constraint such as an allergy must not). A recall
that returns the fact, or feedback on it, sets `last_used_at`, so only facts that have not
been recalled for a long time (or ever) fade; a just-written fact has its full priority / 10.

Importance feeds the recall score (signal `importance`, graph_memory/recall/score.py) and the
prune rule `faded`: a fact fades once its importance drops below `min_importance`, that is
once it has been idle for longer than

    half_life_days * log2(priority / (10 * min_importance))

(no time at all when that logarithm is <= 0: its priority alone is below the bound).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime, timedelta

from graph_memory.models import Fact

SECONDS_PER_DAY = 86_400.0
PRIORITIES = range(1, 11)


def decay_factor(idle_days: float, half_life_days: float | None) -> float:
    """0.5 ** (idle_days / half_life_days), in (0, 1]; 1 when the half-life is None."""
    if half_life_days is None:
        return 1.0
    return math.pow(0.5, max(0.0, idle_days) / half_life_days)


def last_active(fact: Fact) -> datetime:
    """When the fact was last recalled or rated, else when it was written."""
    return fact.last_used_at or fact.created_at


def idle_days(fact: Fact, now: datetime) -> float:
    return max(0.0, (now - last_active(fact)).total_seconds() / SECONDS_PER_DAY)


def importance(fact: Fact, half_life_days: float | None, now: datetime) -> float:
    """priority / 10, decayed by the days since the fact was last active; in (0, 1]."""
    return fact.priority / 10 * decay_factor(idle_days(fact, now), half_life_days)


def fade_cutoffs(
    half_lives: Mapping[str, float | None], min_importance: float, now: datetime
) -> dict[tuple[str, int], datetime]:
    """Per (memory type, priority 1-10): the time before which a fact's last activity makes
    its importance < `min_importance` at `now`. Memory types with no half-life never fade
    and have no entry; nor does anything when `min_importance` is 0."""
    cutoffs: dict[tuple[str, int], datetime] = {}
    if min_importance <= 0:
        return cutoffs
    for memory_type, half_life in half_lives.items():
        if half_life is None:
            continue
        for priority in PRIORITIES:
            halvings = math.log2(priority / (10 * min_importance))
            if halvings <= 0:
                cutoffs[(memory_type, priority)] = now
                continue
            try:
                cutoffs[(memory_type, priority)] = now - timedelta(days=half_life * halvings)
            except OverflowError:
                continue  # earlier than any date: no fact of this kind can have faded yet
    return cutoffs

"""The company a goal is done in: "plan an outing to Jurassic Fight Night with my buddies",
"go visit the Grand Canyon with my two best friends". Who comes along is no part of what is
planned; goal_clauses.py drops it from a goal too long to store whole that names its thing,
which it would otherwise refuse (a short goal keeps it: "go see a kpop concert with a friend";
a long one naming nothing stays refused: "going to the park in the morning with my family" is
a passing plan)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES


def company(tokens: list[Any]) -> set[int]:
    """The token indices of each "with <my/our ...>" phrase among the goal's tokens."""
    kept = {t.i for t in tokens}
    return {
        t.i for p in tokens if p.dep_ == "prep" and p.lower_ == "with"
        for g in p.children if g.dep_ == "pobj"
        and any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in g.children)
        for t in p.subtree if t.i in kept
    }  # fmt: skip

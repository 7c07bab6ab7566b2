"""Slots shared among a compound query's questions (recall/subquestions.py).

Fused by score alone, the question whose evidence scores higher takes most of the top k: in
"我同事有多高来着？另外，模型艺术盛宴的时间是什么？" the event's name matches word for word, so
every message about the event (its time, place, size, several copies) outranks the one
message of the colleague's height. So each question is owed its share of the top k (top_k //
its number of questions): a candidate that ranks r-th for some question, r within that share,
scores at least the r-th best fused score. The questions' best answers then alternate at the
top, and below the shares the fused order stands.

MemDaily tune split (bench/recall_zh.py --split tune, the hybrid groups, whose questions are
compound; R@10): 0.647 -> 0.672 with the share top_k // 2 = 5; shares of 3 and 8 gave 0.668
and 0.648.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from graph_memory.recall.candidates import Candidate

Scored = tuple[tuple[float, dict[str, float]], Candidate]


def best_ranks(rankings: Iterable[Sequence[str]]) -> dict[str, int]:
    """Candidate id -> its best rank (0-based) over the questions' rankings."""
    ranks: dict[str, int] = {}
    for ranking in rankings:
        for rank, memory_id in enumerate(ranking):
            if rank < ranks.get(memory_id, rank + 1):
                ranks[memory_id] = rank
    return ranks


def share_slots(
    fused: Sequence[Scored], rankings: Sequence[Sequence[str]], top_k: int
) -> list[Scored]:
    """`fused` (highest first) with each question's first top_k // len(rankings) candidates
    lifted to the fused score of their rank (the module docstring); highest first. A query
    of one question (after chat) keeps the fused order: there is nothing to share."""
    if len(rankings) < 2:
        return list(fused)
    share = top_k // len(rankings)
    ranks = best_ranks(ranking[:share] for ranking in rankings)
    levels = [total for (total, _), _ in fused]
    lifted = []
    for (total, raw), c in fused:
        rank = ranks.get(c.id)
        if rank is not None and rank < len(levels):
            total = max(total, levels[rank])
        lifted.append(((total, raw), c))
    return sorted(lifted, key=lambda pair: (-pair[0][0], pair[1].id))

"""Outdated messages: recall follows what the conflict policy and prune changed.

A message (episode) is *outdated* when every fact drawn from it stopped holding after it was
said: each is superseded with `superseded_at` later than the message (replaced by a later
statement, ended by a denial or retraction), or removed by prune (counted on the message as
`pruned_facts`: forget leaves no edge to a removed fact). A message with no facts, or with one
fact still current, is not outdated; neither is one whose facts were stored already ended ("I
used to live in Berlin" says something still true about the past).

Recall marks an outdated message in its `why` (with the reason and what replaced it),
scores it `OUTDATED_FACTOR` times lower, and never ranks it above its *successors*: the
current facts that replaced its facts (following SUPERSEDES links forward, through
intermediate versions). The successors join the candidates when no channel found them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graph_memory.models import Episode, Fact, FactStatus
from graph_memory.store.base import Store

OUTDATED_FACTOR = 0.5
# How many SUPERSEDES links are followed forward to the version that holds now.
MAX_CHAIN = 5


@dataclass(frozen=True)
class Outdated:
    episode_id: str
    reason: str
    successors: tuple[str, ...]  # ids of current facts that replaced its facts


def outdated_episodes(store: Store, episodes: Sequence[Episode]) -> dict[str, Outdated]:
    """Episode id -> why it is outdated, for the outdated ones among `episodes`."""
    said_at = {e.id: e.timestamp for e in episodes}
    pruned = {e.id: e.pruned_facts for e in episodes if e.pruned_facts}
    states: dict[str, list[tuple[str, FactStatus, datetime | None]]] = {ep: [] for ep in pruned}
    for ep_id, fact_id, status, superseded_at in store.episode_fact_states(list(said_at)):
        states.setdefault(ep_id, []).append((fact_id, status, superseded_at))
    candidates: dict[str, list[tuple[str, FactStatus]]] = {}
    for ep_id, facts in states.items():
        ended: list[tuple[str, FactStatus]] = [
            (fact_id, status)
            for fact_id, status, superseded_at in facts
            if status == "forgotten"
            or (
                status == "superseded"
                and superseded_at is not None
                and superseded_at > said_at[ep_id]
            )
        ]
        if (facts or ep_id in pruned) and len(ended) == len(facts):
            candidates[ep_id] = ended
    if not candidates:
        return {}
    superseded = sorted(
        {fid for facts in candidates.values() for fid, status in facts if status == "superseded"}
    )
    successors = _successors(store, superseded)
    ended_facts = {f.id: f for f in store.get_facts(superseded)}
    found: dict[str, Outdated] = {}
    for ep_id, gone in sorted(candidates.items()):
        removed = pruned.get(ep_id, 0) + sum(1 for _, status in gone if status == "forgotten")
        parts: list[str] = []
        after: list[str] = []
        for fid, status in gone:
            if status != "superseded":
                continue
            fact = ended_facts.get(fid)
            replaced_by = successors.get(fid, ())
            after.extend(s_id for s_id, _ in replaced_by)
            why = (
                "; ".join(f"by {s_id} ({reason})" for s_id, reason in replaced_by)
                if replaced_by
                else (fact.end_reason if fact is not None and fact.end_reason else "ended")
            )
            parts.append(f"{fact.text if fact is not None else fid} superseded {why}")
        if removed:
            parts.append(f"{removed} fact(s) pruned")
        found[ep_id] = Outdated(
            episode_id=ep_id,
            reason="outdated: " + "; ".join(parts),
            successors=tuple(dict.fromkeys(after)),
        )
    return found


def _successors(store: Store, fact_ids: list[str]) -> dict[str, tuple[tuple[str, str], ...]]:
    """Superseded fact id -> ((current successor id, reason of the first link), ...)."""
    if not fact_ids:
        return {}
    first: dict[str, list[tuple[str, str]]] = {}
    for link in store.fact_links(fact_ids):
        if link.kind == "SUPERSEDES" and link.to_id in fact_ids:
            first.setdefault(link.to_id, []).append((link.from_id, link.reason))
    # Follow each successor forward to the version that holds now.
    holding: dict[str, list[str]] = {}
    frontier = sorted({s for pairs in first.values() for s, _ in pairs})
    seen: dict[str, Fact] = {}
    for _ in range(MAX_CHAIN):
        if not frontier:
            break
        for fact in store.get_facts(frontier):
            seen[fact.id] = fact
        later: dict[str, list[str]] = {}
        for link in store.fact_links(frontier):
            if link.kind == "SUPERSEDES" and link.to_id in frontier:
                later.setdefault(link.to_id, []).append(link.from_id)
        frontier = sorted({n for ids in later.values() for n in ids} - set(seen))
        for old, news in later.items():
            holding[old] = news

    def current(fid: str, depth: int = 0) -> list[str]:
        fact = seen.get(fid)
        if fact is not None and fact.status in ("current", "conflicted"):
            return [fid]
        if depth >= MAX_CHAIN:
            return []
        return [c for n in holding.get(fid, []) for c in current(n, depth + 1)]

    return {
        old: tuple((c, reason) for s, reason in pairs for c in current(s))
        for old, pairs in first.items()
    }

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


StateRow = tuple[str, str, FactStatus, datetime | None]  # Store.episode_fact_states


def outdated_episodes(
    store: Store,
    episodes: Sequence[Episode],
    fact_states: Sequence[StateRow] | None = None,
    successor_facts: dict[str, Fact] | None = None,
) -> dict[str, Outdated]:
    """Episode id -> why it is outdated, for the outdated ones among `episodes`.

    `fact_states`: Store.episode_fact_states already read for these episodes (or more: rows of
    other episodes are ignored), saving recall a round trip. `successor_facts`, when given,
    receives the successor facts read on the way (recall adds the missing ones as candidates)."""
    said_at = {e.id: e.timestamp for e in episodes}
    pruned = {e.id: e.pruned_facts for e in episodes if e.pruned_facts}
    states: dict[str, list[tuple[str, FactStatus, datetime | None]]] = {ep: [] for ep in pruned}
    if fact_states is None:
        fact_states = store.episode_fact_states(list(said_at))
    for ep_id, fact_id, status, superseded_at in fact_states:
        if ep_id in said_at:
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
    successors, ended_facts = _successors(store, superseded, successor_facts)
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


def _successors(
    store: Store, fact_ids: list[str], read: dict[str, Fact] | None
) -> tuple[dict[str, tuple[tuple[str, str], ...]], dict[str, Fact]]:
    """Superseded fact id -> ((current successor id, reason of the first link), ...), and the
    superseded facts themselves (read beside their links: one round trip, not two). The
    versions read along the way are added to `read`."""
    if not fact_ids:
        return {}, {}
    ended = store.get_facts_and_links(fact_ids)
    first: dict[str, list[tuple[str, str]]] = {}
    for link in ended.links:
        if link.kind == "SUPERSEDES" and link.to_id in fact_ids:
            first.setdefault(link.to_id, []).append((link.from_id, link.reason))
    # Follow each successor forward to the version that holds now.
    holding: dict[str, list[str]] = {}
    frontier = sorted({s for pairs in first.values() for s, _ in pairs})
    seen: dict[str, Fact] = {}
    for _ in range(MAX_CHAIN):
        if not frontier:
            break
        step = store.get_facts_and_links(frontier)
        for fact in step.facts:
            seen[fact.id] = fact
        later: dict[str, list[str]] = {}
        for link in step.links:
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

    if read is not None:
        read.update(seen)
    successors = {
        old: tuple((c, reason) for s, reason in pairs for c in current(s))
        for old, pairs in first.items()
    }
    return successors, {f.id: f for f in ended.facts}

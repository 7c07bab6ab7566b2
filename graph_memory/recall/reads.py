"""What recall's later stages need of every candidate, read in one concurrent wave right after
the channels (not one round trip per stage)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from graph_memory.models import Fact
from graph_memory.recall.candidates import CandidatePool
from graph_memory.recall.outdated import StateRow
from graph_memory.recall.provenance import Sources, group_sources
from graph_memory.store.base import Store


@dataclass(frozen=True)
class Reads:
    """The source messages of every candidate fact and standing constraint, the fact states
    of every candidate message (outdated.py), the standing constraints, and the similarity to
    the query of those candidates no vector channel found and of the standing constraints."""

    sources: Sources
    sources_read: frozenset[str]  # the fact ids `sources` was read for
    fact_states: list[StateRow]
    standing: list[Fact]
    similarity: dict[str, float]

    def sources_of(self, store: Store, fact_ids: list[str]) -> Sources:
        """The sources of exactly these facts; ones not read yet are read now."""
        unread = [fid for fid in fact_ids if fid not in self.sources_read]
        found = group_sources(store.sources_of_facts(unread)) if unread else {}
        return {
            fid: self.sources[fid] if fid in self.sources_read else found[fid]
            for fid in fact_ids
            if fid in self.sources or fid in found
        }


def read_candidates(
    submit: Callable[..., Future[Any]],
    store: Store,
    pool: CandidatePool,
    vector: list[float],
    standing: Future[list[Fact]] | None,
) -> Reads:
    """One concurrent wave of reads for every candidate (`submit`: the recaller's thread
    pool's) and the standing constraints asked for with the channels (`standing`)."""
    constraints = standing.result() if standing is not None else []
    facts = sorted(
        {c.id for c in pool.by_id.values() if c.fact is not None} | {f.id for f in constraints}
    )
    sources = submit(store.sources_of_facts, facts)
    episodes = [c.id for c in pool.by_id.values() if c.episode is not None]
    states = submit(store.episode_fact_states, episodes)
    unscored = [c.id for c in pool.by_id.values() if c.semantic is None]
    unscored += [f.id for f in constraints if f.id not in pool.by_id]
    similarity = store.similarities_of(unscored, vector)
    return Reads(
        sources=group_sources(sources.result()),
        sources_read=frozenset(facts),
        fact_states=states.result(),
        standing=constraints,
        similarity=similarity,
    )

"""Prune cleans up what no remaining memory uses: after the pruned facts (and, with
include_messages, the outdated messages) go, so do the entities only they used, with their
names, aliases and embeddings (forget's rule 4, one implementation); a dry run lists them.
Against the real embedded engine and the real Neo4j server."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.analyst import run_cypher
from graph_memory.memory import Memory

T0 = datetime(2026, 1, 5, 9, 0, tzinfo=UTC)


@pytest.fixture(params=["falkordb", "neo4j"])
def any_memory(request: pytest.FixtureRequest) -> Memory:
    memory: Memory = request.getfixturevalue("memory" if request.param == "falkordb"
                                             else "neo4j_memory")
    return memory


def graph_text(memory: Memory) -> str:
    """Every property of every node and relationship of the graph, as one text."""
    nodes = run_cypher(memory.store, query="MATCH (n) RETURN properties(n) AS p",
                       timeout_ms=5000, max_rows=5000)
    edges = run_cypher(memory.store, query="MATCH ()-[r]->() RETURN properties(r) AS p",
                       timeout_ms=5000, max_rows=5000)
    return json.dumps([nodes.rows, edges.rows])


def test_prune_removes_the_entities_only_pruned_memories_used(any_memory: Memory) -> None:
    memory = any_memory
    oslo = memory.write("I live in Oslo.", user_id="emi", speaker="Emi", timestamp=T0)
    memory.write("I like jazz.", user_id="emi", speaker="Emi",
                 timestamp=T0 + timedelta(minutes=1))
    [fact_id] = oslo.fact_ids
    fact = memory.get(fact_id)
    city = fact.object_id  # type: ignore[union-attr]
    assert "Oslo" in graph_text(memory)
    for _ in range(4):
        memory.feedback(fact_id, False)

    # Facts only: the message still mentions Oslo, so its entity stays.
    facts_only = memory.prune(user_id="emi", superseded_days=0)
    assert [c.fact_id for c in facts_only.candidates] == [fact_id]
    assert facts_only.entities == ()

    # With the message too, nothing uses Oslo any more: the dry run names it, changes nothing.
    dry = memory.prune(user_id="emi", superseded_days=0, include_messages=True)
    assert dry.dry_run and [m.episode_id for m in dry.messages] == [oslo.episode_id]
    assert dry.entities == (city,) and dry.removed_entities == 0
    assert "Oslo" in graph_text(memory)

    done = memory.prune(user_id="emi", superseded_days=0, include_messages=True, dry_run=False)
    assert done.removed == 1 and done.removed_messages == 1
    assert done.entities == (city,) and done.removed_entities == 1
    assert "Oslo" not in graph_text(memory).replace("prune: ", "")
    assert memory.store.get_entities([city]).get(city) is None or \
        memory.store.get_entities([city])[city].name != "Oslo"
    assert [t.target_kind for t in memory.store.tombstones([city])] == ["entity"]
    # What is still used stays: the user and jazz.
    assert "jazz" in graph_text(memory)
    assert [f.object_name for f in memory.facts("emi", statuses=["current"])] == ["jazz"]

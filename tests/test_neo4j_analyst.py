"""Cypher for analysts on the Neo4j store over Bolt (ArcadeDB, the stand-in for Neo4j 5): the
saved queries and the refusals of tests/test_analyst.py, unchanged. ArcadeDB ignores READ
access mode and transaction timeouts, so here the write refusals come from the write counters
of the always rolled-back transaction, and the timeout from the client no longer waiting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import test_analyst

from graph_memory.memory import Memory
from graph_memory.store.neo4j import Neo4jStore

FALKORDB_ONLY = {"test_engine_procedures_that_write_are_refused"}
globals().update({name: test for name, test in vars(test_analyst).items()
                  if name.startswith("test_") and name not in FALKORDB_ONLY})
seeded = test_analyst.seeded
rejected = test_analyst.rejected


@pytest.fixture()
def memory(arcadedb_memory: Memory) -> Iterator[Memory]:
    assert isinstance(arcadedb_memory.store, Neo4jStore)
    yield arcadedb_memory


def test_a_write_is_rolled_back_even_where_the_server_ignores_read_mode(
    memory: Memory, seeded: dict[str, str]
) -> None:
    message = rejected(memory, "write", query="CREATE (:Fact {id: 'fact_x'}) RETURN 1")
    assert "rolled back" in message
    assert memory.store.get_fact("fact_x") is None

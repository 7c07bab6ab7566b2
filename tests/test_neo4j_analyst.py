"""Cypher for analysts on the Neo4j store over a real Neo4j 5.26: the saved queries and the
refusals of tests/test_analyst.py, unchanged, and the server's own limits: writes refused by the
READ access mode, runaway queries stopped by the server at the transaction timeout, memory
hogs stopped by its transaction memory limit (db.memory.transaction.max, 256m from
scripts/neo4j), oversized results stopped before they cross the wire; the server answers the
next query as before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import test_analyst

from graph_memory.analyst import run_cypher
from graph_memory.memory import Memory
from graph_memory.store.neo4j import Neo4jStore

FALKORDB_ONLY = {"test_engine_procedures_that_write_are_refused"}
globals().update({name: test for name, test in vars(test_analyst).items()
                  if name.startswith("test_") and name not in FALKORDB_ONLY})
seeded = test_analyst.seeded
rejected = test_analyst.rejected


@pytest.fixture()
def memory(neo4j_memory: Memory) -> Iterator[Memory]:
    assert isinstance(neo4j_memory.store, Neo4jStore)
    yield neo4j_memory


def still_answers(memory: Memory) -> None:
    result = run_cypher(memory.store, query="MATCH (f:Fact) RETURN count(f)", timeout_ms=5000,
                        max_rows=10)
    assert result.rows[0][0] >= 1


@pytest.mark.parametrize("query", [
    "CALL db.createLabel('Secret')",
    "DROP INDEX fact_text",
    "CREATE INDEX stolen FOR (n:Fact) ON (n.text)",
])
def test_schema_writes_and_writing_procedures_are_refused_by_the_server(
    memory: Memory, seeded: dict[str, str], neo4j_server: Any, query: str
) -> None:
    assert "server refused" in rejected(memory, "write", query=query)
    indexes = {r["name"] for r in neo4j_server.query("SHOW INDEXES YIELD name RETURN name")}
    assert "fact_text" in indexes and "stolen" not in indexes
    assert memory.store.search_facts_by_text("emi", "peanut", 5)  # the index still answers


def test_the_server_stops_a_runaway_query_at_the_timeout(
    memory: Memory, seeded: dict[str, str], neo4j_server: Any
) -> None:
    started = time.monotonic()
    message = rejected(memory, "timeout", timeout_ms=500,
                       query="UNWIND range(1, 400000000) AS x WITH x WHERE x < 0 RETURN count(x)")
    assert "500 ms" in message and time.monotonic() - started < 5
    running = neo4j_server.query(
        "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery STARTS WITH 'UNWIND' "
        "RETURN currentQuery")
    assert running == []  # stopped on the server, not only abandoned by the client
    still_answers(memory)


def test_the_server_stops_a_query_over_its_transaction_memory_limit(
    memory: Memory, seeded: dict[str, str]
) -> None:
    message = rejected(memory, "too_much_memory", timeout_ms=60_000,
                       query="UNWIND range(1, 400000000) AS x WITH collect(x) AS l RETURN size(l)")
    assert "memory" in message
    still_answers(memory)


def test_a_lazy_range_is_no_memory_hog_on_neo4j(memory: Memory, seeded: dict[str, str]) -> None:
    """Issue 12's query that aborted FalkorDB: Neo4j sizes a range without building it."""
    result = run_cypher(memory.store, query="WITH range(1, 400000000) AS r RETURN size(r)",
                        timeout_ms=5000, max_rows=10)
    assert result.rows == [[400000000]]


def test_an_oversized_result_stops_before_it_crosses_the_wire(
    memory: Memory, seeded: dict[str, str]
) -> None:
    started = time.monotonic()
    rejected(memory, "too_many_rows", timeout_ms=30_000, max_rows=1000,
             query="UNWIND range(1, 3000000) AS x RETURN x")
    assert time.monotonic() - started < 3  # all 3M rows would take longer than the limit
    still_answers(memory)

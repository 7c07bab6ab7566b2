"""Analyst reads never hold the write path (issue 12, item 1): on the embedded engine analyst
Cypher runs on a read replica, a second engine process at the lowest CPU priority, so a
tenant's own long analyst read does not hold that tenant's writes; yet the read sees every
write (and every forget) acknowledged before it. On Neo4j, a READ transaction takes no lock a
write waits for. Against the real engines.

Timing is ordering here: the writes finish while the long read still runs. The latency
figures are bench/analyst_isolation.py's.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from fastapi.testclient import TestClient

from graph_memory.analyst import CypherRejected, CypherResult, run_cypher
from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.read_replica import NICENESS, ReadReplica

# CPU for well over the 4 s limit, in constant memory.
LONG_QUERY = ("UNWIND range(1, 20000) AS a UNWIND range(1, 20000) AS b "
              "WITH a, b WHERE a * b < 0 RETURN count(*)")
LONG_MS = 4000
ENDLESS_QUERY = ("UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b "
                 "WITH a, b WHERE a * b < 0 RETURN count(*)")


@pytest.fixture()
def replicated(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path / "data")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        yield memory


def analyst(
    memory: Memory, query: str, timeout_ms: int = 5000, **params: str
) -> CypherResult:
    return run_cypher(
        memory.store, query=query, params=params, timeout_ms=timeout_ms, max_rows=100
    )


def replica_of(memory: Memory) -> ReadReplica:
    replica = getattr(memory.store, "_replica", None)
    assert isinstance(replica, ReadReplica)
    return replica


def commands(engine: EmbeddedEngine, name: str) -> int:
    stats = engine.redis_client().info("commandstats")
    return int(stats.get(f"cmdstat_{name}", {}).get("calls", 0))


def long_read_while_writing(
    memory: Memory, timeout_ms: int = LONG_MS, query: str = LONG_QUERY
) -> tuple[list[float], threading.Thread, list[str]]:
    """Start a long analyst read (stopped at `timeout_ms`), then write three messages; the
    write latencies (s), the reader thread and what the read ended with."""
    outcome: list[str] = []

    def read() -> None:
        try:
            analyst(memory, query, timeout_ms=timeout_ms)
            outcome.append("finished")
        except CypherRejected as e:
            outcome.append(e.kind)

    reader = threading.Thread(target=read)
    reader.start()
    time.sleep(0.5)  # the read is running (it runs until timeout_ms)
    latencies = []
    for i in range(3):
        started = time.perf_counter()
        memory.write(f"Sam visited museum {i}.", user_id="sam", speaker="Sam")
        latencies.append(time.perf_counter() - started)
    return latencies, reader, outcome


def test_a_long_analyst_read_does_not_hold_the_tenants_writes(replicated: Memory) -> None:
    memory = replicated
    memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
    assert analyst(memory, "MATCH (f:Fact) RETURN count(f) AS n").rows == [[1]]
    latencies, reader, outcome = long_read_while_writing(memory)
    assert reader.is_alive(), f"the writes waited for the read: {latencies}"
    reader.join(timeout=60)
    assert outcome == ["timeout"]
    # And the writes are there, on the replica too, once the read let it apply them.
    assert analyst(memory, "MATCH (f:Fact) RETURN count(f) AS n").rows == [[4]]


def test_the_same_long_read_on_the_engine_itself_holds_the_writes(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    """The control: without the replica, FalkorDB's per-graph lock makes the writes wait."""
    settings = Settings(data_dir=tmp_path / "data", cypher_read_replica=False)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
        latencies, reader, outcome = long_read_while_writing(memory)
        reader.join(timeout=60)
        assert outcome == ["timeout"]
        assert latencies[0] > 2.0, latencies  # held until the read was stopped


def test_an_analyst_read_sees_every_write_and_forget_acknowledged_before(
    replicated: Memory,
) -> None:
    memory = replicated
    for i in range(5):
        written = memory.write(f"Kim's code number is {1000 + i}.", user_id="kim",
                               speaker="Kim")
        rows = analyst(memory, "MATCH (e:Episode) WHERE e.text CONTAINS $n RETURN e.id AS id",
                       n=str(1000 + i))
        assert rows.rows == [[written.episode_id]]
    memory.forget(user_id="kim", memory_id=written.episode_id)
    gone = analyst(memory, "MATCH (e:Episode) WHERE e.text CONTAINS '1004' RETURN e.id AS id")
    assert gone.rows == []


def test_analyst_queries_run_on_the_replica_at_the_lowest_priority(replicated: Memory) -> None:
    memory = replicated
    assert memory.engine is not None
    primary = memory.engine.engine
    memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
    analyst(memory, "RETURN 1 AS one")
    replica = replica_of(memory)
    on_primary = commands(primary, "graph.RO_QUERY")
    on_replica = commands(replica.engine, "graph.RO_QUERY")
    assert analyst(memory, "MATCH (f:Fact) RETURN count(f) AS n").rows == [[1]]
    assert commands(replica.engine, "graph.RO_QUERY") == on_replica + 1
    assert commands(primary, "graph.RO_QUERY") == on_primary
    pid = replica.engine.pid
    assert pid is not None
    niceness = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
    assert niceness == NICENESS == 19


def test_the_replication_port_needs_the_password_and_argv_holds_no_secret(
    replicated: Memory,
) -> None:
    memory = replicated
    analyst(memory, "RETURN 1 AS one")
    assert memory.engine is not None
    primary = memory.engine.engine
    assert primary.tcp_port is not None and primary.password
    assert primary.redis_client().config_get("bind") == {"bind": "127.0.0.1"}  # loopback only
    stranger = redis.Redis(host="127.0.0.1", port=primary.tcp_port, socket_timeout=5)
    with pytest.raises(redis.AuthenticationError):
        stranger.execute_command("GRAPH.LIST")  # type: ignore[no-untyped-call]
    stranger.close()
    for engine in (primary, replica_of(memory).engine):
        assert engine.pid is not None
        argv = Path(f"/proc/{engine.pid}/cmdline").read_bytes()
        assert primary.password.encode() not in argv


def test_a_killed_replica_is_restarted_and_answers_again(replicated: Memory) -> None:
    memory = replicated
    memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
    analyst(memory, "RETURN 1 AS one")
    replica = replica_of(memory)
    pid = replica.engine.pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while True:
        try:
            assert analyst(memory, "MATCH (f:Fact) RETURN count(f) AS n").rows == [[1]]
            break
        except CypherRejected as e:  # 503 while it restarts and loads its copy
            assert e.kind == "unavailable" and time.monotonic() < deadline, e
            time.sleep(0.2)
    assert replica.engine.pid not in (None, pid)


def test_metrics_report_the_analyst_replica_its_lag_and_its_restarts(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    """/metrics says where the analyst replica is: not started before the first analyst query;
    up and in step (lag 0) after it; after a kill -9, its crash and restart are counted and it
    is up again. Its state is always exactly one of the five."""
    settings = Settings(data_dir=tmp_path / "data", engine_restart_backoff_s=0.1)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory, \
            TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as client:

        def scrape() -> dict[str, float]:
            lines = client.get("/metrics").text.splitlines()
            return {name: float(value) for name, _, value in
                    (line.rpartition(" ") for line in lines if line.startswith(
                        "graph_memory_analyst_replica"))}

        def state() -> str:
            [current] = [name for name, value in scrape().items()
                         if name.startswith("graph_memory_analyst_replica_state") and value == 1]
            return current.split('"')[1]

        assert state() == "not_started"
        memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
        assert analyst(memory, "MATCH (f:Fact) RETURN count(f) AS n").rows == [[1]]
        metrics = scrape()
        assert state() == "up", metrics
        assert metrics["graph_memory_analyst_replica_lag_bytes"] == 0
        assert metrics["graph_memory_analyst_replica_crashes_total"] == 0
        pid = replica_of(memory).engine.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        deadline = time.monotonic() + 60
        while scrape()["graph_memory_analyst_replica_restarts_total"] < 1 or state() != "up":
            assert time.monotonic() < deadline, scrape()
            time.sleep(0.1)
        assert scrape()["graph_memory_analyst_replica_crashes_total"] == 1


def test_neo4j_a_long_read_does_not_hold_writes(neo4j_memory: Memory) -> None:
    """A longer read here: the server's JVM shares the two cores with the query it runs."""
    memory = neo4j_memory
    memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
    memory.write("Sam works at Globex.", user_id="sam", speaker="Sam")  # plans compiled
    latencies, reader, outcome = long_read_while_writing(
        memory, timeout_ms=20_000, query=ENDLESS_QUERY
    )
    assert reader.is_alive(), f"the writes waited for the read: {latencies}"
    reader.join(timeout=60)
    assert outcome == ["timeout"]

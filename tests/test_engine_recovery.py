"""The service heals a dead embedded engine: kill -9 of the engine under a real write and recall
load through the REST service (uvicorn, real HTTP): every acknowledged write is still there,
the service answers 503 with Retry-After while the engine is down and comes back without a
person; /metrics counts the restarts; /healthz answers 503 once the restarts give up."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.engine import _wait_gone

KILLS = 3


def _kill_engine(memory: Memory) -> int:
    assert memory.engine is not None
    pid = memory.engine.engine.pid
    assert pid is not None, "the engine is not running"
    os.kill(pid, signal.SIGKILL)
    assert _wait_gone(pid, 10)
    return pid


def _wait_until(condition: object, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out waiting"
        time.sleep(0.05)


def test_kill_9_of_the_engine_under_load_loses_no_acknowledged_write(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "data", engine_restart_backoff_s=0.2)
    acknowledged: list[str] = []
    statuses: Counter[tuple[str, int]] = Counter()
    missing_retry_after: list[str] = []
    stop = threading.Event()
    lock = threading.Lock()

    def record(kind: str, response: httpx.Response) -> None:
        with lock:
            statuses[(kind, response.status_code)] += 1
            if response.status_code == 503 and "retry-after" not in response.headers:
                missing_retry_after.append(f"{kind}: {response.text}")

    def writer(url: str, n: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            i = 0
            while not stop.is_set():
                i += 1
                body = {"text": f"Writer {n} noted that Sam visited city number {i}.",
                        "user_id": f"writer{n}", "source_id": f"w{n}-{i}"}
                response = http.post("/v1/memories", json=body)
                record("write", response)
                if response.status_code == 201:
                    with lock:
                        acknowledged.append(response.json()["episode_id"])
                elif response.status_code == 503:
                    time.sleep(0.05)

    def reader(url: str) -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            while not stop.is_set():
                response = http.post("/v1/recall", json={"query": "Which city did Sam visit?",
                                                         "user_id": "writer0"})
                record("recall", response)
                if response.status_code == 503:
                    time.sleep(0.05)

    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          serving_in_thread(create_app(memory=memory)) as url):
        assert memory.engine is not None
        threads = [threading.Thread(target=writer, args=(url, n)) for n in range(2)]
        threads.append(threading.Thread(target=reader, args=(url,)))
        for thread in threads:
            thread.start()
        try:
            for kill in range(KILLS):
                before = len(acknowledged)
                _wait_until(lambda b=before: len(acknowledged) >= b + 3)  # under load again
                _kill_engine(memory)
                _wait_until(lambda k=kill: memory.engine is not None
                            and memory.engine.status().restarts == k + 1)
            after = len(acknowledged)
            _wait_until(lambda: len(acknowledged) >= after + 3)  # writes go through again
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
        with httpx.Client(base_url=url, timeout=60) as http:
            lost = [ep for ep in acknowledged if http.get(f"/v1/memories/{ep}").status_code != 200]
            metrics = http.get("/metrics").text
            health = http.get("/healthz")
        status = memory.engine.status()

    print(f"\nengine kill -9: tried {KILLS}, survived {status.restarts}; acknowledged writes "
          f"{len(acknowledged)}, lost {len(lost)}; answers {dict(statuses)}")
    assert status.state == "up" and status.restarts == KILLS and status.crashes == KILLS
    assert lost == []
    assert len(acknowledged) >= 3 * (KILLS + 1)
    # Only success or 503 (with Retry-After) while the engine was down: never a 500.
    assert {code for _kind, code in statuses} <= {200, 201, 503}, statuses
    assert missing_retry_after == []
    assert statuses[("recall", 200)] > 0
    assert f"graph_memory_engine_restarts_total {float(KILLS)}" in metrics
    assert f"graph_memory_engine_crashes_total {float(KILLS)}" in metrics
    assert 'graph_memory_engine_state{state="up"} 1.0' in metrics
    assert health.status_code == 200


def test_when_restarts_give_up_healthz_says_unhealthy(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    data = tmp_path / "data"
    settings = Settings(data_dir=data, engine_restart_attempts=2, engine_restart_backoff_s=0.1)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory, \
            TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as client:
        assert client.get("/healthz").status_code == 200
        write = {"text": "Sam lives in Munich.", "user_id": "u"}
        assert client.post("/v1/memories", json=write).status_code == 201
        # A data directory the engine cannot load any more: every restart fails.
        next((data / "appendonlydir").glob("*.manifest")).write_text("not a manifest\n")
        _kill_engine(memory)
        assert memory.engine is not None
        _wait_until(lambda: memory.engine is not None
                    and memory.engine.status().state == "failed", 60)

        health = client.get("/healthz")
        assert health.status_code == 503, health.text
        assert "could not" in health.text or "gave up" in health.text
        refused = client.post("/v1/memories", json=write)
        assert refused.status_code == 503 and refused.headers["retry-after"].isdigit()
        metrics = client.get("/metrics").text
        assert "graph_memory_engine_restart_failures_total 2.0" in metrics
        assert 'graph_memory_engine_state{state="failed"} 1.0' in metrics
    # Closing after the engine is gone raises nothing and releases the data directory.
    assert not (data / "graph-memory.lock").read_text().strip()


def test_close_after_an_engine_crash_with_pending_use_counts_releases_everything(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "data", engine_restart_attempts=0)
    memory = Memory.open(settings, embedder=embedder, extractor=extractor)
    tenant = memory.open_graph("tenant_b")
    memory.write("Sam lives in Munich.", user_id="u")
    assert memory.recall("Where does Sam live?", user_id="u").results  # a use count pending
    _kill_engine(memory)
    tenant.close()
    memory.close()  # must not raise, and must release the lock
    again = Memory.open(settings, embedder=embedder, extractor=extractor)
    try:
        assert again.recall("Where does Sam live?", user_id="u").results
    finally:
        again.close()


def test_an_engine_stopped_on_purpose_is_not_restarted(tmp_path: Path) -> None:
    """The interpreter's exit handler stops engines directly: that exit is no crash."""
    from graph_memory.store.engine import EmbeddedEngine
    from graph_memory.store.supervisor import EngineSupervisor

    supervisor = EngineSupervisor(EmbeddedEngine(tmp_path), attempts=3, backoff_s=0.01)
    supervisor.start()
    assert supervisor.status().state == "up"
    supervisor.engine.stop()
    assert supervisor.wait_unwatched(10)
    assert not supervisor.engine.is_running()
    assert supervisor.status().crashes == 0 and supervisor.status().restarts == 0
    supervisor.stop()
    assert supervisor.status().state == "stopped"


def test_writes_while_the_restarted_engine_rebuilds_its_indexes_keep_every_edge(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    """After a restart FalkorDB rebuilds every index in the background (about a minute at 100k
    memories) and /readyz answers 503, but writes are not held back: a write's MATCH by id plans
    a label scan while the index is under construction (seen with GRAPH.EXPLAIN), so its
    evidence, subject and supersession edges must all be there."""
    settings = Settings(data_dir=tmp_path / "data", engine_restart_backoff_s=0.1)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        first = memory.write("I live in Paris.", user_id="u")
        (paris,) = first.fact_ids
        # Enough other memories (with vectors) that rebuilding the indexes takes seconds.
        memory.store._graph.query(  # type: ignore[attr-defined]
            "UNWIND range(1, 20000) AS i CREATE (:Episode {id: 'ep_filler' + toString(i), "
            "user_id: 'filler', text: 'filler ' + toString(i), "
            "embedding: vecf32([x IN range(1, $dim) | toFloat((i + x) % 97) / 97.0])})",
            {"dim": embedder.dimension},
        )
        _wait_until(lambda: not memory.store.building_indexes())
        _kill_engine(memory)
        _wait_until(lambda: memory.engine is not None and memory.engine.status().restarts == 1)
        assert memory.store.building_indexes(), "the rebuild ended before the test could write"

        moved = memory.write("I moved to Berlin.", user_id="u")

        (berlin,) = moved.fact_ids
        fact = memory.get(berlin)
        assert fact.episode_ids == (moved.episode_id,)  # type: ignore[union-attr]
        assert memory.get(paris).status == "superseded"  # type: ignore[union-attr]
        links = memory.history(berlin)
        assert [(link.from_id, link.to_id, link.kind) for link in links] == [
            (berlin, paris, "SUPERSEDES")
        ]
        current = memory.facts("u")
        assert [f.id for f in current] == [berlin]

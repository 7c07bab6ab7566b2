"""Analyst Cypher cannot hurt anyone: the queries of the abuse review (issue 12) against the real
service (uvicorn, real HTTP, the real engine) get clear 4xx answers at a bounded cost, the engine
lives through them, and a tenant's long queries neither run beyond its concurrency limit nor
stall another tenant's recalls and writes.

Timing here is ordering, not speed: tenant A's work finishes while tenant B's queries are still
running. The latency ratio (A's recall p95 during B's abuse against idle) is measured by
bench/analyst_isolation.py.
"""

from __future__ import annotations

import resource
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

KEY_A, KEY_B = "a" * 24, "b" * 24
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"Authorization": f"Bearer {KEY_B}"}
# CPU for well over 5 s, in constant memory: 400M pairs.
LONG_QUERY = ("UNWIND range(1, 20000) AS a UNWIND range(1, 20000) AS b "
              "WITH a, b WHERE a * b < 0 RETURN count(*)")
EMBEDDED_NODES = 20_000


def _rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.fixture(scope="module")
def service(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[tuple[str, Memory]]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("limits") / "data",
        api_keys={KEY_A: "a", KEY_B: "b"},
        query_memory_limit_mb=256,
        cypher_max_concurrent=2,
        cypher_max_concurrent_total=4,
    )
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          serving_in_thread(create_app(memory=memory)) as url):
        with httpx.Client(base_url=url, timeout=120) as http:
            for text in ("Sam lives in Munich.", "Sam works at Globex.", "Sam likes jazz."):
                written = http.post("/v1/memories", headers=A,
                                    json={"text": text, "user_id": "sam"})
                assert written.status_code == 201, written.text
            # Tenant B's graph: 20k nodes with a 384-d embedding each, seeded straight into the
            # engine (20k writes through the service would take minutes).
            kim = http.post("/v1/memories", headers=B,
                            json={"text": "Kim lives in Oslo.", "user_id": "kim"})
            assert kim.status_code == 201, kim.text
        b_graph = memory.open_graph("graph_memory_tenant_b")
        try:
            assert memory.engine is not None
            client = memory.engine.engine.connect().select_graph("graph_memory_tenant_b")
            client.query(
                "UNWIND range(1, $n) AS i CREATE (:Fact {id: 'bulk_' + toString(i), "
                "user_id: 'bulk', text: 'bulk fact ' + toString(i), embedding: vecf32($v)})",
                {"n": EMBEDDED_NODES, "v": [0.05] * 384},
            )
        finally:
            b_graph.close()
        with httpx.Client(base_url=url, timeout=120) as http:
            for headers in (A, B):
                in_step(http, headers)
        yield url, memory


def in_step(http: httpx.Client, headers: dict[str, str], within_s: float = 300) -> None:
    """Wait as a client would: the analyst replica answers 503 with Retry-After while it loads
    its copy of the engine (20k vectors to index, at the lowest CPU priority)."""
    deadline = time.monotonic() + within_s
    while True:
        answer = cypher(http, headers, query="RETURN 1 AS one")
        if answer.status_code != 503 or time.monotonic() > deadline:
            assert answer.status_code == 200, answer.text
            return
        assert answer.json()["error"]["type"] == "unavailable", answer.text
        time.sleep(float(answer.headers["retry-after"]) / 5)


def cypher(http: httpx.Client, headers: dict[str, str], **body: Any) -> httpx.Response:
    return http.post("/v1/cypher", headers=headers, json=body)


def _refused(response: httpx.Response, status: int, kind: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["type"] == kind, error
    return str(error["message"])


def _alive(http: httpx.Client, memory: Memory) -> None:
    recall = http.post("/v1/recall", headers=A, json={"query": "Where does Sam live?",
                                                      "user_id": "sam"})
    assert recall.status_code == 200 and "Munich" in recall.text
    assert http.get("/readyz").status_code == 200
    assert memory.engine is not None and memory.engine.status().crashes == 0


def test_a_huge_range_is_refused_before_the_engine_builds_it(
    service: tuple[str, Memory]
) -> None:
    url, memory = service
    with httpx.Client(base_url=url, timeout=120) as http:
        _alive(http, memory)
        started = time.perf_counter()
        message = _refused(cypher(http, B, query="WITH range(1,400000000) AS r RETURN size(r)"),
                           422, "too_much_memory")
        assert time.perf_counter() - started < 2.0
        assert "400000000" in message and "256 MiB" in message
        _alive(http, memory)


def test_the_engine_stops_a_query_over_its_memory_limit(service: tuple[str, Memory]) -> None:
    """A list the service cannot size up front (computed bounds, collect()) meets the engine's
    own QUERY_MEM_CAPACITY."""
    url, memory = service
    with httpx.Client(base_url=url, timeout=120) as http:
        for query in ("WITH range(1, 1000 * 20000) AS r RETURN size(r)",
                      # 300 small lists, each well under the limit, 480 MB together
                      "UNWIND range(1, 300) AS a WITH collect(range(1, 100000)) AS xs "
                      "RETURN size(xs)"):
            _refused(cypher(http, B, query=query), 422, "too_much_memory")
        ok = cypher(http, B, query="UNWIND range(1, 1000) AS x WITH collect(x) AS xs "
                                   "RETURN size(xs) AS n")
        assert ok.status_code == 200 and ok.json()["rows"] == [[1000]]
        _alive(http, memory)


def test_a_3m_row_result_is_refused_without_crossing_the_socket(
    service: tuple[str, Memory]
) -> None:
    url, memory = service
    with httpx.Client(base_url=url, timeout=120) as http:
        rss_before = _rss_mib()
        started = time.perf_counter()
        message = _refused(cypher(http, B, query="UNWIND range(1, 3000000) AS x RETURN x"),
                           422, "too_many_rows")
        elapsed = time.perf_counter() - started
        assert "1000 rows" in message
        # The engine stopped at row 1001: well inside the 5 s limit, and no 3M rows in memory.
        assert elapsed < 3.0, elapsed
        assert _rss_mib() - rss_before < 100
        _alive(http, memory)


def test_20k_nodes_with_embeddings_are_refused_cheaply_and_never_ship_embeddings(
    service: tuple[str, Memory]
) -> None:
    url, memory = service
    with httpx.Client(base_url=url, timeout=120) as http:
        counted = cypher(http, B, query="MATCH (f:Fact) WHERE f.user_id = 'bulk' "
                                        "RETURN count(f) AS n")
        assert counted.json()["rows"] == [[EMBEDDED_NODES]]  # the data is there
        rss_before = _rss_mib()
        started = time.perf_counter()
        _refused(cypher(http, B, query="MATCH (f:Fact) RETURN f"), 422, "too_many_rows")
        assert time.perf_counter() - started < 3.0
        assert _rss_mib() - rss_before < 100
        page = cypher(http, B, query="MATCH (f:Fact) WHERE f.user_id = 'bulk' "
                                     "RETURN f.id AS id, f LIMIT 500")
        assert page.status_code == 200, page.text
        assert page.json()["columns"] == ["id", "f"]  # as written, not the engine's order
        rows = page.json()["rows"]
        assert len(rows) == 500
        assert all("embedding" not in node["properties"] and node["properties"]["text"]
                   for _id, node in rows)
        asked = cypher(http, B, query="MATCH (f:Fact) WHERE f.user_id = 'bulk' "
                                      "RETURN f.embedding AS e LIMIT 1")
        assert asked.status_code == 200 and len(asked.json()["rows"][0][0]) == 384
        _alive(http, memory)


def test_a_tenants_concurrent_long_queries_are_capped_and_do_not_stall_another_tenant(
    service: tuple[str, Memory]
) -> None:
    url, memory = service
    answers: list[tuple[float, httpx.Response]] = []
    lock = threading.Lock()

    def long_query() -> None:
        with httpx.Client(base_url=url, timeout=120) as http:
            response = cypher(http, B, query=LONG_QUERY, timeout_ms=5000)
            with lock:
                answers.append((time.perf_counter(), response))

    started = time.perf_counter()
    threads = [threading.Thread(target=long_query) for _ in range(4)]
    for thread in threads:
        thread.start()
    a_done: list[float] = []
    a_latency: list[float] = []
    with httpx.Client(base_url=url, timeout=120) as http:
        time.sleep(0.5)  # B's two admitted queries are running now
        for i in range(4):
            t0 = time.perf_counter()
            if i % 2:
                response = http.post("/v1/memories", headers=A, json={
                    "text": f"Sam visited museum number {i}.", "user_id": "sam"})
                assert response.status_code == 201, response.text
            else:
                response = http.post("/v1/recall", headers=A, json={
                    "query": "Where does Sam live?", "user_id": "sam"})
                assert response.status_code == 200 and "Munich" in response.text
            a_latency.append(time.perf_counter() - t0)
            a_done.append(time.perf_counter())
    for thread in threads:
        thread.join(timeout=120)

    statuses = sorted(response.status_code for _at, response in answers)
    assert statuses == [408, 408, 429, 429], [r.text for _at, r in answers]
    for _at, response in answers:
        if response.status_code == 429:
            assert response.json()["error"]["type"] == "busy"
            assert response.headers["retry-after"] == "5"
    long_ends = [at for at, response in answers if response.status_code == 408]
    # B's queries ran to their 5 s limit; A's four calls were all answered before they ended.
    assert min(long_ends) - started >= 4.5
    assert max(a_done) < min(long_ends), (a_latency, [e - started for e in long_ends])
    with httpx.Client(base_url=url, timeout=120) as http:
        _alive(http, memory)

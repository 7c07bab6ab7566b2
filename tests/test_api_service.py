"""The service around the endpoints: one-or-batch writes on /v1/memories, the entity
neighbourhood, Prometheus metrics, request ids in structured logs and the opt-in recall log.
Real engine and models; one service per module."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.api.server import logging_config
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.telemetry import JsonFormatter

LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def recall_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("logs") / "recall.jsonl"


@pytest.fixture(scope="module")
def client(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    recall_log: Path,
) -> Iterator[TestClient]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("service") / "data",
                        recall_log=recall_log)
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          TestClient(create_app(memory=memory), base_url=LOCAL) as test_client):
        yield test_client


def post(client: TestClient, path: str, body: Any, status: int = 201) -> Any:
    response = client.post(path, json=body)
    assert response.status_code == status, response.text
    return response.json()


def metric(text: str, name: str) -> float:
    """The sum of a metric's samples named exactly `name` (any labels)."""
    total = 0.0
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        sample, _, value = line.rpartition(" ")
        if sample.split("{")[0] == name:
            total += float(value)
    return total


def test_post_memories_takes_one_memory_or_a_batch(client: TestClient) -> None:
    one = post(client, "/v1/memories", {"user_id": "u-one", "text": "I like tea."})
    assert one["episode_id"].startswith("ep_") and len(one["fact_ids"]) == 1
    batch = post(client, "/v1/memories", {"items": [
        {"user_id": "u-one", "text": "I live in Paris.", "session_id": "s1"},
        {"user_id": "u-one", "text": "I moved to Lisbon.", "session_id": "s1"},
    ]})
    first, second = batch["results"]
    [change] = second["changes"]
    assert (change["kind"], change["other_fact_id"]) == ("superseded", first["fact_ids"][0])
    # A bad item rejects the batch; errors name the field without the union's tag.
    response = client.post("/v1/memories", json={"items": [{"user_id": "u-one", "txt": "x"}]})
    assert response.status_code == 422
    assert [f["path"] for f in response.json()["error"]["fields"]] == ["body.items.0.txt"]
    response = client.post("/v1/memories", json={"user_id": "u-one", "text": "x", "color": 1})
    assert [f["path"] for f in response.json()["error"]["fields"]] == ["body.color"]


def test_entity_neighbourhood_lists_its_facts_and_neighbours(client: TestClient) -> None:
    post(client, "/v1/memories", {"items": [
        {"user_id": "u-ent", "speaker": "Emi", "text": "I'm allergic to peanuts."},
        {"user_id": "u-ent", "speaker": "Emi", "text": "I live in Porto."},
    ]})
    facts = client.get("/v1/users/u-ent/facts").json()["facts"]
    emi = facts[0]["subject_id"]
    response = client.get(f"/v1/entities/{emi}")
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["entity"]["name"] == "Emi"
    assert {f["object_name"] for f in body["facts"]} == {"peanut", "Porto"}
    assert {n["name"] for n in body["neighbours"]} == {"peanut", "Porto"}
    porto = next(n["id"] for n in body["neighbours"] if n["name"] == "Porto")
    around_porto = client.get(f"/v1/entities/{porto}").json()
    assert [n["name"] for n in around_porto["neighbours"]] == ["Emi"]
    assert client.get(f"/v1/entities/{facts[0]['id']}").status_code == 422  # not an entity id
    assert client.get("/v1/entities/ent_000000000000000000000000").status_code == 404


def test_metrics_count_requests_recalls_writes_and_working_memory(client: TestClient) -> None:
    before = client.get("/metrics").text
    post(client, "/v1/memories", {"user_id": "u-m", "text": "I like jazz.", "session_id": "m1"})
    post(client, "/v1/recall", {"query": "What music does the user like?", "user_id": "u-m"}, 200)
    post(client, "/v1/recall", {"query": "zzzz qqqq", "user_id": "nobody-here"}, 200)
    client.put("/v1/sessions/m1/working-memory/goal", json={"user_id": "u-m", "value": "x"})
    client.get("/v1/sessions/m1/working-memory?user_id=u-m")
    client.get("/v1/memories/fact_000000000000000000000000")

    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    after = response.text

    def grew(name: str) -> float:
        return metric(after, name) - metric(before, name)

    assert grew("graph_memory_writes_total") == 1
    assert grew("graph_memory_session_writes_total") == 1
    assert metric(after, "graph_memory_sessions_written") >= 1
    assert grew("graph_memory_recall_results_count") == 2
    assert 'graph_memory_recalls_total{outcome="miss"}' in after
    assert 'graph_memory_recalls_total{outcome="hit"}' in after
    assert grew("graph_memory_working_memory_slots_count") == 1
    assert metric(after, "graph_memory_engine_up") == 1
    # Latency by route template and status, never by raw path (bounded label values).
    assert ('graph_memory_http_request_duration_seconds_count{method="GET",'
            'route="/v1/memories/{memory_id}",status="404"}') in after
    assert "fact_000000000000000000000000" not in after


def test_readyz_and_metrics_read_no_data(memory: Memory) -> None:
    """Issue 12: /readyz and /metrics ran a count() over every node on each call (115-470 ms at
    300k nodes, no key needed). Now /metrics sends the engine a PING only, and /readyz a PING
    and one index listing per open graph, whatever the graphs hold (the engine's own command
    counts say what reached it)."""
    memory.write("Sam lives in Munich.", user_id="sam", speaker="Sam")
    assert memory.engine is not None
    engine = memory.engine.engine.redis_client()

    def calls() -> dict[str, int]:
        stats = engine.info("commandstats")
        return {name: int(stats.get(f"cmdstat_{name}", {}).get("calls", 0))
                for name in ("ping", "graph.QUERY", "graph.RO_QUERY")}

    with TestClient(create_app(memory=memory), base_url=LOCAL) as test_client:
        before = calls()
        for _ in range(3):
            assert test_client.get("/metrics").status_code == 200
        after_metrics = calls()
        for _ in range(3):
            assert test_client.get("/readyz").json() == {"status": "ready"}
        after_readyz = calls()
    assert after_metrics["ping"] - before["ping"] >= 3
    assert after_metrics["graph.QUERY"] == before["graph.QUERY"]
    assert after_metrics["graph.RO_QUERY"] == before["graph.RO_QUERY"]
    graph_queries = sum(after_readyz[name] - after_metrics[name]
                        for name in ("graph.QUERY", "graph.RO_QUERY"))
    assert graph_queries == 3  # the index listing of the one open graph, per call


def test_every_response_carries_a_request_id_that_the_log_lines_share(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="graph_memory"):
        given = client.get("/healthz", headers={"X-Request-ID": "trace-42"})
        fresh = client.post("/v1/memories/fact_000000000000000000000000/feedback",
                            json={"useful": True, "reason": "it helped"})
        hostile = client.get("/healthz", headers={"X-Request-ID": "x" * 500 + "\n"})
    assert given.headers["x-request-id"] == "trace-42"
    assert len(fresh.headers["x-request-id"]) == 32 and fresh.status_code == 404
    assert len(hostile.headers["x-request-id"]) == 32  # not echoed: made fresh

    access = [r for r in caplog.records if getattr(r, "event", None) == "request"]
    by_id = {getattr(r, "request_id", None): r for r in access}
    assert by_id["trace-42"].route == "/healthz"  # type: ignore[attr-defined]
    line = json.loads(JsonFormatter().format(by_id[fresh.headers["x-request-id"]]))
    assert line["request_id"] == fresh.headers["x-request-id"]
    assert (line["event"], line["status"], line["route"]) == (
        "request", 404, "/v1/memories/{memory_id}/feedback")
    assert line["level"] == "info" and line["duration_ms"] >= 0
    # The service's logging setup formats graph_memory's records as JSON.
    config = logging_config("json")
    assert config["loggers"]["graph_memory"]["handlers"] == ["service"]


def test_the_opt_in_recall_log_records_query_results_and_timings(
    client: TestClient, recall_log: Path
) -> None:
    post(client, "/v1/memories", {"user_id": "u-log", "text": "I'm allergic to peanuts."})
    response = client.post("/v1/recall", headers={"X-Request-ID": "recall-1"},
                           json={"query": "What is the user allergic to?", "user_id": "u-log"})
    assert response.status_code == 200
    entries = [json.loads(line) for line in recall_log.read_text().splitlines()]
    entry = next(e for e in entries if e["request_id"] == "recall-1")
    assert entry["query"] == "What is the user allergic to?" and entry["tenant"] == "local"
    returned = {r["id"] for r in response.json()["results"]}
    assert {r["id"] for r in entry["results"]} == returned
    assert entry["total_ms"] > 0 and entry["timings_ms"]


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/memories", {"user_id": "u-t", "text": "I like tea.", "priority": "8"},
         "body.priority"),
        ("/v1/memories", {"user_id": "u-t", "text": "I like tea.", "timestamp": 0},
         "body.timestamp"),
        ("/v1/memories", {"user_id": "u-t", "text": "I like tea.", "speaker": 7}, "body.speaker"),
        ("/v1/recall", {"query": "tea", "user_id": "u-t", "top_k": "3"}, "body.top_k"),
        ("/v1/recall", {"query": "tea", "user_id": "u-t", "explain": "no"}, "body.explain"),
        ("/v1/recall", {"query": "tea", "user_id": "u-t", "filters": {"since": 1}},
         "body.filters.since"),
        ("/v1/prune", {"min_confidence": False}, "body.min_confidence"),
        ("/v1/prune", {"superseded_days": 10**12}, "body.superseded_days"),
        ("/v1/prune", {"min_importance": "0.1"}, "body.min_importance"),
    ],
    ids=["priority-str", "timestamp-number", "speaker-number", "top_k-str", "explain-str",
         "since-number", "confidence-bool", "days-huge", "importance-str"],
)
def test_wrong_json_types_are_422_and_write_nothing(
    client: TestClient, path: str, body: dict[str, Any], field: str
) -> None:
    before = client.get("/v1/users/u-t/facts").json()["facts"]
    response = client.post(path, json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["fields"][0]["path"].startswith(field)
    assert client.get("/v1/users/u-t/facts").json()["facts"] == before
    # The same bodies with proper JSON types are accepted.
    dated = client.post("/v1/memories", json={"user_id": "u-t2", "text": "I like tea.",
                                               "timestamp": "2026-05-01T12:00:00Z"})
    assert dated.status_code == 201, dated.text

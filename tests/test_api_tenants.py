"""API keys and tenants: every read and write is scoped to the caller's tenant, one tenant can
never read or change another's data, and a caller without a valid key gets a 401 and changes
nothing. Real engine and models; one service per module, each tenant in its own graph."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError

from graph_memory.api import create_app
from graph_memory.api.server import serve
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

KEY_A = "key-of-tenant-a-0123456789"
KEY_A2 = "second-key-of-tenant-a-xyz"
KEY_B = "key-of-tenant-b-0123456789"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"X-API-Key": KEY_B}


@pytest.fixture(scope="module")
def keyed_memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("tenants") / "data",
        api_keys={KEY_A: "acme", KEY_A2: "acme", KEY_B: "globex"},
    )
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened


@pytest.fixture(scope="module")
def client(keyed_memory: Memory) -> Iterator[TestClient]:
    # Keyed mode answers any Host: the keys, not the address, are the protection.
    with TestClient(create_app(memory=keyed_memory), base_url="http://memory.example") as c:
        yield c


def tenant_counts(client: TestClient) -> dict[str, tuple[int, ...]]:
    tenants = client.app.state.tenants  # type: ignore[attr-defined]
    return {
        name: tuple(tenants.memory(name).store.count(label)
                    for label in ("Episode", "Fact", "Entity", "Slot", "Tombstone"))
        for name in ("acme", "globex")
    }


def write(client: TestClient, headers: dict[str, str], text: str, **extra: Any) -> dict[str, Any]:
    response = client.post("/v1/memories", headers=headers,
                           json={"user_id": "emi", "speaker": "Emi", "text": text, **extra})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_requests_without_a_valid_key_are_refused_and_change_nothing(client: TestClient) -> None:
    before = tenant_counts(client)
    body = {"user_id": "emi", "text": "I live in Paris."}
    for headers in ({}, {"Authorization": "Bearer wrong-key-0123456789"},
                    {"X-API-Key": "nope"}, {"Authorization": f"Basic {KEY_A}"}):
        response = client.post("/v1/memories", json=body, headers=headers)
        assert response.status_code == 401, response.text
        error = response.json()["error"]
        assert error["type"] == "unauthorized" and "API key" in error["message"]
        assert response.headers["www-authenticate"].startswith("Bearer")
        assert KEY_A not in response.text
    # Malformed bodies from strangers are refused for the key first.
    assert client.post("/v1/memories", content=b"{", headers={"content-type": "application/json"}
                       ).status_code == 401
    assert client.get("/v1/memories/fact_000000000000000000000000").status_code == 401
    assert client.post("/mcp", json={}).status_code == 401
    assert tenant_counts(client) == before
    # Health and metrics stay open (no tenant data in them).
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200
    assert client.get("/metrics").status_code == 200


def test_one_tenant_can_never_read_or_change_anothers_memories(client: TestClient) -> None:
    written = write(client, A, "I'm allergic to peanuts.", session_id="s1", source_id="m1")
    [fact_id] = written["fact_ids"]
    episode_id = written["episode_id"]
    entity_id = client.get(f"/v1/memories/{fact_id}", headers=A).json()["memory"]["subject_id"]
    client.put("/v1/sessions/s1/working-memory/goal", headers=A,
               json={"user_id": "emi", "value": "find a restaurant"})
    before = tenant_counts(client)

    # The same user id and session id under tenant B: nothing of A's is visible.
    for memory_id in (fact_id, episode_id, entity_id):
        assert client.get(f"/v1/memories/{memory_id}", headers=B).status_code == 404
    assert client.get(f"/v1/entities/{entity_id}", headers=B).status_code == 404
    recalled = client.post("/v1/recall", headers=B,
                           json={"query": "What is Emi allergic to?", "user_id": "emi"}).json()
    assert recalled["results"] == [] and recalled["constraints"] == []
    assert client.get("/v1/users/emi/facts", headers=B).json()["facts"] == []
    assert client.get("/v1/sessions/s1/working-memory?user_id=emi",
                      headers=B).json()["slots"] == []
    pruned = client.post("/v1/prune", headers=B, json={"min_confidence": 1.0}).json()
    assert pruned["candidates"] == []

    # ... and nothing of A's can be changed or forgotten from B.
    assert client.patch(f"/v1/memories/{fact_id}", headers=B,
                        json={"priority": 2}).status_code == 404
    assert client.post(f"/v1/memories/{fact_id}/feedback", headers=B,
                       json={"useful": False}).status_code == 404
    assert client.delete(f"/v1/memories/{fact_id}?user_id=emi", headers=B).status_code == 404
    assert client.delete("/v1/sessions/s1/working-memory/goal?user_id=emi",
                         headers=B).status_code == 404
    assert tenant_counts(client) == before

    # A (with either of its keys) still has everything, unchanged.
    for headers in (A, {"X-API-Key": KEY_A2}):
        fact = client.get(f"/v1/memories/{fact_id}", headers=headers).json()["memory"]
        assert (fact["priority"], fact["status"]) != (2, "forgotten")
    slots = client.get("/v1/sessions/s1/working-memory?user_id=emi", headers=A).json()["slots"]
    assert [s["value"] for s in slots] == ["find a restaurant"]
    recalled = client.post("/v1/recall", headers=A,
                           json={"query": "What is Emi allergic to?", "user_id": "emi"}).json()
    assert fact_id in {r["id"] for r in recalled["results"]} | {
        c["id"] for c in recalled["constraints"]}


def test_the_same_source_id_in_two_tenants_is_two_memories(client: TestClient) -> None:
    first = write(client, A, "I live in Lisbon.", source_id="shared-1")
    second = write(client, B, "I live in Lisbon.", source_id="shared-1")
    assert first["created"] is True and second["created"] is True
    forgotten_by = client.delete(f"/v1/memories/{second['fact_ids'][0]}?user_id=emi&reason=test",
                                 headers=B).json()["tombstones"][0]["by"]
    assert forgotten_by == "api:globex"


def test_tenants_live_in_separate_graphs_of_one_engine(client: TestClient) -> None:
    tenants = client.app.state.tenants  # type: ignore[attr-defined]
    acme, globex = tenants.memory("acme"), tenants.memory("globex")
    assert acme.store is not globex.store and acme.embedder is globex.embedder
    assert acme.settings.graph_name == "graph_memory_tenant_acme"
    assert globex.settings.graph_name == "graph_memory_tenant_globex"


def test_api_keys_and_tenants_are_validated_without_echoing_keys() -> None:
    with pytest.raises(ValidationError) as short:
        Settings(api_keys={"short": "acme"})
    assert "16+" in str(short.value)
    with pytest.raises(ValidationError):
        Settings(api_keys={"a-long-enough-key-with space": "acme"})
    with pytest.raises(ValidationError) as bad_tenant:
        Settings(api_keys={KEY_A: "no/slashes"})
    assert KEY_A not in str(bad_tenant.value.errors()[0]["msg"])
    assert KEY_A not in repr(Settings(api_keys={KEY_A: "acme"}))


def test_local_mode_refuses_to_listen_beyond_loopback(tmp_path: Any) -> None:
    settings = Settings(data_dir=tmp_path / "never-started")
    with pytest.raises(ValueError, match="GRAPH_MEMORY_API_KEYS"):
        serve(settings, host="0.0.0.0", port=0)
    assert not (tmp_path / "never-started").exists()  # refused before opening anything


def test_local_mode_answers_only_loopback_hosts_and_same_origin(keyed_memory: Memory) -> None:
    # The same engine, with settings that carry no keys: the app runs in local mode.
    app = create_app(keyed_memory.settings.model_copy(update={"api_keys": {}}), keyed_memory)
    with TestClient(app, base_url="http://127.0.0.1:8080") as ok:
        assert ok.get("/v1/users/emi/facts").status_code == 200
        refused = ok.get("/v1/users/emi/facts", headers={"Origin": "https://evil.example"})
        assert refused.status_code == 403 and refused.json()["error"]["type"] == "forbidden"
        same = ok.get("/v1/users/emi/facts", headers={"Origin": "http://localhost:3000"})
        assert same.status_code == 200
    with TestClient(app, base_url="http://rebound.evil.example") as rebound:
        response = rebound.get("/v1/users/emi/facts")
        assert response.status_code == 400 and "Host" in response.json()["error"]["message"]

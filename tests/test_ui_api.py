"""The REST reads and actions the explorer needs: users of a tenant, a fact's source messages
with spans, and settling an open conflict (confirm / reject), over a real Memory."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
LOCAL = "http://127.0.0.1"


@pytest.fixture(scope="module")
def ui_memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("ui-api") / "data")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened


@pytest.fixture(scope="module")
def client(ui_memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=ui_memory), base_url=LOCAL) as test_client:
        yield test_client


def lives_in(client: TestClient, user: str, city: str, speaker: str, minute: int,
             priority: int = 5) -> dict[str, Any]:
    body = {
        "user_id": user, "speaker": speaker, "priority": priority,
        "timestamp": (T0 + timedelta(minutes=minute)).isoformat(),
        "triples": [{"subject": {"name": "Emi", "type": "Person"}, "predicate": "LIVES_IN",
                     "object": {"name": city, "type": "Place"}}],
    }
    response = client.post("/v1/memories", json=body)
    assert response.status_code == 201, response.text
    result: dict[str, Any] = response.json()
    return result


def contested(client: TestClient, user: str) -> tuple[str, str]:
    """Two sources say different cities a minute apart at equal priority: both await
    confirmation. Returns (Lisbon fact, Porto fact)."""
    lisbon = lives_in(client, user, "Lisbon", "Emi", 0)["fact_ids"][0]
    porto_write = lives_in(client, user, "Porto", "Ana", 1)
    porto = porto_write["fact_ids"][0]
    assert [c["kind"] for c in porto_write["changes"]] == ["conflict"]
    return lisbon, porto


def status_of(client: TestClient, fact_id: str) -> str:
    response = client.get(f"/v1/memories/{fact_id}")
    assert response.status_code == 200, response.text
    status: str = response.json()["memory"]["status"]
    return status


def test_users_lists_each_user_of_the_tenant_with_message_counts(client: TestClient) -> None:
    for n, text in enumerate(["I live in Oslo.", "I like tea.", "I work at Acme."]):
        user = "users-a" if n < 2 else "users-b"
        response = client.post("/v1/memories", json={"user_id": user, "text": text})
        assert response.status_code == 201, response.text
    users = {u["user_id"]: u["episodes"] for u in client.get("/v1/users").json()["users"]}
    assert users["users-a"] == 2
    assert users["users-b"] == 1
    assert client.get("/v1/users", params={"limit": 0}).status_code == 422


def test_sources_give_the_message_and_the_span_that_states_the_fact(client: TestClient) -> None:
    text = "Hello there. I'm allergic to peanuts."
    written = client.post("/v1/memories", json={"user_id": "src", "text": text, "speaker": "Emi"})
    assert written.status_code == 201, written.text
    [fact_id] = written.json()["fact_ids"]
    sources = client.get(f"/v1/memories/{fact_id}/sources").json()["sources"]
    assert len(sources) == 1
    [source] = sources
    assert source["episode"]["id"] == written.json()["episode_id"]
    assert source["episode"]["text"] == text
    start, end = source["span"]
    assert 0 <= start < end <= len(text)
    assert "peanuts" in text[start:end]
    assert source["extractor"]
    assert 0 < source["confidence"] <= 1


def test_sources_of_an_unknown_or_a_non_fact_id_are_clear_errors(client: TestClient) -> None:
    missing = client.get("/v1/memories/fact_000000000000000000000000/sources")
    assert missing.status_code == 404
    assert missing.json()["error"]["type"] == "not_found"
    assert client.get("/v1/memories/ep_000000000000000000000000/sources").status_code == 422


def test_confirming_a_contested_fact_makes_it_current_and_supersedes_the_other(
    client: TestClient,
) -> None:
    lisbon, porto = contested(client, "confirm")
    assert status_of(client, lisbon) == status_of(client, porto) == "conflicted"
    open_ones = client.get("/v1/users/confirm/facts", params={"status": "conflicted"}).json()
    assert {f["id"] for f in open_ones["facts"]} == {lisbon, porto}

    response = client.post(f"/v1/memories/{porto}/confirm", json={"reason": "Emi moved"})
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["decision"] == "confirmed"
    assert result["fact"]["status"] == "current"
    assert result["fact"]["needs_confirmation"] is False
    assert result["superseded"] == [lisbon]
    assert status_of(client, lisbon) == "superseded"
    history = client.get(f"/v1/memories/{porto}").json()["history"]
    [link] = [h for h in history if h["kind"] == "SUPERSEDES"]
    assert (link["from_id"], link["to_id"]) == (porto, lisbon)
    assert "confirmed by api: Emi moved" in link["reason"]
    left = client.get("/v1/users/confirm/facts", params={"status": "conflicted"}).json()
    assert left["facts"] == []
    # Recall now answers with the confirmed city only.
    recall = client.post("/v1/recall", json={"query": "Where does Emi live?",
                                             "user_id": "confirm"}).json()
    recalled = [r["id"] for r in recall["results"]]
    assert porto in recalled
    assert lisbon not in recalled


def test_rejecting_a_contested_fact_lets_the_other_side_hold(client: TestClient) -> None:
    lisbon, porto = contested(client, "reject")
    response = client.post(f"/v1/memories/{porto}/reject", json={"reason": "Ana was wrong"})
    assert response.status_code == 200, response.text
    result = response.json()
    assert result["decision"] == "rejected"
    assert result["fact"]["status"] == "superseded"
    assert result["superseded"] == [porto]
    assert result["current"] == [lisbon]
    assert status_of(client, lisbon) == "current"
    history = client.get(f"/v1/memories/{lisbon}").json()["history"]
    assert any(h["kind"] == "SUPERSEDES" and h["from_id"] == lisbon and h["to_id"] == porto
               and "rejected by api: Ana was wrong" in h["reason"] for h in history)


def test_rejecting_a_lower_priority_challenger_keeps_the_standing_fact(
    client: TestClient,
) -> None:
    lisbon = lives_in(client, "challenger", "Lisbon", "Emi", 0, priority=8)["fact_ids"][0]
    porto = lives_in(client, "challenger", "Porto", "Emi", 5, priority=3)["fact_ids"][0]
    assert (status_of(client, lisbon), status_of(client, porto)) == ("current", "conflicted")
    result = client.post(f"/v1/memories/{porto}/reject").json()
    assert result["current"] == [lisbon]
    assert (status_of(client, lisbon), status_of(client, porto)) == ("current", "superseded")


def test_only_a_fact_awaiting_confirmation_can_be_confirmed_or_rejected(
    client: TestClient,
) -> None:
    lisbon, porto = contested(client, "twice")
    assert client.post(f"/v1/memories/{lisbon}/confirm").status_code == 200
    for fact_id, action in ((lisbon, "confirm"), (porto, "reject"), (lisbon, "reject")):
        response = client.post(f"/v1/memories/{fact_id}/{action}")
        assert response.status_code == 422, response.text
        assert "not awaiting confirmation" in response.json()["error"]["message"]
    # The refused calls changed nothing.
    assert (status_of(client, lisbon), status_of(client, porto)) == ("current", "superseded")
    unknown = client.post("/v1/memories/fact_000000000000000000000000/confirm")
    assert unknown.status_code == 404
    bad_body = client.post(f"/v1/memories/{porto}/confirm", json={"reason": 7})
    assert bad_body.status_code == 422


def test_confirm_and_reject_need_the_api_key_when_keys_are_set(ui_memory: Memory) -> None:
    settings = ui_memory.settings.model_copy(update={"api_keys": {"ui-key-0123456789abcdef": "t"}})
    app = create_app(settings=settings, memory=ui_memory)
    with TestClient(app, base_url="http://testserver") as keyed:
        for method, path in (("post", "/v1/memories/fact_000000000000000000000000/confirm"),
                             ("post", "/v1/memories/fact_000000000000000000000000/reject"),
                             ("get", "/v1/users"),
                             ("get", "/v1/memories/fact_000000000000000000000000/sources")):
            assert getattr(keyed, method)(path).status_code == 401
        headers = {"Authorization": "Bearer ui-key-0123456789abcdef"}
        assert keyed.get("/v1/users", headers=headers).json() == {"users": []}


def test_a_tombstone_reads_null_until_forgotten_then_says_who_when_and_why(
    client: TestClient,
) -> None:
    fact_id = lives_in(client, "tomb", "Lisbon", "Emi", 0)["fact_ids"][0]
    assert client.get(f"/v1/memories/{fact_id}/tombstone").json() == {"tombstone": None}
    forgot = client.delete(f"/v1/memories/{fact_id}",
                           params={"user_id": "tomb", "reason": "moved away"})
    assert forgot.status_code == 200, forgot.text
    tombstone = client.get(f"/v1/memories/{fact_id}/tombstone").json()["tombstone"]
    assert tombstone["target_id"] == fact_id
    assert tombstone["reason"] == "moved away"
    assert tombstone["by"] == "api"
    assert client.get(f"/v1/memories/{fact_id}").status_code == 404
    assert client.get("/v1/memories/not-an-id/tombstone").status_code == 422

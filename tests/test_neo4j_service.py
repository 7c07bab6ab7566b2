"""The REST service on the neo4j backend over a real Neo4j 5.26: Memory.open from settings, an
API-key tenant in the server's database, `POST /v1/cypher` read-only there too, `/readyz`
answering 'starting' while Neo4j populates an index, and clear errors for a server or database
that is not there (Community has one user database: tenants in databases of their own need
Enterprise, and are refused clearly here)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import neo4j_settings_for
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import StoreError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.neo4j import Neo4jStore

KEY_A = "neo4j-key-of-acme-0123456789"
KEY_B = "neo4j-key-of-globex-012345678"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"X-API-Key": KEY_B}


@pytest.fixture()
def memory(neo4j_memory: Memory) -> Memory:
    assert isinstance(neo4j_memory.store, Neo4jStore)
    return neo4j_memory


@pytest.fixture()
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as c:
        yield c


def test_a_tenant_writes_recalls_and_queries_its_database(
    neo4j_server: Any, tmp_path: Path, embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    neo4j_server.wipe()
    settings = neo4j_settings_for(neo4j_server, tmp_path / "data", api_keys={KEY_A: "acme"})
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          TestClient(create_app(memory=memory), base_url="http://memory.example") as client):
        response = client.post("/v1/memories", headers=A, json={
            "user_id": "emi", "speaker": "Emi", "text": "I live in Paris."})
        assert response.status_code == 201, response.text
        recalled = client.post("/v1/recall", headers=A, json={"query": "where do I live?",
                                                               "user_id": "emi"}).json()
        assert any("Paris" in (r["text"] or "") for r in recalled["results"])
        result = client.post("/v1/cypher", headers=A, json={
            "query": "MATCH (f:Fact) RETURN f.object_name AS city"})
        assert result.status_code == 200, result.text
        assert result.json()["rows"] == [["Paris"]]
        write = client.post("/v1/cypher", headers=A, json={"query": "MATCH (n) DETACH DELETE n"})
        assert write.status_code == 403 and write.json()["error"]["type"] == "write"
        still = client.post("/v1/cypher", headers=A, json={"query": "MATCH (n) RETURN count(n)"})
        assert still.json()["rows"][0][0] > 0
        assert client.post("/v1/recall", headers=B, json={
            "query": "where?", "user_id": "emi"}).status_code == 401
        assert client.get("/readyz").json() == {"status": "ready"}


def test_tenant_databases_that_community_cannot_have_are_a_clear_error(
    neo4j_server: Any, tmp_path: Path, embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    neo4j_server.wipe()
    settings = neo4j_settings_for(neo4j_server, tmp_path / "data", neo4j_tenant_databases=True,
                                  api_keys={KEY_A: "acme", KEY_B: "globex"})
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          pytest.raises(StoreError, match="graph-memory-tenant-acme")):
        memory.open_graph(f"{settings.graph_name}_tenant_acme")


def test_not_ready_while_neo4j_populates_an_index(
    memory: Memory, client: TestClient, neo4j_server: Any
) -> None:
    assert client.get("/readyz").json() == {"status": "ready"}
    with neo4j_server.driver.session(database=neo4j_server.database) as session:
        session.run(
            "UNWIND range(1, 20000) AS i CALL (i) { CREATE (:Fact {id: 'bulk-' + toString(i), "
            "text: 'filler text number ' + toString(i), user_key: '1', user_id: 'bulk', "
            "status: 'current'}) } IN TRANSACTIONS OF 5000 ROWS").consume()
    neo4j_server.query("DROP INDEX fact_text")
    memory.store.ensure_schema(memory.embedder.dimension)  # creates it again, over 20k facts
    response = client.get("/readyz")
    assert response.status_code == 503, response.text
    error = response.json()["error"]
    assert error["type"] == "starting" and "fact_text" in error["message"]
    deadline = time.monotonic() + 120
    while memory.store.building_indexes() and time.monotonic() < deadline:
        time.sleep(0.1)  # the server's own pace
    assert client.get("/readyz").json() == {"status": "ready"}


def test_a_missing_server_or_database_is_a_clear_error(
    neo4j_server: Any, tmp_path: Path, embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    dead = neo4j_settings_for(neo4j_server, tmp_path / "a").model_copy(
        update={"neo4j_uri": "bolt://127.0.0.1:9"})
    with pytest.raises(StoreError, match="cannot reach the Bolt server"):
        Memory.open(dead, embedder=embedder, extractor=extractor)
    wrong = neo4j_settings_for(neo4j_server, tmp_path / "b").model_copy(
        update={"neo4j_password": "not-the-password"})
    with pytest.raises(StoreError, match="cannot reach the Bolt server"):
        Memory.open(wrong, embedder=embedder, extractor=extractor)
    missing = neo4j_settings_for(neo4j_server, tmp_path / "c", neo4j_database="no-such-db")
    with pytest.raises(StoreError, match="no-such-db"):
        Memory.open(missing, embedder=embedder, extractor=extractor)


def test_several_tenants_on_one_neo4j_database_are_refused() -> None:
    with pytest.raises(ValueError, match="one database each"):
        Settings(backend="neo4j", api_keys={KEY_A: "acme", KEY_B: "globex"})


def test_a_fulltext_search_names_its_user_inside_the_index_query(
    memory: Memory, neo4j_server: Any
) -> None:
    from graph_memory.store.bolt import lucene_query, user_key

    memory.write("I am allergic to peanuts.", user_id="emi", speaker="Emi")
    neo4j_server.query(  # 300 copies of the fact for another user: valid facts, same words
        "MATCH (f:Fact {user_id: 'emi'}) WITH f LIMIT 1 "
        "UNWIND range(1, 300) AS i CREATE (c:Fact) "
        "SET c = f {.*, id: f.id + '_' + toString(i), user_id: 'crowd', user_key: $key}",
        key=user_key("crowd"))
    neo4j_server.query("CALL db.awaitIndexes(120)")
    query = lucene_query("emi", "peanuts?")
    assert query is not None and query.startswith("+user_key:")
    hits = neo4j_server.query("CALL db.index.fulltext.queryNodes('fact_text', $q) YIELD node "
                              "RETURN node.user_id AS user", q=query)
    assert hits and {h["user"] for h in hits} == {"emi"}  # no other user's left the index
    found = memory.store.search_facts_by_text("emi", "peanuts?", 5)
    assert found and all(f.user_id == "emi" and "peanut" in (f.text or "") for f, _ in found)
    assert len(memory.store.search_facts_by_text("crowd", "peanuts", 500)) == 300


def test_a_fulltext_index_made_before_user_key_is_rebuilt_with_it(
    memory: Memory, neo4j_server: Any
) -> None:
    for user in ("emi", "bob"):
        memory.write("I live in Lisbon.", user_id=user, speaker=user.title())
    neo4j_server.query("MATCH (n) WHERE n:Fact OR n:Episode REMOVE n.user_key")
    neo4j_server.query("DROP INDEX fact_text")
    neo4j_server.query("CREATE FULLTEXT INDEX fact_text FOR (n:Fact) ON EACH [n.text] "
                       "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}")
    memory.store.ensure_schema(memory.embedder.dimension)  # as at the next start
    neo4j_server.query("CALL db.awaitIndexes(120)")
    [index] = neo4j_server.query("SHOW FULLTEXT INDEXES YIELD name, properties "
                                 "WHERE name = 'fact_text' RETURN properties")
    assert index["properties"] == ["text", "user_key"]
    [(fact, _score)] = memory.store.search_facts_by_text("emi", "Lisbon", 5)
    assert fact.user_id == "emi"
    assert [e.user_id for e, _ in memory.store.search_episodes_by_text("bob", "Lisbon", 5)] == [
        "bob"]

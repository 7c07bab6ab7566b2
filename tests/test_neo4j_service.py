"""The REST service on the neo4j backend over a real Bolt server (ArcadeDB, the stand-in for
Neo4j 5): Memory.open from settings, API-key tenants each in their own database, and
`POST /v1/cypher` read-only and scoped to the caller's tenant there too."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import StoreError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.neo4j import Neo4jStore, database_name

KEY_A = "neo4j-key-of-acme-0123456789"
KEY_B = "neo4j-key-of-globex-012345678"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"X-API-Key": KEY_B}


def settings_for(arcadedb: Any, data: Path, **extra: Any) -> Settings:
    return Settings(data_dir=data, backend="neo4j", neo4j_uri=arcadedb.bolt_uri,
                    neo4j_user=arcadedb.user, neo4j_password=arcadedb.password,
                    neo4j_http_uri=arcadedb.http_uri, **extra)


@pytest.fixture()
def client(arcadedb: Any, tmp_path: Path, embedder: SentenceTransformerEmbedder,
           extractor: Extractor) -> Iterator[TestClient]:
    root = arcadedb.create_database()
    settings = settings_for(arcadedb, tmp_path / "data", neo4j_database=root,
                            neo4j_tenant_databases=True,
                            api_keys={KEY_A: "acme", KEY_B: "globex"})
    tenant_dbs = [database_name(f"{settings.graph_name}_tenant_{t}") for t in ("acme", "globex")]
    for name in tenant_dbs:
        arcadedb.server_command(f"create database {name}")
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          TestClient(create_app(memory=memory), base_url="http://memory.example") as c):
        assert isinstance(memory.store, Neo4jStore)
        yield c
    for name in (root, *tenant_dbs):
        arcadedb.drop_database(name)


def test_tenants_write_recall_and_query_only_their_own_database(client: TestClient) -> None:
    for headers, city in ((A, "Paris"), (B, "Rome")):
        response = client.post("/v1/memories", headers=headers, json={
            "user_id": "emi", "speaker": "Emi", "text": f"I live in {city}."})
        assert response.status_code == 201, response.text
    recalled = client.post("/v1/recall", headers=A, json={"query": "where do I live?",
                                                           "user_id": "emi"}).json()
    assert any("Paris" in (r["text"] or "") for r in recalled["results"])
    assert not any("Rome" in (r["text"] or "") for r in recalled["results"])
    for headers, city in ((A, "Paris"), (B, "Rome")):
        result = client.post("/v1/cypher", headers=headers, json={
            "query": "MATCH (f:Fact) RETURN f.object_name AS city"})
        assert result.status_code == 200, result.text
        assert result.json()["rows"] == [[city]]
    write = client.post("/v1/cypher", headers=A, json={"query": "MATCH (n) DETACH DELETE n"})
    assert write.status_code == 403 and write.json()["error"]["type"] == "write"
    still = client.post("/v1/cypher", headers=A, json={"query": "MATCH (n) RETURN count(n)"})
    assert still.json()["rows"][0][0] > 0
    assert client.get("/readyz").status_code == 200


def test_a_missing_server_or_database_is_a_clear_error(
    arcadedb: Any, tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    dead = settings_for(arcadedb, tmp_path / "a", neo4j_database="neo4j").model_copy(
        update={"neo4j_uri": "bolt://127.0.0.1:9"})
    with pytest.raises(StoreError, match="cannot reach the Bolt server"):
        Memory.open(dead, embedder=embedder, extractor=extractor)
    missing = settings_for(arcadedb, tmp_path / "b", neo4j_database="no-such-db")
    with pytest.raises(StoreError, match="no-such-db"):
        Memory.open(missing, embedder=embedder, extractor=extractor)


def test_several_tenants_on_one_neo4j_database_are_refused() -> None:
    with pytest.raises(ValueError, match="one database each"):
        Settings(backend="neo4j", api_keys={KEY_A: "acme", KEY_B: "globex"})

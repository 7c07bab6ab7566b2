"""Cypher for analysts over REST (`POST /v1/cypher`) and the CLI (`graph-memory cypher`), and
the graph export for graph tools (`graph-memory export-graph`): scoped to the caller's tenant,
read-only, limited, with clear errors. Real engine and models."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.graphml import subgraph
from graph_memory.memory import Memory

KEY_A = "analyst-key-of-acme-0123456789"
KEY_B = "analyst-key-of-globex-012345678"
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"X-API-Key": KEY_B}
LIVES = {"subject": {"name": "Emi", "type": "Person"}, "predicate": "LIVES_IN",
         "object": {"name": "Paris", "type": "Place"}}


@pytest.fixture(scope="module")
def keyed_memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    settings = Settings(
        data_dir=tmp_path_factory.mktemp("analyst") / "data",
        api_keys={KEY_A: "acme", KEY_B: "globex"},
        cypher_timeout_ms=3000,
        cypher_max_rows=50,
    )
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened


@pytest.fixture(scope="module")
def client(keyed_memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=keyed_memory), base_url="http://memory.example") as c:
        written = c.post("/v1/memories", headers=A, json={"user_id": "emi", "triples": [LIVES]})
        assert written.status_code == 201, written.text
        yield c


def cypher(client: TestClient, headers: dict[str, str], status: int = 200, **body: Any) -> Any:
    response = client.post("/v1/cypher", headers=headers, json=body)
    assert response.status_code == status, response.text
    return response.json()


def test_a_tenant_sees_its_own_graph_only(client: TestClient) -> None:
    count = "MATCH (f:Fact) RETURN count(f) AS facts"
    assert cypher(client, A, query=count)["rows"] == [[1]]
    assert cypher(client, B, query=count)["rows"] == [[0]]
    fact_id = cypher(client, A, query="MATCH (f:Fact) RETURN f.id")["rows"][0][0]
    found = cypher(client, B, query="MATCH (f:Fact {id: $id}) RETURN f.id", params={"id": fact_id})
    assert found["rows"] == []


def test_a_saved_query_by_name(client: TestClient) -> None:
    entity = cypher(client, A, query="MATCH (e:Entity {name: 'Emi'}) RETURN e.id")["rows"][0][0]
    result = cypher(client, A, name="entity_neighbourhood", params={"entity_id": entity})
    assert result["query"] == "entity_neighbourhood"
    assert "other_name" in result["columns"]
    assert [row[result["columns"].index("other_name")] for row in result["rows"]] == ["Paris"]


def test_refusals_have_their_own_status_and_change_nothing(client: TestClient) -> None:
    before = cypher(client, A, query="MATCH (n) RETURN count(n)")["rows"]
    write = cypher(client, A, 403, query="MATCH (n) DETACH DELETE n")
    assert write["error"]["type"] == "write" and "read-only" in write["error"]["message"]
    slow = cypher(client, A, 408, timeout_ms=10,
                  query="UNWIND range(1, 6000000) AS x WITH x WHERE x < 0 RETURN count(x)")
    assert slow["error"]["type"] == "timeout"
    assert cypher(client, A, 422, query="MATCH (n RETURN n")["error"]["type"] == "syntax"
    big = cypher(client, A, 422, query="UNWIND range(1, 51) AS x RETURN x")
    assert big["error"]["type"] == "too_many_rows"
    # The caller can only lower the service's limits.
    assert len(cypher(client, A, query="UNWIND range(1, 50) AS x RETURN x", max_rows=500000)[
        "rows"]) == 50
    assert cypher(client, A, 422, name="drop_everything")["error"]["type"] == "unknown_query"
    both = cypher(client, A, 422, name="open_conflicts", query="RETURN 1")
    assert both["error"]["type"] == "bad_params"
    assert cypher(client, A, 422, query="RETURN 1", extra=True)["error"]["type"] == "invalid_input"
    assert cypher(client, A, query="MATCH (n) RETURN count(n)")["rows"] == before


def test_without_a_key_it_is_a_401(client: TestClient) -> None:
    assert client.post("/v1/cypher", json={"query": "RETURN 1"}).status_code == 401


def test_it_can_be_switched_off(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "data", cypher_enabled=False)
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as local):
        response = local.post("/v1/cypher", json={"query": "RETURN 1"})
        assert response.status_code == 404 and response.json()["error"]["type"] == "disabled"


# --- CLI ----------------------------------------------------------------------------------------


@pytest.fixture()
def run(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Any:
    monkeypatch.setattr(cli, "open_memory", lambda settings: Memory.open(
        settings, embedder=embedder, extractor=extractor))
    runner = CliRunner()

    def invoke(*args: str, code: int = 0) -> str:
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args])
        assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
        if code:
            assert result.stderr.startswith("error: ") and "Traceback" not in result.output
            return result.stderr
        return result.stdout

    return invoke


def test_cli_cypher_runs_saved_queries_with_typed_params(run: Any, tmp_path: Path) -> None:
    run("write", "--user", "emi", "--triple", "Emi:Person LIVES_IN Paris:Place")
    run("write", "--user", "emi", "--triple", "Emi:Person LIVES_IN Lisbon:Place")
    listed = run("cypher", "--list")
    assert "fact_versions(entity_id, limit=100)" in listed
    emi = json.loads(run("cypher", "--query", "MATCH (e:Entity {name: 'Emi'}) RETURN e.id",
                         "--json"))["rows"][0][0]
    out = json.loads(run("cypher", "fact_versions", "--param", f"entity_id={emi}",
                         "-p", "limit=1", "--json"))
    assert len(out["rows"]) == 1 and out["rows"][0][out["columns"].index("status")] == "current"
    text = run("cypher", "fact_versions", "--param", f"entity_id={emi}")
    assert text.splitlines()[0].startswith("fact_id\tstatus") and "superseded" in text

    assert "not a int" in run("cypher", "fact_versions", "-p", f"entity_id={emi}",
                              "-p", "limit=ten", code=2)
    assert "needs parameter entity_id" in run("cypher", "fact_versions", code=2)
    assert "NAME=VALUE" in run("cypher", "fact_versions", "-p", "oops", code=2)
    assert "read-only" in run("cypher", "--query", "MATCH (n) DETACH DELETE n", code=2)
    assert "give a saved query" in run("cypher", code=2)
    huge = run("cypher", "--query", "WITH range(1,400000000) AS r RETURN size(r)", code=2)
    assert "400000000" in huge and "MiB" in huge  # refused before the engine builds it
    assert run("facts", "--user", "emi").count("Emi lives in") == 1


def test_export_graph_as_graphml_and_json(run: Any, tmp_path: Path) -> None:
    run("write", "--user", "emi", "--triple", "Emi:Person LIVES_IN Paris:Place")
    run("write", "--user", "emi", "--triple", "Emi:Person LIVES_IN Lisbon:Place")
    run("write", "--user", "emi", "--triple", "checkout:Task DEPENDS_ON payments:Component")
    out = tmp_path / "emi.graphml"
    assert "3 facts" in run("export-graph", "--user", "emi", "--out", str(out))
    graph = nx.read_graphml(out, force_multigraph=True)
    names = {data["label"] for _, data in graph.nodes(data=True)}
    assert names == {"Emi", "Paris", "Lisbon", "checkout", "payments"}
    statuses = sorted(data["status"] for _, _, data in graph.edges(data=True))
    assert statuses == ["current", "current", "superseded"]
    current = run("export-graph", "--user", "emi", "--out", str(tmp_path / "c.json"),
                  "--format", "json", "--status", "current")
    assert "2 facts" in current
    data = json.loads((tmp_path / "c.json").read_text())
    assert {e["label"] for e in data["edges"]} == {"LIVES_IN", "DEPENDS_ON"}
    assert "bad" in run("export-graph", "--user", "emi", "--out", str(out), "--status", "bad",
                        code=2)
    assert "xml" in run("export-graph", "--user", "emi", "--out", str(out), "--format", "xml",
                        code=2)


def test_subgraph_of_an_entity_follows_hops(memory: Memory) -> None:
    for triple in ("checkout:Task DEPENDS_ON payments:Component",
                   "payments:Component DEPENDS_ON ledger:Component",
                   "ledger:Component DEPENDS_ON database:Component"):
        memory.write(user_id="team", triples=[cli._triple(triple)])
    start = next(f.subject_id for f in memory.facts("team") if f.subject_name == "checkout")
    labels = [
        sorted(d["label"] for _, d in subgraph(memory.store, "team", entity_id=start, hops=h)
               .nodes(data=True))
        for h in (1, 2, 3)
    ]
    assert labels == [["checkout", "payments"], ["checkout", "ledger", "payments"],
                      ["checkout", "database", "ledger", "payments"]]

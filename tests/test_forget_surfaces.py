"""A secret, once forgotten, is readable nowhere: not in any node or edge property of the graph
(read straight from the engine), nor through REST (recall, fact listings, memory and entity
pages, analyst Cypher), MCP (memory_search), the CLI's export and GraphML export, nor by a
recall of the entity's own name. The forget itself goes through MCP's memory_forget with a
query, the tool's own example. Real engine, models, HTTP server and MCP client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp_types import TextContent
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import FACT_STATUSES, Fact
from graph_memory.ontology import Ontology
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb import FalkorDBStore

SECRET = "555-1234"
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
LOCAL = "http://127.0.0.1"


class Held:
    """Memory as the CLI's open_memory result, left open at the command's end (the test owns
    it): the CLI then runs its real command code over this graph."""

    def __init__(self, memory: Memory) -> None:
        self.memory = memory

    def __enter__(self) -> Memory:
        return self.memory

    def __exit__(self, *exc: object) -> None:
        return None


@pytest.fixture()
def world(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor,
    ontology: Ontology,
) -> Iterator[tuple[Memory, Any]]:
    with EmbeddedEngine(tmp_path / "engine") as engine:
        store = FalkorDBStore(engine.connect(), "surfaces")
        memory = Memory(store, extractor=extractor, embedder=embedder, ontology=ontology,
                        settings=Settings(data_dir=tmp_path / "data", graph_name="surfaces"))
        try:
            yield memory, engine.connect().select_graph("surfaces")
        finally:
            memory.close()


def graph_holding(graph: Any, needle: str) -> list[Any]:
    rows = [*graph.query("MATCH (n) RETURN labels(n), properties(n)").result_set,
            *graph.query("MATCH ()-[r]->() RETURN type(r), properties(r)").result_set]
    assert rows
    return [row for row in rows if needle in repr(row)]


def mcp_call(url: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = {}

    async def main() -> None:
        async with (httpx2.AsyncClient(timeout=60) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client):
            result = await client.call_tool(tool, arguments)
            assert not result.is_error, result.content
            [block] = result.content
            assert isinstance(block, TextContent)
            found.update(json.loads(block.text))

    anyio.run(main)
    return found


def answer(data: Any) -> str:
    """A recall response as text, without the caller's own query echoed back."""
    if isinstance(data, str):
        data = json.loads(data)
    return json.dumps({k: v for k, v in data.items() if k not in ("query", "rewritten_query")})


def surfaces(memory: Memory, url: str, tmp_path: Path, entity_ids: list[str]) -> dict[str, str]:
    """What every surface shows of the user, as text."""
    shown: dict[str, str] = {}
    with TestClient(create_app(memory=memory), base_url=LOCAL) as client:
        for query in ("phone number", SECRET, "Sam", "what is my phone number?"):
            shown[f"rest recall {query}"] = answer(client.post(
                "/v1/recall", json={"query": query, "user_id": "sam", "top_k": 20,
                                    "filters": {"statuses": ["current", "conflicted",
                                                             "superseded", "forgotten"]}},
            ).text)
        every = "&".join(f"status={s}" for s in FACT_STATUSES)
        listed = client.get(f"/v1/users/sam/facts?{every}&limit=1000")
        assert listed.status_code == 200, listed.text
        shown["rest facts"] = listed.text
        for entity_id in entity_ids:
            shown[f"rest entity {entity_id}"] = client.get(f"/v1/entities/{entity_id}").text
            shown[f"rest memory {entity_id}"] = client.get(f"/v1/memories/{entity_id}").text
        for query in ("MATCH (n) RETURN n", "MATCH (a)-[r]->(b) RETURN a, r, b",
                      "MATCH (f:Fact)-[:OBJECT]->(o) RETURN f.key, o.name, o.aliases"):
            response = client.post("/v1/cypher", json={"query": query})
            assert response.status_code == 200, response.text
            shown[f"cypher {query}"] = response.text
    shown["mcp search"] = answer(mcp_call(url, "memory_search", {
        "user_id": "sam", "query": "what is my phone number?", "top_k": 20}))
    shown["mcp search secret"] = answer(mcp_call(url, "memory_search", {
        "user_id": "sam", "query": SECRET}))
    shown["recall by name"] = answer(memory.recall(SECRET, user_id="sam").model_dump_json())
    runner = CliRunner()
    backup, graphml = tmp_path / "backup.jsonl", tmp_path / "sam.graphml"
    for args in (["export", "--out", str(backup)],
                 ["export-graph", "--user", "sam", "--out", str(graphml), "--status", "all"]):
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args])
        assert result.exit_code == 0, result.output
    shown["cli export"] = backup.read_text()
    shown["cli export-graph"] = graphml.read_text()
    return shown


def test_a_forgotten_secret_is_readable_through_no_surface(
    world: tuple[Memory, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    memory, graph = world
    monkeypatch.setattr(cli, "open_memory", lambda settings: Held(memory))
    both = memory.write(f"My phone number is {SECRET} and my favorite color is green.",
                        user_id="sam", speaker="Sam", timestamp=T0)
    again = memory.write(f"My phone number is {SECRET}.", user_id="sam", speaker="Sam",
                         timestamp=T0 + timedelta(hours=1))
    facts = [memory.get(i) for i in both.fact_ids]
    phone = next(f for f in facts if isinstance(f, Fact) and f.object_name == SECRET)
    color = next(f for f in facts if isinstance(f, Fact) and f.object_name == "green")
    entities = [phone.subject_id, phone.object_id, color.object_id]
    with serving_in_thread(create_app(memory=memory)) as url:
        # The positive first: every surface shows the secret before the forget.
        before = surfaces(memory, url, tmp_path, entities)
        showing = {name for name, text in before.items() if SECRET in text}
        assert showing >= {"rest recall phone number", "rest facts", "mcp search",
                           "cli export", "cli export-graph", f"rest entity {phone.object_id}",
                           "cypher MATCH (n) RETURN n", "recall by name"}, showing
        assert graph_holding(graph, SECRET)

        forgotten = mcp_call(url, "memory_forget", {
            "user_id": "sam", "query": "phone number", "reason": "user asked"})

        assert {(f["id"], f["kind"]) for f in forgotten["forgotten"]} == {
            (phone.id, "fact"), (phone.object_id, "entity"), (again.episode_id, "episode")}
        assert forgotten["redacted"] == [both.episode_id]
        after = surfaces(memory, url, tmp_path, entities)
    assert {name: text for name, text in after.items() if SECRET in text} == {}
    assert graph_holding(graph, SECRET) == []
    assert graph_holding(graph, "phone number") == []  # the key and the message's words too
    # What was not forgotten is still there: the colour, from the redacted message.
    kept = memory.get(color.id)
    assert isinstance(kept, Fact) and kept.status == "current"
    assert kept.episode_ids == (both.episode_id,)
    assert "green" in after["rest recall Sam"]

"""Every time a caller gives is bounded (years 1900-2200 after conversion to UTC) at every
edge, and a record holding an out-of-range time already (written straight into the engine,
as before the bounds) can still be read, listed, recalled, exported, forgotten and pruned."""

from __future__ import annotations

import io
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.api import create_app
from graph_memory.backup import export_records, write_jsonl
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import TIME_MAX, TIME_MIN, Episode, Fact
from graph_memory.ontology import Ontology
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb import FalkorDBStore

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
YEAR_ZERO = "0001-01-01T00:00:00+14:00"   # year 0 in UTC
PAST_9999 = "9999-12-31T23:59:59-14:00"   # year 10000 in UTC
OUT_OF_RANGE = [YEAR_ZERO, PAST_9999, "1899-12-31T23:59:59+00:00", "2201-01-01T00:00:00Z"]
# The same instants as engine values (epoch seconds), out of reach of Python's datetime.
EPOCH_YEAR_ZERO = datetime(1, 1, 1, tzinfo=UTC).timestamp() - 14 * 3600
EPOCH_PAST_9999 = datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC).timestamp() + 14 * 3600


@pytest.fixture()
def graph(
    tmp_path: Path,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    ontology: Ontology,
) -> Iterator[tuple[Memory, Any]]:
    with EmbeddedEngine(tmp_path / "engine") as engine:
        store = FalkorDBStore(engine.connect(), "times")
        memory = Memory(store, extractor=extractor, embedder=embedder, ontology=ontology,
                        settings=Settings(data_dir=tmp_path / "data", graph_name="times"))
        try:
            yield memory, engine.connect().select_graph("times")
        finally:
            memory.close()


def say(memory: Memory, text: str, **extra: Any) -> Fact:
    result = memory.write(text, user_id="sam", speaker="Sam", timestamp=T0, **extra)
    [fact_id] = result.fact_ids
    fact = memory.get(fact_id)
    assert isinstance(fact, Fact)
    return fact


def test_the_bounds_hold_at_their_edges_after_offset_conversion(
    graph: tuple[Memory, Any],
) -> None:
    memory, _ = graph
    for ok in ("1899-12-31T23:00:00-02:00", "2200-12-31T23:59:59Z", "1900-01-01T00:00:00Z"):
        memory.write("hello there", user_id="sam", timestamp=datetime.fromisoformat(ok))
    for bad in OUT_OF_RANGE:
        with pytest.raises(InvalidInputError, match="years 1900-2200"):
            memory.write("hello again", user_id="sam", timestamp=bad)  # type: ignore[arg-type]


def test_python_api_refuses_every_out_of_range_time(graph: tuple[Memory, Any]) -> None:
    memory, _ = graph
    fact = say(memory, "My favorite color is green.")
    far = datetime(2201, 1, 1, tzinfo=UTC)
    with pytest.raises(InvalidInputError, match="expires_at"):
        memory.update(fact.id, expires_at=far)
    with pytest.raises(InvalidInputError, match="since"):
        memory.summarize("sam", since=datetime(1800, 1, 1, tzinfo=UTC))
    with pytest.raises(InvalidInputError, match="until"):
        memory.recall("color", user_id="sam", filters={"until": PAST_9999})
    with pytest.raises(InvalidInputError, match="timestamp"):
        memory.write_batch([{"user_id": "sam", "text": "x", "timestamp": YEAR_ZERO}])
    with pytest.raises(InvalidInputError, match="timestamp"):
        memory.submit_trajectory({
            "user_id": "sam", "task_type": "t", "goal": "g", "outcome": "success",
            "timestamp": YEAR_ZERO, "steps": [{"action": "a", "success": True}],
        })
    assert memory.get(fact.id) == fact  # nothing changed


def test_rest_answers_422_and_the_schema_says_so(graph: tuple[Memory, Any]) -> None:
    memory, _ = graph
    fact = say(memory, "My favorite color is green.")
    with TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as client:
        for bad in OUT_OF_RANGE:
            calls = [
                client.post("/v1/memories", json={"user_id": "sam", "text": "x",
                                                  "timestamp": bad}),
                client.patch(f"/v1/memories/{fact.id}", json={"expires_at": bad}),
                client.post("/v1/recall", json={"query": "color", "user_id": "sam",
                                                "filters": {"since": bad}}),
                client.post("/v1/summarize", json={"user_id": "sam", "until": bad}),
            ]
            for response in calls:
                assert response.status_code == 422, (bad, response.text)
                assert "1900-2200" in response.text
        schema = client.get("/openapi.json").json()
        timestamp = schema["components"]["schemas"]["WriteBody"]["properties"]["timestamp"]
        assert "pattern" in repr(timestamp) and "1900-2200" in repr(timestamp)
    assert memory.get(fact.id) == fact


def test_cli_exits_2_on_an_out_of_range_time(tmp_path: Path) -> None:
    runner = CliRunner()
    for args in (["write", "hi", "--user", "sam", "--timestamp", YEAR_ZERO],
                 ["summarize", "--user", "sam", "--since", "1800-01-01T00:00:00Z"],
                 ["update", "fact_" + "0" * 24, "--expires-at", PAST_9999]):
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args])
        assert result.exit_code == 2, (args, result.output)
        assert "1900-2200" in result.stderr


def test_a_poisoned_record_on_disk_is_still_read_listed_forgotten_and_pruned(
    graph: tuple[Memory, Any],
) -> None:
    memory, engine_graph = graph
    fact = say(memory, "My favorite color is green.")
    other = say(memory, "My phone number is 555-1234.")
    # Out-of-range times written behind validation's back, as an older version could.
    for target in (fact, other):
        engine_graph.query(
            "MATCH (f:Fact {id: $id}) SET f.valid_from = $zero, f.expires_at = $zero, "
            "f.last_used_at = $past, f.created_at = $zero",
            {"id": target.id, "zero": EPOCH_YEAR_ZERO, "past": EPOCH_PAST_9999},
        )
        engine_graph.query("MATCH (e:Episode {id: $id}) SET e.timestamp = $past",
                           {"id": target.episode_ids[0], "past": EPOCH_PAST_9999})

    read = memory.get(fact.id)
    assert isinstance(read, Fact)
    assert read.valid_from == TIME_MIN and read.last_used_at == TIME_MAX  # clamped, not a crash
    episode = memory.get(fact.episode_ids[0])
    assert isinstance(episode, Episode) and episode.timestamp == TIME_MAX
    assert {f.id for f in memory.facts("sam")} == {fact.id, other.id}
    assert {r.id for r in memory.recall("favorite color", user_id="sam").results} >= {fact.id}
    buffer = io.StringIO()
    assert write_jsonl(export_records(memory.store, memory.embedder.dimension), buffer) > 2
    # The tenant-wide prune (no user) lists and removes the expired ones.
    report = memory.prune(dry_run=True)
    assert {(c.fact_id, c.rule) for c in report.candidates} >= {(fact.id, "expired")}
    forgotten = memory.forget(user_id="sam", memory_id=other.id)
    assert other.id in {t.target_id for t in forgotten}
    applied = memory.prune(dry_run=False)
    assert fact.id in {c.fact_id for c in applied.candidates}
    assert memory.facts("sam") == []
    # And the user can write again.
    again = memory.write("I like tea.", user_id="sam", timestamp=T0 + timedelta(days=1))
    assert again.created


def test_mcp_answers_a_tool_error_the_model_can_read(graph: tuple[Memory, Any]) -> None:
    import anyio
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import TextContent

    from graph_memory.api.server import serving_in_thread

    memory, _ = graph
    fact = say(memory, "My favorite color is green.")
    errors: list[str] = []

    async def main(url: str) -> None:
        async with (httpx2.AsyncClient(timeout=60) as http,
                    Client(streamable_http_client(f"{url}/mcp", http_client=http)) as client):
            for tool, arguments in (
                ("memory_write", {"user_id": "sam", "text": "hi", "timestamp": YEAR_ZERO}),
                ("memory_search", {"user_id": "sam", "query": "color", "until": PAST_9999}),
                ("memory_update", {"memory_id": fact.id, "expires_at": PAST_9999}),
            ):
                result = await client.call_tool(tool, arguments)
                assert result.is_error, (tool, result.content)
                [block] = result.content
                assert isinstance(block, TextContent) and "Traceback" not in block.text
                errors.append(block.text)

    with serving_in_thread(create_app(memory=memory)) as url:
        anyio.run(main, url)
    assert all("1900-2200" in text for text in errors), errors
    assert memory.get(fact.id) == fact

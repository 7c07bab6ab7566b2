"""The MCP server through real MCP client sessions (the official SDK's client): over
streamable HTTP against the service under uvicorn (with API keys), and over stdio against
`graph-memory mcp` in a subprocess. Real engine and models."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import CallToolResult, TextContent

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

KEY_A = "mcp-key-of-tenant-a-0123456789"
KEY_B = "mcp-key-of-tenant-b-0123456789"
ROOT = Path(__file__).resolve().parents[1]
TOOLS = {"memory_write", "memory_search", "memory_summarize", "memory_update", "memory_forget",
         "memory_feedback", "memory_prune", "working_memory_get", "working_memory_set",
         "working_memory_delete", "trajectory_submit", "experience_recall",
         "experience_feedback", "memory_unmerge", "memory_settle_conflict"}

Session = Callable[[Callable[[Client], Awaitable[None]]], None]


@pytest.fixture(scope="module")
def base_url(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[str]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("mcp") / "data",
                        api_keys={KEY_A: "acme", KEY_B: "globex"})
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          serving_in_thread(create_app(memory=memory)) as url):
        yield url


def run_async(main: Callable[[], Awaitable[None]]) -> None:
    """anyio.run, re-raising the first real error out of the SDK's task-group wrappers."""
    try:
        anyio.run(main)
    except BaseExceptionGroup as group:
        error: BaseException = group
        while isinstance(error, BaseExceptionGroup):
            error = error.exceptions[0]
        raise error from None


def http_session(base_url: str, key: str) -> Session:
    """Run `body` inside one real MCP client session over streamable HTTP."""

    def run(body: Callable[[Client], Awaitable[None]]) -> None:
        async def main() -> None:
            http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=60)
            async with http, Client(streamable_http_client(f"{base_url}/mcp",
                                                           http_client=http)) as client:
                await body(client)

        run_async(main)

    return run


@pytest.fixture(scope="module")
def as_a(base_url: str) -> Session:
    return http_session(base_url, KEY_A)


def data(result: CallToolResult) -> dict[str, Any]:
    """The tool's JSON result; the text the model reads is the same, on one line."""
    assert not result.is_error, result.content
    [block] = result.content
    assert isinstance(block, TextContent) and "\n" not in block.text
    parsed: dict[str, Any] = json.loads(block.text)
    assert parsed == result.structured_content
    return parsed


def error_text(result: CallToolResult) -> str:
    assert result.is_error
    [block] = result.content
    assert isinstance(block, TextContent) and "Traceback" not in block.text
    return block.text


def test_tools_are_listed_with_prompt_like_descriptions(as_a: Session) -> None:
    async def body(client: Client) -> None:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        assert set(tools) == TOOLS
        for tool in tools.values():
            assert tool.description and "Example" in tool.description, tool.name
        assert "pronoun" in (tools["memory_write"].description or "")
        assert tools["memory_forget"].annotations is not None
        assert tools["memory_forget"].annotations.destructive_hint is True
        assert tools["memory_search"].annotations is not None
        assert tools["memory_search"].annotations.read_only_hint is True

    as_a(body)


def test_write_then_search_with_lenient_arguments_and_a_why(as_a: Session) -> None:
    async def body(client: Client) -> None:
        written = data(await client.call_tool("memory_write", {
            "text": "I live in Paris.", "user_id": "emi", "speaker": "Emi",
            "timestamp": "2026-05-01T10:00:00Z"}))
        [paris] = written["facts"]
        assert paris["text"] == "Emi lives in Paris" and written["created"] is True
        moved = data(await client.call_tool("memory_write", {
            "text": "I moved to Lisbon.", "user_id": "emi", "speaker": "Emi",
            "timestamp": "2026-05-02T10:00:00Z"}))
        [change] = moved["changes"]
        assert (change["kind"], change["other_fact_id"]) == ("superseded", paris["id"])

        found = data(await client.call_tool("memory_search", {
            "query": "Where does Emi live?", "user_id": "emi", "top_k": "3",
            "entities": "Emi", "memory_types": "fact, preference"}))
        first = found["results"][0]
        assert first["text"] == "Emi lives in Lisbon" and first["why"]
        assert first["superseded"] and "Paris" in first["superseded"][0]
        # Numbers as strings, one string for a list, JSON in a string: all coerced.
        again = data(await client.call_tool("memory_search", {
            "query": "Where does Emi live?", "user_id": "emi", "top_k": 1,
            "memory_types": '["fact"]', "include_superseded": "true"}))
        assert len(again["results"]) == 1

    as_a(body)


def test_bad_arguments_are_tool_errors_the_model_can_read(as_a: Session) -> None:
    async def body(client: Client) -> None:
        typo = error_text(await client.call_tool("memory_search", {
            "query": "x", "user_id": "emi", "sesion_id": "s1"}))
        assert "sesion_id" in typo and "session_id" in typo
        assert "priority" in error_text(await client.call_tool("memory_write", {
            "text": "I like tea.", "user_id": "emi", "priority": "high"}))
        assert "user_id is required" in error_text(
            await client.call_tool("memory_search", {"query": "tea"}))
        assert "no memory" in error_text(await client.call_tool("memory_update", {
            "memory_id": "fact_000000000000000000000000", "priority": 3}))
        assert "malformed id" in error_text(await client.call_tool("memory_feedback", {
            "memory_id": "nope", "useful": True}))
        assert "unknown memory type" in error_text(await client.call_tool("memory_write", {
            "text": "I like tea.", "user_id": "emi", "memory_type": "gossip"}))
        assert "exactly one" in error_text(await client.call_tool("memory_forget", {
            "user_id": "emi"}))
        assert "min_importance" in error_text(await client.call_tool("memory_prune", {
            "user_id": "emi", "min_importance": 2}))
        nothing = data(await client.call_tool("memory_search", {
            "query": "What does Emi like?", "user_id": "emi", "entities": "tea"}))
        assert nothing == {}  # nothing about tea was written by the failed calls

    as_a(body)


def test_lifecycle_tools_update_feedback_forget_and_prune(as_a: Session) -> None:
    async def body(client: Client) -> None:
        [fact] = data(await client.call_tool("memory_write", {
            "text": "I like coffee.", "user_id": "lee", "speaker": "Lee"}))["facts"]
        updated = data(await client.call_tool("memory_update", {
            "memory_id": fact["id"], "object_name": "green tea"}))
        assert "green tea" in updated["text"] and updated["replaces"] == fact["id"]
        rated = data(await client.call_tool("memory_feedback", {
            "memory_id": updated["id"], "useful": "false", "reason": "stale"}))
        assert rated["confidence"] < 0.9
        pruned = data(await client.call_tool("memory_prune", {
            "user_id": "lee", "superseded_days": "0"}))
        assert pruned["dry_run"] is True and pruned["removed"] == 0
        assert [c["id"] for c in pruned["candidates"]] == [fact["id"]]
        forgotten = data(await client.call_tool("memory_forget", {
            "user_id": "lee", "memory_id": updated["id"], "reason": "asked"}))
        assert {"id": updated["id"], "kind": "fact"} in forgotten["forgotten"]
        summary = data(await client.call_tool("memory_summarize", {"user_id": "lee"}))
        assert summary["note"] == "nothing is known about lee yet"

    as_a(body)


def test_working_memory_tools_and_summarize(as_a: Session) -> None:
    async def body(client: Client) -> None:
        data(await client.call_tool("memory_write", {
            "text": "I'm allergic to peanuts.", "user_id": "ana", "speaker": "Ana"}))
        slot = data(await client.call_tool("working_memory_set", {
            "session_id": "s1", "user_id": "ana", "key": "goal", "value": "book a table",
            "memory_type": "todo", "priority": "8"}))
        assert (slot["key"], slot["priority"]) == ("goal", 8)
        data(await client.call_tool("working_memory_set", {
            "session_id": "s1", "user_id": "ana", "key": "party", "value": "4 people"}))
        slots = data(await client.call_tool("working_memory_get", {
            "session_id": "s1", "user_id": "ana"}))["slots"]
        assert [s["key"] for s in slots] == ["goal", "party"]
        summary = data(await client.call_tool("memory_summarize", {
            "user_id": "ana", "session_id": "s1"}))
        assert "goal: book a table" in summary["working_memory"]
        assert [f["text"] for f in summary["facts"]] == ["Ana is allergic to peanut"]
        assert data(await client.call_tool("working_memory_delete", {
            "session_id": "s1", "user_id": "ana", "key": "party"})) == {"deleted": "party"}
        assert "session_id is required" in error_text(await client.call_tool(
            "working_memory_get", {"user_id": "ana"}))

    as_a(body)


def test_http_sessions_are_scoped_to_the_key_tenant(base_url: str, as_a: Session) -> None:
    async def write_as_a(client: Client) -> None:
        data(await client.call_tool("memory_write", {
            "text": "I'm vegetarian.", "user_id": "kim", "speaker": "Kim"}))

    async def search_as_b(client: Client) -> None:
        found = data(await client.call_tool("memory_search", {
            "query": "What does Kim eat?", "user_id": "kim"}))
        assert found == {}

    as_a(write_as_a)
    http_session(base_url, KEY_B)(search_as_b)
    with pytest.raises(MCPError):  # the SDK reports the HTTP 401 as a failed request
        http_session(base_url, "not-a-key-0123456789")(search_as_b)
    raw = httpx2.post(f"{base_url}/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                      headers={"Accept": "application/json, text/event-stream"})
    assert raw.status_code == 401 and raw.json()["error"]["type"] == "unauthorized"


def test_stdio_server_round_trip(tmp_path: Path) -> None:
    """`graph-memory mcp --user emi` as a subprocess: the way a local agent runs it."""
    env = {**os.environ, "GRAPH_MEMORY_DATA_DIR": str(tmp_path / "data")}
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "graph_memory.cli", "mcp", "--user", "emi"],
        env=env, cwd=str(ROOT),
    )

    async def main() -> None:
        async with Client(params, read_timeout_seconds=120) as client:
            assert {t.name for t in (await client.list_tools()).tools} == TOOLS
            written = data(await client.call_tool("memory_write", {
                "text": "I'm allergic to peanuts.", "speaker": "Emi"}))
            assert written["facts"][0]["text"] == "Emi is allergic to peanut"
            found = data(await client.call_tool("memory_search", {
                "query": "Suggest a restaurant for dinner"}))
            assert found["constraints"][0]["id"] == written["facts"][0]["id"]

    run_async(main)


def test_the_mcp_command_refuses_an_unknown_tenant_or_user_before_starting(
    tmp_path: Path,
) -> None:
    from typer.testing import CliRunner

    from graph_memory.cli import app

    runner = CliRunner()
    data_dir = tmp_path / "never"
    unknown = runner.invoke(app, ["--data-dir", str(data_dir), "mcp", "--tenant", "acme"])
    assert unknown.exit_code == 2 and "unknown tenant" in unknown.output
    bad_user = runner.invoke(app, ["--data-dir", str(data_dir), "mcp", "--user", "a b"])
    assert bad_user.exit_code == 2 and "--user" in bad_user.output
    assert not data_dir.exists()

"""Consolidation over the transports: REST, CLI and MCP, against the real engine and models."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp_types import TextContent
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.api import create_app
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.mcp.server import build_mcp_server
from graph_memory.memory import Memory
from graph_memory.telemetry import Telemetry

LOCAL = "http://127.0.0.1"
STATEMENTS = ["I love Italian food.", "I love Italian cuisine.", "I love Italian food a lot."]


def write_all(memory: Memory) -> None:
    for day, text in enumerate(STATEMENTS):
        memory.write(text, user_id="emi", timestamp=f"2026-11-0{day + 1}T10:00:00+00:00")


@pytest.fixture()
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=memory), base_url=LOCAL) as test_client:
        yield test_client


def test_rest_summarize_list_and_unmerge(client: TestClient, memory: Memory) -> None:
    write_all(memory)
    dry = client.post("/v1/summarize", json={"user_id": "emi", "dry_run": True})
    assert dry.status_code == 200, dry.text
    assert dry.json()["dry_run"] is True and len(dry.json()["created"]) == 1
    assert client.get("/v1/users/emi/semantic").json() == []

    done = client.post("/v1/summarize", json={"user_id": "emi"}).json()
    [created] = done["created"]
    assert created["evidence_count"] == 3 and len(created["evidence"]) == 2
    assert created["summary"].startswith("emi prefers Italian food; evidence: 3 statements")
    [merge] = done["merges"]
    listed = client.get("/v1/users/emi/semantic").json()
    assert [m["id"] for m in listed] == [created["id"]]
    shown = client.get(f"/v1/memories/{merge['fact_id']}").json()
    assert shown["memory"]["status"] == "merged"
    assert sorted(h["kind"] for h in shown["history"]) == ["DERIVED_FROM", "MERGED_INTO"]

    undone = client.post(f"/v1/memories/{merge['fact_id']}/unmerge")
    assert undone.status_code == 200, undone.text
    assert undone.json()["fact"]["status"] == "current"
    assert undone.json()["semantic"]["evidence_count"] == 2
    again = client.post(f"/v1/memories/{merge['fact_id']}/unmerge")
    assert again.status_code == 422 and "not merged" in again.json()["error"]["message"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"user_id": "emi", "min_evidence": 1},
        {"user_id": "emi", "min_evidence": "3"},
        {"user_id": "emi", "since": "yesterday"},
        {"user_id": "emi", "since": "2026-11-02T00:00:00Z", "until": "2026-11-01T00:00:00Z"},
        {"user_id": "emi", "session_id": "bad id"},
        {"user_id": "emi", "dry_run": "yes"},
        {"user_id": "emi", "colour": "red"},
    ],
)
def test_rest_summarize_refuses_bad_input(client: TestClient, body: dict[str, Any]) -> None:
    response = client.post("/v1/summarize", json=body)
    assert response.status_code == 422, response.text
    assert response.json()["error"]["message"]


def test_rest_unmerge_of_an_unknown_fact_is_404(client: TestClient) -> None:
    assert client.post("/v1/memories/fact_000000000000000000000000/unmerge").status_code == 404
    assert client.post("/v1/memories/ep_1/unmerge").status_code == 422


def test_cli_summarize_and_unmerge(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    def open_memory(settings: Settings) -> Memory:
        return Memory.open(settings, embedder=embedder, extractor=extractor)

    monkeypatch.setattr(cli, "open_memory", open_memory)
    runner = CliRunner()

    def run(*args: str, code: int = 0) -> Any:
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args])
        assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
        return json.loads(result.stdout) if "--json" in args and not code else result

    for day, text in enumerate(STATEMENTS):
        run("write", text, "--user", "emi", "--timestamp", f"2026-11-0{day + 1}T10:00:00Z")
    text = run("summarize", "--user", "emi", "--dry-run").stdout
    assert text.startswith("dry run: 1 groups") and "new" in text and "merged" in text
    report = run("summarize", "--user", "emi", "--json")
    [merge] = report["merges"]
    assert report["created"][0]["evidence_count"] == 3
    assert "unchanged" in run("summarize", "--user", "emi").stdout
    undone = run("unmerge", merge["fact_id"]).stdout
    assert "is current again" in undone and "rebuilt" in undone
    assert "not merged" in run("unmerge", merge["fact_id"], code=2).stderr
    assert "min_evidence" in run("summarize", "--user", "emi", "--min-evidence", "1",
                                 code=2).stderr
    assert "--since" in run("summarize", "--user", "emi", "--since", "soon", code=2).stderr


def test_mcp_summarize_consolidates_and_unmerge_undoes(memory: Memory) -> None:
    write_all(memory)
    server = build_mcp_server(
        lambda headers: ("local", memory), Telemetry(memory.settings.recall_log)
    )

    async def main() -> None:
        async with Client(server) as client:
            read = await client.call_tool(
                "memory_summarize", {"user_id": "emi", "consolidate": False}
            )
            assert read.structured_content is not None
            assert "learned" not in read.structured_content
            summary = await client.call_tool("memory_summarize", {"user_id": "emi"})
            content = summary.structured_content
            assert content is not None
            [learned] = content["learned"]
            assert learned["evidence_count"] == 3
            assert "evidence: 3 statements" in learned["summary"]
            assert all(f["type"] != "semantic" for f in content["facts"])
            [merged] = content["consolidated"]["merged"]
            undone = await client.call_tool("memory_unmerge", {"memory_id": merged["id"]})
            assert undone.structured_content is not None
            assert undone.structured_content["status"] == "current"
            bad = await client.call_tool("memory_unmerge", {"memory_id": merged["id"]})
            assert bad.is_error
            [block] = bad.content
            assert isinstance(block, TextContent) and "not merged" in block.text
            low = await client.call_tool(
                "memory_summarize", {"user_id": "emi", "min_evidence": 1}
            )
            assert low.is_error

    anyio.run(main)

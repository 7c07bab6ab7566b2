"""Hindsight over the transports: CLI, REST and MCP, against the real engine and models."""

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
WRONG_ENDPOINT = 'HTTP 404 Not Found: {"error": "no route for POST /v1/refund"}'


def refund(agent: str = "api-agent", **extra: Any) -> dict[str, Any]:
    return {
        "user_id": "shop", "agent_id": agent, "environment": "staging",
        "task_type": "refund order via API", "scene": "the orders API",
        "goal": "refund order A1234 for the customer", "entities": ["A1234"],
        "timestamp": "2026-06-01T09:00:00+00:00", "outcome": "success",
        "steps": [
            {"action": "http_post", "approach": "POST /v1/refund", "success": False,
             "error": WRONG_ENDPOINT},
            {"action": "http_post", "approach": "POST /v1/orders/{id}/refund",
             "success": False, "error": "ReadTimeout: Read timed out. (read timeout=10)"},
            {"action": "http_post", "approach": "POST /v1/orders/{id}/refund", "success": True,
             "result": "201 Created: refund R-88"},
        ],
        **extra,
    }


@pytest.fixture()
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=memory), base_url=LOCAL) as test_client:
        yield test_client


def test_rest_submit_recall_feedback_and_list(client: TestClient) -> None:
    submitted = client.post("/v1/trajectories", json=refund())
    assert submitted.status_code == 201, submitted.text
    body = submitted.json()
    assert [s["label"] for s in body["review"]["steps"]] == [
        "falsified", "environment", "effective",
    ]
    assert body["review"]["steps"][0]["error"] == WRONG_ENDPOINT
    assert client.post("/v1/trajectories", json=refund()).json()["created"] is False

    recalled = client.post("/v1/experience/recall", json={
        "task": "refund order C42", "user_id": "shop", "task_type": "refund order via API",
        "agent_id": "api-agent", "environment": "staging",
    })
    assert recalled.status_code == 200, recalled.text
    hits = recalled.json()["results"]
    assert [(h["experience"]["label"], h["experience"]["approach"]) for h in hits] == [
        ("use", "POST /v1/orders/{id}/refund"), ("avoid", "POST /v1/refund"),
    ]
    use_id = hits[0]["experience"]["id"]
    fed = client.post(f"/v1/experiences/{use_id}/feedback", json={"useful": True})
    assert fed.status_code == 200 and fed.json()["confidence"] == 0.6
    listed = client.get("/v1/users/shop/experiences", params={"task_type": "refund order via API"})
    assert {e["id"] for e in listed.json()} >= {use_id}


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/v1/trajectories", refund(steps=[])),
        ("/v1/trajectories", refund(colour="red")),
        ("/v1/trajectories", refund(steps=[{"action": "x", "success": "false"}])),
        ("/v1/experience/recall", {"task": "x", "user_id": "shop", "top_k": "5"}),
        ("/v1/experience/recall", {"task": "x", "user_id": "shop", "agents": "all"}),
    ],
)
def test_rest_refuses_bad_input_with_422(client: TestClient, path: str, body: Any) -> None:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.text
    assert "error" in response.json()


def test_rest_feedback_on_an_unknown_experience_is_404(client: TestClient) -> None:
    response = client.post(
        "/v1/experiences/fact_000000000000000000000000/feedback", json={"useful": False}
    )
    assert response.status_code == 404


def test_cli_submit_recall_feedback_list(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    def open_memory(settings: Settings) -> Memory:
        return Memory.open(settings, embedder=embedder, extractor=extractor)

    monkeypatch.setattr(cli, "open_memory", open_memory)
    runner = CliRunner()

    def run(*args: str, code: int = 0, stdin: str | None = None) -> Any:
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args],
                               input=stdin)
        assert result.exit_code == code, (result.stdout, result.stderr, result.exception)
        return json.loads(result.stdout) if "--json" in args and not code else result

    path = tmp_path / "trajectory.json"
    path.write_text(json.dumps(refund()))
    submitted = run("experience", "submit", str(path), "--json")
    assert len(submitted["experience_ids"]) == 2
    text = run("experience", "submit", "-", stdin=json.dumps(refund(agent="other"))).stdout
    assert "[falsified] POST /v1/refund" in text and "[environment]" in text
    recalled = run("experience", "recall", "refund order C42", "--user", "shop",
                   "--task-type", "refund order via API", "--agent", "api-agent",
                   "--env", "staging", "--json")
    labels = [h["experience"]["label"] for h in recalled["results"]]
    assert labels == ["use", "avoid"]
    wrong = recalled["results"][0]["experience"]["id"]
    assert run("experience", "feedback", wrong, "--not-useful", "--json")["confidence"] == 0.3
    listed = run("experience", "list", "--user", "shop", "--json")
    assert len(listed) == 4  # two per agent
    bad = run("experience", "submit", str(tmp_path / "missing.json"), code=2)
    assert bad.stderr.startswith("error: ")
    path.write_text(json.dumps(refund(steps=[])))
    assert "steps" in run("experience", "submit", str(path), code=2).stderr


def test_mcp_tools_submit_recall_and_feedback(memory: Memory) -> None:
    server = build_mcp_server(
        lambda headers: ("local", memory), Telemetry(memory.settings.recall_log)
    )

    async def main() -> None:
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"trajectory_submit", "experience_recall", "experience_feedback"} <= names
            submitted = await client.call_tool(
                "trajectory_submit", {"trajectory": json.dumps(refund())}
            )
            assert not submitted.is_error, submitted.content
            assert submitted.structured_content is not None
            assert submitted.structured_content["steps"] == [
                "falsified POST /v1/refund",
                "environment POST /v1/orders/{id}/refund",
                "effective POST /v1/orders/{id}/refund",
            ]
            recalled = await client.call_tool("experience_recall", {
                "task": "refund order C42", "agent_id": "api-agent", "user_id": "shop",
                "task_type": "refund order via API", "environment": "staging",
            })
            assert recalled.structured_content is not None
            results = recalled.structured_content["results"]
            assert [r["label"] for r in results] == ["use", "avoid"]
            fed = await client.call_tool(
                "experience_feedback", {"memory_id": results[1]["id"], "useful": False}
            )
            assert fed.structured_content == {"id": results[1]["id"], "confidence": 0.3}
            bad = await client.call_tool("trajectory_submit", {"trajectory": "{not json"})
            assert bad.is_error
            [block] = bad.content
            assert isinstance(block, TextContent) and "not valid JSON" in block.text

    anyio.run(main)

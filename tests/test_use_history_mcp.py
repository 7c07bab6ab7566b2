"""A fact's use history over real MCP HTTP (the session helpers and server of test_mcp.py):
feedback and summarize show its newest uses, recalls counted."""

from __future__ import annotations

from mcp import Client
from test_mcp import Session, as_a, base_url, data

__all__ = ["as_a", "base_url"]  # fixtures, used by name


def test_feedback_and_summarize_show_the_recent_uses(as_a: Session) -> None:
    async def body(client: Client) -> None:
        [fact] = data(await client.call_tool("memory_write", {
            "text": "I like green tea.", "user_id": "uses", "speaker": "Uses"}))["facts"]
        found = data(await client.call_tool("memory_search", {
            "query": "What does Uses like to drink?", "user_id": "uses"}))
        assert fact["id"] in [r["id"] for r in found["results"]]
        rated = data(await client.call_tool("memory_feedback", {
            "memory_id": fact["id"], "useful": "false", "reason": "stale"}))
        # The search's use waits for its batch (seconds); the feedback is written at once.
        assert rated["recent_uses"][-1].endswith(" not_useful")
        summary = data(await client.call_tool("memory_summarize", {"user_id": "uses"}))
        [shown] = [f for f in summary["facts"] if f["id"] == fact["id"]]
        # The same entry (the search's may have been written in between, after it).
        assert rated["recent_uses"][-1] in shown["recent_uses"]
        assert shown["use_count"] >= 1

    as_a(body)

"""memory_settle_conflict: an agent settles a conflict the user resolved, over real MCP HTTP
(the session helpers and server of test_mcp.py)."""

from __future__ import annotations

from mcp import Client
from test_mcp import Session, as_a, base_url, data, error_text

__all__ = ["as_a", "base_url"]  # fixtures, used by name


def test_an_agent_confirms_what_the_user_settled(as_a: Session) -> None:
    def works_at(company: str, speaker: str, minute: int) -> dict[str, object]:
        return {"user_id": "settle", "speaker": speaker,
                "timestamp": f"2026-05-01T12:0{minute}:00Z",
                "triples": [{"subject": {"name": "Emi", "type": "Person"},
                             "predicate": "WORKS_AT",
                             "object": {"name": company, "type": "Organization"}}]}

    async def body(client: Client) -> None:
        acme = data(await client.call_tool("memory_write", works_at("Acme", "Emi", 0)))
        globex = data(await client.call_tool("memory_write", works_at("Globex", "Ana", 1)))
        [acme_id], [globex_id] = acme["facts"], globex["facts"]
        settled = data(await client.call_tool("memory_settle_conflict", {
            "memory_id": globex_id["id"], "decision": "confirm", "reason": "user said so"}))
        assert settled["status"] == "current"
        assert settled["superseded"] == [acme_id["id"]]
        again = await client.call_tool("memory_settle_conflict", {
            "memory_id": acme_id["id"], "decision": "reject"})
        assert "not awaiting confirmation" in error_text(again)
        wrong = await client.call_tool("memory_settle_conflict", {
            "memory_id": globex_id["id"], "decision": "maybe"})
        assert wrong.is_error

    as_a(body)

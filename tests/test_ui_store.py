"""What the explorer reads and does, on every backend: a fact's sources with spans, the users
of a graph, and settling a conflict by hand (Memory over FalkorDB, and over a real Neo4j)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.errors import InvalidInputError
from graph_memory.memory import Memory
from graph_memory.models import Fact, Triple

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["memory", "neo4j_memory"])
def any_memory(request: pytest.FixtureRequest) -> Memory:
    found: Memory = request.getfixturevalue(request.param)
    return found


def works_at(memory: Memory, user: str, company: str, speaker: str, minute: int) -> str:
    triple = Triple.model_validate({
        "subject": {"name": "Emi", "type": "Person"}, "predicate": "WORKS_AT",
        "object": {"name": company, "type": "Organization"}})
    result = memory.write(user_id=user, triples=[triple], speaker=speaker,
                          timestamp=T0 + timedelta(minutes=minute))
    [fact_id] = result.fact_ids
    return fact_id


def fact(memory: Memory, fact_id: str) -> Fact:
    found = memory.get(fact_id)
    assert isinstance(found, Fact)
    return found


def test_sources_and_users(any_memory: Memory) -> None:
    text = "I live in Oslo."
    written = any_memory.write(text, user_id="ana", speaker="Ana", timestamp=T0)
    any_memory.write("I like tea.", user_id="ana", speaker="Ana", timestamp=T0)
    any_memory.write("I like coffee.", user_id="bo", speaker="Bo", timestamp=T0)
    [fact_id] = [f for f in written.fact_ids if "Oslo" in (fact(any_memory, f).text or "")]
    [source] = any_memory.sources(fact_id)
    assert source.episode.id == written.episode_id
    start, end = source.span
    assert "Oslo" in text[start:end]
    assert {(u.user_id, u.episodes) for u in any_memory.users()} == {("ana", 2), ("bo", 1)}


def test_confirm_then_nothing_left_to_decide(any_memory: Memory) -> None:
    acme = works_at(any_memory, "u", "Acme", "Emi", 0)
    globex = works_at(any_memory, "u", "Globex", "Ana", 1)
    assert fact(any_memory, acme).status == fact(any_memory, globex).status == "conflicted"
    result = any_memory.confirm(globex, by="test", reason="new job")
    assert (result.fact.status, result.superseded, result.current) == (
        "current", (acme,), (globex,))
    assert fact(any_memory, acme).status == "superseded"
    links = [(k.kind, k.from_id, k.to_id) for k in any_memory.history(globex)]
    assert ("SUPERSEDES", globex, acme) in links
    with pytest.raises(InvalidInputError, match="not awaiting confirmation"):
        any_memory.reject(globex)


def test_reject_lets_the_other_side_hold(any_memory: Memory) -> None:
    acme = works_at(any_memory, "r", "Acme", "Emi", 0)
    globex = works_at(any_memory, "r", "Globex", "Ana", 1)
    result = any_memory.reject(globex, by="test", reason="Ana was wrong")
    assert (result.fact.status, result.superseded, result.current) == (
        "superseded", (globex,), (acme,))
    assert fact(any_memory, acme).status == "current"
    assert not fact(any_memory, acme).needs_confirmation
    links = [(k.kind, k.from_id, k.to_id, k.reason) for k in any_memory.history(acme)]
    assert ("SUPERSEDES", acme, globex, "rejected by test: Ana was wrong") in links

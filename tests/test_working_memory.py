"""Working memory: slots, history, TTL per memory type, capacity eviction, spill to episodic."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)


@pytest.fixture()
def small(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    settings = Settings(
        data_dir=tmp_path / "wm",
        working_memory_capacity=3,
        working_memory_ttl_seconds={"event": 60},
    )
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        yield memory


def spilled(memory: Memory) -> list[str]:
    return sorted(
        e.text or ""
        for e, _ in memory.store.search_episodes_by_text("u1", "goal order colour note", 50)
    )


def test_writing_a_key_again_overwrites_and_keeps_history(small: Memory) -> None:
    wm = small.working
    wm.set("u1", "s1", "current_goal", "refund", T0, memory_type="todo")
    slot = wm.set(
        "u1", "s1", "current_goal", "exchange", T0 + timedelta(minutes=1), memory_type="todo"
    )
    assert slot.value == "exchange"
    assert [h.split("\t")[1] for h in slot.history] == ["refund"]
    [only] = wm.slots("u1", "s1", T0 + timedelta(minutes=2))
    assert only == slot


def test_ttl_per_memory_type_defaults_and_overrides(small: Memory) -> None:
    wm = small.working
    assert wm.ttl_seconds("constraint") == 7200
    assert wm.ttl_seconds("todo") == 1800
    assert wm.ttl_seconds("fact") == 3600
    assert wm.ttl_seconds("event") == 60, "configured override"
    slot = wm.set("u1", "s1", "order_id", "A1234", T0)
    assert slot.expires_at == T0 + timedelta(seconds=3600)


def test_an_expired_slot_moves_to_episodic_memory(small: Memory) -> None:
    wm = small.working
    wm.set("u1", "s1", "goal", "book a table", T0, memory_type="todo")
    wm.set("u1", "s1", "order", "A1234", T0, memory_type="constraint")
    later = T0 + timedelta(seconds=1801)
    assert [s.key for s in wm.slots("u1", "s1", later)] == ["order"]
    assert spilled(small) == ["goal: book a table"]
    episodes = small.store.search_episodes_by_text("u1", "goal", 5)
    assert episodes[0][0].kind.startswith("working_memory (expired")
    assert episodes[0][0].session_id == "s1"


def test_capacity_evicts_lowest_priority_then_oldest_into_episodic(small: Memory) -> None:
    wm = small.working
    wm.set("u1", "s1", "goal", "exchange shoes", T0, priority=9)
    wm.set("u1", "s1", "note", "old note", T0 + timedelta(seconds=1), priority=2)
    wm.set("u1", "s1", "colour", "blue", T0 + timedelta(seconds=2), priority=2)
    wm.set("u1", "s1", "order", "A1234", T0 + timedelta(seconds=3), priority=5)
    keys = {s.key for s in wm.slots("u1", "s1", T0 + timedelta(seconds=4))}
    assert keys == {"goal", "colour", "order"}, "lowest priority, then oldest, was evicted"
    assert spilled(small) == ["note: old note"]
    # Overwriting an existing key never evicts.
    wm.set("u1", "s1", "order", "B777", T0 + timedelta(seconds=5))
    assert len(wm.slots("u1", "s1", T0 + timedelta(seconds=6))) == 3


def test_sessions_are_separate_and_render_compactly(small: Memory) -> None:
    small.working_set("u1", "s1", "current_goal", "exchange", memory_type="todo")
    small.working_set("u1", "s1", "allergy", "peanuts", memory_type="constraint")
    small.working_set("u1", "s2", "current_goal", "refund", memory_type="todo")
    text = small.working_render("u1", "s1")
    assert text.splitlines() == [
        "Working memory (session s1):",
        "- allergy: peanuts [constraint, p8]",
        "- current_goal: exchange [todo, p6]",
    ]
    assert [s.value for s in small.working_get("u1", "s2")] == ["refund"]
    assert small.working_render("u1", "s3") == "Working memory (session s3): empty"
    small.working_delete("u1", "s1", "allergy")
    assert [s.key for s in small.working_get("u1", "s1")] == ["current_goal"]


def test_bad_working_memory_input(small: Memory) -> None:
    with pytest.raises(InvalidInputError, match="key"):
        small.working_set("u1", "s1", "  ", "x")
    with pytest.raises(InvalidInputError, match="unknown memory type"):
        small.working_set("u1", "s1", "k", "v", memory_type="mood")
    with pytest.raises(InvalidInputError, match="priority"):
        small.working_set("u1", "s1", "k", "v", priority=0)
    with pytest.raises(InvalidInputError, match="session_id"):
        small.working_get("u1", "bad session!")
    with pytest.raises(NotFoundError):
        small.working_delete("u1", "s1", "missing")
    assert small.working_get("u1", "s1") == []

"""A retried write changes nothing, and a source id names one message (graph_memory/write/plan.py),
against the real engine and models."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.errors import InvalidInputError
from graph_memory.memory import Memory
from graph_memory.models import Fact

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
COLOR = "My favorite color is green."


def evidence(memory: Memory, fact_id: str) -> int:
    fact = memory.get(fact_id)
    assert isinstance(fact, Fact)
    return fact.evidence_count


def test_a_retry_without_source_id_or_time_is_the_same_message(memory: Memory) -> None:
    first = memory.write(COLOR, user_id="sam", speaker="Sam")
    [fact_id] = first.fact_ids
    retry = memory.write(COLOR, user_id="sam", speaker="Sam")
    assert (retry.created, retry.episode_id) == (False, first.episode_id)
    assert evidence(memory, fact_id) == 1
    assert memory.store.count("Episode") == 1


def test_the_same_text_at_two_given_times_is_said_twice(memory: Memory) -> None:
    first = memory.write(COLOR, user_id="sam", speaker="Sam", timestamp=T0)
    again = memory.write(COLOR, user_id="sam", speaker="Sam", timestamp=T0 + timedelta(days=1))
    assert again.created and again.episode_id != first.episode_id
    assert evidence(memory, first.fact_ids[0]) == 2
    retry = memory.write(COLOR, user_id="sam", speaker="Sam", timestamp=T0)
    assert not retry.created and evidence(memory, first.fact_ids[0]) == 2


def test_a_source_id_names_one_message(memory: Memory) -> None:
    first = memory.write(COLOR, user_id="sam", speaker="Sam", source_id="chat:1")
    retry = memory.write(COLOR, user_id="sam", speaker="Sam", source_id="chat:1")
    assert (retry.created, retry.episode_id) == (False, first.episode_id)
    with pytest.raises(InvalidInputError, match=r"chat:1.*different text"):
        memory.write("My favorite color is blue.", user_id="sam", source_id="chat:1")
    with pytest.raises(InvalidInputError, match="twice in the batch"):
        memory.write_batch([
            {"user_id": "sam", "text": "I like tea.", "source_id": "chat:2"},
            {"user_id": "sam", "text": "I like coffee.", "source_id": "chat:2"},
        ])
    assert memory.store.count("Episode") == 1
    assert [f.object_name for f in memory.facts("sam")] == ["green"]
    # A forgotten message stays forgotten when its source id comes again.
    memory.forget(user_id="sam", memory_id=first.episode_id)
    again = memory.write(COLOR, user_id="sam", source_id="chat:1")
    assert not again.created and memory.facts("sam") == []

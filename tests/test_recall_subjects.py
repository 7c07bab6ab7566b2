"""Recall of a question that names a speaker (recall/subjects.py): what that person said is
about them, so it involves the query's entity even where the message never names them. Real
engine, spaCy and embedding models."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from conftest import write_dialogue

from graph_memory.memory import Memory
from graph_memory.recall.models import RecallResult

T0 = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
CHAT = [
    ("Emi", "I love hiking in the mountains."),
    ("Sam", "I cooked a big pot of chili yesterday, it took all afternoon."),
    ("Emi", "Last night I made pasta carbonara from scratch."),
    ("Sam", "I love going to the cinema on Fridays."),
    ("Emi", "Work was busy this week."),
    ("Sam", "My sister is visiting next month."),
]
QUESTION = "What did Emi cook?"


@pytest.fixture(scope="module")
def memory(chat_memory: Memory) -> Memory:
    write_dialogue(chat_memory, "chat", CHAT, T0)
    return chat_memory


def ranks(memory: Memory, **options: object) -> dict[str, RecallResult]:
    """Source id -> result, in rank order, of the question over the messages only."""
    results = memory.recall(QUESTION, user_id="chat", top_k=len(CHAT), include_constraints=False,
                            filters={"kinds": ["episode"]}, **options).results
    return {r.source_ids[0]: r for r in results}


def entity(result: RecallResult) -> float:
    assert result.why is not None
    return next(s.raw for s in result.why.signals if s.name == "entity")


def test_without_the_entity_signal_the_other_speakers_cooking_ranks_higher(
    memory: Memory,
) -> None:
    order = list(ranks(memory, weights={"entity": 0.0}))
    assert order.index("D1:2") < order.index("D1:3")  # "cooked" matches the question


def test_the_named_speakers_own_message_outranks_the_other_speakers(memory: Memory) -> None:
    found = ranks(memory)
    order = list(found)
    assert order.index("D1:3") < order.index("D1:2")  # Emi's pasta never says "Emi" or "cook"
    pasta = found["D1:3"]
    assert pasta.why is not None
    assert pasta.why.matched_entities == ("Emi",)
    assert "said by Emi" in pasta.why.notes
    assert entity(pasta) == 1.0


def test_the_other_speakers_messages_are_not_said_by_the_query_entity(memory: Memory) -> None:
    found = ranks(memory)
    sams_ids = {f"D1:{i + 1}" for i, (speaker, _) in enumerate(CHAT) if speaker == "Sam"}
    assert "D1:2" in found
    for sams in (found[source] for source in sams_ids & set(found)):
        assert sams.why is not None
        assert entity(sams) == 0.0
        assert not any(note.startswith("said by") for note in sams.why.notes)

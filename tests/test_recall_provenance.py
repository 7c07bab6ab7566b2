"""Recall lends a fact's evidence to the message it was drawn from (recall/provenance.py): a
chatty message is matched as well as the few words its fact restates it in. Real engine,
spaCy and embedding models."""

from __future__ import annotations

import pytest

from graph_memory.errors import InvalidInputError
from graph_memory.memory import Memory
from graph_memory.recall.models import RecallResult

CHATTY = ("Ugh, long story short, after that awful night at the seafood place the doctor says "
          "I'm allergic to shellfish.")
QUESTION = "What is Emi allergic to?"


def semantic(result: RecallResult) -> float:
    assert result.why is not None
    return next(s.raw for s in result.why.signals if s.name == "semantic")


def only(memory: Memory, kind: str, **options: object) -> RecallResult:
    results = memory.recall(QUESTION, user_id="emi", include_constraints=False,
                            filters={"kinds": [kind]}, **options).results
    return results[0]


@pytest.fixture()
def chat(memory: Memory) -> tuple[str, str]:
    """The chatty message and its fact, among other messages; returns their ids."""
    written = memory.write(CHATTY, user_id="emi", speaker="Emi")
    for text in ("We watched a movie about pirates last night.",
                 "I love hiking in the mountains.", "The weather was terrible on Tuesday."):
        memory.write(text, user_id="emi", speaker="Emi")
    [fact_id] = written.fact_ids
    return written.episode_id, fact_id


def test_a_message_is_matched_at_least_as_well_as_its_fact(
    memory: Memory, chat: tuple[str, str]
) -> None:
    episode_id, fact_id = chat
    fact = only(memory, "fact")
    alone = only(memory, "episode", weights={"fact_evidence": 0.0})
    lent = only(memory, "episode")
    assert (fact.id, alone.id, lent.id) == (fact_id, episode_id, episode_id)
    # The fact ("Emi is allergic to shellfish") matches the question better than the message.
    assert semantic(fact) > semantic(alone)
    assert semantic(lent) == pytest.approx(semantic(fact), abs=1e-6)
    assert lent.score > alone.score
    assert lent.why is not None and f"facts drawn from it: {fact_id}" in lent.why.notes
    assert alone.why is not None and not any("drawn" in n for n in alone.why.notes)


def test_the_share_lent_is_a_weight(memory: Memory, chat: tuple[str, str]) -> None:
    fact, alone = only(memory, "fact"), only(memory, "episode", weights={"fact_evidence": 0.0})
    half = only(memory, "episode", weights={"fact_evidence": 0.5})
    assert semantic(half) == pytest.approx(max(semantic(alone), 0.5 * semantic(fact)), abs=1e-6)
    for bad in (1.5, -0.1):
        with pytest.raises(InvalidInputError, match="fact_evidence"):
            memory.recall(QUESTION, user_id="emi", weights={"fact_evidence": bad})


def test_the_fact_still_holds_one_slot_for_both(memory: Memory, chat: tuple[str, str]) -> None:
    episode_id, fact_id = chat
    results = memory.recall(QUESTION, user_id="emi", include_constraints=False).results
    assert results[0].id == fact_id and results[0].episode_ids == (episode_id,)
    assert episode_id not in [r.id for r in results]

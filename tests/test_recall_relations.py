"""The relation channel (recall/relations.py): a question naming a person and asking for a
relation follows person -relation-> fact -EXTRACTED_FROM-> message in the graph. Real engine,
spaCy and embedding models."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from conftest import write_dialogue

from graph_memory.entities import entity_id
from graph_memory.memory import Memory
from graph_memory.models import Entity
from graph_memory.ontology import Ontology
from graph_memory.recall.models import RecallResult
from graph_memory.recall.relations import asked_relations, asked_subjects

T0 = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
CHAT = [
    ("Kate", "I've been going bouldering every weekend."),  # HAS_HOBBY, no word of the question
    ("Sam", "Hobbies are a great way to meet people, I think."),
    ("Kate", "I love Thai food."),  # PREFERS: not what "hobbies" asks for
    ("Sam", "In my free time I do pottery."),  # Sam's HAS_HOBBY
    ("Kate", "The weather was awful today."),
]


@pytest.fixture(scope="module")
def memory(chat_memory: Memory) -> Memory:
    write_dialogue(chat_memory, "chat", CHAT, T0)
    return chat_memory


def messages(memory: Memory, question: str) -> dict[str, RecallResult]:
    """Source id -> result, in rank order, over the messages only."""
    results = memory.recall(question, user_id="chat", top_k=len(CHAT), include_constraints=False,
                            filters={"kinds": ["episode"]}).results
    return {r.source_ids[0]: r for r in results}


def relations_on_path(result: RecallResult) -> list[str]:
    assert result.why is not None
    return [step.relation for step in result.why.path]


def graph(result: RecallResult) -> float:
    assert result.why is not None
    return next(s.raw for s in result.why.signals if s.name == "graph")


def test_question_words_name_the_relations_the_ontology_lists_them_for(
    ontology: Ontology,
) -> None:
    assert asked_relations("What are Kate's hobbies?", ontology) == ["HAS_HOBBY"]
    assert asked_relations("Which countries has Elise been to?", ontology) == ["VISITED"]
    assert "PREFERS" in asked_relations("What's her favorite food?", ontology)
    assert asked_relations("Where is the meeting?", ontology) == []
    # Whole words only: "likely" asks for no liking, "hobbyist" for no hobby.
    assert asked_relations("Is a hobbyist likely to come?", ontology) == []


def test_the_people_asked_about_are_named_persons_and_the_asker_for_my() -> None:
    kate = Entity(id=entity_id("chat", "Kate"), user_id="chat", name="Kate", type="Person")
    paris = Entity(id=entity_id("chat", "Paris"), user_id="chat", name="Paris", type="Place")
    assert asked_subjects("What does Kate like in Paris?", [kate, paris], "chat") == [kate.id]
    assert asked_subjects("What are my hobbies?", [], "chat") == [entity_id("chat", "chat")]
    assert asked_subjects("What are the hobbies?", [paris], "chat") == []


def test_a_hobby_question_reaches_the_named_persons_hobby_message_through_the_graph(
    memory: Memory,
) -> None:
    found = messages(memory, "What are Kate's hobbies?")
    bouldering = found["D1:1"]
    assert relations_on_path(bouldering) == ["start", "HAS_HOBBY", "EXTRACTED_FROM"]
    assert bouldering.why is not None and "graph" in bouldering.why.channels
    assert graph(bouldering) == 1.0
    assert list(found).index("D1:1") < list(found).index("D1:2")  # above the word match


def test_facts_of_other_relations_and_other_people_are_not_on_the_path(memory: Memory) -> None:
    found = messages(memory, "What are Kate's hobbies?")
    assert "EXTRACTED_FROM" not in relations_on_path(found["D1:3"])  # Kate's liking: PREFERS
    assert graph(found["D1:3"]) == 0.0  # the untyped expansion reaches it: no graph score
    assert "HAS_HOBBY" not in relations_on_path(found["D1:4"])  # Sam's hobby
    sams = messages(memory, "What are Sam's hobbies?")
    assert relations_on_path(sams["D1:4"]) == ["start", "HAS_HOBBY", "EXTRACTED_FROM"]
    assert "EXTRACTED_FROM" not in relations_on_path(sams["D1:1"])


def test_a_question_that_asks_for_no_relation_takes_no_relation_path(memory: Memory) -> None:
    found = messages(memory, "Tell me about Kate's weekends.")
    # The untyped expansion may still reach Kate's facts; the relation channel's path (through
    # the message the fact was drawn from) is not taken.
    assert found and all("EXTRACTED_FROM" not in relations_on_path(r) for r in found.values())

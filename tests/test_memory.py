"""Memory end to end: real engine, real spaCy extractor, real embedding model."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.memory import Memory
from graph_memory.models import Fact

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


def say(memory: Memory, text: str, minutes: int, user: str = "emi", **kw: object) -> list[Fact]:
    result = memory.write(
        text, user_id=user, speaker="Emi", timestamp=T0 + timedelta(minutes=minutes), **kw
    )  # type: ignore[arg-type]
    return [memory.get(fid) for fid in result.fact_ids]  # type: ignore[misc]


def current(memory: Memory, predicate: str, user: str = "emi") -> list[str]:
    return sorted(
        f.object_name or "" for f in memory.facts(user, statuses=["current"], predicate=predicate)
    )


def test_allergy_stated_early_is_still_current_after_a_long_chat(memory: Memory) -> None:
    say(memory, "Hi! Quick note before we start: I'm allergic to peanuts.", 8)
    for i, line in enumerate(
        [
            "What's good around here for dinner?",
            "I love Thai food.",
            "Actually I moved to Lisbon last year.",
            "Any tips?",
        ]
    ):
        say(memory, line, 10 + i)
    [allergy] = memory.facts("emi", predicate="ALLERGIC_TO")
    assert allergy.status == "current" and allergy.object_name == "peanut"
    assert allergy.memory_type == "constraint" and allergy.priority == 9
    assert allergy.text == "Emi is allergic to peanut"
    assert current(memory, "PREFERS") == ["Thai food"] or "thai food" in current(memory, "PREFERS")


def test_a_changed_preference_supersedes_and_keeps_history(memory: Memory) -> None:
    [liked] = say(memory, "I like coffee.", 0)
    [disliked] = say(memory, "I don't like coffee anymore.", 60)
    assert disliked.predicate == "AVOIDS" and disliked.status == "current"
    old = memory.get(liked.id)
    assert isinstance(old, Fact) and old.status == "superseded" and old.text == liked.text
    [link] = memory.history(disliked.id)
    assert (link.kind, link.from_id, link.to_id) == ("SUPERSEDES", disliked.id, liked.id)


def test_goal_changes_from_refund_to_exchange(memory: Memory) -> None:
    say(memory, "I want to get a refund for these shoes.", 0, session_id="s1")
    result = memory.write(
        "Actually, I'd like to exchange them instead.",
        user_id="emi",
        speaker="Emi",
        session_id="s1",
        timestamp=T0 + timedelta(minutes=2),
    )
    goals = memory.facts("emi", statuses=None, predicate="HAS_GOAL")
    by_status = {f.status: f.object_name or "" for f in goals}
    assert "exchange" in by_status["current"] and "refund" in by_status["superseded"]
    assert [c.kind for c in result.changes] == ["superseded"]


def test_negation_never_becomes_the_positive_fact(memory: Memory) -> None:
    say(memory, "I don't want red.", 0)
    say(memory, "I'm not allergic to shellfish.", 1)
    assert current(memory, "PREFERS") == []
    assert current(memory, "AVOIDS") == ["red"]
    assert memory.facts("emi", statuses=None, predicate="ALLERGIC_TO") == []


def test_structured_triples_are_validated_and_stored(memory: Memory) -> None:
    triple = {
        "subject": {"name": "checkout", "type": "Task"},
        "predicate": "DEPENDS_ON",
        "object": {"name": "payment service", "type": "Component"},
    }
    result = memory.write(user_id="team", triples=[triple], agent_id="planner")
    [fact] = [memory.get(fid) for fid in result.fact_ids]
    assert isinstance(fact, Fact) and fact.text == "checkout depends on payment service"
    assert fact.extractor == "caller" and fact.origin == "planner"
    bad = {**triple, "subject": {"name": "Emi", "type": "Person"}}
    with pytest.raises(InvalidInputError, match="DEPENDS_ON does not take a Person subject"):
        memory.write(user_id="team", triples=[bad])


def test_the_same_episode_twice_adds_nothing(memory: Memory) -> None:
    first = memory.write("I live in Berlin.", user_id="emi", source_id="D1:1", timestamp=T0)
    counts = (
        memory.store.count("Episode"),
        memory.store.count("Fact"),
        memory.store.count("Entity"),
    )
    again = memory.write("I live in Berlin.", user_id="emi", source_id="D1:1", timestamp=T0)
    assert first.created and not again.created and again.episode_id == first.episode_id
    assert (
        memory.store.count("Episode"),
        memory.store.count("Fact"),
        memory.store.count("Entity"),
    ) == counts


def test_a_batch_with_one_bad_item_writes_nothing(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="priority"):
        memory.write_batch(
            [
                {"text": "I live in Rome.", "user_id": "emi"},
                {"text": "I love pasta.", "user_id": "emi", "priority": 11},
            ]
        )
    assert memory.store.count("Episode") == 0 and memory.store.count("Fact") == 0


def test_entities_are_canonicalised_across_writes(memory: Memory) -> None:
    say(memory, "I'm allergic to peanuts.", 0)
    say(memory, "I hate Peanuts.", 1)
    facts = memory.facts("emi")
    assert len({f.object_id for f in facts}) == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"text": "   "}, "empty"),
        ({"text": "x" * 9001}, "over the limit"),
        ({"text": "ok", "memory_type": "gossip"}, "unknown memory type"),
        ({"text": "ok", "priority": 0}, "priority"),
        ({"text": "ok", "user_id": "bad id!"}, "user_id"),
        ({"text": "bell\x07"}, "control character"),
        ({"text": "lone \ud800 surrogate"}, "UTF-8"),
        ({"text": b"\xff\xfe"}, "unicode"),
        ({"text": "ok", "surprise": 1}, "surprise"),
        ({}, "needs text"),
        (
            {
                "triples": [
                    {
                        "subject": {"name": "a", "type": "Person"},
                        "predicate": "LIKES",
                        "object": {"name": "b", "type": "Thing"},
                    }
                ]
            },
            "unknown relation",
        ),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    memory: Memory, fields: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message):
        memory.write_batch([{"user_id": "emi", **fields}])
    assert memory.store.count("Episode") == 0


def test_oversized_and_empty_batches_are_refused(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="at least one"):
        memory.write_batch([])
    limit = memory.settings.max_batch_size
    with pytest.raises(InvalidInputError, match="over the limit"):
        memory.write_batch([{"text": f"note {i}", "user_id": "emi"} for i in range(limit + 1)])
    assert memory.store.count("Episode") == 0


def test_malformed_ids_are_refused(memory: Memory) -> None:
    for bad in ("", "fact_xyz", "DROP", "fact_0123456789abcdef01234567' OR 1=1"):
        with pytest.raises(InvalidInputError, match="malformed id"):
            memory.get(bad)
    with pytest.raises(NotFoundError):
        memory.get("fact_0123456789abcdef01234567")


def test_feedback_moves_confidence_within_bounds(memory: Memory) -> None:
    [fact] = say(memory, "I live in Porto.", 0)
    up = memory.feedback(fact.id, True)
    assert up.confidence == pytest.approx(min(1.0, fact.confidence + 0.1)) and up.use_count == 1
    for _ in range(6):
        down = memory.feedback(fact.id, False)
    assert down.confidence == pytest.approx(0.1) and down.use_count == 7 and down.useful_count == 1
    stored = memory.get(fact.id)
    assert isinstance(stored, Fact) and stored.confidence == pytest.approx(0.1)


def test_update_reruns_the_conflict_policy(memory: Memory) -> None:
    [home] = say(memory, "I live in Paris.", 0)
    weak = memory.write(
        user_id="emi",
        priority=2,
        timestamp=T0 + timedelta(minutes=5),
        triples=[
            {
                "subject": {"name": "Emi", "type": "Person"},
                "predicate": "LIVES_IN",
                "object": {"name": "Nice", "type": "Place"},
            }
        ],
    )
    flagged = memory.get(weak.fact_ids[0])
    assert (
        isinstance(flagged, Fact) and flagged.status == "conflicted" and flagged.needs_confirmation
    )
    promoted = memory.update(flagged.id, priority=8)
    assert promoted.status == "current"
    old = memory.get(home.id)
    assert isinstance(old, Fact) and old.status == "superseded"
    moved = memory.update(promoted.id, object_name="Marseille")
    assert moved.id != promoted.id and moved.object_name == "Marseille"
    assert moved.priority == 8 and moved.status == "current"
    previous = memory.get(promoted.id)
    assert isinstance(previous, Fact) and previous.status == "superseded"
    with pytest.raises(InvalidInputError, match="superseded"):
        memory.update(promoted.id, priority=3)
    with pytest.raises(InvalidInputError):
        memory.update(moved.id, priority=42)


def test_forget_by_id_entity_and_query(memory: Memory) -> None:
    [allergy] = say(memory, "I'm allergic to peanuts.", 0)
    [home] = say(memory, "I live in Madrid.", 1)
    say(memory, "My favorite color is green.", 2)
    query_vector = memory.embedder.embed(["peanut allergy"])[0].tolist()
    tombs = memory.forget(user_id="emi", memory_id=allergy.id, by="emi", reason="GDPR request")
    assert {t.target_id for t in tombs} >= {allergy.id, allergy.episode_ids[0]}
    with pytest.raises(NotFoundError, match=r"forgotten .* by emi: GDPR request"):
        memory.get(allergy.id)
    assert all(
        f.id != allergy.id for f, _ in memory.store.search_facts_by_vector("emi", query_vector, 50)
    )
    assert memory.store.search_episodes_by_text("emi", "peanuts", 10) == []
    assert memory.store.search_facts_by_text("emi", "allergic", 10) == []
    assert all(f.id != allergy.id for f in memory.facts("emi", statuses=None))
    memory.forget(user_id="emi", entity_id=home.object_id)
    assert memory.store.search_episodes_by_text("emi", "Madrid", 10) == []
    assert memory.facts("emi", predicate="LIVES_IN") == []
    memory.forget(user_id="emi", query="favorite color green")
    assert memory.store.search_episodes_by_text("emi", "green", 10) == []
    with pytest.raises(InvalidInputError, match="exactly one"):
        memory.forget(user_id="emi")
    with pytest.raises(NotFoundError):
        memory.forget(user_id="someone-else", memory_id=home.id)


def test_prune_is_a_dry_run_unless_asked(memory: Memory) -> None:
    [fact] = say(memory, "I live in Oslo.", 0)
    for _ in range(4):
        memory.feedback(fact.id, False)
    report = memory.prune(user_id="emi")
    assert report.dry_run and [(c.fact_id, c.rule) for c in report.candidates] == [
        (fact.id, "low_confidence")
    ]
    assert isinstance(memory.get(fact.id), Fact)
    applied = memory.prune(user_id="emi", dry_run=False)
    assert applied.removed == 1
    with pytest.raises(NotFoundError, match="prune: low_confidence"):
        memory.get(fact.id)
    with pytest.raises(InvalidInputError):
        memory.prune(min_confidence=3)


def test_users_do_not_see_each_other(memory: Memory) -> None:
    say(memory, "I live in Paris.", 0, user="alice")
    say(memory, "I live in Rome.", 0, user="bob")
    assert current(memory, "LIVES_IN", user="alice") == ["Paris"]
    assert current(memory, "LIVES_IN", user="bob") == ["Rome"]


@pytest.mark.parametrize(
    "rule",
    [
        {"superseded_days": 1e12},
        {"unused_days": -1},
        {"unused_days": 36_501},
        {"min_confidence": 2},
        {"min_importance": 1.5},
        {"min_importance": -0.1},
        {"min_importance": float("nan")},
    ],
)
def test_prune_refuses_out_of_range_rules(memory: Memory, rule: dict[str, float]) -> None:
    with pytest.raises(InvalidInputError):
        memory.prune(**rule)  # type: ignore[arg-type]

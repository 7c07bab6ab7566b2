"""The conflict policy table (ontology/README.md), case by case, on the pure resolver."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graph_memory.models import Fact
from graph_memory.ontology import Ontology
from graph_memory.resolve import ConflictResolver

T0 = datetime(2026, 3, 1, tzinfo=UTC)
NOW = T0 + timedelta(days=30)


def make(
    fid: str,
    predicate: str,
    obj: str,
    *,
    at: timedelta = timedelta(0),
    priority: int = 5,
    origin: str = "Emi",
    key: str | None = None,
    status: str = "current",
) -> Fact:
    return Fact.model_validate(
        {
            "id": fid,
            "user_id": "u1",
            "subject_id": "ent_emi",
            "subject_name": "Emi",
            "predicate": predicate,
            "object_id": f"ent_{obj}",
            "object_name": obj,
            "key": key,
            "text": f"Emi {predicate} {obj}",
            "memory_type": "fact",
            "priority": priority,
            "confidence": 0.8,
            "valid_from": T0 + at,
            "created_at": T0 + at,
            "origin": origin,
            "extractor": "test",
            "status": status,
        }
    )


def test_same_statement_reinforces_instead_of_duplicating(ontology: Ontology) -> None:
    old = make("f1", "PREFERS", "tea")
    result = ConflictResolver(ontology).resolve(
        [make("f2", "PREFERS", "tea", at=timedelta(1))], [old], NOW
    )
    assert result.created == [] and result.reinforced == {"f2": "f1"}
    assert result.links == [] and result.changed_existing == {}


def test_new_value_of_single_valued_relation_supersedes(ontology: Ontology) -> None:
    old = make("f1", "LIVES_IN", "Paris")
    new = make("f2", "LIVES_IN", "Berlin", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve([new], [old], NOW)
    assert result.created[0].status == "current"
    assert result.changed_existing["f1"].status == "superseded"
    assert result.changed_existing["f1"].superseded_at == new.valid_from
    [link] = result.links
    assert (link.kind, link.from_id, link.to_id) == ("SUPERSEDES", "f2", "f1")
    assert "single-valued LIVES_IN" in link.reason


def test_many_valued_relation_keeps_both(ontology: Ontology) -> None:
    result = ConflictResolver(ontology).resolve(
        [make("f2", "PREFERS", "coffee", at=timedelta(1))], [make("f1", "PREFERS", "tea")], NOW
    )
    assert result.created[0].status == "current" and result.changed_existing == {}


def test_keyed_relation_is_single_valued_per_key(ontology: Ontology) -> None:
    phone = make("f1", "HAS_ATTRIBUTE", "555", key="phone number")
    email = make("f2", "HAS_ATTRIBUTE", "e@x", key="email", at=timedelta(1))
    phone2 = make("f3", "HAS_ATTRIBUTE", "777", key="phone number", at=timedelta(2))
    result = ConflictResolver(ontology).resolve([email, phone2], [phone], NOW)
    assert [f.status for f in result.created] == ["current", "current"]
    assert result.changed_existing["f1"].status == "superseded"


def test_contradicting_relation_supersedes(ontology: Ontology) -> None:
    result = ConflictResolver(ontology).resolve(
        [make("f2", "AVOIDS", "tea", at=timedelta(days=2))], [make("f1", "PREFERS", "tea")], NOW
    )
    assert result.changed_existing["f1"].status == "superseded"
    assert "AVOIDS contradicts PREFERS" in result.links[0].reason


def test_lower_priority_never_silently_supersedes(ontology: Ontology) -> None:
    allergy_goal = make("f1", "LIVES_IN", "Paris", priority=8)
    weak = make("f2", "LIVES_IN", "Rome", priority=3, at=timedelta(days=2))
    result = ConflictResolver(ontology).resolve([weak], [allergy_goal], NOW)
    assert "f1" not in result.changed_existing, "the higher-priority fact stays current"
    created = result.created[0]
    assert created.status == "conflicted" and created.needs_confirmation
    [link] = result.links
    assert link.kind == "CONFLICTS_WITH" and "lower priority (3 < 8)" in link.reason


def test_equal_priority_different_sources_close_in_time_conflict(ontology: Ontology) -> None:
    user_says = make("f1", "LIVES_IN", "Paris", origin="Emi")
    crm_says = make("f2", "LIVES_IN", "Lyon", origin="crm-agent", at=timedelta(hours=2))
    result = ConflictResolver(ontology).resolve([crm_says], [user_says], NOW)
    assert result.created[0].status == "conflicted" and result.created[0].needs_confirmation
    assert result.changed_existing["f1"].status == "conflicted"
    assert result.changed_existing["f1"].needs_confirmation
    assert result.links[0].kind == "CONFLICTS_WITH"
    assert "needs confirmation" in result.links[0].reason


def test_different_sources_far_apart_in_time_supersede(ontology: Ontology) -> None:
    window = ontology.conflict_policy.conflict_window_seconds
    result = ConflictResolver(ontology).resolve(
        [make("f2", "LIVES_IN", "Lyon", origin="crm", at=timedelta(seconds=window + 1))],
        [make("f1", "LIVES_IN", "Paris", origin="Emi")],
        NOW,
    )
    assert result.changed_existing["f1"].status == "superseded"


def test_an_older_statement_written_late_is_stored_superseded(ontology: Ontology) -> None:
    current = make("f1", "LIVES_IN", "Berlin", at=timedelta(days=10))
    backfill = make("f2", "LIVES_IN", "Paris", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve([backfill], [current], NOW)
    assert result.created[0].status == "superseded"
    assert result.created[0].superseded_at == current.valid_from
    assert "f1" not in result.changed_existing
    assert (result.links[0].from_id, result.links[0].to_id) == ("f1", "f2")


def test_a_new_statement_settles_an_open_conflict(ontology: Ontology) -> None:
    a = make("f1", "LIVES_IN", "Paris", status="conflicted")
    b = make("f2", "LIVES_IN", "Lyon", origin="crm", status="conflicted")
    settled = make("f3", "LIVES_IN", "Lyon", at=timedelta(days=5))
    result = ConflictResolver(ontology).resolve([settled], [a, b], NOW)
    assert result.reinforced == {"f3": "f2"}, "a confirmation adds evidence, not a duplicate"
    assert result.changed_existing["f2"].status == "current"
    assert not result.changed_existing["f2"].needs_confirmation
    assert result.changed_existing["f1"].status == "superseded"
    assert "confirmed by a later statement" in result.links[0].reason


def test_a_different_new_value_supersedes_both_sides_of_a_conflict(ontology: Ontology) -> None:
    a = make("f1", "LIVES_IN", "Paris", status="conflicted")
    b = make("f2", "LIVES_IN", "Lyon", origin="crm", status="conflicted")
    result = ConflictResolver(ontology).resolve(
        [make("f3", "LIVES_IN", "Nice", at=timedelta(days=5))], [a, b], NOW
    )
    assert result.created[0].status == "current"
    assert result.changed_existing["f1"].status == "superseded"
    assert result.changed_existing["f2"].status == "superseded"


def test_candidates_in_one_batch_resolve_in_order(ontology: Ontology) -> None:
    refund = make("f1", "HAS_GOAL", "refund")
    exchange = make("f2", "HAS_GOAL", "exchange", at=timedelta(minutes=1))
    result = ConflictResolver(ontology).resolve([refund, exchange], [], NOW)
    assert [f.status for f in result.created] == ["superseded", "current"]
    assert [(link.from_id, link.to_id) for link in result.links] == [("f2", "f1")]


def test_resolution_is_deterministic(ontology: Ontology) -> None:
    def run() -> object:
        return ConflictResolver(ontology).resolve(
            [make("f2", "LIVES_IN", "Lyon", origin="crm"), make("f3", "AVOIDS", "tea")],
            [make("f1", "LIVES_IN", "Paris"), make("f4", "PREFERS", "tea")],
            NOW,
        )

    assert run() == run()

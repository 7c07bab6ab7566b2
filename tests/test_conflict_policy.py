"""The conflict policy table (ontology/README.md), case by case, on the pure resolver."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from graph_memory.extract.cues import Cue, CueKind
from graph_memory.extract.retractions import Retraction
from graph_memory.models import Fact
from graph_memory.ontology import Ontology
from graph_memory.write.conflict_policy import ConflictResolver
from graph_memory.write.resolution import Ending, Said

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
    paris = make("f1", "LIVES_IN", "Paris")
    berlin = make("f2", "LIVES_IN", "Berlin", at=timedelta(minutes=1))
    result = ConflictResolver(ontology).resolve([paris, berlin], [], NOW)
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


# --- how it was said: denials and change cues (rule 3 of write/conflict_policy.py) -------------


def said(kind: CueKind, text: str, replaced: str | None = None) -> Said:
    return Said(cue=Cue(kind, text, replaced))


def test_wishes_coexist_without_a_cue(ontology: Ontology) -> None:
    spanish = make("f1", "HAS_GOAL", "learn Spanish")
    japan = make("f2", "HAS_GOAL", "visit Japan", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve([japan], [spanish], NOW)
    assert result.created[0].status == "current" and result.changed_existing == {}
    assert result.links == []


def test_an_update_cue_replaces_the_latest_wish_only(ontology: Ontology) -> None:
    spanish = make("f1", "HAS_GOAL", "learn Spanish")
    refund = make("f2", "HAS_GOAL", "get a refund", at=timedelta(days=2))
    exchange = make("f3", "HAS_GOAL", "exchange them", at=timedelta(days=2, minutes=1))
    result = ConflictResolver(ontology).resolve(
        [exchange], [spanish, refund], NOW, {"f3": said("update", "instead")}
    )
    assert result.created[0].status == "current"
    assert set(result.changed_existing) == {"f2"}
    assert result.changed_existing["f2"].status == "superseded"
    [link] = result.links
    assert (link.from_id, link.to_id) == ("f3", "f2")
    assert "'instead'" in link.reason and "exchange them replaces get a refund" in link.reason


def test_an_update_cue_replaces_an_older_unnamed_value_only_when_alike(
    ontology: Ontology,
) -> None:
    # The cosines of MiniLM for these names (the write path's similarity).
    cosine = {("squash", "tennis"): 0.38, ("night shift", "tennis"): 0.13}

    def alike(a: str, b: str) -> float:
        return cosine[(a, b)]

    resolver = ConflictResolver(ontology, alike)
    switched = said("update", "switched to")
    tennis = make("f1", "PREFERS", "tennis")
    shift = make("f2", "PREFERS", "night shift", at=timedelta(days=7))
    assert resolver.resolve([shift], [tennis], NOW, {"f2": switched}).changed_existing == {}
    squash = make("f3", "PREFERS", "squash", at=timedelta(days=7))
    result = resolver.resolve([squash], [tennis], NOW, {"f3": switched})
    assert set(result.changed_existing) == {"f1"}
    # What was just said is what the cue refers to, alike or not.
    shift_now = make("f4", "PREFERS", "night shift", at=timedelta(minutes=5))
    result = resolver.resolve([shift_now], [tennis], NOW, {"f4": switched})
    assert set(result.changed_existing) == {"f1"}


def test_a_named_old_value_is_the_one_replaced(ontology: Ontology) -> None:
    tea = make("f1", "PREFERS", "tea")
    pizza = make("f2", "PREFERS", "pizza", at=timedelta(days=1))
    coffee = make("f3", "PREFERS", "coffee", at=timedelta(days=2))
    result = ConflictResolver(ontology).resolve(
        [coffee], [tea, pizza], NOW, {"f3": said("update", "switched from tea", "tea")}
    )
    assert set(result.changed_existing) == {"f1"}
    assert [(lk.from_id, lk.to_id) for lk in result.links] == [("f3", "f1")]


def test_a_named_old_value_that_is_not_held_replaces_nothing(ontology: Ontology) -> None:
    pizza = make("f1", "PREFERS", "pizza")
    coffee = make("f2", "PREFERS", "coffee", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve(
        [coffee], [pizza], NOW, {"f2": said("update", "instead of tea", "tea")}
    )
    assert result.changed_existing == {} and result.links == []


def test_an_update_cue_stays_within_its_context(ontology: Ontology) -> None:
    backend = make("f1", "PREFERS", "Go", key="backend work")
    oatmeal = make("f2", "PREFERS", "oatmeal", key="breakfast", at=timedelta(days=1))
    eggs = make("f3", "PREFERS", "eggs", key="breakfast", at=timedelta(days=2))
    result = ConflictResolver(ontology).resolve(
        [eggs], [backend, oatmeal], NOW, {"f3": said("update", "these days")}
    )
    assert set(result.changed_existing) == {"f2"}


def test_an_update_cue_never_replaces_another_relation(ontology: Ontology) -> None:
    hiking = make("f1", "AVOIDS", "hiking")
    result = ConflictResolver(ontology).resolve(
        [make("f2", "PREFERS", "swimming", at=timedelta(days=1))],
        [hiking],
        NOW,
        {"f2": said("update", "now")},
    )
    assert result.changed_existing == {}


def test_a_cue_family_is_one_slot(ontology: Ontology) -> None:
    family = ontology.model_copy(
        update={
            "conflict_policy": ontology.conflict_policy.model_copy(
                update={"cue_families": (("PREFERS", "HAS_GOAL"),)}
            )
        }
    )
    tea = make("f1", "PREFERS", "tea")
    goal = make("f2", "HAS_GOAL", "drink coffee", at=timedelta(days=1))
    result = ConflictResolver(family).resolve(
        [goal], [tea], NOW, {"f2": said("update", "instead")}
    )
    assert set(result.changed_existing) == {"f1"}
    assert (
        ConflictResolver(ontology)
        .resolve([goal], [tea], NOW, {"f2": said("update", "instead")})
        .changed_existing
        == {}
    )


def test_an_update_cue_leaves_events_alone_but_a_correction_fixes_them(
    ontology: Ontology,
) -> None:
    def event(fid: str, obj: str, at: timedelta) -> Fact:
        return make(fid, "HAS_GOAL", obj, at=at).model_copy(update={"memory_type": "event"})

    tampa, miami = event("f1", "Tampa", timedelta(0)), event("f2", "Miami", timedelta(hours=1))
    resolver = ConflictResolver(ontology)
    assert resolver.resolve([miami], [tampa], NOW, {"f2": said("update", "now")}).links == []
    corrected = resolver.resolve([miami], [tampa], NOW, {"f2": said("correction", "I meant")})
    assert corrected.changed_existing["f1"].status == "superseded"
    assert "correction cue 'I meant'" in corrected.links[0].reason


def test_a_cue_on_a_single_valued_relation_is_kept_in_the_reason(ontology: Ontology) -> None:
    paris = make("f1", "LIVES_IN", "Paris")
    lisbon = make("f2", "LIVES_IN", "Lisbon", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve(
        [lisbon], [paris], NOW, {"f2": said("update", "actually")}
    )
    [link] = result.links
    assert "single-valued LIVES_IN" in link.reason and "('actually')" in link.reason


def test_the_same_wording_with_a_cue_reinforces(ontology: Ontology) -> None:
    tea = make("f1", "PREFERS", "tea")
    again = make("f2", "PREFERS", "tea", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve(
        [again], [tea], NOW, {"f2": said("update", "actually")}
    )
    assert result.reinforced == {"f2": "f1"} and result.changed_existing == {}


def test_a_denial_ends_what_it_denies_and_stores_nothing(ontology: Ontology) -> None:
    vegetarian = make("f1", "HAS_DIET", "vegetarian")
    vegan = make("f2", "HAS_DIET", "vegan")
    denial = make("f3", "HAS_DIET", "vegetarian", at=timedelta(days=5))
    result = ConflictResolver(ontology).resolve(
        [denial], [vegetarian, vegan], NOW, {"f3": Said(negated=True, cue=Cue("ended", "anymore"))}
    )
    assert result.created == [] and result.dropped == {"f3"}
    ended = result.changed_existing["f1"]
    assert (ended.status, ended.superseded_at) == ("superseded", denial.valid_from)
    assert ended.end_reason == "denied: 'anymore'"
    assert "f2" not in result.changed_existing and result.links == []
    [(by, change)] = result.changes
    assert (by, change.kind, change.fact_id) == ("f3", "superseded", "f1")


def test_a_denial_of_what_is_not_held_changes_nothing(ontology: Ontology) -> None:
    result = ConflictResolver(ontology).resolve(
        [make("f2", "HAS_DIET", "vegan", at=timedelta(days=1))],
        [make("f1", "HAS_DIET", "vegetarian")],
        NOW,
        {"f2": Said(negated=True)},
    )
    assert result.created == [] and result.changed_existing == {} and result.dropped == {"f2"}


def test_a_keyed_denial_ends_its_own_key_only(ontology: Ontology) -> None:
    phone = make("f1", "HAS_ATTRIBUTE", "555", key="phone number")
    fax = make("f2", "HAS_ATTRIBUTE", "555", key="fax number")
    denial = make("f3", "HAS_ATTRIBUTE", "555", key="phone number", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve(
        [denial], [phone, fax], NOW, {"f3": Said(negated=True)}
    )
    assert set(result.changed_existing) == {"f1"}


def test_used_to_ends_the_current_twin(ontology: Ontology) -> None:
    tea = make("f1", "PREFERS", "tea")
    past = make("f2", "PREFERS", "tea", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve([past], [tea], NOW, {"f2": said("past", "used to")})
    assert result.created == [] and result.dropped == {"f2"}
    assert result.changed_existing["f1"].end_reason == "ended: 'used to'"


def test_used_to_then_these_days_stores_history_and_links_the_successor(
    ontology: Ontology,
) -> None:
    tea = make("f1", "PREFERS", "tea")
    coffee = make("f2", "PREFERS", "coffee")
    result = ConflictResolver(ontology).resolve(
        [tea, coffee],
        [],
        NOW,
        {"f1": said("past", "used to"), "f2": said("update", "these days")},
    )
    by_id = {f.id: f for f in result.created}
    assert by_id["f1"].status == "superseded" and by_id["f1"].end_reason == "past: 'used to'"
    assert by_id["f1"].superseded_at == tea.valid_from
    assert by_id["f2"].status == "current"
    [link] = result.links
    assert (link.from_id, link.to_id) == ("f2", "f1") and "'these days'" in link.reason


def test_a_past_statement_competes_with_nothing(ontology: Ontology) -> None:
    lisbon = make("f1", "LIVES_IN", "Lisbon")
    berlin = make("f2", "LIVES_IN", "Berlin", at=timedelta(days=1))
    result = ConflictResolver(ontology).resolve(
        [berlin], [lisbon], NOW, {"f2": said("past", "used to")}
    )
    assert result.changed_existing == {} and result.created[0].status == "superseded"


def test_cue_resolution_is_deterministic(ontology: Ontology) -> None:
    def run() -> object:
        return ConflictResolver(ontology).resolve(
            [make("f3", "HAS_GOAL", "c", at=timedelta(days=2)), make("f4", "PREFERS", "x")],
            [make("f1", "HAS_GOAL", "a"), make("f2", "HAS_GOAL", "b", at=timedelta(days=1))],
            NOW,
            {"f3": said("update", "actually"), "f4": said("past", "used to")},
        )

    assert run() == run()


def ending(what: str, at: timedelta, *, constraints_only: bool = False) -> Ending:
    return Ending("ent_emi", Retraction("stopped", what, constraints_only), T0 + at, "ep_x")


def test_a_retraction_ends_the_speakers_earlier_facts_it_names(ontology: Ontology) -> None:
    keto = make("f1", "HAS_DIET", "keto")
    tea = make("f2", "PREFERS", "tea")
    result = ConflictResolver(ontology).resolve(
        [], [keto, tea], NOW, endings=[ending("the keto diet", timedelta(days=3))]
    )
    assert set(result.changed_existing) == {"f1"}
    assert result.changed_existing["f1"].end_reason == "ended: 'stopped the keto diet'"
    [(by, change)] = result.changes
    assert by == "ep_x" and change.fact_id == "f1"


def test_a_retraction_never_ends_what_its_message_states_again(ontology: Ontology) -> None:
    meat = make("f1", "AVOIDS", "meat")
    again = make("f2", "AVOIDS", "meat", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve(
        [again], [meat], NOW, endings=[ending("eat meat", timedelta(days=3))]
    )
    assert result.changed_existing == {} and result.reinforced == {"f2": "f1"}


def test_a_retraction_ends_nothing_later_nor_of_another_subject(ontology: Ontology) -> None:
    later = make("f1", "PREFERS", "running", at=timedelta(days=5))
    other = make("f2", "PREFERS", "running").model_copy(update={"subject_id": "ent_sam"})
    result = ConflictResolver(ontology).resolve(
        [], [later, other], NOW, endings=[ending("running", timedelta(days=3))]
    )
    assert result.changed_existing == {}


def test_again_ends_constraints_only(ontology: Ontology) -> None:
    avoid = make("f1", "AVOIDS", "dairy").model_copy(update={"memory_type": "constraint"})
    like = make("f2", "PREFERS", "dairy")
    result = ConflictResolver(ontology).resolve(
        [],
        [avoid, like],
        NOW,
        endings=[ending("dairy", timedelta(days=3), constraints_only=True)],
    )
    assert set(result.changed_existing) == {"f1"}


def test_a_past_statement_of_a_retracting_message_stores_nothing(ontology: Ontology) -> None:
    stated = make("f2", "HAS_DIET", "keto diet", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve(
        [stated],
        [make("f1", "HAS_DIET", "keto")],
        NOW,
        {"f2": said("past", "stopped")},
        [ending("the keto diet", timedelta(days=3))],
    )
    assert result.created == [] and result.dropped == {"f2"}
    assert result.changed_existing["f1"].status == "superseded"


def test_a_weak_cue_replaces_only_a_keyed_or_single_valued_statement(
    ontology: Ontology,
) -> None:
    hiking = make("f1", "HAS_GOAL", "go hiking")
    beach = make("f2", "HAS_GOAL", "go to the beach", at=timedelta(days=1))
    resolver = ConflictResolver(ontology)
    for weak in ("actually", "now", "Currently"):
        unkeyed = resolver.resolve([beach], [hiking], NOW, {"f2": said("update", weak)})
        assert unkeyed.changed_existing == {}, weak
    blue = make("f3", "PREFERS", "blue", key="color")
    red = make("f4", "PREFERS", "red", key="color", at=timedelta(days=1))
    keyed = resolver.resolve([red], [blue], NOW, {"f4": said("update", "now")})
    assert set(keyed.changed_existing) == {"f3"}
    strong = resolver.resolve([beach], [hiking], NOW, {"f2": said("update", "instead")})
    assert set(strong.changed_existing) == {"f1"}


def test_a_cue_family_reaches_across_single_valued_relations(ontology: Ontology) -> None:
    family = ontology.model_copy(
        update={
            "conflict_policy": ontology.conflict_policy.model_copy(
                update={"cue_families": (("WORKS_AT", "LIVES_IN"),)}
            )
        }
    )
    acme = make("f1", "WORKS_AT", "Acme")
    paris = make("f2", "LIVES_IN", "Paris", at=timedelta(days=1))
    berlin = make("f3", "LIVES_IN", "Berlin", at=timedelta(days=2))
    result = ConflictResolver(family).resolve(
        [berlin], [acme, paris], NOW, {"f3": said("update", "instead")}
    )
    assert set(result.changed_existing) == {"f1", "f2"}
    reasons = sorted(link.reason for link in result.links)
    assert reasons[0].startswith("single-valued LIVES_IN") and "'instead'" in reasons[0]
    assert reasons[1] == "update cue 'instead': Berlin replaces Acme"
    plain = ConflictResolver(ontology).resolve(
        [berlin], [acme, paris], NOW, {"f3": said("update", "instead")}
    )
    assert set(plain.changed_existing) == {"f2"}


# --- history of endings (rule 3e), corrections that name their value, confirmation ---------
def test_every_ending_is_listed_with_who_ended_it_and_why(ontology: Ontology) -> None:
    vegetarian = make("f1", "HAS_DIET", "vegetarian")
    tea = make("f2", "PREFERS", "tea")
    keto = make("f3", "HAS_DIET", "keto")
    denial = make("f4", "HAS_DIET", "vegetarian", at=timedelta(days=3))
    past_twin = make("f5", "PREFERS", "tea", at=timedelta(days=3))
    history = make("f6", "HAS_HOBBY", "golf", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve(
        [denial, past_twin, history],
        [vegetarian, tea, keto],
        NOW,
        {
            "f4": Said(negated=True, cue=Cue("ended", "anymore")),
            "f5": said("past", "used to"),
            "f6": said("past", "used to"),
        },
        [ending("the keto diet", timedelta(days=3))],
    )
    assert result.endings == [
        ("f1", "f4", "denied: 'anymore'"),
        ("f2", "f5", "ended: 'used to'"),
        ("f6", "f6", "past: 'used to'"),
        ("f3", "ep_x", "ended: 'stopped the keto diet'"),
    ]
    # A fact stored already ended (history) is no change to a fact held before.
    assert {c.other_fact_id for _, c in result.changes} == {"f1", "f2", "f3"}


def test_a_statement_of_the_ending_message_takes_the_ended_facts_place(
    ontology: Ontology,
) -> None:
    teacher = make("f1", "IS_A", "teacher")
    denial = make("f2", "IS_A", "teacher", at=timedelta(days=9))
    engineer = make("f3", "IS_A", "software engineer", at=timedelta(days=9))
    result = ConflictResolver(ontology).resolve(
        [denial, engineer],
        [teacher],
        NOW,
        {"f2": Said(negated=True, cue=Cue("ended", "anymore")), "f3": said("update", "now")},
    )
    assert result.changed_existing["f1"].status == "superseded"
    [link] = result.links
    assert (link.kind, link.from_id, link.to_id) == ("SUPERSEDES", "f3", "f1")
    assert link.reason == "software engineer replaces teacher ('now'); denied: 'anymore'"


def test_without_a_cue_a_many_valued_statement_of_that_message_is_no_successor(
    ontology: Ontology,
) -> None:
    tennis = make("f1", "HAS_HOBBY", "tennis")
    denial = make("f2", "HAS_HOBBY", "tennis", at=timedelta(days=9))
    golf = make("f3", "HAS_HOBBY", "golf", at=timedelta(days=9))
    result = ConflictResolver(ontology).resolve(
        [denial, golf], [tennis], NOW, {"f2": Said(negated=True)}
    )
    assert result.changed_existing["f1"].status == "superseded" and result.links == []


def test_a_single_valued_statement_of_that_message_succeeds_without_a_cue(
    ontology: Ontology,
) -> None:
    deloitte = make("f1", "WORKS_AT", "Deloitte")
    denial = make("f2", "WORKS_AT", "Deloitte", at=timedelta(days=9))
    accenture = make("f3", "WORKS_AT", "Accenture", at=timedelta(days=9))
    denied = Said(negated=True, cue=Cue("ended", "no longer"))
    result = ConflictResolver(ontology).resolve(
        [denial, accenture], [deloitte], NOW, {"f2": denied}
    )
    [link] = result.links
    assert (link.from_id, link.to_id) == ("f3", "f1") and "no longer" in link.reason


def test_a_cue_replaces_the_statement_that_shares_its_words_before_the_latest(
    ontology: Ontology,
) -> None:
    german = make("f1", "HAS_GOAL", "learn German")
    japan = make("f2", "HAS_GOAL", "visit Japan", at=timedelta(days=1))
    french = make("f3", "HAS_GOAL", "learn French", at=timedelta(days=2))
    result = ConflictResolver(ontology).resolve(
        [french], [german, japan], NOW, {"f3": said("update", "instead")}
    )
    assert set(result.changed_existing) == {"f1"}
    [link] = result.links
    assert (link.from_id, link.to_id) == ("f3", "f1")


def test_a_cue_whose_message_ends_a_fact_of_its_slot_replaces_nothing_else(
    ontology: Ontology,
) -> None:
    spotify = make("f1", "PREFERS", "Spotify")
    sushi = make("f2", "PREFERS", "sushi", at=timedelta(days=1))
    apple = make("f3", "PREFERS", "Apple Music", at=timedelta(days=3))
    result = ConflictResolver(ontology).resolve(
        [apple],
        [spotify, sushi],
        NOW,
        {"f3": said("update", "switched to")},
        [ending("Spotify", timedelta(days=3))],
    )
    assert set(result.changed_existing) == {"f1"}, "sushi, the latest like, stays"
    [link] = result.links
    assert (link.from_id, link.to_id) == ("f3", "f1")
    assert link.reason == "Apple Music replaces Spotify ('switched to'); ended: 'stopped Spotify'"


def test_confirm_settles_an_open_conflict_with_the_persons_note(ontology: Ontology) -> None:
    lisbon = make("f1", "LIVES_IN", "Lisbon", status="conflicted", origin="Emi")
    porto = make("f2", "LIVES_IN", "Porto", status="conflicted", origin="agent")
    paris_elsewhere = make("f3", "PREFERS", "Paris")
    result = ConflictResolver(ontology).confirm(
        porto, [lisbon, paris_elsewhere], NOW, "confirmed by Sam: moved", NOW
    )
    assert result.changed_existing["f2"].status == "current"
    assert result.changed_existing["f1"].status == "superseded"
    assert result.changed_existing["f1"].superseded_at == NOW
    assert "f3" not in result.changed_existing
    [link] = result.links
    assert (link.kind, link.from_id, link.to_id) == ("SUPERSEDES", "f2", "f1")
    assert link.reason == (
        "single-valued LIVES_IN: new value replaces the old one; confirmed by Sam: moved"
    )

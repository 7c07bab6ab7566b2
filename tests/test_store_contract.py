"""The store contract, against a real engine. Every backend must pass this file."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.errors import StoreError
from graph_memory.ids import make_id
from graph_memory.models import Entity, Episode, Fact, FactLink, Tombstone, WorkingSlot
from graph_memory.store.base import (
    EntityRow,
    EpisodeRedaction,
    EpisodeRow,
    EvidenceRow,
    FactRow,
    FactUpdate,
    ForgetPlan,
    StatusChange,
    Store,
    WritePlan,
)
from graph_memory.store.falkordb import FalkorDBStore

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def vec(i: int) -> list[float]:
    v = [0.0] * 384
    v[i] = 1.0
    return v


def entity(name: str, type_: str = "Thing", user: str = "u1") -> Entity:
    return Entity(id=make_id("ent", user, name), user_id=user, name=name, type=type_)


def episode(text: str, user: str = "u1") -> Episode:
    return Episode(id=make_id("ep", user, text), user_id=user, text=text, timestamp=T0)


def fact(subject: Entity, predicate: str, obj: Entity, ep: Episode, **kw: object) -> Fact:
    fields: dict[str, object] = {
        "id": make_id("fact", subject.id, predicate, obj.id, ep.id),
        "user_id": subject.user_id,
        "subject_id": subject.id,
        "subject_name": subject.name,
        "predicate": predicate,
        "object_id": obj.id,
        "object_name": obj.name,
        "text": f"{subject.name} {predicate.lower()} {obj.name}",
        "memory_type": "fact",
        "priority": 5,
        "confidence": 0.8,
        "valid_from": T0,
        "created_at": T0,
        "origin": "user",
        "extractor": "test",
    }
    fields.update(kw)
    return Fact.model_validate(fields)


def plan_for(ep: Episode, facts: list[Fact], entities: list[Entity], dim: int = 0) -> WritePlan:
    return WritePlan(
        episodes=[EpisodeRow(episode=ep, embedding=vec(dim))],
        entities=[
            EntityRow(entity=e, embedding=vec(10 + i), created_at=T0)
            for i, e in enumerate(entities)
        ],
        mentions=[(ep.id, e.id) for e in entities],
        facts=[FactRow(fact=f, embedding=vec(dim + 1 + i)) for i, f in enumerate(facts)],
        evidence=[
            EvidenceRow(
                fact_id=f.id,
                episode_id=ep.id,
                span_start=0,
                span_end=5,
                extractor="test",
                confidence=0.8,
            )
            for f in facts
        ],
    )


@pytest.fixture(params=["falkordb", "neo4j"])
def store(request: pytest.FixtureRequest) -> Store:
    """Every backend: the embedded FalkorDB engine, and the Neo4j store over a real Neo4j 5.26
    (tests/neo4j_server.py; see README, Neo4j and docker compose)."""
    found: Store = request.getfixturevalue(
        "neo4j_store" if request.param == "neo4j" else "falkordb_store"
    )
    return found


def falkordb_only(store: Store) -> None:
    if not isinstance(store, FalkorDBStore):
        pytest.skip("FalkorDB-specific behaviour")


@pytest.fixture()
def seeded(store: Store) -> tuple[Store, Episode, Fact, Entity, Entity]:
    emi, paris = entity("Emi", "Person"), entity("Paris", "Place")
    ep = episode("I live in Paris")
    lives = fact(emi, "LIVES_IN", paris, ep)
    store.apply(plan_for(ep, [lives], [emi, paris]))
    return store, ep, lives, emi, paris


def test_applied_plan_reads_back(seeded: tuple[Store, Episode, Fact, Entity, Entity]) -> None:
    store, ep, lives, emi, paris = seeded
    got = store.get_fact(lives.id)
    assert got is not None
    assert got.model_dump(exclude={"episode_ids"}) == lives.model_dump(exclude={"episode_ids"})
    assert got.episode_ids == (ep.id,)
    assert store.get_episode(ep.id) == ep
    assert store.get_entity(emi.id) == emi
    assert store.get_entities([emi.id, paris.id, "ent_missing"]) == {emi.id: emi, paris.id: paris}
    assert store.existing_episode_ids([ep.id, "ep_other"]) == {ep.id}
    assert store.active_facts_of_subjects("u1", [emi.id]) == [
        got.model_copy(update={"episode_ids": ()})
    ]
    assert store.episodes_mentioning(paris.id) == [ep.id]
    assert store.fact_sources([lives.id]) == [ep.id]
    assert store.facts_from_episodes([ep.id]) == [lives.id]
    assert store.count("Fact") == 1 and store.count("Episode") == 1 and store.count("Entity") == 2


def test_a_failing_plan_leaves_nothing_behind(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, _, lives, emi, paris = seeded
    other = episode("I love Paris")
    # Reusing an existing fact id violates the unique constraint after the episode was created.
    clash = plan_for(other, [lives], [emi, paris], dim=5)
    before = (store.count("Episode"), store.count("Fact"), store.count("Entity"))
    with pytest.raises(StoreError):
        store.apply(clash)
    assert (store.count("Episode"), store.count("Fact"), store.count("Entity")) == before
    assert store.get_episode(other.id) is None


def test_status_changes_and_links(seeded: tuple[Store, Episode, Fact, Entity, Entity]) -> None:
    store, _, lives, emi, _ = seeded
    berlin = entity("Berlin", "Place")
    ep2 = episode("I moved to Berlin")
    moved = fact(emi, "LIVES_IN", berlin, ep2, valid_from=T0 + timedelta(days=1))
    plan = plan_for(ep2, [moved], [berlin], dim=20)
    later = T0 + timedelta(days=1)
    plan.status_changes.append(
        StatusChange(
            fact_id=lives.id, status="superseded", superseded_at=later, needs_confirmation=False
        )
    )
    plan.links.append(
        FactLink(
            kind="SUPERSEDES", from_id=moved.id, to_id=lives.id, reason="single-valued", at=later
        )
    )
    store.apply(plan)
    old = store.get_fact(lives.id)
    assert old is not None and old.status == "superseded" and old.superseded_at == later
    assert old.text == lives.text, "supersession never deletes"
    assert [f.id for f in store.active_facts_of_subjects("u1", [emi.id])] == [moved.id]
    links = store.fact_links([lives.id])
    assert [(link.kind, link.from_id, link.to_id) for link in links] == [
        ("SUPERSEDES", moved.id, lives.id)
    ]
    # One read of both: the facts in the order asked, a link between two of them listed once.
    both = store.get_facts_and_links([moved.id, lives.id, "fact_missing"])
    assert [f.id for f in both.facts] == [moved.id, lives.id]
    assert both.facts == store.get_facts([moved.id, lives.id])
    assert both.links == store.fact_links([moved.id, lives.id]) == links
    assert store.get_facts_and_links([]).facts == []
    newest_first = store.list_facts("u1")
    assert [f.id for f in newest_first] == [moved.id, lives.id]
    assert [f.id for f in store.list_facts("u1", statuses=["superseded"])] == [lives.id]
    assert [f.id for f in store.list_facts("u1", entity_id=berlin.id)] == [moved.id]


def test_an_ending_links_the_fact_to_the_message_that_ended_it(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, _, _ = seeded
    ep2 = episode("I don't live in Paris anymore")
    later = T0 + timedelta(days=2)
    plan = WritePlan(episodes=[EpisodeRow(episode=ep2, embedding=vec(40))])
    plan.status_changes.append(StatusChange(fact_id=lives.id, status="superseded",
                                            superseded_at=later, needs_confirmation=False))
    plan.updates.append((lives.id, FactUpdate(end_reason="denied: 'anymore'")))
    plan.links.append(FactLink(kind="ENDED_BY", from_id=lives.id, to_id=ep2.id,
                               reason="denied: 'anymore'", at=later))
    store.apply(plan)
    ended = store.get_fact(lives.id)
    assert ended is not None and (ended.status, ended.end_reason) == (
        "superseded", "denied: 'anymore'")
    assert store.fact_links([lives.id]) == [
        FactLink(kind="ENDED_BY", from_id=lives.id, to_id=ep2.id, reason="denied: 'anymore'",
                 at=later)
    ]
    assert store.fact_sources([lives.id]) == [ep.id], "the ending message is no source of it"


def test_merges_derivations_and_their_undo(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, emi, paris = seeded
    ep2 = episode("Paris is home")
    twin = fact(emi, "LIVES_IN", paris, ep2, key="home")
    semantic = fact(emi, "LIVES_IN", paris, ep2, id="fact_semantic", memory_type="semantic",
                    scope='{"topics": ["home"]}', evidence_count=2)
    plan = plan_for(ep2, [twin, semantic], [], dim=30)
    plan.evidence.append(EvidenceRow(fact_id=semantic.id, episode_id=ep.id, span_start=0,
                                     span_end=0, extractor="test", confidence=0.9))
    plan.status_changes.append(StatusChange(fact_id=twin.id, status="merged", superseded_at=None,
                                            needs_confirmation=False, merged_into=lives.id))
    plan.updates.append((lives.id, FactUpdate(evidence_count=2)))
    plan.links.extend([
        FactLink(kind="MERGED_INTO", from_id=twin.id, to_id=lives.id, reason="dup", at=T0),
        FactLink(kind="DERIVED_FROM", from_id=semantic.id, to_id=lives.id, reason="c", at=T0),
        FactLink(kind="DERIVED_FROM", from_id=semantic.id, to_id=twin.id, reason="c", at=T0),
    ])
    store.apply(plan)
    merged = store.get_fact(twin.id)
    assert merged is not None and (merged.status, merged.merged_into) == ("merged", lives.id)
    held = store.get_fact(semantic.id)
    assert held is not None and held.scope == '{"topics": ["home"]}'
    assert sorted(store.fact_sources([semantic.id])) == sorted([ep.id, ep2.id])
    assert store.get_fact(lives.id).evidence_count == 2  # type: ignore[union-attr]
    assert {f.id for f in store.active_facts_of_subjects("u1", [emi.id])} == {
        lives.id, twin.id, semantic.id,
    }
    assert [f.id for f in store.list_facts("u1", memory_type="semantic")] == [semantic.id]
    kinds = {(x.kind, x.from_id, x.to_id) for x in store.fact_links([lives.id])}
    assert kinds == {
        ("MERGED_INTO", twin.id, lives.id), ("DERIVED_FROM", semantic.id, lives.id),
    }

    undo = WritePlan(
        unmerged=[twin.id],
        rederived=[semantic.id],
        status_changes=[StatusChange(fact_id=twin.id, status="current", superseded_at=None,
                                     needs_confirmation=False)],
        links=[FactLink(kind="DERIVED_FROM", from_id=semantic.id, to_id=lives.id, reason="c",
                        at=T0)],
        evidence=[EvidenceRow(fact_id=semantic.id, episode_id=ep.id, span_start=0, span_end=0,
                              extractor="test", confidence=0.9)],
    )
    store.apply(undo)
    restored = store.get_fact(twin.id)
    assert restored is not None and (restored.status, restored.merged_into) == ("current", None)
    assert {(x.kind, x.from_id, x.to_id) for x in store.fact_links([twin.id, lives.id])} == {
        ("DERIVED_FROM", semantic.id, lives.id),
    }
    assert store.fact_sources([semantic.id]) == [ep.id]


def test_any_text_reads_back_unchanged_from_every_search(store: Store) -> None:
    text = 'She said "Paris" \\ then {"left"}\n\tand \x01 ran 😀'
    ep = episode(text)
    store.apply(WritePlan(episodes=[EpisodeRow(episode=ep, embedding=vec(3))]))
    assert [e.text for e, _ in store.search_episodes_by_vector("u1", vec(3), 5)] == [text]
    assert [e.text for e, _ in store.search_episodes_by_text("u1", "Paris", 5)] == [text]


def test_graph_expansion_reaches_facts_two_hops_away_with_their_path(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, _, lives, emi, paris = seeded
    france = entity("France", "Place")
    ep2 = episode("Paris is in France")
    located = fact(paris, "LOCATED_IN", france, ep2)
    store.apply(plan_for(ep2, [located], [paris, france], dim=20))
    hits = store.expand_from_entities("u1", [emi.id], 2, 10)
    assert [(h.fact.id, h.hops, h.start_name, h.via_name) for h in hits] == [
        (lives.id, 1, "Emi", None),
        (located.id, 2, "Emi", "Paris"),
    ]
    assert hits[0].fact == lives and hits[1].via_fact == lives
    one_hop = store.expand_from_entities("u1", [emi.id], 1, 10)
    assert [(h.fact.id, h.hops) for h in one_hop] == [(lives.id, 1)]
    assert store.expand_from_entities("u1", ["ent_nobody"], 2, 10) == []
    assert store.expand_from_entities("u2", [emi.id], 2, 10) == []


def test_relation_facts_follow_the_asked_relations_of_the_subjects_to_their_messages(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, emi, paris = seeded
    skiing = entity("skiing", "Activity")
    ep2 = episode("I love skiing")
    likes = fact(emi, "PREFERS", skiing, ep2)
    store.apply(plan_for(ep2, [likes], [emi, skiing], dim=21))
    assert store.relation_facts("u1", [emi.id], ["PREFERS"], 10) == [(likes, ep2)]
    both = store.relation_facts("u1", [emi.id], ["LIVES_IN", "PREFERS"], 10)
    assert sorted((f.id, e.id if e else None) for f, e in both) == sorted(
        [(lives.id, ep.id), (likes.id, ep2.id)]
    )
    assert store.relation_facts("u1", [paris.id], ["LIVES_IN"], 10) == []  # object, not subject
    assert store.relation_facts("u1", [emi.id], ["HAS_PET"], 10) == []
    assert store.relation_facts("u2", [emi.id], ["PREFERS"], 10) == []
    assert store.relation_facts("u1", [emi.id], [], 10) == []
    assert len(store.relation_facts("u1", [emi.id], ["LIVES_IN", "PREFERS"], 1)) == 1


def test_vector_and_text_search_are_scoped_to_the_user(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, _, _ = seeded
    bob, rome = entity("Bob", "Person", "u2"), entity("Rome", "Place", "u2")
    ep_b = episode("I live in Paris", user="u2")
    store.apply(plan_for(ep_b, [fact(bob, "LIVES_IN", rome, ep_b)], [bob, rome]))
    hits = store.search_facts_by_vector("u1", vec(1), 5)
    assert [(f.id, round(s, 3)) for f, s in hits][:1] == [(lives.id, 1.0)]
    assert all(f.user_id == "u1" for f, _ in hits)
    assert [e.id for e, _ in store.search_episodes_by_vector("u1", vec(0), 5)] == [ep.id]
    assert [f.id for f, _ in store.search_facts_by_text("u1", "Paris?!", 5)] == [lives.id]
    assert [e.id for e, _ in store.search_episodes_by_text("u2", "paris", 5)] == [ep_b.id]
    assert store.search_facts_by_text("u1", "***", 5) == []


def test_forget_removes_from_every_path_and_keeps_a_tombstone(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, emi, paris = seeded
    tomb = Tombstone(
        id=make_id("tomb", lives.id),
        target_id=lives.id,
        target_kind="fact",
        user_id="u1",
        forgotten_at=T0,
        by="tester",
        reason="asked",
    )
    store.forget(
        ForgetPlan(
            fact_ids=[lives.id], episode_ids=[ep.id], entity_ids=[paris.id], tombstones=[tomb]
        )
    )
    gone = store.get_fact(lives.id)
    assert gone is not None and gone.status == "forgotten" and gone.text is None
    # Every other property survives the redaction (FalkorDB once dropped wrong attributes).
    assert gone.origin == "user" and gone.predicate == "LIVES_IN" and gone.priority == 5
    assert store.search_facts_by_vector("u1", vec(1), 5) == []
    assert store.search_facts_by_text("u1", "Paris", 5) == []
    assert store.search_episodes_by_text("u1", "Paris", 5) == []
    assert store.search_episodes_by_vector("u1", vec(0), 5) == []
    assert store.get_entity(paris.id) is None
    assert store.get_entity(emi.id) == emi
    assert store.tombstones([lives.id]) == [tomb]
    assert store.active_facts_of_subjects("u1", [emi.id]) == []


def test_forget_redacts_a_message_that_stays_and_unlinks_what_went(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    store, ep, lives, emi, paris = seeded
    berlin = entity("Berlin", "Place")
    loves = fact(emi, "LOVES", berlin, ep)
    plan = plan_for(ep, [loves], [emi, berlin], dim=3)
    store.apply(plan.model_copy(update={"episodes": []}))
    assert {(r.fact_id, r.span_start) for r in store.episode_evidence([ep.id])} == {
        (lives.id, 0), (loves.id, 0)
    }
    assert store.entities_mentioned([ep.id]) == {emi.id, paris.id, berlin.id}
    uses = {u.entity_id: u for u in store.entity_uses([paris.id, emi.id, "ent_missing"])}
    assert set(uses) == {paris.id, emi.id}
    assert uses[paris.id].fact_ids == [lives.id] and uses[paris.id].episode_ids == [ep.id]
    assert uses[emi.id].fact_ids == sorted([lives.id, loves.id])

    store.forget(ForgetPlan(
        fact_ids=[lives.id], entity_ids=[paris.id],
        redactions=[EpisodeRedaction(episode_id=ep.id, text="[forgotten] and Berlin",
                                     embedding=vec(7), spans=[(loves.id, 16, 22)])],
    ))
    kept = store.get_episode(ep.id)
    assert kept is not None and kept.text == "[forgotten] and Berlin" and kept.status == "active"
    assert [(r.fact_id, r.span_start, r.span_end) for r in store.episode_evidence([ep.id])] == [
        (loves.id, 16, 22)
    ]
    assert [e.id for e, _ in store.search_episodes_by_vector("u1", vec(7), 5)] == [ep.id]
    assert store.search_episodes_by_text("u1", "Paris", 5) == []
    gone = store.get_fact(lives.id)
    assert gone is not None and gone.status == "forgotten" and gone.episode_ids == ()
    assert gone.key is None and gone.subject_name is None
    assert store.entities_mentioned([ep.id]) == {emi.id, berlin.id}
    assert [u.fact_ids for u in store.entity_uses([emi.id])] == [[loves.id]]
    # Forgetting the message now: the fact it backed loses that source and one statement.
    store.forget(ForgetPlan(episode_ids=[ep.id]))
    left = store.get_fact(loves.id)
    assert left is not None and left.status == "current" and left.episode_ids == ()
    assert store.entities_mentioned([ep.id]) == set()


def test_update_fact_in_place(seeded: tuple[Store, Episode, Fact, Entity, Entity]) -> None:
    store, _, lives, _, _ = seeded
    used = T0 + timedelta(hours=1)
    store.update_fact(lives.id, FactUpdate(confidence=0.9, more_uses=1, last_used_at=used))
    got = store.get_fact(lives.id)
    assert got is not None and (got.confidence, got.use_count, got.last_used_at) == (0.9, 1, used)
    assert got.text == lives.text
    with pytest.raises(StoreError):
        store.update_fact("fact_000000000000000000000000", FactUpdate(priority=3))


def test_prune_candidates_by_rule(seeded: tuple[Store, Episode, Fact, Entity, Entity]) -> None:
    store, _, lives, _, _ = seeded
    now = T0 + timedelta(days=400)
    kwargs = {
        "now": now,
        "min_confidence": 0.2,
        "superseded_before": now,
        "unused_before": now - timedelta(days=180),
        "limit": 10,
    }
    assert [f.id for f in store.prune_candidates("u1", "never_used", **kwargs)] == [lives.id]
    assert store.prune_candidates("u1", "expired", **kwargs) == []
    assert store.prune_candidates("u1", "low_confidence", **kwargs) == []
    store.update_fact(lives.id, FactUpdate(confidence=0.1, expires_at=now - timedelta(days=1)))
    assert [f.id for f in store.prune_candidates(None, "expired", **kwargs)] == [lives.id]
    assert [f.id for f in store.prune_candidates("u1", "low_confidence", **kwargs)] == [lives.id]
    assert store.prune_candidates("u2", "low_confidence", **kwargs) == []


def test_prune_candidates_faded(store: Store) -> None:
    """`faded`: a current or conflicted fact whose (memory type, priority) has a cut-off and
    whose last use (else its creation) is before it."""
    emi = entity("Emi", "Person")
    tea, cake, soup, rice, milk = (entity(n) for n in ("tea", "cake", "soup", "rice", "milk"))
    peanut = entity("peanut", "Substance")
    ep = episode("Emi's food")
    idle = fact(emi, "PREFERS", tea, ep)
    conflicted = fact(emi, "PREFERS", rice, ep, status="conflicted",
                      created_at=T0 + timedelta(days=1))
    recalled = fact(emi, "PREFERS", cake, ep, use_count=3, last_used_at=T0 + timedelta(days=300))
    important = fact(emi, "PREFERS", soup, ep, priority=9)
    allergy = fact(emi, "ALLERGIC_TO", peanut, ep, memory_type="constraint")
    old = fact(emi, "PREFERS", milk, ep, status="superseded", superseded_at=T0)
    store.apply(plan_for(ep, [idle, conflicted, recalled, important, allergy, old],
                         [emi, tea, cake, soup, rice, milk, peanut]))
    now = T0 + timedelta(days=400)
    kwargs = {
        "now": now,
        "min_confidence": 0.0,
        "superseded_before": T0 - timedelta(days=1),
        "unused_before": T0 - timedelta(days=1),
        "limit": 10,
    }
    cutoffs = {("fact", 5): T0 + timedelta(days=100), ("preference", 9): now}
    faded = store.prune_candidates("u1", "faded", faded_before=cutoffs, **kwargs)
    assert [f.id for f in faded] == [idle.id, conflicted.id]
    assert [f.id for f in store.prune_candidates(None, "faded", faded_before=cutoffs,
                                                 **kwargs)] == [idle.id, conflicted.id]
    assert store.prune_candidates("u2", "faded", faded_before=cutoffs, **kwargs) == []
    assert store.prune_candidates("u1", "faded", **kwargs) == []  # no cut-offs: nothing fades


def test_working_memory_slots(store: Store) -> None:
    slot = WorkingSlot(
        user_id="u1",
        session_id="s1",
        key="order_id",
        value="A1",
        memory_type="fact",
        priority=5,
        updated_at=T0,
        expires_at=T0 + timedelta(hours=1),
    )
    store.save_slot(slot)
    store.save_slot(slot.model_copy(update={"value": "A2", "history": ("old\tA1",)}))
    store.save_slot(slot.model_copy(update={"session_id": "s2"}))
    assert store.get_slots("u1", "s1") == [
        slot.model_copy(update={"value": "A2", "history": ("old\tA1",)})
    ]
    store.delete_slots("u1", "s1", ["order_id"])
    assert store.get_slots("u1", "s1") == []
    assert len(store.get_slots("u1", "s2")) == 1


def test_schema_is_idempotent(store: Store) -> None:
    store.ensure_schema(384)
    store.ensure_schema(384)


def test_a_store_from_before_user_keys_is_upgraded_at_open(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    """FalkorDB only: the fulltext indexes gained a user_key field; an older graph (text-only
    indexes, memories without user_key) must keep answering keyword searches after an upgrade."""
    store, ep, lives, _, _ = seeded
    falkordb_only(store)
    assert isinstance(store, FalkorDBStore)
    graph = store._graph
    for label in ("Fact", "Episode"):
        graph.query(f"CALL db.idx.fulltext.drop('{label}')")
        graph.query(f"MATCH (n:{label}) SET n.user_key = null")
        graph.query(f"CALL db.idx.fulltext.createNodeIndex('{label}', 'text')")
    assert store.search_facts_by_text("u1", "Paris", 5) == []  # the old layout finds nothing
    store.ensure_schema(384)
    deadline = time.monotonic() + 30
    while store.building_indexes() and time.monotonic() < deadline:
        time.sleep(0.01)  # the new indexes are built in the background, as after a restart
    assert [f.id for f, _ in store.search_facts_by_text("u1", "Paris", 5)] == [lives.id]
    assert [e.id for e, _ in store.search_episodes_by_text("u1", "Paris", 5)] == [ep.id]
    store.ensure_schema(384)  # and the upgrade does not run twice
    assert [f.id for f, _ in store.search_facts_by_text("u1", "Paris", 5)] == [lives.id]


def test_vector_search_finds_a_small_users_memories_among_many_closer_ones(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    """The vector index is shared: another user's 40 episodes all nearer to the query than
    u1's must not hide u1's from u1 (the store falls back to an exact scan of u1's own)."""
    store, ep, _, _, _ = seeded
    falkordb_only(store)
    query = [0.0] * 384
    query[0], query[1] = 0.6, 0.8  # u1's episode lies on axis 0, the crowd on axis 1
    for i in range(40):
        crowd = Episode(
            id=make_id("ep", "u2", str(i)), user_id="u2", text=f"crowd {i}", timestamp=T0
        )
        store.apply(WritePlan(episodes=[EpisodeRow(episode=crowd, embedding=vec(1))]))
    hits = store.search_episodes_by_vector("u1", query, 2)
    assert [(e.id, round(s, 3)) for e, s in hits] == [(ep.id, 0.6)]
    assert len(store.search_episodes_by_vector("u2", query, 2)) == 2


def test_a_settled_store_builds_no_index(
    seeded: tuple[Store, Episode, Fact, Entity, Entity],
) -> None:
    assert seeded[0].building_indexes() == []


def test_session_speakers_are_the_sessions_own_most_recent_first(store: Store) -> None:
    said = [
        ("Ana", "s1", "u1", 0),
        ("Bo", "s1", "u1", 1),
        ("Ana", "s1", "u1", 2),
        ("Cy", "s2", "u1", 3),
        ("Di", "s1", "u2", 4),
    ]
    for speaker, session, user, minutes in said:
        ep = Episode(
            id=make_id("ep", user, session, speaker, str(minutes)),
            user_id=user,
            session_id=session,
            speaker=speaker,
            text=f"{speaker} speaks",
            timestamp=T0 + timedelta(minutes=minutes),
        )
        store.apply(plan_for(ep, [], [], dim=minutes))
    assert store.session_speakers("u1", "s1") == ["Ana", "Bo"]
    assert store.session_speakers("u1", "s2") == ["Cy"]
    assert store.session_speakers("u2", "s1") == ["Di"]
    assert store.session_speakers("u1", "nope") == []

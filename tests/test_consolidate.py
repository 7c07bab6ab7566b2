"""Consolidation into semantic memory: evidence, scope, automatic triggers, reversible merges.
Real engine, real spaCy, real MiniLM."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.consolidate import combined_confidence
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.extract.base import Extractor
from graph_memory.idle import IdleSessions
from graph_memory.memory import Memory
from graph_memory.models import Fact

CODE_REQUESTS = [
    "Honestly, I prefer concise replies.",
    # Not "For code reviews I prefer ...", "When it comes to code, I prefer ..." nor "When we
    # talk about code, I prefer ...": a stated context is the fact's key, another statement.
    "I prefer concise replies when I'm reviewing code.",
    "Please keep it short when debugging code, I prefer concise replies.",
]
T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def say(memory: Memory, text: str, *, at: datetime = T0, session: str = "s1") -> list[str]:
    result = memory.write(text, user_id="emi", agent_id="helper", session_id=session, timestamp=at)
    return [c.kind for c in result.changes]


def preference(memory: Memory, name: str) -> Fact:
    found = [
        f
        for f in memory.facts("emi", statuses=None)
        if f.object_name == name and f.memory_type != "semantic"
    ]
    assert len(found) == 1, found
    return found[0]


def italian(memory: Memory) -> tuple[Fact, Fact]:
    say(memory, "I love Italian food.")
    say(memory, "I love Italian cuisine.", at=T0 + timedelta(days=1))
    return preference(memory, "Italian food"), preference(memory, "Italian cuisine")


def test_the_third_confirmation_makes_a_semantic_memory_with_evidence_and_scope(
    memory: Memory,
) -> None:
    say(memory, CODE_REQUESTS[0])
    say(memory, CODE_REQUESTS[1], at=T0 + timedelta(days=1))
    assert memory.semantic_memories("emi") == []  # two statements are not yet knowledge

    changes = say(memory, CODE_REQUESTS[2], at=T0 + timedelta(days=2), session="s2")
    assert changes == ["reinforced", "consolidated"]

    [semantic] = memory.semantic_memories("emi")
    source = preference(memory, "concise reply")
    assert semantic.conclusion == source.text == "emi prefers concise reply"
    assert (semantic.evidence_count, semantic.evidence) == (3, (source.id,))
    assert len(semantic.episode_ids) == 3
    assert semantic.scope.topics == ("code",)
    assert semantic.scope.agents == ("helper",)
    assert semantic.scope.sessions == 2
    assert (semantic.scope.since, semantic.scope.until) == (T0, T0 + timedelta(days=2))
    assert semantic.summary == (
        "emi prefers concise reply; evidence: 3 statements; "
        "scope: topics: code; agents: helper; 2 sessions; 2026-11-02 to 2026-11-04"
    )
    assert semantic.confidence == combined_confidence([(source.confidence, 3)])
    assert semantic.confidence > source.confidence
    stored = memory.get(semantic.id)
    assert isinstance(stored, Fact)
    assert (stored.memory_type, stored.status) == ("semantic", "current")
    assert {link.kind for link in memory.history(semantic.id)} == {"DERIVED_FROM"}


def test_a_fourth_confirmation_updates_the_same_semantic_memory(memory: Memory) -> None:
    for day, text in enumerate(CODE_REQUESTS):
        say(memory, text, at=T0 + timedelta(days=day))
    [first] = memory.semantic_memories("emi")
    say(memory, "I prefer concise replies about code.", at=T0 + timedelta(days=5))
    [second] = memory.semantic_memories("emi")
    assert second.id == first.id
    assert (second.evidence_count, len(second.episode_ids)) == (4, 4)
    again = memory.summarize("emi")
    assert (again.created, again.updated, [m.id for m in again.unchanged]) == ((), (), [first.id])


def test_no_semantic_memory_without_repeated_evidence(memory: Memory) -> None:
    say(memory, "I love tea.")
    say(memory, "I love coffee.")
    report = memory.summarize("emi")
    assert (report.groups, report.created, report.merges) == (2, (), ())
    assert memory.semantic_memories("emi") == []


def test_near_duplicates_merge_reversibly_and_unrelated_objects_do_not(memory: Memory) -> None:
    food, cuisine = italian(memory)
    say(memory, "I love tea.")
    say(memory, "I love coffee.")

    dry = memory.summarize("emi", min_evidence=2, dry_run=True)
    assert [(m.fact_id, m.into_id) for m in dry.merges] == [(cuisine.id, food.id)]
    assert preference(memory, "Italian cuisine").status == "current"  # a dry run writes nothing

    report = memory.summarize("emi", min_evidence=2)
    [merge] = report.merges
    assert (merge.fact_id, merge.into_id) == (cuisine.id, food.id)
    assert merge.similarity >= 0.9
    [created] = report.created
    assert (created.evidence_count, set(created.evidence)) == (2, {food.id, cuisine.id})
    assert created.scope.topics == ()  # "cuisine" is a wording of the statement, not a topic
    merged = preference(memory, "Italian cuisine")
    assert (merged.status, merged.merged_into) == ("merged", food.id)
    assert preference(memory, "Italian food").evidence_count == 2
    assert [(x.kind, x.to_id) for x in memory.history(cuisine.id) if x.kind == "MERGED_INTO"] == [
        ("MERGED_INTO", food.id)
    ]
    assert preference(memory, "tea").status == preference(memory, "coffee").status == "current"
    recalled = memory.recall("Does emi like Italian cuisine?", user_id="emi", top_k=10)
    assert cuisine.id not in {r.id for r in recalled.results}

    undone = memory.unmerge(cuisine.id)
    assert (undone.fact.id, undone.fact.status, undone.into_id) == (cuisine.id, "current", food.id)
    assert [w.semantic_id for w in undone.withdrawn] == [created.id]
    restored = preference(memory, "Italian cuisine")
    assert (restored.status, restored.merged_into) == ("current", None)
    assert preference(memory, "Italian food").evidence_count == 1
    assert not [x for x in memory.history(cuisine.id) if x.kind == "MERGED_INTO"]
    with pytest.raises(NotFoundError, match="a single statement is no conclusion"):
        memory.get(created.id)
    assert memory.semantic_memories("emi") == []


def test_unmerge_rebuilds_a_conclusion_that_still_holds(memory: Memory) -> None:
    food, cuisine = italian(memory)
    say(memory, "I love Italian food.", at=T0 + timedelta(days=2))
    report = memory.summarize("emi")
    [created] = report.created
    assert created.evidence_count == 3

    undone = memory.unmerge(cuisine.id)
    assert undone.semantic is not None and undone.withdrawn == ()
    assert (undone.semantic.id, undone.semantic.evidence_count) == (created.id, 2)
    assert undone.semantic.evidence == (food.id,)
    [held] = memory.semantic_memories("emi")
    assert (held.evidence_count, len(held.episode_ids)) == (2, 2)


def test_stating_a_merged_duplicate_again_reinforces_what_it_was_merged_into(
    memory: Memory,
) -> None:
    italian(memory)
    memory.summarize("emi", min_evidence=2)
    changes = say(memory, "I love Italian cuisine.", at=T0 + timedelta(days=3))
    assert changes[0] == "reinforced"
    assert preference(memory, "Italian food").evidence_count == 3
    assert preference(memory, "Italian cuisine").status == "merged"
    [semantic] = memory.semantic_memories("emi")
    assert semantic.evidence_count == 3


def test_recall_gives_a_source_fact_slot_to_its_conclusion(memory: Memory) -> None:
    for day, text in enumerate(CODE_REQUESTS):
        say(memory, text, at=T0 + timedelta(days=day))
    [semantic] = memory.semantic_memories("emi")
    source = preference(memory, "concise reply")
    results = memory.recall("How long should replies to emi be?", user_id="emi", top_k=5).results
    ids = [r.id for r in results]
    assert semantic.id in ids and source.id not in ids
    top = results[ids.index(semantic.id)]
    assert top.memory_type == "semantic"
    assert top.why is not None
    assert f"semantic memory consolidated from 1 facts ({source.id})" in top.why.notes
    assert set(top.episode_ids) == set(semantic.episode_ids)


def test_a_changed_preference_supersedes_the_conclusion_too(memory: Memory) -> None:
    for day, text in enumerate(CODE_REQUESTS):
        say(memory, text, at=T0 + timedelta(days=day))
    [semantic] = memory.semantic_memories("emi")
    say(memory, "I hate concise replies.", at=T0 + timedelta(days=9))
    stored = memory.get(semantic.id)
    assert isinstance(stored, Fact) and stored.status == "superseded"
    assert memory.semantic_memories("emi") == []


def test_forgetting_a_source_forgets_the_conclusion_but_not_the_other_way(
    memory: Memory,
) -> None:
    _, cuisine = italian(memory)
    [created] = memory.summarize("emi", min_evidence=2).created
    memory.forget(user_id="emi", memory_id=created.id, reason="not wanted")
    assert preference(memory, "Italian food").status == "current"
    assert preference(memory, "Italian cuisine").status == "merged"

    memory.unmerge(cuisine.id)
    [again] = memory.summarize("emi", min_evidence=2).created
    assert again.id != created.id
    memory.forget(user_id="emi", memory_id=cuisine.id)
    with pytest.raises(NotFoundError):
        memory.get(again.id)


def test_a_session_left_idle_is_consolidated(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "data", consolidation_idle_seconds=0.2)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        italian(memory)
        say(memory, "I love Italian food.", at=T0 + timedelta(days=2))  # 2 + 1: no trigger yet
        deadline = time.monotonic() + 30
        while not memory.semantic_memories("emi") and time.monotonic() < deadline:
            time.sleep(0.05)  # the idle thread's own pace; the assertion does not depend on it
        [semantic] = memory.semantic_memories("emi")
        assert semantic.evidence_count == 3


def test_idle_sessions_are_handed_out_once_per_quiet() -> None:
    now = [0.0]
    seen: list[tuple[str, str]] = []
    idle = IdleSessions(0, lambda u, s: seen.append((u, s)), clock=lambda: now[0])
    idle.touch("emi", "s1")  # idle_s 0 turns the watcher off: nothing is tracked
    assert idle.due() == []
    watcher = IdleSessions(600, lambda u, s: seen.append((u, s)), clock=lambda: now[0])
    try:
        watcher.touch("emi", "s1")
        now[0] = 300.0
        watcher.touch("emi", "s2")
        now[0] = 650.0
        assert watcher.run_due() == 1 and seen == [("emi", "s1")]
        assert watcher.run_due() == 0
        now[0] = 900.0
        assert watcher.run_due() == 1 and seen[-1] == ("emi", "s2")
    finally:
        watcher.close()


def test_summarize_scopes_by_session_agent_and_window(memory: Memory) -> None:
    italian(memory)
    say(memory, "I love Italian food.", at=T0 + timedelta(days=2), session="s9")
    assert memory.summarize("emi", session_id="nope").groups == 0
    assert memory.summarize("emi", agent_id="other").groups == 0
    assert memory.summarize("emi", until=T0 - timedelta(days=1)).groups == 0
    assert len(memory.summarize("emi", since=T0, session_id="s1").created) == 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"min_evidence": 1}, "min_evidence"),
        ({"min_evidence": 1001}, "min_evidence"),
        ({"since": T0, "until": T0 - timedelta(days=1)}, "since"),
        ({"session_id": "bad id!"}, "session_id"),
        ({"agent_id": ""}, "agent_id"),
    ],
)
def test_summarize_refuses_bad_input(
    memory: Memory, options: dict[str, object], message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message):
        memory.summarize("emi", **options)  # type: ignore[arg-type]


def test_unmerge_refuses_what_is_not_merged(memory: Memory) -> None:
    food, _ = italian(memory)
    with pytest.raises(InvalidInputError, match="not merged"):
        memory.unmerge(food.id)
    with pytest.raises(NotFoundError):
        memory.unmerge("fact_000000000000000000000000")
    with pytest.raises(InvalidInputError):
        memory.unmerge("ep_x")
    with pytest.raises(InvalidInputError, match="not a semantic memory"):
        memory.semantic_memory(food.id)


@pytest.fixture()
def same_session_memory(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path / "data", consolidation_min_evidence=2)
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        yield memory


def test_the_evidence_threshold_is_a_setting(same_session_memory: Memory) -> None:
    changes = say(same_session_memory, "I love jazz.")
    assert changes == []
    assert say(same_session_memory, "I love jazz.", at=T0 + timedelta(hours=1)) == [
        "reinforced",
        "consolidated",
    ]
    [semantic] = same_session_memory.semantic_memories("emi")
    assert semantic.evidence_count == 2


def test_semantic_memories_come_only_from_consolidation(memory: Memory) -> None:
    with pytest.raises(InvalidInputError, match="consolidation only"):
        memory.write("I love jazz.", user_id="emi", memory_type="semantic")
    with pytest.raises(InvalidInputError, match="consolidation only"):
        memory.working_set("emi", "s1", "music", "jazz", memory_type="semantic")
    food, cuisine = italian(memory)
    [semantic] = memory.summarize("emi", min_evidence=2).created
    with pytest.raises(InvalidInputError, match="consolidation only"):
        memory.update(food.id, memory_type="semantic")
    with pytest.raises(InvalidInputError, match="follows its evidence"):
        memory.update(semantic.id, object_name="pizza")
    with pytest.raises(InvalidInputError, match="unmerge it first"):
        memory.update(cuisine.id, priority=9)
    assert memory.update(semantic.id, priority=9).priority == 9
    assert memory.facts("emi", statuses=["merged"])[0].id == cuisine.id


def test_a_confirmation_consolidates_only_its_own_group(memory: Memory) -> None:
    italian(memory)  # near-duplicates, not yet merged
    say(memory, "I love jazz.")
    say(memory, "I love jazz.", at=T0 + timedelta(days=1))
    assert say(memory, "I love jazz.", at=T0 + timedelta(days=2)) == [
        "reinforced",
        "consolidated",
    ]
    assert preference(memory, "Italian cuisine").status == "current"
    [semantic] = memory.semantic_memories("emi")
    assert semantic.conclusion == "emi prefers jazz"


def test_names_with_different_numbers_are_never_near_duplicates(memory: Memory) -> None:
    for n in (1, 4, 7):
        memory.write(user_id="emi", triples=[{
            "subject": {"name": "emi", "type": "Person"}, "predicate": "PREFERS",
            "object": {"name": f"dish {n}", "type": "Food"}}])
    report = memory.summarize("emi", min_evidence=2)
    assert (report.merges, report.created) == ((), ())


def test_a_write_concludes_but_leaves_merging_to_summarize(memory: Memory) -> None:
    food, cuisine = italian(memory)
    say(memory, "I love Italian food.", at=T0 + timedelta(days=2))
    assert say(memory, "I love Italian food.", at=T0 + timedelta(days=3)) == [
        "reinforced",
        "consolidated",
    ]
    [semantic] = memory.semantic_memories("emi")
    assert (semantic.evidence, semantic.evidence_count) == ((food.id,), 3)
    assert preference(memory, "Italian cuisine").status == "current"
    [merge] = memory.summarize("emi").merges  # the near-duplicate joins on demand
    assert (merge.fact_id, merge.into_id) == (cuisine.id, food.id)
    [semantic] = memory.semantic_memories("emi")
    assert (set(semantic.evidence), semantic.evidence_count) == ({food.id, cuisine.id}, 4)


def test_confirming_a_contested_fact_also_settles_its_conclusion(memory: Memory) -> None:
    def jazz(predicate: str, speaker: str, hours: int) -> list[str]:
        result = memory.write(user_id="emi", speaker=speaker, timestamp=T0 + timedelta(hours=hours),
                              triples=[{"subject": {"name": "Emi", "type": "Person"},
                                        "predicate": predicate,
                                        "object": {"name": "jazz", "type": "Thing"}}])
        return [c.kind for c in result.changes]

    for hour in range(3):
        jazz("PREFERS", "Emi", hour)
    [semantic] = memory.semantic_memories("emi")
    assert jazz("AVOIDS", "Bob", 4) == ["conflict", "conflict"]  # both statements of Emi's
    contested = memory.get(semantic.id)
    assert isinstance(contested, Fact) and contested.status == "conflicted"
    assert "reinforced" in jazz("PREFERS", "Emi", 5)  # Emi confirms
    settled = memory.get(semantic.id)
    assert isinstance(settled, Fact) and (settled.status, settled.needs_confirmation) == (
        "current", False)
    assert [m.id for m in memory.semantic_memories("emi")] == [semantic.id]

"""Decay: the importance of facts nobody recalls fades, in recall scores and in pruning.
The formula on its own, then against the real engine and models."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from graph_memory.decay import decay_factor, fade_cutoffs, importance
from graph_memory.errors import NotFoundError
from graph_memory.memory import Memory
from graph_memory.models import Fact
from graph_memory.ontology import Ontology
from graph_memory.store.base import FactUpdate
from graph_memory.store.cypher_store import to_epoch
from graph_memory.store.falkordb import FalkorDBStore
from graph_memory.validation import utcnow

NOW = datetime(2026, 6, 1, tzinfo=UTC)


def a_fact(priority: int = 6, **kw: object) -> Fact:
    fields: dict[str, object] = {
        "id": "fact_000000000000000000000001",
        "user_id": "emi",
        "subject_id": "ent_000000000000000000000001",
        "predicate": "PREFERS",
        "object_id": "ent_000000000000000000000002",
        "memory_type": "preference",
        "priority": priority,
        "confidence": 0.8,
        "valid_from": NOW - timedelta(days=400),
        "created_at": NOW - timedelta(days=400),
        "origin": "Emi",
        "extractor": "test",
    }
    fields.update(kw)
    return Fact.model_validate(fields)


# --- the formula ------------------------------------------------------------------------------


def test_each_half_life_halves_the_importance() -> None:
    assert decay_factor(0, 180) == 1.0
    assert decay_factor(180, 180) == pytest.approx(0.5)
    assert decay_factor(360, 180) == pytest.approx(0.25)
    fresh = a_fact(created_at=NOW)
    assert importance(fresh, 180, NOW) == pytest.approx(0.6)
    assert importance(a_fact(created_at=NOW - timedelta(days=180)), 180, NOW) == pytest.approx(0.3)


def test_a_memory_type_without_half_life_never_decays() -> None:
    assert decay_factor(10_000, None) == 1.0
    assert importance(a_fact(created_at=NOW - timedelta(days=10_000)), None, NOW) == 0.6


def test_a_recall_or_feedback_restarts_the_clock() -> None:
    """Idle time counts from the last use (last_used_at), else from the write."""
    idle = a_fact()
    used = a_fact(use_count=1, last_used_at=NOW - timedelta(days=1))
    assert importance(idle, 180, NOW) == pytest.approx(0.6 * 0.5 ** (400 / 180))
    assert importance(used, 180, NOW) == pytest.approx(0.6 * 0.5 ** (1 / 180))


def test_the_default_half_lives_spare_constraints(ontology: Ontology) -> None:
    half_lives = {n: m.half_life_days for n, m in ontology.memory_types.items()}
    assert half_lives["constraint"] is None
    assert half_lives["fact"] == 180 and half_lives["todo"] == 30


def test_fade_cutoffs_mark_where_importance_drops_below_the_bound() -> None:
    cutoffs = fade_cutoffs({"fact": 180, "constraint": None}, 0.05, NOW)
    assert set(cutoffs) == {("fact", p) for p in range(1, 11)}, "no cut-off for constraints"
    assert NOW - cutoffs[("fact", 5)] == timedelta(days=180 * math.log2(10))
    for (_, priority), before in cutoffs.items():
        second = timedelta(seconds=1)
        older = a_fact(priority=priority, memory_type="fact", created_at=before - second)
        newer = a_fact(priority=priority, memory_type="fact", created_at=before + second)
        assert importance(older, 180, NOW) < 0.05 <= importance(newer, 180, NOW)
    # Priority alone below the bound: faded from the start.
    assert fade_cutoffs({"fact": 180}, 0.5, NOW)[("fact", 4)] == NOW
    assert fade_cutoffs({"fact": 180}, 0.0, NOW) == {}, "nothing fades below 0"


# --- against the engine -----------------------------------------------------------------------


def backdate(memory: Memory, fact_id: str, created_at: datetime) -> None:
    """Pretend a fact was written long ago (the write path always stamps now)."""
    assert isinstance(memory.store, FalkorDBStore)
    memory.store._graph.query(
        "MATCH (f:Fact {id: $id}) SET f.created_at = $at",
        {"id": fact_id, "at": to_epoch(created_at)},
    )


def tea(memory: Memory, user: str) -> str:
    [fact_id] = memory.write("I like tea.", user_id=user, speaker="Emi").fact_ids
    return fact_id


def importance_signal(memory: Memory, user: str) -> float:
    [result] = [r for r in memory.recall("Does Emi like tea?", user_id=user).results
                if r.kind == "fact"]
    assert result.why is not None
    [signal] = [s for s in result.why.signals if s.name == "importance"]
    return signal.raw


def test_a_just_written_fact_has_its_full_importance(memory: Memory) -> None:
    tea(memory, "ana")
    assert importance_signal(memory, "ana") == pytest.approx(0.6, abs=1e-4)


def test_a_fact_never_recalled_ranks_lower_than_one_recalled_lately(memory: Memory) -> None:
    idle, recalled = tea(memory, "idle"), tea(memory, "recalled")
    long_ago = utcnow() - timedelta(days=400)
    for fact_id in (idle, recalled):
        backdate(memory, fact_id, long_ago)
    memory.store.update_fact(
        recalled, FactUpdate(more_uses=1, last_used_at=utcnow() - timedelta(days=1))
    )
    faded, kept = importance_signal(memory, "idle"), importance_signal(memory, "recalled")
    assert faded == pytest.approx(0.6 * 0.5 ** (400 / 180), abs=1e-3)
    assert kept == pytest.approx(0.6, abs=1e-2)
    assert faded < kept
    # That recall counted as a use: the idle fact has its full importance again.
    memory.flush()
    assert importance_signal(memory, "idle") == pytest.approx(0.6, abs=1e-4)


def test_prune_finds_facts_that_faded_but_not_constraints_or_recalled_ones(
    memory: Memory,
) -> None:
    ids = {
        text: memory.write(text, user_id="emi", speaker="Emi").fact_ids[0]
        for text in ("I like tea.", "I like coffee.", "I'm allergic to peanuts.")
    }
    now = utcnow()
    for text, fact_id in ids.items():
        backdate(memory, fact_id, now - timedelta(days=1000))
        last = now - timedelta(days=1 if "coffee" in text else 900)
        memory.store.update_fact(fact_id, FactUpdate(more_uses=1, last_used_at=last))
    allergy = memory.get(ids["I'm allergic to peanuts."])
    assert isinstance(allergy, Fact) and allergy.memory_type == "constraint"

    report = memory.prune(user_id="emi")
    assert [(c.fact_id, c.rule) for c in report.candidates] == [(ids["I like tea."], "faded")]
    assert report.candidates[0].importance == pytest.approx(0.6 * 0.5**5, abs=1e-4)
    assert isinstance(memory.get(ids["I like tea."]), Fact), "a dry run removes nothing"
    # A stricter bound reaches the coffee too (0.6 is below 0.7 from the start), never the
    # allergy.
    strict = memory.prune(user_id="emi", min_importance=0.7)
    assert {c.fact_id for c in strict.candidates} == {ids["I like tea."], ids["I like coffee."]}

    applied = memory.prune(user_id="emi", dry_run=False)
    assert applied.removed == 1
    with pytest.raises(NotFoundError, match="prune: faded"):
        memory.get(ids["I like tea."])
    assert [t.reason for t in memory.store.tombstones([ids["I like tea."]])] == ["prune: faded"]
    assert isinstance(memory.get(ids["I like coffee."]), Fact)

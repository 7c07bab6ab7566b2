"""Forget semantics (graph_memory/forgetting.py) against the real engine, extractor and
embedder: what goes, what stays, and that nothing forgotten is left in any node or edge."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.extract.base import Extractor
from graph_memory.forgetting import PLACEHOLDER, move_offset, redact
from graph_memory.memory import Memory
from graph_memory.models import Episode, Fact
from graph_memory.ontology import Ontology
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb import FalkorDBStore

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
SECRET = "555-1234"
BOTH = f"My phone number is {SECRET} and my favorite color is green."


class Graph:
    """A Memory over a graph of an engine this test started, so that the test can read every
    node and edge of it directly (what an analyst or an attacker with the data could)."""

    def __init__(self, engine: EmbeddedEngine, memory: Memory) -> None:
        self.memory = memory
        self._graph = engine.connect().select_graph("forget")

    def everything(self) -> list[Any]:
        nodes = self._graph.query("MATCH (n) RETURN labels(n), properties(n)").result_set
        edges = self._graph.query("MATCH ()-[r]->() RETURN type(r), properties(r)").result_set
        return [*nodes, *edges]

    def holding(self, needle: str) -> list[Any]:
        return [row for row in self.everything() if needle.lower() in repr(row).lower()]


@pytest.fixture()
def graph(
    tmp_path: Path,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    ontology: Ontology,
) -> Iterator[Graph]:
    with EmbeddedEngine(tmp_path / "engine") as engine:
        store = FalkorDBStore(engine.connect(), "forget")
        memory = Memory(store, extractor=extractor, embedder=embedder, ontology=ontology,
                        settings=Settings(data_dir=tmp_path / "data", graph_name="forget"))
        try:
            yield Graph(engine, memory)
        finally:
            memory.close()


def say(memory: Memory, text: str, minute: int, **extra: Any) -> list[Fact]:
    result = memory.write(text, user_id="sam", speaker="Sam",
                          timestamp=T0 + timedelta(minutes=minute), **extra)
    facts = [memory.get(fid) for fid in result.fact_ids]
    assert all(isinstance(f, Fact) for f in facts)
    return [f for f in facts if isinstance(f, Fact)]


def by_object(facts: list[Fact], name: str) -> Fact:
    return next(f for f in facts if f.object_name == name)


def test_redact_replaces_regions_and_moves_offsets() -> None:
    text = "aaa SECRET bbb OTHER ccc"
    new, moved = redact(text, [(4, 10), (15, 20), (6, 8)])
    assert new == f"aaa {PLACEHOLDER} bbb {PLACEHOLDER} ccc"
    # An offset after a region moves by the length difference; one inside lands on it.
    assert new[move_offset(11, moved, is_end=False):move_offset(14, moved, is_end=True)] == "bbb"
    assert move_offset(7, moved, is_end=False) == 4
    assert move_offset(7, moved, is_end=True) == 4 + len(PLACEHOLDER)
    assert move_offset(2, moved, is_end=False) == 2


def test_forgetting_one_fact_redacts_only_its_span_and_siblings_keep_their_source(
    graph: Graph,
) -> None:
    memory = graph.memory
    facts = say(memory, BOTH, 0)
    phone, color = by_object(facts, SECRET), by_object(facts, "green")
    [episode_id] = phone.episode_ids
    assert graph.holding(SECRET)  # the positive first: the secret is there before

    tombs = memory.forget(user_id="sam", memory_id=phone.id, reason="asked")

    gone = {(t.target_kind, t.target_id, t.redacted) for t in tombs}
    assert (("fact", phone.id, False) in gone and ("entity", phone.object_id, False) in gone
            and ("episode", episode_id, True) in gone)
    assert len(gone) == 3  # nothing else: Sam and green are still used
    episode = memory.get(episode_id)
    assert isinstance(episode, Episode)
    assert episode.text == f"{PLACEHOLDER} and my favorite color is green."
    kept = memory.get(color.id)
    assert isinstance(kept, Fact) and kept.status == "current"
    assert kept.episode_ids == (episode_id,)
    [evidence] = memory.store.fact_evidence([color.id])
    assert episode.text[evidence.span_start:evidence.span_end] == "my favorite color is green"
    assert graph.holding(SECRET) == []
    with pytest.raises(NotFoundError, match="forgotten"):
        memory.get(phone.object_id)
    with pytest.raises(NotFoundError, match="forgotten"):
        memory.get(phone.id)
    # The redacted message is still recalled for what it still says, re-embedded.
    recalled = memory.recall("favorite color", user_id="sam", top_k=10)
    assert any(r.id == color.id for r in recalled.results)
    assert all(SECRET not in (r.text or "") for r in recalled.results)


def test_a_message_whose_facts_all_go_is_forgotten_whole(graph: Graph) -> None:
    memory = graph.memory
    [phone] = say(memory, f"My phone number is {SECRET}.", 0)
    tombs = memory.forget(user_id="sam", memory_id=phone.id)
    assert {(t.target_kind, t.redacted) for t in tombs} == {
        ("fact", False), ("episode", False), ("entity", False)
    }
    with pytest.raises(NotFoundError):
        memory.get(phone.episode_ids[0])
    assert graph.holding(SECRET) == []
    # Sam said nothing else: the subject entity went too.
    assert {t.target_id for t in tombs if t.target_kind == "entity"} == {
        phone.subject_id, phone.object_id
    }


def test_forgetting_a_message_keeps_a_fact_stated_in_another(graph: Graph) -> None:
    memory = graph.memory
    [first] = say(memory, "My favorite color is green.", 0, source_id="chat:1")
    [again] = say(memory, "My favorite color is green.", 5, source_id="chat:2")
    assert again.id == first.id
    stated = memory.get(first.id)
    assert isinstance(stated, Fact) and len(stated.episode_ids) == 2
    one, other = stated.episode_ids

    tombs = memory.forget(user_id="sam", memory_id=one)
    assert [(t.target_kind, t.target_id) for t in tombs] == [("episode", one)]
    kept = memory.get(first.id)
    assert isinstance(kept, Fact) and kept.status == "current"
    assert kept.episode_ids == (other,)
    assert kept.evidence_count == stated.evidence_count - 1

    tombs = memory.forget(user_id="sam", memory_id=other)
    assert {t.target_id for t in tombs} >= {other, first.id}
    with pytest.raises(NotFoundError):
        memory.get(first.id)


def test_forget_by_query_forgets_facts_and_messages_and_says_exactly_what(graph: Graph) -> None:
    memory = graph.memory
    [phone] = say(memory, f"My phone number is {SECRET}.", 0)
    [color] = say(memory, "My favorite color is green.", 1)
    chatter = memory.write("I keep forgetting my phone number", user_id="sam", speaker="Sam",
                           timestamp=T0 + timedelta(minutes=2))

    tombs = memory.forget(user_id="sam", query="my phone number")

    facts = {t.target_id for t in tombs if t.target_kind == "fact"}
    episodes = {t.target_id for t in tombs if t.target_kind == "episode"}
    assert facts == {phone.id}
    assert episodes == {phone.episode_ids[0], chatter.episode_id}
    assert all(not t.redacted for t in tombs)
    assert graph.holding(SECRET) == [] and graph.holding("keep forgetting") == []
    assert [f.id for f in memory.facts("sam")] == [color.id]
    assert memory.recall(SECRET, user_id="sam").results == ()
    with pytest.raises(InvalidInputError, match="content word"):
        memory.forget(user_id="sam", query="my the")
    assert memory.forget(user_id="sam", query="unrelated words") == []


def test_forgetting_an_entity_forgets_its_facts_and_redacts_its_name(graph: Graph) -> None:
    memory = graph.memory
    facts = say(memory, BOTH, 0)
    phone = by_object(facts, SECRET)
    tombs = memory.forget(user_id="sam", entity_id=phone.object_id)
    assert {t.target_id for t in tombs if t.target_kind == "fact"} == {phone.id}
    assert graph.holding(SECRET) == []
    assert [f.object_name for f in memory.facts("sam")] == ["green"]


def test_forgetting_a_source_forgets_its_duplicates_and_conclusions(graph: Graph) -> None:
    memory = graph.memory
    for day in range(3):
        say(memory, "My favorite color is green.", day * 1440)
    [semantic] = memory.semantic_memories("sam")
    [color] = [f for f in memory.facts("sam") if f.memory_type != "semantic"]
    tombs = memory.forget(user_id="sam", memory_id=color.id)
    assert {t.target_id for t in tombs if t.target_kind == "fact"} >= {color.id, semantic.id}
    assert memory.semantic_memories("sam") == []
    assert graph.holding("green") == []


def test_a_forgotten_chinese_message_leaves_no_segmented_words(graph: Graph) -> None:
    memory = graph.memory
    result = memory.write("我住在北京，我的电话号码是555-1234。", user_id="sam", speaker="Sam",
                          timestamp=T0)
    assert any("text_words" in repr(row) for row in graph.holding("北京"))  # segmented too
    memory.forget(user_id="sam", memory_id=result.episode_id)
    assert graph.holding("北京") == [] and graph.holding(SECRET) == []

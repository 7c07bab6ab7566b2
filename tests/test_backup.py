"""Moving between backends: an export of the embedded FalkorDB graph imported into the Neo4j
store (a real Neo4j 5.26 over Bolt) and back exports the same records,
embeddings, history, supersession and conflict links, tombstones and working memory included,
and recall answers alike on both. Real engines and models."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.backup import export_records, import_records, read_jsonl, write_jsonl
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import Fact
from graph_memory.store.falkordb import FalkorDBStore
from graph_memory.store.neo4j import Neo4jStore

CHAT = [
    "Hi! Before anything else: I'm allergic to peanuts.",
    "I live in New York City.",
    "I moved to NYC.",
    "I live in Paris.",
    "I moved to Lisbon last year.",
    "I love Thai food, especially green curry.",
]


def canonical(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Records in one order whatever the backend (an export pages each label in its engine's
    cursor order, which differs between backends)."""
    return sorted(records, key=lambda r: (r["kind"], r.get("label") or r.get("type"),
                                          json.dumps(r, sort_keys=True)))


def dump(memory: Memory) -> list[dict[str, Any]]:
    records = list(export_records(memory.store, memory.embedder.dimension))
    assert records[0]["kind"] == "header"
    return canonical(records[1:])


def round_trip(source: Memory, target: Memory) -> list[dict[str, Any]]:
    buffer = io.StringIO()
    write_jsonl(export_records(source.store, source.embedder.dimension), buffer)
    import_records(target.store, read_jsonl(buffer.getvalue().splitlines()),
                   target.embedder.dimension)
    return dump(target)


@pytest.fixture()
def rich(memory: Memory) -> Memory:
    return populate(memory)


def populate(memory: Memory) -> Memory:
    """History of every kind: supersession, a conflict, feedback and uses, a forgotten fact
    with its tombstone, a forgotten entity, working memory, and consolidation (a merged
    near-duplicate and a semantic memory with its evidence)."""
    memory.write_batch([{"text": text, "user_id": "emi", "speaker": "Emi", "session_id": "s1",
                         "source_id": f"chat:{i}"} for i, text in enumerate(CHAT)])
    memory.write(user_id="emi", priority=8, triples=[{
        "subject": {"name": "Emi", "type": "Person"}, "predicate": "WORKS_AT",
        "object": {"name": "Globex", "type": "Organization"}}])
    memory.write(user_id="emi", priority=3, triples=[{
        "subject": {"name": "Emi", "type": "Person"}, "predicate": "WORKS_AT",
        "object": {"name": "Acme", "type": "Organization"}}])
    thai = next(f for f in memory.facts("emi") if f.predicate == "PREFERS")
    memory.feedback(thai.id, useful=True)
    memory.store.touch_facts({thai.id: 2}, datetime(2026, 5, 1, tzinfo=UTC))
    [order_id] = memory.write(user_id="emi", triples=[{
        "subject": {"name": "Emi", "type": "Person"}, "predicate": "ALLERGIC_TO",
        "object": {"name": "shellfish", "type": "Food"}}]).fact_ids
    order = memory.get(order_id)
    assert isinstance(order, Fact)
    # Forgetting the fact forgets its object entity too (no other memory uses it).
    memory.forget(user_id="emi", memory_id=order.id, reason="asked to forget")
    memory.working_set("emi", "s1", "goal", "book a table", memory_type="todo")
    for i, text in enumerate(("I love Italian food.", "I love Italian cuisine.",
                              "I really love Italian food.")):
        memory.write(text, user_id="emi", speaker="Emi", source_id=f"italian:{i}")
    report = memory.summarize("emi")  # a near-duplicate merged, a semantic memory drawn
    assert report.merges and report.created
    return memory


def test_falkordb_to_neo4j_and_back_is_lossless(
    rich: Memory, neo4j_memory: Memory, tmp_path: Path,
    embedder: SentenceTransformerEmbedder, extractor: Extractor,
) -> None:
    assert isinstance(rich.store, FalkorDBStore) and isinstance(neo4j_memory.store, Neo4jStore)
    original = dump(rich)
    on_neo4j = round_trip(rich, neo4j_memory)
    assert on_neo4j == original
    settings = Settings(data_dir=tmp_path / "back")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as back:
        assert round_trip(neo4j_memory, back) == original
        # The moved graph answers as the original does, forgotten memories stay forgotten.
        for moved in (neo4j_memory, back):
            for query in ("Can you suggest a restaurant?", "where do I live?"):
                want = rich.recall(query, user_id="emi").results
                got = moved.recall(query, user_id="emi").results
                assert [(r.id, round(r.score, 3)) for r in got] == [
                    (r.id, round(r.score, 3)) for r in want], query
            assert [c.text for c in moved.recall("dinner?", user_id="emi").constraints] == [
                "Emi is allergic to peanut"]
            order = next(f for f in moved.facts("emi", statuses=["forgotten"]))
            with pytest.raises(Exception, match="asked to forget"):
                moved.get(order.id)
            assert [(s.key, s.value) for s in moved.working_get("emi", "s1")] == [
                ("goal", "book a table")]


def test_import_refuses_a_graph_in_use_and_files_that_are_not_exports(
    rich: Memory, neo4j_memory: Memory
) -> None:
    exported = io.StringIO()
    write_jsonl(export_records(rich.store, 384), exported)
    lines = exported.getvalue().splitlines()
    with pytest.raises(InvalidInputError, match="empty graph"):
        import_records(rich.store, read_jsonl(lines), 384)
    store = neo4j_memory.store
    for bad, message in (
        (lines[1:], "no header"),
        (["{not json"], "not JSON"),
        ([json.dumps({"kind": "node", "label": "Secret", "props": {}}), *lines], "unknown"),
        (lines, "384-d"),
    ):
        dimension = 512 if message == "384-d" else 384
        with pytest.raises(InvalidInputError, match=message):
            import_records(store, read_jsonl(bad), dimension)
    assert store.count("Fact") == 0 and store.count("Episode") == 0


def test_cli_import_then_export_in_another_data_dir(
    rich: Memory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder, extractor: Extractor,
) -> None:
    monkeypatch.setattr(cli, "open_memory", lambda settings: Memory.open(
        settings, embedder=embedder, extractor=extractor))
    runner = CliRunner()
    exported, again = tmp_path / "emi.jsonl", tmp_path / "again.jsonl"
    with exported.open("w") as handle:
        write_jsonl(export_records(rich.store, 384), handle)
    other = ["--data-dir", str(tmp_path / "other")]
    imported = runner.invoke(cli.app, [*other, "import", str(exported), "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.stdout)["SUPERSEDES"] >= 1
    result = runner.invoke(cli.app, [*other, "export", "--out", str(again)])
    assert result.exit_code == 0, result.output
    assert sorted(again.read_text().splitlines()[1:-1]) == sorted(
        exported.read_text().splitlines()[1:-1])
    assert json.loads(again.read_text().splitlines()[-1])["kind"] == "trailer"
    twice = runner.invoke(cli.app, [*other, "import", str(exported)])
    assert twice.exit_code == 2 and "empty graph" in twice.stderr
    missing = runner.invoke(cli.app, [*other, "import", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "no file" in missing.stderr


def test_an_export_holds_every_kind_of_history(rich: Memory) -> None:
    records = dump(rich)
    nodes = [r for r in records if r["kind"] == "node"]
    edges = {r["type"] for r in records if r["kind"] == "edge"}
    assert edges == {"MENTIONS", "SUBJECT", "OBJECT", "EXTRACTED_FROM", "SUPERSEDES",
                     "CONFLICTS_WITH", "MERGED_INTO", "DERIVED_FROM"}
    facts = [r["props"] for r in nodes if r["label"] == "Fact"]
    assert {f["status"] for f in facts} == {"current", "superseded", "conflicted", "merged",
                                            "forgotten"}
    assert any(f["memory_type"] == "semantic" and f["scope"] for f in facts)
    assert all(len(f["embedding"]) == 384 for f in facts if f["status"] != "forgotten")
    assert all("embedding" not in f for f in facts if f["status"] == "forgotten")
    assert any(f["use_count"] > 0 for f in facts)
    assert {r["label"] for r in nodes} == {"Entity", "Alias", "Episode", "Fact", "Tombstone",
                                           "Slot"}
    assert not any("user_key" in r["props"] for r in nodes)

"""Import is all-or-nothing, on FalkorDB and on the Neo4j store (a real Neo4j 5.26): a bad line
anywhere, or a reference to a node the file lacks, is refused, naming the line, before anything
is written; a write that fails midway is undone, leaving the graph empty as it was found.
Real engines and models; only the midway failure is injected (see `FailingStore`)."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from test_backup import populate
from typer.testing import CliRunner

from graph_memory import backup, cli
from graph_memory.backup import (
    NODE_LABELS,
    export_records,
    import_records,
    read_jsonl,
    write_jsonl,
)
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError, StoreError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.base import Store
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb import FalkorDBStore


@pytest.fixture(scope="module")
def exported(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> list[str]:
    """The lines of an export with history of every kind (tests/test_backup.py, populate)."""
    settings = Settings(data_dir=tmp_path_factory.mktemp("source"))
    with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
        populate(memory)
        buffer = io.StringIO()
        write_jsonl(export_records(memory.store, memory.embedder.dimension), buffer)
    return buffer.getvalue().splitlines()


@pytest.fixture(params=["falkordb", "neo4j"])
def target(request: pytest.FixtureRequest) -> Store:
    """An empty graph with its schema, on each backend."""
    found: Store = request.getfixturevalue(
        "neo4j_store" if request.param == "neo4j" else "falkordb_store")
    return found


def node_counts(store: Any) -> dict[str, int]:
    return {label: int(store._run("count_label", {"label": label})[0][0])
            for label in NODE_LABELS}


def assert_empty(store: Store) -> None:
    assert node_counts(store) == dict.fromkeys(NODE_LABELS, 0)
    assert [r["kind"] for r in export_records(store, 384)] == ["header"]  # no edge either


def records_of(store: Store) -> list[dict[str, Any]]:
    return list(export_records(store, 384))[1:]


def importing(store: Store, lines: list[str]) -> dict[str, int]:
    with read_jsonl(lines) as export:
        return import_records(store, export, 384)


def line_of(lines: list[str], predicate: Any) -> int:
    """The 0-based index of the last line whose record matches."""
    return max(i for i, line in enumerate(lines) if predicate(json.loads(line)))


def with_props(line: str, **props: Any) -> str:
    record = json.loads(line)
    record["props"].update(props)
    return json.dumps(record)


def test_a_round_trip_through_either_backend_is_lossless(
    exported: list[str], target: Store
) -> None:
    counts = importing(target, exported)
    assert sum(counts.values()) == len(exported) - 2  # not the header nor the trailer
    assert sorted(json.dumps(r, sort_keys=True) for r in records_of(target)) == sorted(
        json.dumps(json.loads(line), sort_keys=True) for line in exported[1:-1])


def test_a_bad_line_late_in_the_file_is_refused_naming_it_before_any_write(
    exported: list[str], target: Store
) -> None:
    last_fact = line_of(exported, lambda r: r.get("label") == "Fact")
    last_edge = line_of(exported, lambda r: r.get("kind") == "edge")
    first_fact = exported[min(i for i, line in enumerate(exported)
                              if json.loads(line).get("label") == "Fact")]
    cases = {
        "not JSON": (last_edge, exported[last_edge][:-7]),
        "unknown edge type": (last_edge, exported[last_edge].replace('"type": "', '"type": "X')),
        "a 3-d embedding": (last_fact, with_props(exported[last_fact], embedding=[0.1] * 3)),
        "priority": (last_fact, with_props(exported[last_fact], priority="high")),
        "a second Fact": (last_fact, first_fact),
        "no embedding": (last_fact, with_props(exported[last_fact], embedding=None,
                                               status="current")),
    }
    for message, (index, bad) in cases.items():
        lines = [*exported[:index], bad, *exported[index + 1 :]]
        with pytest.raises(InvalidInputError, match=f"^line {index + 1}: .*{message}"):
            importing(target, lines)
        assert_empty(target)


def test_a_reference_to_a_node_the_file_lacks_is_refused(
    exported: list[str], target: Store
) -> None:
    episode = json.loads(exported[line_of(exported, lambda r: r.get("label") == "Episode")])
    dangling = json.dumps({"kind": "edge", "type": "EXTRACTED_FROM", "from_id": "fact_x",
                           "to_id": episode["props"]["id"], "props": {
                               "span_start": 0, "span_end": 1, "extractor": "rules",
                               "confidence": 1.0}})
    with pytest.raises(InvalidInputError,
                       match=f"^line {len(exported)}: .*'fact_x' is not in the file"):
        importing(target, [*exported[:-1], dangling, exported[-1]])
    assert_empty(target)
    # A fact whose subject entity is missing: its SUBJECT edge could not be written.
    subject = json.loads(exported[line_of(exported, lambda r: r.get("type") == "SUBJECT")])
    entity = line_of(exported, lambda r: r.get("props", {}).get("id") == subject["to_id"])
    with pytest.raises(InvalidInputError, match=r"^line \d+: .* is not in the file"):
        importing(target, exported[:entity] + exported[entity + 1 :])
    assert_empty(target)
    # A SUBJECT edge that disagrees with its fact's subject_id would not survive the import.
    index = line_of(exported, lambda r: r.get("type") == "SUBJECT")
    moved = json.loads(exported[index])
    other = line_of(exported, lambda r: r.get("label") == "Entity"
                    and r["props"]["id"] != moved["to_id"])
    moved["to_id"] = json.loads(exported[other])["props"]["id"]
    with pytest.raises(InvalidInputError, match=f"^line {index + 1}: SUBJECT of fact"):
        importing(target, [*exported[:index], json.dumps(moved), *exported[index + 1 :]])
    assert_empty(target)


class FailingStore:
    """The real store, but `method` raises on its `nth` call. Engines do not fail on demand,
    and every input that would make them fail is refused by import's check pass, so the
    failure of a write midway (a lost connection, a full disk) is injected here; everything
    else, the undo included, runs on the real engine."""

    def __init__(self, store: Store, method: str, nth: int) -> None:
        self._store, self._method, self._left = store, method, nth
        self.written: dict[str, int] = {}  # what the graph held when the failure came

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if name != self._method:
            return found

        def failing(*args: Any, **kwargs: Any) -> Any:
            self._left -= 1
            if self._left == 0:
                self.written = node_counts(self._store)
                raise StoreError("query 'apply_write_plan' failed: connection reset")
            return found(*args, **kwargs)

        return failing


@pytest.mark.parametrize(("method", "nth"), [("apply", 1), ("apply", 9), ("forget", 2),
                                             ("save_slot", 1)])
def test_a_write_failing_midway_is_undone_and_the_graph_left_empty(
    exported: list[str], target: Store, monkeypatch: pytest.MonkeyPatch, method: str, nth: int
) -> None:
    monkeypatch.setattr(backup, "_BATCH", 2)  # many batches: the failure lands midway
    monkeypatch.setattr(backup, "_PAGE", 3)  # and the undo deletes in several batches
    failing: Any = FailingStore(target, method, nth)
    with pytest.raises(StoreError, match=r"nothing was imported .*connection reset"):
        importing(failing, exported)
    first_write = (method, nth) == ("apply", 1)
    assert (sum(failing.written.values()) == 0) == first_write  # else it failed midway
    assert_empty(target)
    importing(target, exported)  # the undo left nothing in the way
    assert len(records_of(target)) == len(exported) - 2


def test_when_the_undo_fails_too_the_error_says_the_graph_holds_part_of_the_export(
    exported: list[str], falkordb_store: FalkorDBStore
) -> None:
    class NoUndo(FailingStore):
        def clear_nodes(self, label: str, limit: int) -> int:
            raise StoreError("engine gone")

    broken: Any = NoUndo(falkordb_store, "save_slot", 1)
    with pytest.raises(StoreError, match="holds part of the export; empty it"):
        importing(broken, exported)


def test_a_graph_holding_anything_is_refused_and_left_as_it_was(
    exported: list[str], target: Store
) -> None:
    importing(target, exported)
    before = records_of(target)
    with pytest.raises(InvalidInputError, match="empty graph"):
        importing(target, exported)
    assert records_of(target) == before


def test_a_stream_that_cannot_seek_is_spooled(exported: list[str], target: Store) -> None:
    class Pipe(io.BytesIO):
        def seekable(self) -> bool:
            return False

    counts = import_records(target, Pipe("\n".join(exported).encode()), 384)
    assert counts["Fact"] == sum(json.loads(line).get("label") == "Fact" for line in exported)
    assert len(records_of(target)) == len(exported) - 2


@pytest.fixture()
def invoke(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder, extractor: Extractor,
) -> Iterator[Any]:
    monkeypatch.setattr(cli, "open_memory", lambda settings: Memory.open(
        settings, embedder=embedder, extractor=extractor))
    runner = CliRunner()
    data = ["--data-dir", str(tmp_path / "target")]
    yield lambda *args, stdin=None: runner.invoke(cli.app, [*data, *args], input=stdin)


def cli_counts(invoke: Any) -> dict[str, int]:
    """Node counts of the CLI's graph, read through the CLI itself."""
    result = invoke("export", "--out", "-")
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()][1:]
    return {label: sum(r.get("label") == label for r in records) for label in NODE_LABELS}


def test_the_cli_exits_non_zero_and_leaves_the_graph_empty(
    exported: list[str], tmp_path: Path, invoke: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([*exported[:-1], "{oops"]) + "\n")
    result = invoke("import", str(bad))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: line {len(exported)}: not JSON")
    assert cli_counts(invoke) == dict.fromkeys(NODE_LABELS, 0)

    monkeypatch.setattr(backup, "_BATCH", 2)
    calls = {"n": 0}
    real_apply = FalkorDBStore.apply

    def apply(self: FalkorDBStore, plan: Any) -> None:  # fails on the 5th batch, see above
        calls["n"] += 1
        if calls["n"] == 5:
            raise StoreError("query 'apply_write_plan' failed: connection reset")
        real_apply(self, plan)

    monkeypatch.setattr(FalkorDBStore, "apply", apply)
    good = tmp_path / "good.jsonl"
    good.write_text("\n".join(exported) + "\n")
    result = invoke("import", str(good))
    assert result.exit_code == 4
    assert "nothing was imported" in result.stderr and result.stderr.count("\n") == 1
    monkeypatch.setattr(FalkorDBStore, "apply", real_apply)
    assert cli_counts(invoke) == dict.fromkeys(NODE_LABELS, 0)

    result = invoke("import", "-", "--json", stdin="\n".join(exported) + "\n")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["Fact"] == cli_counts(invoke)["Fact"] > 0


def test_an_export_cut_short_or_changed_is_refused(exported: list[str], target: Store) -> None:
    trailer = json.loads(exported[-1])
    assert trailer["kind"] == "trailer" and trailer["records"] == len(exported) - 1
    fact = line_of(exported, lambda r: r.get("label") == "Fact")
    changed = [*exported[:fact], with_props(exported[fact], confidence=0.5),
               *exported[fact + 1 :]]
    for lines, message in (
        (exported[:-1], "no trailer line: the export is incomplete"),
        (exported[: len(exported) // 2], "no trailer line"),
        (changed, "trailer does not match"),
        ([*exported, exported[1]], "a line after the trailer"),
    ):
        with pytest.raises(InvalidInputError, match=message):
            importing(target, lines)
        assert_empty(target)


class FailingRuns:
    """The real store, whose `nth` query of the export fails (an engine that dies midway):
    every call of the contract's backup reads counts as one query."""

    QUERIES = ("backup_start", "backup_page", "count")

    def __init__(self, store: Store, nth: int) -> None:
        self._store, self._left = store, nth

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._store, name)
        if name not in self.QUERIES:
            return found

        def query(*args: Any) -> Any:
            self._left -= 1
            if self._left == 0:
                raise StoreError("query failed: connection reset")
            return found(*args)

        return query


def test_a_failed_export_leaves_no_file_and_an_older_one_untouched(
    exported: list[str], falkordb_store: FalkorDBStore, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    importing(falkordb_store, exported)
    monkeypatch.setattr(backup, "_PAGE", 5)
    folder = tmp_path / "backups"
    folder.mkdir()
    out = folder / "backup.jsonl"
    failing: Any = FailingRuns(falkordb_store, 7)
    with pytest.raises(StoreError, match="connection reset"):
        backup.export_to_path(failing, 384, out)
    assert list(folder.iterdir()) == []  # no partial file, under any name
    count = backup.export_to_path(falkordb_store, 384, out)
    assert count == len(exported) - 1
    before = out.read_bytes()
    with pytest.raises(StoreError):
        backup.export_to_path(FailingRuns(falkordb_store, 3), 384, out)
    assert out.read_bytes() == before and list(folder.iterdir()) == [out]


def test_keyset_pages_export_every_record_once(
    exported: list[str], target: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    importing(target, exported)
    pages: list[tuple[Any, int]] = []
    page = target.backup_page

    def counted(what: Literal["nodes", "edges"], name: str, after: Any, limit: int) -> Any:
        pages.append((after, limit))
        return page(what, name, after, limit)

    monkeypatch.setattr(target, "backup_page", counted)
    monkeypatch.setattr(backup, "_PAGE", 4)
    paged = [json.dumps(r, sort_keys=True) for r in records_of(target)]
    assert len(paged) == len(set(paged)) == len(exported) - 2
    assert sorted(paged) == sorted(json.dumps(json.loads(line), sort_keys=True)
                                   for line in exported[1:-1])
    assert all(limit == 4 for _after, limit in pages)
    assert len(pages) > len(NODE_LABELS) * 3  # many pages, each after the last one's cursor


def test_an_export_failing_at_any_query_leaves_the_last_good_file(
    exported: list[str], falkordb_store: FalkorDBStore, engine: EmbeddedEngine, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The failure test's figures: an engine failure injected at every query of an export in
    turn (tried), after which the last good export must be intact and complete (survived) or
    not (lost); and each cut-short stream must be refused on import."""
    importing(falkordb_store, exported)
    empty = FalkorDBStore(engine.connect(), "empty")
    empty.ensure_schema(384)
    monkeypatch.setattr(backup, "_PAGE", 5)
    folder = tmp_path / "backups"
    folder.mkdir()
    out = folder / "backup.jsonl"
    backup.export_to_path(falkordb_store, 384, out)
    good = out.read_bytes()
    counting = FailingRuns(falkordb_store, 0)  # never reaches 0 again: counts the queries
    backup.export_to_path(counting, 384, folder / "count.jsonl")
    (folder / "count.jsonl").unlink()
    queries = -counting._left
    tried = survived = refused = 0
    for nth in range(1, queries + 1):
        tried += 1
        with pytest.raises(StoreError):
            backup.export_to_path(FailingRuns(falkordb_store, nth), 384, out)
        survived += out.read_bytes() == good and list(folder.iterdir()) == [out]
        stream = io.StringIO()
        with pytest.raises(StoreError):
            write_jsonl(export_records(FailingRuns(falkordb_store, nth), 384), stream)
        with pytest.raises(InvalidInputError, match="no trailer"):  # what a pipe got
            import_records(empty, read_jsonl(stream.getvalue().splitlines()), 384)
        refused += empty.count("Fact") == 0
    print(f"export failures: tried {tried}, survived {survived}, lost {tried - survived}; "
          f"cut-short streams refused {refused}/{tried}")
    assert tried > 10 and survived == refused == tried

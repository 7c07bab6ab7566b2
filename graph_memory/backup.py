"""Move a graph between backends: `graph-memory export` / `import` as JSON lines.

Lossless: every node with every property (embeddings included; only FalkorDB's derived
`user_key` is left out and rebuilt on import), and every relationship (mentions, subject and
object, provenance, supersession, conflict and the other fact links), forgotten memories and
their tombstones, and working-memory slots. Import goes through the store contract (`apply`,
`forget`, `save_slot`), so it writes alike to every backend; it needs an empty target graph.

Import is all-or-nothing. It reads the file twice: first it checks every line (JSON, shape,
labels and edge types, each node as the contract's row, embedding sizes, unique ids, every
edge's and reference's ends present in the file) and refuses a bad file, naming the line,
before writing anything; then it writes in batches. If a write fails (the engine, the
connection), it deletes every node it wrote, leaving the graph empty as it found it, and says
nothing was imported (so nothing else may write to the graph meanwhile: the undo deletes every
node of the export's labels). Memory stays small: between the passes it keeps the ids of the
nodes, the byte offset of each line and one batch of rows (about 55 MB for 100k facts and 100k
episodes, a 1.9 GB file whose records, parsed whole, would take GBs). A stream that cannot seek
(stdin, a pipe) is first copied to a temporary file (under TMPDIR).

Line 1 is a header: {"kind": "header", "format": "graph-memory-export", "version": 1, ...};
then {"kind": "node", "label": ..., "props": {...}} and
{"kind": "edge", "type": ..., "from_id": ..., "to_id": ..., "props": {...}}; the last line is
the trailer: {"kind": "trailer", "records": N, "sha256": ...}, the number of lines before it
and the SHA-256 of their bytes. Import refuses a file without a valid trailer (an export that
failed or was cut short), and `export_to_path` writes to a temporary file renamed into place
only once the trailer is written, so a failed export never leaves a file that looks whole.

Export pages by keyset (each page starts after the last one's greatest cursor; never SKIP,
which re-reads the label up to the page every time): on FalkorDB the cursor is the engine's
node id, which an id seek starts from (each page costs its own rows); elsewhere it is the
node's `id` property (cypher/backup/ and cypher/falkordb/backup/). Nodes come label by
label, edges type by type; within those, in the cursor's order (so the order of the lines
differs between backends, never the records).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import ExitStack
from itertools import pairwise
from pathlib import Path
from typing import IO, Any, Literal, TextIO, get_args

from pydantic import ValidationError

from graph_memory.errors import InvalidInputError, StoreError
from graph_memory.models import Entity, Episode, Fact, FactLink, Tombstone, WorkingSlot
from graph_memory.store.base import (
    AliasRow,
    EntityRow,
    EpisodeRow,
    EvidenceRow,
    FactRow,
    ForgetPlan,
    Store,
    WritePlan,
)
from graph_memory.store.cypher_store import from_epoch, from_props

FORMAT = "graph-memory-export"
VERSION = 1
NODE_LABELS: tuple[Literal["Entity", "Alias", "Episode", "Fact", "Tombstone", "Slot"], ...] = (
    "Entity", "Alias", "Episode", "Fact", "Tombstone", "Slot")
# Every kind of fact link the contract writes (SUPERSEDES, CONFLICTS_WITH, ...).
LINK_TYPES: tuple[str, ...] = get_args(FactLink.model_fields["kind"].annotation)
EDGE_TYPES = ("MENTIONS", "SUBJECT", "OBJECT", "EXTRACTED_FROM", *LINK_TYPES)
# The labels of each edge type's ends.
_ENDS = {"MENTIONS": ("Episode", "Entity"), "SUBJECT": ("Fact", "Entity"),
         "OBJECT": ("Fact", "Entity"), "EXTRACTED_FROM": ("Fact", "Episode"),
         **{link: ("Fact", "Fact") for link in LINK_TYPES}, "ENDED_BY": ("Fact", "Episode")}
DERIVED = frozenset({"user_key"})  # FalkorDB's fulltext user token, rebuilt on write
_PAGE = 1000
_BATCH = 500


def _pages(store: Store, what: Literal["nodes", "edges"], name: str) -> Iterator[list[Any]]:
    """The rows of a keyset-paged query: its first column is the cursor of the node the row
    belongs to (a node's edges share its cursor); a page holds up to `_PAGE` nodes, and the
    next starts after the greatest cursor of the last."""
    after = store.backup_start()
    while True:
        rows = store.backup_page(what, name, after, _PAGE)
        if not rows:
            return
        cursors = [row[0] for row in rows]
        if any(later < earlier for earlier, later in pairwise(cursors)):
            raise StoreError(f"{name}: a page out of cursor order; nothing exported past it")
        yield from rows
        if len(set(cursors)) < _PAGE:
            return
        after = max(cursors)


def export_records(store: Store, dimension: int) -> Iterator[dict[str, Any]]:
    """The header, then every node and relationship of the store's graph."""
    yield {"kind": "header", "format": FORMAT, "version": VERSION, "dimension": dimension,
           "dialect": store.dialect}
    for label in NODE_LABELS:
        for _cursor, props in _pages(store, "nodes", label):
            clean = {k: _plain(v) for k, v in dict(props).items() if k not in DERIVED}
            yield {"kind": "node", "label": label, "props": clean}
    for edge_type in EDGE_TYPES:
        for _cursor, from_id, to_id, props in _pages(store, "edges", edge_type):
            if to_id is None:
                continue  # a node without an edge of this type (it still moves the cursor)
            yield {"kind": "edge", "type": edge_type, "from_id": from_id, "to_id": to_id,
                   "props": {k: _plain(v) for k, v in dict(props or {}).items()}}


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def write_jsonl(records: Iterable[dict[str, Any]], out: TextIO) -> int:
    """Write the records, one JSON line each, then the trailer; the number of records."""
    digest, count = hashlib.sha256(), 0
    for record in records:
        line = json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n"
        out.write(line)
        digest.update(line.encode("utf-8"))
        count += 1
    trailer = {"kind": "trailer", "records": count, "sha256": digest.hexdigest()}
    out.write(json.dumps(trailer, sort_keys=True) + "\n")
    return count


def export_to_path(store: Store, dimension: int, path: Path) -> int:
    """Export into `path` through a temporary file in the same folder, renamed over `path` only
    when the whole export (trailer included) is on disk: a failed export leaves no file, and
    an existing one untouched. The number of records."""
    partial = path.with_name(f".{path.name}.partial-{os.getpid()}")
    try:
        with partial.open("w", encoding="utf-8") as handle:
            count = write_jsonl(export_records(store, dimension), handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return count


def read_jsonl(lines: Iterable[str | bytes]) -> IO[bytes]:
    """The lines of an export (stdin, a pipe, a list) copied to a temporary file, which
    `import_records` can read twice. Close it when done (it is deleted then)."""
    spool = tempfile.TemporaryFile()  # noqa: SIM115 (returned open, for the caller to close)
    try:
        for line in lines:
            data = line.encode("utf-8") if isinstance(line, str) else line
            spool.write(data if data.endswith(b"\n") else data + b"\n")
        spool.seek(0)
    except BaseException:
        spool.close()
        raise
    return spool


# --- import, pass 1: check every line ---------------------------------------------------------


def _embedding(props: Mapping[str, Any], dimension: int, *, required: bool) -> list[float] | None:
    value = props.get("embedding")
    if value is None:
        if required:
            raise ValueError("no embedding (only forgotten memories have none)")
        return None
    if not isinstance(value, list) or len(value) != dimension:
        size = len(value) if isinstance(value, list) else type(value).__name__
        raise ValueError(f"a {size}-d embedding; this embedder makes {dimension}-d ones")
    return value


def _placeholder(dimension: int) -> list[float]:
    return [1.0] + [0.0] * (dimension - 1)


def _node_row(label: str, props: Mapping[str, Any], dimension: int) -> Any:
    """The contract's row (or model) for one exported node; raises on anything malformed.
    Forgotten memories have no embedding left: a placeholder is written, and forget() (after
    every node is in) removes it again, leaving them exactly as exported."""
    forgotten = props.get("status") == "forgotten"
    if label == "Entity":
        entity = Entity(id=props["id"], user_id=props["user_id"], name=props.get("name") or "",
                        type=props["type"], aliases=tuple(props.get("aliases") or ()))
        return EntityRow(entity=entity, embedding=_embedding(props, dimension, required=False),
                         created_at=from_epoch(float(props["created_at"])))
    if label == "Alias":
        return AliasRow(id=props["id"], user_id=props["user_id"], name=props["name"],
                        entity_id=props["entity_id"])
    if label == "Episode":
        embedding = _embedding(props, dimension, required=not forgotten)
        return EpisodeRow(episode=from_props(Episode, props),
                          embedding=embedding or _placeholder(dimension))
    if label == "Fact":
        embedding = _embedding(props, dimension, required=not forgotten)
        return FactRow(fact=from_props(Fact, props),
                       embedding=embedding or _placeholder(dimension))
    if label == "Tombstone":
        return from_props(Tombstone, props)
    return from_props(WorkingSlot, props)  # Slot


def _edge_row(edge_type: str, record: Mapping[str, Any]) -> Any:
    """The contract's row for one exported edge; None for SUBJECT and OBJECT, which are
    written with their fact (from its subject_id and object_id)."""
    source, target, props = record["from_id"], record["to_id"], record.get("props") or {}
    if edge_type == "MENTIONS":
        return (source, target)
    if edge_type == "EXTRACTED_FROM":
        return EvidenceRow(fact_id=source, episode_id=target, **props)
    if edge_type in LINK_TYPES:
        return FactLink.model_validate({"kind": edge_type, "from_id": source, "to_id": target,
                                        "reason": props["reason"],
                                        "at": from_epoch(float(props["at"]))})
    return None


def _row(label: str, record: Mapping[str, Any], dimension: int) -> Any:
    if record["kind"] == "node":
        return _node_row(label, record["props"], dimension)
    return _edge_row(label, record)


def _why(error: Exception) -> str:
    if isinstance(error, ValidationError):
        return "; ".join(f"{'.'.join(str(p) for p in e['loc']) or 'value'}: {e['msg']}"
                         for e in error.errors())
    if isinstance(error, KeyError):
        return f"no {error}"
    return str(error)


class _Checked:
    """What the check pass learns: where each part's lines are (byte offsets, in the order
    they are written), the ids of the forgotten memories, and the counts by kind."""

    def __init__(self) -> None:
        self.offsets: dict[str, array[int]] = {kind: array("q") for kind in
                                               (*NODE_LABELS, *EDGE_TYPES)}
        self.forgotten: dict[str, list[str]] = {"Fact": [], "Episode": [], "Entity": []}
        self.counts: dict[str, int] = dict.fromkeys((*NODE_LABELS, *EDGE_TYPES), 0)
        self.users: set[str] = set()  # whose memories it holds: locked while it is written


def _parse(
    number: int, line: bytes, dimension: int, header_seen: bool
) -> tuple[str, dict[str, Any]]:
    """The label (node label, edge type, or "header") of one line, checked for shape."""
    try:
        record = json.loads(line)
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError
        raise InvalidInputError(f"line {number}: not JSON: {e}") from e
    if not isinstance(record, dict) or "kind" not in record:
        raise InvalidInputError(f"line {number}: not an export record")
    kind = record["kind"]
    if kind == "trailer":
        return "trailer", record
    if kind == "header":
        if header_seen:
            raise InvalidInputError(f"line {number}: a second header")
        if record.get("format") != FORMAT or record.get("version") != VERSION:
            raise InvalidInputError(f"line {number}: not a {FORMAT} version {VERSION} header")
        if record.get("dimension") != dimension:
            raise InvalidInputError(
                f"the export holds {record.get('dimension')}-d embeddings; this embedder "
                f"makes {dimension}-d ones")
        return "header", record
    if kind == "node":
        label = record.get("label")
        if label not in NODE_LABELS:
            raise InvalidInputError(f"line {number}: unknown node label {label!r}")
        props = record.get("props")
        if not isinstance(props, dict) or not isinstance(props.get("id"), str):
            raise InvalidInputError(f"line {number}: a {label} node without props or id")
    elif kind == "edge":
        label = record.get("type")
        if label not in EDGE_TYPES:
            raise InvalidInputError(f"line {number}: unknown edge type {label!r}")
        if not (isinstance(record.get("from_id"), str) and isinstance(record.get("to_id"), str)
                and isinstance(record.get("props") or {}, dict)):
            raise InvalidInputError(
                f"line {number}: a {label} edge without from_id, to_id or props")
    else:
        raise InvalidInputError(f"line {number}: unknown export record kind {kind!r}")
    if not header_seen:
        raise InvalidInputError(
            f"line {number}: no header line before it: not a {FORMAT} version {VERSION} file")
    return str(label), record


def _check(source: IO[bytes], dimension: int) -> _Checked:
    """Read the whole export once and refuse it, naming the line, unless every write of it
    can succeed on a sound store."""
    checked = _Checked()
    ids: dict[str, set[str]] = {label: set() for label in NODE_LABELS}
    ends: dict[str, tuple[str, str]] = {}  # fact id -> (subject id, object id)
    # References to nodes that may come further down the file: checked again at the end.
    later: list[tuple[int, Callable[[], str | None]]] = []

    def refer(number: int, check: Callable[[], str | None]) -> None:
        if check() is not None:
            later.append((number, check))

    def present(what: str, label: str, node_id: str) -> Callable[[], str | None]:
        return lambda: None if node_id in ids[label] else f"{what} {node_id!r} is not in the file"

    def same_end(edge_type: str, fact_id: str, node_id: str) -> Callable[[], str | None]:
        def check() -> str | None:
            if fact_id not in ends:
                return None  # a missing fact is reported by `present`
            expected = ends[fact_id][0 if edge_type == "SUBJECT" else 1]
            if node_id == expected:
                return None
            return (f"{edge_type} of fact {fact_id!r} is {node_id!r}, but its "
                    f"{edge_type.lower()}_id is {expected!r}")
        return check

    header_seen = False
    offset, number = source.tell(), 0
    digest, records, trailer = hashlib.sha256(), 0, None
    for line in iter(source.readline, b""):
        number += 1
        at, offset = offset, offset + len(line)
        if not line.strip():
            continue
        if trailer is not None:
            raise InvalidInputError(f"line {number}: a line after the trailer")
        label, record = _parse(number, line, dimension, header_seen)
        if label == "trailer":
            trailer = (number, record)
            continue
        digest.update(line if line.endswith(b"\n") else line + b"\n")
        records += 1
        if label == "header":
            header_seen = True
            continue
        node = record["kind"] == "node"
        try:
            row = _row(label, record, dimension)
        except (KeyError, TypeError, ValueError) as e:  # ValidationError is a ValueError
            raise InvalidInputError(f"line {number}: invalid {label}: {_why(e)}") from e
        if node:
            node_id = record["props"]["id"]
            if node_id in ids[label]:
                raise InvalidInputError(f"line {number}: a second {label} {node_id!r}")
            ids[label].add(node_id)
            if isinstance(user := record["props"].get("user_id"), str):
                checked.users.add(user)
            if label in checked.forgotten and record["props"].get("status") == "forgotten":
                checked.forgotten[label].append(node_id)
            if isinstance(row, FactRow):
                ends[node_id] = (row.fact.subject_id, row.fact.object_id)
                refer(number, present("subject entity", "Entity", row.fact.subject_id))
                refer(number, present("object entity", "Entity", row.fact.object_id))
            elif isinstance(row, AliasRow):
                refer(number, present("the alias's entity", "Entity", row.entity_id))
        else:
            start, end = _ENDS[label]
            refer(number, present(f"{label} from {start.lower()}", start, record["from_id"]))
            refer(number, present(f"{label} to {end.lower()}", end, record["to_id"]))
            if label in ("SUBJECT", "OBJECT"):
                refer(number, same_end(label, record["from_id"], record["to_id"]))
        checked.offsets[label].append(at)
        checked.counts[label] += 1
    if not header_seen:
        raise InvalidInputError(f"not a {FORMAT} version {VERSION} file (no header line)")
    for number, check in later:
        problem = check()
        if problem is not None:
            raise InvalidInputError(f"line {number}: {problem}")
    _check_trailer(trailer, records, digest.hexdigest())
    return checked


def _check_trailer(trailer: tuple[int, dict[str, Any]] | None, records: int, sha256: str) -> None:
    if trailer is None:
        raise InvalidInputError(
            "no trailer line: the export is incomplete (it failed or was cut short); "
            "export again")
    number, record = trailer
    if record.get("records") != records or record.get("sha256") != sha256:
        raise InvalidInputError(
            f"line {number}: the trailer does not match the file ({records} records before "
            f"it, checksum {sha256[:12]}...): the export was changed or is incomplete")


# --- import, pass 2: write, or undo -----------------------------------------------------------


def _batches(source: IO[bytes], checked: _Checked, dimension: int, *kinds: str
             ) -> Iterator[list[Any]]:
    """The rows of the lines of these kinds, one batch at a time (read again at the offsets
    the check pass noted)."""
    batch: list[Any] = []
    for kind in kinds:
        for at in checked.offsets[kind]:
            source.seek(at)
            batch.append(_row(kind, json.loads(source.readline()), dimension))
            if len(batch) == _BATCH:
                yield batch
                batch = []
    if batch:
        yield batch


def _write(store: Store, source: IO[bytes], checked: _Checked, dimension: int) -> None:
    # In dependency order: a fact's SUBJECT and OBJECT (written with it) need its entities;
    # mentions, evidence and links need both their ends.
    for field, kinds in (("entities", ["Entity"]), ("aliases", ["Alias"]),
                         ("episodes", ["Episode"]), ("mentions", ["MENTIONS"]),
                         ("facts", ["Fact"]), ("evidence", ["EXTRACTED_FROM"]),
                         ("links", LINK_TYPES)):
        for batch in _batches(source, checked, dimension, *kinds):
            store.apply(WritePlan.model_validate({field: batch}))
    forgotten = checked.forgotten
    for start in range(0, max(len(ids) for ids in forgotten.values()), _BATCH):
        store.forget(ForgetPlan(fact_ids=forgotten["Fact"][start : start + _BATCH],
                                episode_ids=forgotten["Episode"][start : start + _BATCH],
                                entity_ids=forgotten["Entity"][start : start + _BATCH]))
    for batch in _batches(source, checked, dimension, "Tombstone"):
        store.forget(ForgetPlan(tombstones=batch))
    for batch in _batches(source, checked, dimension, "Slot"):
        for slot in batch:
            store.save_slot(slot)


def _holds_nodes(store: Store) -> bool:
    return any(store.count(label) for label in NODE_LABELS)


def _undo(store: Store) -> None:
    """Delete every node (and so every relationship) of the graph's labels: the import found
    none, so that is exactly what it wrote."""
    for label in NODE_LABELS:
        while store.clear_nodes(label, _PAGE) >= _PAGE:
            pass


def import_records(store: Store, export: IO[bytes], dimension: int) -> dict[str, int]:
    """Write an export (a binary stream; `read_jsonl` turns lines into one) into an empty
    graph: all of it, or nothing. Counts by node label and edge type."""
    if _holds_nodes(store):
        raise InvalidInputError("import needs an empty graph: this one already holds memories")
    with ExitStack() as stack:
        if not export.seekable():
            export = stack.enter_context(read_jsonl(export))
        checked = _check(export, dimension)
        # Under the lock of every user it holds (Store.locked_users), as writes are: a service
        # replica writing one of them waits, and a second import of the same export finds the
        # graph no longer empty.
        stack.enter_context(store.locked_users(sorted(checked.users)))
        if _holds_nodes(store):
            raise InvalidInputError("import needs an empty graph: this one already holds memories")
        try:
            _write(store, export, checked, dimension)
        except BaseException as e:
            try:
                _undo(store)
            except Exception as undo_error:
                raise StoreError(
                    f"import failed ({_why(e) if isinstance(e, Exception) else type(e).__name__})"
                    f" and removing what it wrote failed too ({undo_error}): the graph holds "
                    "part of the export; empty it before importing again") from e
            if isinstance(e, Exception):
                raise StoreError(
                    f"import failed, nothing was imported (the graph is empty again): {_why(e)}"
                ) from e
            raise
    return checked.counts

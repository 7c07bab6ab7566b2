"""Move a graph between backends: `graph-memory export` / `import` as JSON lines.

Lossless: every node with every property (embeddings included; only FalkorDB's derived
`user_key` is left out and rebuilt on import), and every relationship (mentions, subject and
object, provenance, supersession and conflict links), forgotten memories and their tombstones,
and working-memory slots. Import goes through the store contract (`apply`, `forget`,
`save_slot`), so it writes alike to every backend; it needs an empty target graph.

Line 1 is a header: {"kind": "header", "format": "graph-memory-export", "version": 1, ...};
then {"kind": "node", "label": ..., "props": {...}} and
{"kind": "edge", "type": ..., "from_id": ..., "to_id": ..., "props": {...}}.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TextIO

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
NODE_LABELS = ("Entity", "Alias", "Episode", "Fact", "Tombstone", "Slot")
EDGE_TYPES = ("MENTIONS", "SUBJECT", "OBJECT", "EXTRACTED_FROM", "SUPERSEDES", "CONFLICTS_WITH")
DERIVED = frozenset({"user_key"})  # FalkorDB's fulltext user token, rebuilt on write
_PAGE = 1000
_BATCH = 500


class _Runner(Protocol):
    """Both stores run a named query of cypher/ this way (dialect file first, then shared)."""

    def _run(self, name: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]: ...


def _runner(store: Store) -> _Runner:
    if not callable(getattr(store, "_run", None)):
        raise StoreError(f"{type(store).__name__} cannot export")
    return store  # type: ignore[return-value]


def _pages(store: Store, name: str, params: dict[str, Any]) -> Iterator[list[Any]]:
    run, skip = _runner(store), 0
    while True:
        rows = run._run(name, {**params, "skip": skip, "limit": _PAGE})
        yield from rows
        if len(rows) < _PAGE:
            return
        skip += _PAGE


def export_records(store: Store, dimension: int) -> Iterator[dict[str, Any]]:
    """The header, then every node and relationship of the store's graph."""
    yield {"kind": "header", "format": FORMAT, "version": VERSION, "dimension": dimension,
           "dialect": store.dialect}
    for label in NODE_LABELS:
        for props, _id in _pages(store, "transfer/nodes", {"label": label}):
            clean = {k: _plain(v) for k, v in dict(props).items() if k not in DERIVED}
            yield {"kind": "node", "label": label, "props": clean}
    for edge_type in EDGE_TYPES:
        for from_id, to_id, props in _pages(store, "transfer/edges", {"type": edge_type}):
            yield {"kind": "edge", "type": edge_type, "from_id": from_id, "to_id": to_id,
                   "props": {k: _plain(v) for k, v in dict(props or {}).items()}}


def _plain(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def write_jsonl(records: Iterable[dict[str, Any]], out: TextIO) -> int:
    count = 0
    for record in records:
        out.write(json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n")
        count += 1
    return count


def read_jsonl(lines: Iterable[str]) -> Iterator[dict[str, Any]]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise InvalidInputError(f"line {number}: not JSON: {e}") from e
        if not isinstance(record, dict) or "kind" not in record:
            raise InvalidInputError(f"line {number}: not an export record")
        yield record


def _chunks(items: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for start in range(0, len(items), _BATCH):
        yield items[start : start + _BATCH]


def import_records(store: Store, records: Iterable[dict[str, Any]], dimension: int) -> dict[
    str, int
]:
    """Write an export into an empty graph through the store contract; counts by kind."""
    if any(store.count(label) for label in ("Episode", "Entity", "Fact", "Slot", "Tombstone")):
        raise InvalidInputError("import needs an empty graph: this one already holds memories")
    nodes: dict[str, list[dict[str, Any]]] = {label: [] for label in NODE_LABELS}
    edges: dict[str, list[dict[str, Any]]] = {edge_type: [] for edge_type in EDGE_TYPES}
    header: dict[str, Any] | None = None
    for record in records:
        kind = record["kind"]
        if kind == "header":
            header = record
        elif kind == "node" and record.get("label") in nodes:
            nodes[record["label"]].append(record["props"])
        elif kind == "edge" and record.get("type") in edges:
            edges[record["type"]].append(record)
        else:
            raise InvalidInputError(f"unknown export record: {json.dumps(record)[:120]}")
    if header is None or header.get("format") != FORMAT or header.get("version") != VERSION:
        raise InvalidInputError(f"not a {FORMAT} version {VERSION} file (no header line)")
    if header.get("dimension") != dimension:
        raise InvalidInputError(
            f"the export holds {header.get('dimension')}-d embeddings; this embedder makes "
            f"{dimension}-d ones"
        )
    # Forgotten memories have no embedding left; a placeholder is written and then removed by
    # forget(), which leaves them exactly as exported.
    placeholder = [1.0] + [0.0] * (dimension - 1)
    forgotten: dict[str, list[str]] = {"fact": [], "episode": [], "entity": []}

    entity_rows = []
    for p in nodes["Entity"]:
        if p.get("status") == "forgotten":
            forgotten["entity"].append(p["id"])
        entity = Entity(id=p["id"], user_id=p["user_id"], name=p.get("name") or "",
                        type=p["type"], aliases=tuple(p.get("aliases") or ()))
        entity_rows.append(EntityRow(entity=entity, embedding=p.get("embedding"),
                                     created_at=from_epoch(float(p["created_at"]))))
    episode_rows = []
    for p in nodes["Episode"]:
        if p.get("status") == "forgotten":
            forgotten["episode"].append(p["id"])
        episode_rows.append(EpisodeRow(episode=from_props(Episode, p),
                                       embedding=p.get("embedding") or placeholder))
    fact_rows = []
    for p in nodes["Fact"]:
        if p.get("status") == "forgotten":
            forgotten["fact"].append(p["id"])
        fact_rows.append(FactRow(fact=from_props(Fact, p),
                                 embedding=p.get("embedding") or placeholder))
    parts: list[tuple[str, Sequence[Any]]] = [
        ("entities", entity_rows),
        ("aliases", [AliasRow(id=p["id"], user_id=p["user_id"], name=p["name"],
                              entity_id=p["entity_id"]) for p in nodes["Alias"]]),
        ("episodes", episode_rows),
        ("mentions", [(e["from_id"], e["to_id"]) for e in edges["MENTIONS"]]),
        ("facts", fact_rows),  # SUBJECT and OBJECT come with each fact
        ("evidence", [EvidenceRow(fact_id=e["from_id"], episode_id=e["to_id"], **e["props"])
                      for e in edges["EXTRACTED_FROM"]]),
        ("links", [FactLink(kind=kind, from_id=e["from_id"], to_id=e["to_id"],
                            reason=e["props"]["reason"], at=from_epoch(float(e["props"]["at"])))
                   for kind in ("SUPERSEDES", "CONFLICTS_WITH") for e in edges[kind]]),
    ]
    for field, items in parts:
        for chunk in _chunks(items):
            store.apply(WritePlan.model_validate({field: list(chunk)}))
    tombstones = [from_props(Tombstone, p) for p in nodes["Tombstone"]]
    if tombstones or any(forgotten.values()):
        store.forget(ForgetPlan(fact_ids=forgotten["fact"], episode_ids=forgotten["episode"],
                                entity_ids=forgotten["entity"], tombstones=tombstones))
    for p in nodes["Slot"]:
        store.save_slot(from_props(WorkingSlot, p))
    counts = {label: len(found) for label, found in nodes.items()}
    counts.update({edge_type: len(found) for edge_type, found in edges.items()})
    return counts

"""A user's memory as a graph for graph tools (Gephi, Cytoscape): entities are nodes, facts are
edges between them (subject -> object), built with networkx from the store contract only, so
every backend exports alike. GraphML for Gephi, or networkx's node-link JSON."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import networkx as nx

from graph_memory.errors import InvalidInputError
from graph_memory.models import FACT_STATUSES, Fact, FactStatus
from graph_memory.store.base import Store

MAX_HOPS = 3
GraphFormat = Literal["graphml", "json"]


def parse_statuses(text: str) -> list[FactStatus]:
    wanted = {s.strip() for s in text.split(",") if s.strip()}
    unknown = wanted - {"all", *FACT_STATUSES}
    if unknown or not wanted:
        raise InvalidInputError(
            f"statuses: unknown {', '.join(sorted(unknown)) or '(empty)'}; "
            f"known: all, {', '.join(FACT_STATUSES)}"
        )
    return list(FACT_STATUSES) if "all" in wanted else [s for s in FACT_STATUSES if s in wanted]


def _facts(
    store: Store,
    user_id: str,
    entity_id: str | None,
    hops: int,
    statuses: Sequence[FactStatus],
    limit: int,
) -> list[Fact]:
    if entity_id is None:
        return store.list_facts(user_id, statuses=statuses, limit=limit)
    found: dict[str, Fact] = {}
    seen, frontier = {entity_id}, [entity_id]
    for _ in range(hops):
        reached: list[str] = []
        for eid in frontier:
            for fact in store.list_facts(user_id, statuses=statuses, entity_id=eid, limit=limit):
                found.setdefault(fact.id, fact)
                for end in (fact.subject_id, fact.object_id):
                    if end not in seen:
                        seen.add(end)
                        reached.append(end)
            if len(found) >= limit:
                return list(found.values())[:limit]
        frontier = reached
    return list(found.values())


def _attrs(values: dict[str, Any]) -> dict[str, Any]:
    """GraphML takes str, int, float and bool attributes only: no None, times as ISO text."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, list | tuple):
            value = "|".join(str(v) for v in value)
        elif not isinstance(value, str | int | float | bool):
            value = value.isoformat() if hasattr(value, "isoformat") else str(value)
        out[key] = value
    return out


def subgraph(
    store: Store,
    user_id: str,
    *,
    entity_id: str | None = None,
    hops: int = 1,
    statuses: Sequence[FactStatus] = ("current", "conflicted", "superseded"),
    limit: int = 10_000,
) -> nx.MultiDiGraph[str]:
    """The user's facts (or those within `hops` facts of `entity_id`) as a directed multigraph:
    node per entity (name, type), edge per fact (keyed by fact id, with its fields)."""
    if not 1 <= hops <= MAX_HOPS:
        raise InvalidInputError(f"hops must be 1-{MAX_HOPS}, not {hops}")
    if not 1 <= limit <= 100_000:
        raise InvalidInputError(f"limit must be 1-100000, not {limit}")
    if entity_id is not None and store.get_entity(entity_id) is None:
        raise InvalidInputError(f"no entity {entity_id!r}")
    facts = _facts(store, user_id, entity_id, hops, statuses, limit)
    ids = sorted({end for f in facts for end in (f.subject_id, f.object_id)})
    entities = store.get_entities(ids)
    graph: nx.MultiDiGraph[str] = nx.MultiDiGraph(user_id=user_id)
    for f in facts:
        for end, name in ((f.subject_id, f.subject_name), (f.object_id, f.object_name)):
            known = entities.get(end)
            graph.add_node(
                end,
                **_attrs(
                    {
                        "label": known.name if known else name or end,
                        "type": known.type if known else None,
                        "aliases": known.aliases if known else None,
                    }
                ),
            )
        # The fact's own key ('phone number') is `fact_key`: networkx keys edges by `key`.
        fields = f.model_dump(exclude={"subject_id", "object_id", "episode_ids", "key"})
        fields["fact_key"] = f.key
        graph.add_edge(f.subject_id, f.object_id, key=f.id, label=f.predicate, **_attrs(fields))
    return graph


def write_graph(graph: nx.MultiDiGraph[str], path: Path, fmt: GraphFormat | str) -> None:
    if fmt == "graphml":
        nx.write_graphml(graph, path)
    elif fmt == "json":
        data = nx.node_link_data(graph, edges="edges")
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False), encoding="utf-8")
    else:
        raise InvalidInputError(f"format must be graphml or json, not {fmt!r}")

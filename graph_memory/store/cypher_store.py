"""The store contract over named Cypher queries, shared by every backend.

Each method builds the parameters of one query of `cypher/` and turns its rows into models;
that is the same for FalkorDB and Bolt servers. A backend supplies `_run` (its connection),
its schema, `apply` (its transactions) and a few hooks for what its dialect does differently:
the parameters of vector and fulltext searches and the score conventions of their results.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from graph_memory.errors import StoreError
from graph_memory.models import (
    TIME_MAX,
    TIME_MIN,
    USE_HISTORY_LIMIT,
    Entity,
    Episode,
    Fact,
    FactLink,
    FactStatus,
    FactUse,
    Tombstone,
    WorkingSlot,
)
from graph_memory.store.base import (
    EmbeddingRow,
    EmbeddingSource,
    EntityUse,
    EvidenceRow,
    FactsAndLinks,
    FactUpdate,
    ForgetPlan,
    GraphHit,
    PruneRule,
    WritePlan,
)
from graph_memory.text import segmented_text

_COUNTED_LABELS = ("Alias", "Episode", "Entity", "Fact", "Slot", "Tombstone")
# What a backup moves (graph_memory/backup.py NODE_LABELS); relationship types are checked by shape.
_BACKUP_LABELS = ("Entity", "Alias", "Episode", "Fact", "Tombstone", "Slot")
_EDGE_TYPE = re.compile(r"[A-Z][A-Z_]{0,63}")
# A vector index is shared by every user of a graph; fetch this many times k before the user
# filter so that a busy neighbour does not crowd a user's results out.
_OVERFETCH = 4
_DATETIME_FIELDS = {
    "timestamp",
    "valid_from",
    "created_at",
    "superseded_at",
    "occurred_at",
    "last_used_at",
    "expires_at",
    "forgotten_at",
    "updated_at",
    "at",
}
M = TypeVar("M", bound=BaseModel)
_EPOCH_MIN = TIME_MIN.timestamp()
_EPOCH_MAX = TIME_MAX.timestamp()


def to_epoch(value: datetime) -> float:
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.timestamp()


def from_epoch(value: float) -> datetime:
    """A stored time, clamped to TIME_MIN..TIME_MAX: a value written before times were bounded
    (or straight into the engine) must not make every read of its user fail."""
    if not math.isfinite(value):
        return TIME_MAX if value > 0 else TIME_MIN
    return datetime.fromtimestamp(min(max(value, _EPOCH_MIN), _EPOCH_MAX), tz=UTC)


def to_props(model: BaseModel, *, exclude: set[str] | None = None) -> dict[str, Any]:
    """A model as engine properties: datetimes as epoch seconds, tuples as lists, a fact's use
    history as its entry strings (FactUse.entry), no Nones."""
    props: dict[str, Any] = {}
    for name, value in model.model_dump(exclude=exclude).items():
        if isinstance(model, Fact) and name == "use_history":
            value = [use.entry for use in model.use_history] or None  # absent until used
        if value is None:
            continue
        if isinstance(value, datetime):
            value = to_epoch(value)
        elif isinstance(value, tuple):
            value = list(value)
        props[name] = value
    return props


def _search_props(text: str | None) -> dict[str, Any]:
    """`text_words`: a Chinese text's words, space-joined, indexed beside the raw text (fulltext
    engines cut words on spaces and punctuation only). Absent for text without Chinese."""
    words = segmented_text(text) if text else None
    return {"text_words": words} if words else {}


_INCREMENTS = {"more_uses", "more_useful", "use"}


def _in_place(update: FactUpdate) -> dict[str, Any]:
    """A plan's in-place changes of a fact. Counts change only by increments, through
    update_fact (feedback) or touch_facts (recall), never inside a write plan."""
    if update.more_uses or update.more_useful or update.use:
        raise StoreError("use counts change through update_fact or touch_facts, not a plan")
    return to_props(update, exclude=_INCREMENTS)


def from_props(model: type[M], props: Mapping[str, Any], **extra: Any) -> M:
    """The inverse of `to_props`, ignoring engine-only properties. (Not toJSON() rows: FalkorDB
    4.16 leaves quotes and backslashes in strings unescaped there.)"""
    fields = model.model_fields
    values: dict[str, Any] = {}
    for name, value in props.items():
        if name not in fields:
            continue
        if name in _DATETIME_FIELDS and value is not None:
            value = from_epoch(float(value))
        values[name] = value
    values.update(extra)
    return model.model_validate(values)


class CypherStore(ABC):
    """The store contract on top of `_run(name, params)`; subclasses add what differs."""

    dialect: str
    # Whether the dialect's vector index queries scan the user's memories exactly by themselves
    # when the index's hits hold too few of them (_vector_rows).
    exact_fallback_in_query = False

    # --- what each backend supplies -------------------------------------------------------
    @abstractmethod
    def _run(self, name: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]:
        """The rows of query `name` of `cypher/` (the dialect's file first, then the shared)."""

    @abstractmethod
    def ensure_schema(self, dimension: int) -> None:
        """Create indexes and constraints; safe to call on every start."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def apply(self, plan: WritePlan) -> None:
        """Apply the whole plan (its parameters: `_plan_params`) or nothing."""

    @abstractmethod
    def _vector_params(self, label: str) -> dict[str, Any]:
        """Extra parameters of a vector index query on nodes of `label`."""

    @abstractmethod
    def _index_similarity(self, score: float) -> float:
        """Cosine similarity from the score of a vector search (index or exact scan)."""

    @abstractmethod
    def _cosine(self, score: float) -> float:
        """Cosine similarity from the score of `similarities_of`."""

    @abstractmethod
    def _text_params(self, label: str, user_id: str, text: str) -> dict[str, Any] | None:
        """The fulltext query parameters for `text`, or None when it holds no word to search."""

    def _vector_rows(
        self, index_query: str, exact_query: str, params: Mapping[str, Any]
    ) -> list[list[Any]]:
        """The rows of a vector search: the shared index's, or when they hold fewer than
        params["k"] of the user's, an exact scan's. A dialect whose index query falls back
        to the scan by itself (`exact_fallback_in_query`) answers in one round trip."""
        rows = self._run(index_query, params)
        if len(rows) < params["k"] and not self.exact_fallback_in_query:
            rows = self._run(exact_query, params)
        return rows

    def building_indexes(self) -> list[str]:
        return [f"{row[0]}: {row[1]}" for row in self._run("building_indexes")]

    def ping(self) -> None:
        self._run("ping")

    def locked_users(self, user_ids: Sequence[str]) -> AbstractContextManager[None]:
        """No lock of the engine's by default: an embedded engine has one process writing to
        it, serialised by Memory's own lock. Servers shared by replicas override this."""
        return nullcontext()

    def _memory_props(self, user_id: str) -> dict[str, Any]:
        """Engine-only properties written with each fact and episode (none by default)."""
        return {}

    # --- write path -----------------------------------------------------------------------
    def existing_episode_ids(self, ids: Sequence[str]) -> set[str]:
        if not ids:
            return set()
        return {row[0] for row in self._run("existing_episode_ids", {"ids": list(ids)})}

    def session_speakers(self, user_id: str, session_id: str) -> list[str]:
        rows = self._run("session_speakers", {"user_id": user_id, "session_id": session_id})
        return [str(row[0]) for row in rows]

    def get_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        if not ids:
            return {}
        rows = self._run("get_entities", {"ids": list(ids)})
        return {row[0]["id"]: from_props(Entity, row[0]) for row in rows}

    def resolve_aliases(self, alias_ids: Sequence[str]) -> dict[str, str]:
        if not alias_ids:
            return {}
        return {row[0]: row[1] for row in self._run("resolve_aliases", {"ids": list(alias_ids)})}

    def similar_entities(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Entity, float]]:
        """The index first; fewer than k of the user's entities among its over-fetched hits
        (a graph of many users naming the same things) and an exact scan of the user's own."""
        params = {**self._vector_params("Entity"), "user_id": user_id, "embedding": embedding,
                  "k": k, "k_raw": k * _OVERFETCH}
        rows = self._vector_rows("similar_entities", "similar_entities_exact", params)
        return [(from_props(Entity, row[0]), self._index_similarity(float(row[1]))) for row in rows]

    def active_facts_of_subjects(self, user_id: str, subject_ids: Sequence[str]) -> list[Fact]:
        if not subject_ids:
            return []
        rows = self._run(
            "active_facts_of_subjects", {"user_id": user_id, "subject_ids": list(subject_ids)}
        )
        return [from_props(Fact, row[0]) for row in rows]

    def _plan_params(self, plan: WritePlan) -> dict[str, list[Any]]:
        """The parameters of `apply_write_plan`, one list per UNWIND."""
        return {
            "entities": [
                {**to_props(row.entity), "aliases": list(row.entity.aliases),
                 "embedding": row.embedding, "created_at": to_epoch(row.created_at)}
                for row in plan.entities
            ],
            "aliases": [row.model_dump() for row in plan.aliases],
            "episodes": [
                {"props": to_props(row.episode) | self._memory_props(row.episode.user_id)
                 | _search_props(row.episode.text), "embedding_ml": row.embedding_ml,
                 "embedding": row.embedding}
                for row in plan.episodes
            ],
            "mentions": [{"episode_id": ep, "entity_id": en} for ep, en in plan.mentions],
            "facts": [
                {"props": to_props(row.fact, exclude={"episode_ids"})
                 | self._memory_props(row.fact.user_id),
                 "embedding": row.embedding}
                for row in plan.facts
            ],
            "evidence": [row.model_dump() for row in plan.evidence],
            "reinforced": list(plan.reinforced),
            "updates": [{"fact_id": fact_id, "changes": _in_place(update)}
                        for fact_id, update in plan.updates],
            "status_changes": [
                {"fact_id": c.fact_id, "status": c.status,
                 "superseded_at": None if c.superseded_at is None else to_epoch(c.superseded_at),
                 "needs_confirmation": c.needs_confirmation, "merged_into": c.merged_into}
                for c in plan.status_changes
            ],
            "supersedes": [to_props(link) for link in plan.links if link.kind == "SUPERSEDES"],
            "conflicts": [to_props(link) for link in plan.links if link.kind == "CONFLICTS_WITH"],
            "merges": [to_props(link) for link in plan.links if link.kind == "MERGED_INTO"],
            "derivations": [to_props(link) for link in plan.links if link.kind == "DERIVED_FROM"],
            "endings": [to_props(link) for link in plan.links if link.kind == "ENDED_BY"],
            "unmerged": list(plan.unmerged),
            "rederived": list(plan.rederived),
        }

    # --- reads ----------------------------------------------------------------------------
    def get_fact(self, fact_id: str) -> Fact | None:
        rows = self._run("get_fact", {"id": fact_id})
        if not rows or rows[0][0] is None:
            return None
        return from_props(Fact, rows[0][0], episode_ids=tuple(sorted(rows[0][1])))

    def get_episode(self, episode_id: str) -> Episode | None:
        rows = self._run("get_episode", {"id": episode_id})
        return from_props(Episode, rows[0][0]) if rows else None

    def get_entity(self, entity_id: str) -> Entity | None:
        rows = self._run("get_entity", {"id": entity_id})
        return from_props(Entity, rows[0][0]) if rows else None

    def list_facts(
        self,
        user_id: str,
        *,
        statuses: Sequence[FactStatus] | None = None,
        entity_id: str | None = None,
        predicate: str | None = None,
        memory_type: str | None = None,
        limit: int = 100,
    ) -> list[Fact]:
        rows = self._run(
            "list_facts",
            {"user_id": user_id, "statuses": None if statuses is None else list(statuses),
             "entity_id": entity_id, "predicate": predicate, "memory_type": memory_type,
             "limit": limit},
        )
        return [from_props(Fact, row[0]) for row in rows]

    def fact_links(self, fact_ids: Sequence[str]) -> list[FactLink]:
        if not fact_ids:
            return []
        rows = self._run("fact_links", {"ids": list(fact_ids)})
        return [
            FactLink(kind=row[0], from_id=row[1], to_id=row[2], reason=row[3],
                     at=from_epoch(row[4]))
            for row in rows
        ]

    def episodes_mentioning(self, entity_id: str) -> list[str]:
        return [row[0] for row in self._run("episodes_mentioning", {"entity_id": entity_id})]

    def facts_from_episodes(self, episode_ids: Sequence[str]) -> list[str]:
        if not episode_ids:
            return []
        return [row[0] for row in self._run("facts_from_episodes", {"ids": list(episode_ids)})]

    def fact_sources(self, fact_ids: Sequence[str]) -> list[str]:
        if not fact_ids:
            return []
        return [row[0] for row in self._run("fact_sources", {"ids": list(fact_ids)})]

    def _nearest(
        self, kind: Literal["facts", "episodes"], user_id: str, embedding: list[float], k: int
    ) -> list[tuple[dict[str, Any], float]]:
        """The vector index first (fast at any size, but shared by all users); when its top hits
        hold fewer than k of this user's memories, an exact scan of the user's own memories
        (small by then, found through the user_id index). Cosine similarity, highest first."""
        label = "Fact" if kind == "facts" else "Episode"
        params = {**self._vector_params(label), "user_id": user_id, "embedding": embedding,
                  "k": k, "k_raw": k * _OVERFETCH}
        rows = self._vector_rows(f"search_{kind}_by_vector", f"nearest_{kind}_exact", params)
        return [(row[0], self._index_similarity(float(row[1]))) for row in rows]

    def search_facts_by_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Fact, float]]:
        return [(from_props(Fact, p), s) for p, s in self._nearest("facts", user_id, embedding, k)]

    def search_episodes_by_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Episode, float]]:
        return [
            (from_props(Episode, p), s) for p, s in self._nearest("episodes", user_id, embedding, k)
        ]

    def search_episodes_by_multilingual_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Episode, float]]:
        params = {"user_id": user_id, "embedding": embedding, "k": k, "k_raw": k * _OVERFETCH}
        rows = self._vector_rows(
            "search_episodes_by_multilingual_vector", "nearest_episodes_multilingual_exact", params
        )
        return [(from_props(Episode, r[0]), self._index_similarity(float(r[1]))) for r in rows]

    def has_multilingual_episodes(self, user_id: str) -> bool:
        return bool(self._run("has_multilingual_episodes", {"user_id": user_id}))

    def episodes_without_multilingual(
        self, user_id: str, after: str, limit: int
    ) -> list[EmbeddingSource]:
        params = {"user_id": user_id, "after": after, "limit": limit}
        rows = self._run("episodes_without_multilingual", params)
        return [EmbeddingSource(id=r[0], text=r[1], speaker=r[2], language=r[3]) for r in rows]

    def set_multilingual_embeddings(self, rows: Sequence[tuple[str, str, list[float]]]) -> None:
        if rows:
            params = {"rows": [{"id": i, "text": t, "embedding_ml": v} for i, t, v in rows]}
            self._run("set_multilingual_embeddings", params)

    def multilingual_similarities_of(
        self, ids: Sequence[str], embedding: list[float]
    ) -> dict[str, float]:
        if not ids:
            return {}
        rows = self._run("multilingual_similarities_of", {"ids": list(ids), "embedding": embedding})
        return {row[0]: self._cosine(float(row[1])) for row in rows}

    def recorded_embedders(self) -> tuple[str, str | None] | None:
        rows = self._run("get_embedders")
        return (str(rows[0][0]), rows[0][1]) if rows else None

    def record_embedders(self, embedding: str, embedding_ml: str | None) -> None:
        self._run("set_embedders", {"embedding": embedding, "embedding_ml": embedding_ml})

    def embedding_sources(
        self, kind: Literal["episodes", "facts", "entities"], after: str, limit: int
    ) -> list[EmbeddingSource]:
        rows = self._run(f"embedding_sources_{kind}", {"after": after, "limit": limit})
        return [
            EmbeddingSource(id=r[0], text=r[1], speaker=r[2], language=r[3], user_id=r[4])
            for r in rows
        ]

    def set_embeddings(
        self, kind: Literal["episodes", "facts", "entities"], rows: Sequence[EmbeddingRow]
    ) -> None:
        if rows:
            self._run(f"set_embeddings_{kind}", {"rows": [r.model_dump() for r in rows]})

    def _text(
        self, kind: Literal["facts", "episodes"], user_id: str, query: str, k: int
    ) -> list[tuple[dict[str, Any], float]]:
        params = self._text_params("Fact" if kind == "facts" else "Episode", user_id, query)
        if params is None:
            return []
        rows = self._run(f"search_{kind}_by_text", {**params, "user_id": user_id, "k": k})
        return [(row[0], float(row[1])) for row in rows]

    def search_facts_by_text(self, user_id: str, query: str, k: int) -> list[tuple[Fact, float]]:
        return [(from_props(Fact, p), s) for p, s in self._text("facts", user_id, query, k)]

    def search_episodes_by_text(
        self, user_id: str, query: str, k: int
    ) -> list[tuple[Episode, float]]:
        return [(from_props(Episode, p), s) for p, s in self._text("episodes", user_id, query, k)]

    # --- recall channels ------------------------------------------------------------------
    def facts_of_entities(
        self, user_id: str, entity_ids: Sequence[str], limit: int
    ) -> list[tuple[Fact, str]]:
        if not entity_ids:
            return []
        rows = self._run(
            "facts_of_entities",
            {"user_id": user_id, "entity_ids": list(entity_ids), "limit": limit},
        )
        return [(from_props(Fact, row[0]), row[1]) for row in rows]

    def episodes_of_entities(
        self, user_id: str, entity_ids: Sequence[str], limit: int
    ) -> list[tuple[Episode, str]]:
        if not entity_ids:
            return []
        rows = self._run(
            "episodes_of_entities",
            {"user_id": user_id, "entity_ids": list(entity_ids), "limit": limit},
        )
        return [(from_props(Episode, row[0]), row[1]) for row in rows]

    def expand_from_entities(
        self, user_id: str, entity_ids: Sequence[str], hops: int, limit: int
    ) -> list[GraphHit]:
        if not entity_ids or hops < 1:
            return []
        rows = self._run(
            "expand_from_entities",
            {"user_id": user_id, "entity_ids": list(entity_ids), "hops": hops, "limit": limit},
        )
        if not rows:
            return []
        paths, props = rows[0]
        facts: dict[str, Fact] = {}  # each fact's properties come once (the query says why)
        for fact_props in props:
            if fact_props["id"] not in facts:
                facts[fact_props["id"]] = from_props(Fact, fact_props)
        hits: list[GraphHit] = []
        for start_id, start_name, first_id, via_id, via_name, second_id in paths:
            first = facts[first_id]
            hits.append(GraphHit(fact=first, hops=1, start_id=start_id, start_name=start_name))
            if second_id is not None:
                hits.append(
                    GraphHit(fact=facts[second_id], hops=2, start_id=start_id,
                             start_name=start_name, via_id=via_id, via_name=via_name,
                             via_fact=first)
                )
        return hits

    def relation_facts(
        self, user_id: str, subject_ids: Sequence[str], relations: Sequence[str], limit: int
    ) -> list[tuple[Fact, Episode | None]]:
        if not subject_ids or not relations:
            return []
        rows = self._run(
            "relation_facts",
            {"user_id": user_id, "subject_ids": list(subject_ids),
             "relations": list(relations), "limit": limit},
        )
        return [
            (from_props(Fact, row[0]), from_props(Episode, row[1]) if row[1] else None)
            for row in rows
        ]

    def standing_facts(self, user_id: str, memory_types: Sequence[str], limit: int) -> list[Fact]:
        rows = self._run(
            "standing_facts",
            {"user_id": user_id, "memory_types": list(memory_types), "limit": limit},
        )
        return [from_props(Fact, row[0]) for row in rows]

    def similarities_of(self, ids: Sequence[str], embedding: list[float]) -> dict[str, float]:
        if not ids:
            return {}
        rows = self._run("similarities_of", {"ids": list(ids), "embedding": embedding})
        return {row[0]: self._cosine(float(row[1])) for row in rows}

    def sources_of_facts(self, fact_ids: Sequence[str]) -> list[tuple[str, str, str | None]]:
        if not fact_ids:
            return []
        rows = self._run("sources_of_facts", {"ids": list(fact_ids)})
        return [(row[0], row[1], row[2]) for row in rows]

    def episode_fact_states(
        self, episode_ids: Sequence[str]
    ) -> list[tuple[str, str, FactStatus, datetime | None]]:
        if not episode_ids:
            return []
        rows = self._run("episode_fact_states", {"ids": list(episode_ids)})
        return [
            (row[0], row[1], row[2], None if row[3] is None else from_epoch(float(row[3])))
            for row in rows
        ]

    def count_pruned_facts(self, counts: Mapping[str, int]) -> None:
        if counts:
            rows = [{"id": ep_id, "n": n} for ep_id, n in sorted(counts.items())]
            self._run("count_pruned_facts", {"rows": rows})

    def get_facts(self, ids: Sequence[str]) -> list[Fact]:
        if not ids:
            return []
        return [from_props(Fact, row[0]) for row in self._run("get_facts", {"ids": list(ids)})]

    def get_facts_and_links(self, ids: Sequence[str]) -> FactsAndLinks:
        if not ids:
            return FactsAndLinks(facts=[], links=[])
        order = {fact_id: i for i, fact_id in enumerate(ids)}
        # Groups of an aggregation come in no set order: put them back in the ids' order, so
        # that links come as fact_links lists them (DISTINCT keeps the first of each).
        rows = sorted(self._run("facts_and_links", {"ids": list(ids)}), key=lambda r: order[r[0]])
        links: dict[tuple[Any, ...], FactLink] = {}
        for row in rows:
            for kind, from_id, to_id, reason, at in row[2]:
                key = (kind, from_id, to_id, reason, at)
                if key not in links:
                    links[key] = FactLink(kind=kind, from_id=from_id, to_id=to_id, reason=reason,
                                          at=from_epoch(at))
        return FactsAndLinks(
            facts=[from_props(Fact, row[1]) for row in rows], links=list(links.values())
        )

    def get_episodes(self, ids: Sequence[str]) -> list[Episode]:
        if not ids:
            return []
        rows = self._run("episodes_by_ids", {"ids": list(ids)})
        return [from_props(Episode, row[0]) for row in rows]

    def touch_facts(self, uses: Mapping[str, int], at: datetime) -> None:
        if uses:
            rows = [{"id": fact_id, "n": n, "entry": FactUse(at=at, kind="recalled", count=n).entry}
                    for fact_id, n in sorted(uses.items())]
            self._run("touch_facts",
                      {"uses": rows, "at": to_epoch(at), "history_limit": USE_HISTORY_LIMIT})

    # --- lifecycle ------------------------------------------------------------------------
    def update_fact(self, fact_id: str, update: FactUpdate) -> None:
        changes = to_props(update, exclude=_INCREMENTS)
        if not (changes or update.more_uses or update.more_useful or update.use):
            return
        params = {"id": fact_id, "changes": changes, "more_uses": update.more_uses,
                  "more_useful": update.more_useful,
                  "use": update.use.entry if update.use else None,
                  "history_limit": USE_HISTORY_LIMIT}
        if not self._run("update_fact", params):
            raise StoreError(f"fact {fact_id} vanished during update")

    def forget(self, plan: ForgetPlan) -> None:
        self._run(
            "forget",
            {"fact_ids": plan.fact_ids, "episode_ids": plan.episode_ids,
             "entity_ids": plan.entity_ids,
             "redactions": [{"episode_id": r.episode_id, "text": r.text,
                             "text_words": _search_props(r.text).get("text_words"),
                             "embedding": r.embedding, "embedding_ml": r.embedding_ml}
                            for r in plan.redactions],
             "spans": [{"episode_id": r.episode_id, "fact_id": fact_id, "span_start": start,
                        "span_end": end}
                       for r in plan.redactions for fact_id, start, end in r.spans],
             "tombstones": [to_props(t) for t in plan.tombstones]},
        )

    def episode_evidence(self, episode_ids: Sequence[str]) -> list[EvidenceRow]:
        if not episode_ids:
            return []
        rows = self._run("episode_evidence", {"ids": list(episode_ids)})
        return [
            EvidenceRow(fact_id=r[0], episode_id=r[1], span_start=int(r[2] or 0),
                        span_end=int(r[3] or 0), extractor=str(r[4]), confidence=float(r[5]))
            for r in rows
        ]

    def entity_uses(self, entity_ids: Sequence[str]) -> list[EntityUse]:
        if not entity_ids:
            return []
        rows = self._run("entity_uses", {"ids": list(entity_ids)})
        return [
            EntityUse(entity_id=r[0], fact_ids=sorted(r[1]), episode_ids=sorted(r[2]))
            for r in rows
        ]

    def entities_mentioned(self, episode_ids: Sequence[str]) -> set[str]:
        if not episode_ids:
            return set()
        return {r[0] for r in self._run("entities_mentioned", {"ids": list(episode_ids)})}

    def tombstones(self, target_ids: Sequence[str]) -> list[Tombstone]:
        if not target_ids:
            return []
        rows = self._run("tombstones", {"ids": list(target_ids)})
        return [from_props(Tombstone, row[0]) for row in rows]

    def prune_candidates(
        self,
        user_id: str | None,
        rule: PruneRule,
        *,
        now: datetime,
        min_confidence: float,
        superseded_before: datetime,
        unused_before: datetime,
        limit: int,
        faded_before: Mapping[tuple[str, int], datetime] | None = None,
    ) -> list[Fact]:
        cutoffs = [
            {"memory_type": memory_type, "priority": priority, "before": to_epoch(before)}
            for (memory_type, priority), before in (faded_before or {}).items()
        ]
        rows = self._run(
            "prune_candidates",
            {"user_id": user_id, "rule": rule, "now": to_epoch(now),
             "min_confidence": min_confidence, "superseded_before": to_epoch(superseded_before),
             "unused_before": to_epoch(unused_before), "fade_cutoffs": cutoffs, "limit": limit},
        )
        return [from_props(Fact, row[0]) for row in rows]

    def outdated_messages(
        self, user_id: str | None, *, before: datetime, pruning: Sequence[str], limit: int
    ) -> list[Episode]:
        rows = self._run(
            "outdated_messages",
            {"user_id": user_id, "before": to_epoch(before), "pruning": list(pruning),
             "limit": limit},
        )
        return [from_props(Episode, row[0]) for row in rows]

    # --- working memory -------------------------------------------------------------------
    @staticmethod
    def _session_key(user_id: str, session_id: str) -> str:
        return f"{user_id}\x1f{session_id}"

    def get_slots(self, user_id: str, session_id: str) -> list[WorkingSlot]:
        rows = self._run("get_slots", {"session_key": self._session_key(user_id, session_id)})
        return [from_props(WorkingSlot, row[0]) for row in rows]

    def save_slot(self, slot: WorkingSlot) -> None:
        session_key = self._session_key(slot.user_id, slot.session_id)
        slot_id = f"{session_key}\x1f{slot.key}"
        props = {**to_props(slot), "id": slot_id, "session_key": session_key}
        self._run("save_slot", {"id": slot_id, "props": props})

    def delete_slots(self, user_id: str, session_id: str, keys: Sequence[str]) -> None:
        session_key = self._session_key(user_id, session_id)
        self._run("delete_slots", {"ids": [f"{session_key}\x1f{key}" for key in keys]})

    def count(
        self, label: Literal["Alias", "Episode", "Entity", "Fact", "Slot", "Tombstone"]
    ) -> int:
        if label not in _COUNTED_LABELS:
            raise StoreError(f"cannot count label {label!r}")
        return int(self._run("count_label", {"label": label})[0][0])

    # --- backup (graph_memory/backup.py) ---------------------------------------------------
    def backup_start(self) -> Any:
        return self._run("backup/first_cursor")[0][0]

    def backup_page(
        self, what: Literal["nodes", "edges"], name: str, after: Any, limit: int
    ) -> list[list[Any]]:
        if what == "nodes" and name not in _BACKUP_LABELS:
            raise StoreError(f"cannot page label {name!r}")
        if what == "edges" and not _EDGE_TYPE.fullmatch(name):
            raise StoreError(f"cannot page relationship type {name!r}")
        key = "label" if what == "nodes" else "type"
        return self._run(f"backup/{what}", {key: name, "after": after, "limit": limit})

    def clear_nodes(self, label: str, limit: int) -> int:
        if label not in _BACKUP_LABELS:
            raise StoreError(f"cannot clear label {label!r}")
        return int(self._run("backup/clear", {"label": label, "limit": limit})[0][0])

    # --- the explorer (graph_memory/ui) ---------------------------------------------------
    def fact_evidence(self, fact_ids: Sequence[str]) -> list[EvidenceRow]:
        if not fact_ids:
            return []
        rows = self._run("fact_evidence", {"ids": list(fact_ids)})
        return [
            EvidenceRow(fact_id=r[0], episode_id=r[1], span_start=int(r[2]), span_end=int(r[3]),
                        extractor=str(r[4]), confidence=float(r[5]))
            for r in rows
        ]

    def list_users(self, limit: int) -> list[tuple[str, int]]:
        return [(str(r[0]), int(r[1])) for r in self._run("list_users", {"limit": limit})]

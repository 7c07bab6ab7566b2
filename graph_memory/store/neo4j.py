"""The Neo4j store (the production backend), over the official `neo4j` driver and Bolt.

Queries are the shared `cypher/*.cypher` where the dialects agree; `cypher/neo4j/` holds what
differs from FalkorDB (schema DDL, vector and fulltext procedures, one multi-statement write
transaction). What differs between Bolt servers (Neo4j 5, and ArcadeDB, which the tests run
against) is one `Flavour` in `graph_memory/store/bolt.py`: index names, the vector score
convention, how the schema is created, and how read-only queries are enforced.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Literal

import neo4j
from neo4j import exceptions as neo4j_errors
from pydantic import JsonValue

from graph_memory.errors import StoreError
from graph_memory.models import Entity, Episode, Fact, FactLink, FactStatus, Tombstone, WorkingSlot
from graph_memory.resources import data_dir
from graph_memory.store.base import FactUpdate, ForgetPlan, GraphHit, PruneRule, WritePlan
from graph_memory.store.bolt import (
    ReadOnlyRunner,
    arcadedb_command,
    database_name,
    flavour_of,
    lucene_query,
)
from graph_memory.store.cypher import load_query, split_statements
from graph_memory.store.falkordb import from_epoch, from_props, to_epoch, to_props

__all__ = ["DIALECT", "Neo4jStore", "database_name"]

DIALECT = "neo4j"
_COUNTED_LABELS = ("Episode", "Entity", "Fact", "Slot", "Tombstone")
_OVERFETCH = 4  # the vector index is shared by all users of a database (see falkordb.py)
_UNWIND_PARAM = re.compile(r"^UNWIND \$([a-z_]+) AS ")


class Neo4jStore:
    """Store contract over one database of a Neo4j 5 (or Bolt-compatible) server."""

    dialect = DIALECT

    def __init__(
        self,
        driver: neo4j.Driver,
        database: str,
        *,
        http_url: str | None = None,
        auth: tuple[str, str] | None = None,
        owns_driver: bool = False,
    ) -> None:
        """`http_url` and `auth`: ArcadeDB's HTTP API, where its schema is created."""
        self._driver = driver
        self._database = database
        self._http_url = http_url
        self._auth = auth
        self._owns_driver = owns_driver
        try:
            agent = driver.get_server_info().agent
        except Exception as e:  # ServiceUnavailable, AuthError, ...
            raise StoreError(f"cannot reach the Bolt server: {e}") from e
        self.flavour = flavour_of(agent)
        self._reader = ReadOnlyRunner(driver, database)

    @classmethod
    def connect(
        cls, uri: str, user: str, password: str, database: str, *, http_url: str | None = None
    ) -> Neo4jStore:
        try:
            driver = neo4j.GraphDatabase.driver(uri, auth=(user, password))
        except Exception as e:  # a malformed URI
            raise StoreError(f"cannot connect to {uri}: {e}") from e
        try:
            return cls(driver, database, http_url=http_url, auth=(user, password), owns_driver=True)
        except BaseException:
            driver.close()
            raise

    def sibling(self, database: str) -> Neo4jStore:
        """A store over another database of the same server (one driver for all)."""
        return Neo4jStore(self._driver, database, http_url=self._http_url, auth=self._auth)

    # --- plumbing -------------------------------------------------------------------------
    def _run(self, name: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]:
        text = load_query(DIALECT, name)
        try:
            records, _, _ = self._driver.execute_query(
                text, dict(params or {}), database_=self._database
            )
        except neo4j_errors.Neo4jError as e:
            raise StoreError(f"query {name!r} failed: {e.message or e}") from e
        except neo4j_errors.DriverError as e:
            raise StoreError(f"query {name!r} failed: {e}") from e
        return [list(record.values()) for record in records]

    def _write(self, statements: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Several statements in one transaction: all committed, or none."""

        def work(tx: neo4j.ManagedTransaction) -> None:
            for text, params in statements:
                tx.run(text, params).consume()

        try:
            with self._driver.session(database=self._database) as session:
                session.execute_write(work)
        except neo4j_errors.Neo4jError as e:
            raise StoreError(f"write failed: {e.message or e}") from e
        except neo4j_errors.DriverError as e:
            raise StoreError(f"write failed: {e}") from e

    def ensure_schema(self, dimension: int) -> None:
        size = str(int(dimension))  # an int from the embedder; DDL takes no parameters
        if self.flavour.name == "arcadedb":
            path = data_dir("cypher") / DIALECT / "arcadedb" / "schema.sql"
            lines = path.read_text(encoding="utf-8").splitlines()
            for line in lines:
                if line.strip() and not line.startswith("--"):
                    self._arcadedb_command(line.strip().replace("$dimension", size))
            return
        for statement in split_statements(load_query(DIALECT, "schema")):
            try:
                self._driver.execute_query(
                    statement.replace("$dimension", size), database_=self._database
                )
            except neo4j_errors.Neo4jError as e:
                raise StoreError(f"schema statement failed: {statement}: {e.message}") from e

    def _arcadedb_command(self, command: str) -> None:
        if self._http_url is None or self._auth is None:
            raise StoreError("the ArcadeDB schema needs its HTTP URL (GRAPH_MEMORY_NEO4J_HTTP_URI)")
        arcadedb_command(self._http_url, self._auth, self._database, command)

    def close(self) -> None:
        self._reader.close()
        if self._owns_driver:
            with contextlib.suppress(Exception):  # closing a dead connection is not news
                self._driver.close()

    # --- write path -----------------------------------------------------------------------
    def existing_episode_ids(self, ids: Sequence[str]) -> set[str]:
        if not ids:
            return set()
        return {row[0] for row in self._run("existing_episode_ids", {"ids": list(ids)})}

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
        rows = self._run(
            "similar_entities",
            {"index": self.flavour.vector_index["Entity"], "user_id": user_id,
             "embedding": embedding, "k": k, "k_raw": k * _OVERFETCH},
        )
        return [(from_props(Entity, row[0]), self.flavour.similarity(row[1])) for row in rows]

    def active_facts_of_subjects(self, user_id: str, subject_ids: Sequence[str]) -> list[Fact]:
        if not subject_ids:
            return []
        rows = self._run(
            "active_facts_of_subjects", {"user_id": user_id, "subject_ids": list(subject_ids)}
        )
        return [from_props(Fact, row[0]) for row in rows]

    def apply(self, plan: WritePlan) -> None:
        params: dict[str, list[Any]] = {
            "entities": [
                {**to_props(row.entity), "aliases": list(row.entity.aliases),
                 "embedding": row.embedding, "created_at": to_epoch(row.created_at)}
                for row in plan.entities
            ],
            "aliases": [row.model_dump() for row in plan.aliases],
            "episodes": [{"props": to_props(row.episode), "embedding": row.embedding}
                         for row in plan.episodes],
            "mentions": [{"episode_id": ep, "entity_id": en} for ep, en in plan.mentions],
            "facts": [{"props": to_props(row.fact, exclude={"episode_ids"}),
                       "embedding": row.embedding} for row in plan.facts],
            "evidence": [row.model_dump() for row in plan.evidence],
            "reinforced": list(plan.reinforced),
            "updates": [{"fact_id": fact_id, "changes": to_props(update)}
                        for fact_id, update in plan.updates],
            "status_changes": [
                {"fact_id": c.fact_id, "status": c.status,
                 "superseded_at": None if c.superseded_at is None else to_epoch(c.superseded_at),
                 "needs_confirmation": c.needs_confirmation}
                for c in plan.status_changes
            ],
            "supersedes": [to_props(link) for link in plan.links if link.kind == "SUPERSEDES"],
            "conflicts": [to_props(link) for link in plan.links if link.kind == "CONFLICTS_WITH"],
        }
        statements: list[tuple[str, dict[str, Any]]] = []
        for statement in split_statements(load_query(DIALECT, "apply_write_plan")):
            match = _UNWIND_PARAM.match(statement)
            if match is None:
                raise StoreError(f"apply_write_plan: a statement without UNWIND: {statement}")
            name = match.group(1)
            if params[name]:
                statements.append((statement, {name: params[name]}))
        if statements:
            self._write(statements)

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
        limit: int = 100,
    ) -> list[Fact]:
        rows = self._run(
            "list_facts",
            {"user_id": user_id, "statuses": None if statuses is None else list(statuses),
             "entity_id": entity_id, "predicate": predicate, "limit": limit},
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
        """The vector index first; an exact scan of the user's own memories when the shared
        index's top hits hold fewer than k of them. Cosine similarity, highest first."""
        label = "Fact" if kind == "facts" else "Episode"
        params = {"index": self.flavour.vector_index[label], "user_id": user_id,
                  "embedding": embedding, "k": k, "k_raw": k * _OVERFETCH}
        rows = self._run(f"search_{kind}_by_vector", params)
        if len(rows) < k:
            rows = self._run(f"nearest_{kind}_exact", params)
        return [(row[0], self.flavour.similarity(row[1])) for row in rows]

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

    def _text(
        self, kind: Literal["facts", "episodes"], user_id: str, query: str, k: int
    ) -> list[tuple[dict[str, Any], float]]:
        lucene = lucene_query(query)
        if lucene is None:
            return []
        label = "Fact" if kind == "facts" else "Episode"
        rows = self._run(
            f"search_{kind}_by_text",
            {"index": self.flavour.fulltext_index[label], "query": lucene, "user_id": user_id,
             "k": k},
        )
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
        hits: list[GraphHit] = []
        parsed: dict[str, Fact] = {}
        for start_id, start_name, first, via_id, via_name, second in rows:
            first_fact = parsed.get(first["id"]) or parsed.setdefault(
                first["id"], from_props(Fact, first)
            )
            hits.append(GraphHit(fact=first_fact, hops=1, start_id=start_id, start_name=start_name))
            if second is not None:
                hits.append(
                    GraphHit(fact=from_props(Fact, second), hops=2, start_id=start_id,
                             start_name=start_name, via_id=via_id, via_name=via_name,
                             via_fact=first_fact)
                )
        return hits

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
        return {row[0]: self.flavour.similarity(float(row[1])) for row in rows}

    def sources_of_facts(self, fact_ids: Sequence[str]) -> list[tuple[str, str, str | None]]:
        if not fact_ids:
            return []
        rows = self._run("sources_of_facts", {"ids": list(fact_ids)})
        return [(row[0], row[1], row[2]) for row in rows]

    def get_facts(self, ids: Sequence[str]) -> list[Fact]:
        if not ids:
            return []
        return [from_props(Fact, row[0]) for row in self._run("get_facts", {"ids": list(ids)})]

    def get_episodes(self, ids: Sequence[str]) -> list[Episode]:
        if not ids:
            return []
        rows = self._run("episodes_by_ids", {"ids": list(ids)})
        return [from_props(Episode, row[0]) for row in rows]

    def touch_facts(self, ids: Sequence[str], at: datetime) -> None:
        if ids:
            self._run("touch_facts", {"ids": list(ids), "at": to_epoch(at)})

    # --- lifecycle ------------------------------------------------------------------------
    def update_fact(self, fact_id: str, update: FactUpdate) -> None:
        changes = to_props(update)
        if changes and not self._run("update_fact", {"id": fact_id, "changes": changes}):
            raise StoreError(f"fact {fact_id} vanished during update")

    def forget(self, plan: ForgetPlan) -> None:
        self._run(
            "forget",
            {"fact_ids": plan.fact_ids, "episode_ids": plan.episode_ids,
             "entity_ids": plan.entity_ids, "tombstones": [to_props(t) for t in plan.tombstones]},
        )

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
    ) -> list[Fact]:
        rows = self._run(
            "prune_candidates",
            {"user_id": user_id, "rule": rule, "now": to_epoch(now),
             "min_confidence": min_confidence, "superseded_before": to_epoch(superseded_before),
             "unused_before": to_epoch(unused_before), "limit": limit},
        )
        return [from_props(Fact, row[0]) for row in rows]

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

    def count(self, label: Literal["Episode", "Entity", "Fact", "Slot", "Tombstone"]) -> int:
        if label not in _COUNTED_LABELS:
            raise StoreError(f"cannot count label {label!r}")
        return int(self._run("count_label", {"label": label})[0][0])

    # --- read-only Cypher (graph_memory.analyst) ---------------------------------------------
    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        return self._reader.read_only(query, params, timeout_ms=timeout_ms, max_rows=max_rows)

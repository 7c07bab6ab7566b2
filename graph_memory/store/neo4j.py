"""The Neo4j store (the production backend), over the official `neo4j` driver and Bolt.

Queries are the shared `cypher/*.cypher` where the dialects agree, run by the shared
`cypher_store.CypherStore`; this class adds the connection, the transactions and the dialect
hooks. `cypher/neo4j/` holds what differs from FalkorDB (schema DDL, vector and fulltext
procedures, one multi-statement write transaction, the user lock); `graph_memory/store/bolt.py`
the index names, the score convention, Lucene query text and read-only Cypher. Verified
against a real Neo4j Community 5.26 (tests/neo4j_server.py).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from typing import Any, Literal

import neo4j
from neo4j import exceptions as neo4j_errors
from pydantic import JsonValue

from graph_memory.errors import StoreError
from graph_memory.language import has_han
from graph_memory.store.base import WritePlan
from graph_memory.store.bolt import (
    FULLTEXT_INDEX,
    VECTOR_INDEX,
    WORDS_INDEX,
    ReadOnlyRunner,
    database_name,
    lucene_any,
    lucene_query,
    similarity,
    user_key,
)
from graph_memory.store.cypher import load_query, split_statements
from graph_memory.store.cypher_store import _OVERFETCH, CypherStore
from graph_memory.text import content_words

__all__ = ["DIALECT", "Neo4jStore", "database_name"]

DIALECT = "neo4j"
# A user with fewer memories of a label than this is searched by an exact scan of their own
# (through the user_id index) instead of the vector index shared by every user, whose top hits
# would seldom hold enough of theirs (cypher/neo4j/search_facts_by_vector.cypher).
EXACT_SCAN_MAX = 2000
# Queries that change the graph; every other one runs with READ routing (a cluster's followers
# answer it; a single server refuses a write in it, so a miss here fails loudly).
_WRITES = re.compile(r"\b(CREATE|MERGE|SET|DELETE|REMOVE|DROP)\b", re.IGNORECASE)
_UNWIND_PARAM = re.compile(r"^UNWIND \$([a-z_]+) AS ")
# How often a lock attempt that Neo4j ended with a transient error (a detected deadlock) is
# tried again, with a doubling pause from 50 ms.
_LOCK_ATTEMPTS = 8
# IF NOT EXISTS does not cover two servers creating the same index at once (replicas starting
# together): the second gets one of these.
_ALREADY_THERE = frozenset({
    "Neo.ClientError.Schema.EquivalentSchemaRuleAlreadyExists",
    "Neo.ClientError.Schema.IndexAlreadyExists",
    "Neo.ClientError.Schema.ConstraintAlreadyExists",
})


class Neo4jStore(CypherStore):
    """Store contract over one database of a Neo4j 5 server."""

    dialect = DIALECT

    def __init__(self, driver: neo4j.Driver, database: str, *, owns_driver: bool = False) -> None:
        self._driver = driver
        self._database = database
        self._owns_driver = owns_driver
        try:
            driver.verify_connectivity()
        except Exception as e:  # ServiceUnavailable, AuthError, ...
            raise StoreError(f"cannot reach the Bolt server: {e}") from e
        self._reader = ReadOnlyRunner(driver, database)

    @classmethod
    def connect(cls, uri: str, user: str, password: str, database: str) -> Neo4jStore:
        try:
            # The server's notifications (deprecations, unknown property names in a query) are
            # for whoever writes the Cypher, not for the service's log on every call.
            driver = neo4j.GraphDatabase.driver(
                uri, auth=(user, password),
                notifications_min_severity=neo4j.NotificationMinimumSeverity.OFF,
            )
        except Exception as e:  # a malformed URI
            raise StoreError(f"cannot connect to {uri}: {e}") from e
        try:
            return cls(driver, database, owns_driver=True)
        except BaseException:
            driver.close()
            raise

    def sibling(self, database: str) -> Neo4jStore:
        """A store over another database of the same server (one driver for all)."""
        return Neo4jStore(self._driver, database)

    # --- plumbing -------------------------------------------------------------------------
    def _run(self, name: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]:
        text = load_query(DIALECT, name)
        try:
            records, _, _ = self._driver.execute_query(
                text, dict(params or {}), database_=self._database, routing_=_routing(name, text)
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
        self._upgrade_fulltext_indexes()
        for statement in split_statements(load_query(DIALECT, "schema")):
            try:
                self._driver.execute_query(
                    statement.replace("$dimension", size), database_=self._database
                )
            except neo4j_errors.Neo4jError as e:
                if e.code in _ALREADY_THERE:  # another replica created it at the same moment
                    continue
                raise StoreError(f"schema statement failed: {statement}: {e.message}") from e
            except neo4j_errors.DriverError as e:
                raise StoreError(f"schema statement failed: {statement}: {e}") from e

    def _upgrade_fulltext_indexes(self) -> None:
        """Fulltext indexes made before user_key (text only): key every memory, and drop the
        index (the schema creates it again over text and user_key)."""
        rows = self._run("fulltext_indexes")
        outdated = [name for name, props in rows
                    if name in FULLTEXT_INDEX.values() and "user_key" not in props]
        if not outdated:
            return
        users = [row[0] for row in self._run("users_without_user_key")]
        self._run("set_user_keys", {"keys": [{"user_id": u, "user_key": user_key(u)}
                                             for u in users if u is not None]})
        for name in outdated:  # a constant of bolt.py, not input
            self._driver.execute_query(f"DROP INDEX {name} IF EXISTS", database_=self._database)

    def close(self) -> None:
        if self._owns_driver:
            with contextlib.suppress(Exception):  # closing a dead connection is not news
                self._driver.close()

    def apply(self, plan: WritePlan) -> None:
        params = self._plan_params(plan)
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

    @contextlib.contextmanager
    def locked_users(self, user_ids: Sequence[str]) -> Iterator[None]:
        """The users' lock nodes, written first in a transaction held open for the block: a
        writer of the same users in any replica waits for it (Neo4j's own node and uniqueness
        locks, released when the transaction ends). Users are locked in sorted order; a
        deadlock Neo4j detects anyway is retried. Nothing of the lock is committed."""
        users = sorted(set(user_ids))
        with self._driver.session(database=self._database) as session:
            tx = self._lock(session, users)
            try:
                yield
            finally:
                with contextlib.suppress(Exception):  # a dead connection released it already
                    tx.close()

    def _lock(self, session: neo4j.Session, users: list[str]) -> neo4j.Transaction:
        text = load_query(DIALECT, "lock_users")
        for attempt in range(_LOCK_ATTEMPTS):
            tx = session.begin_transaction()
            try:
                tx.run(text, {"users": users}).consume()
                return tx
            except neo4j_errors.TransientError as e:  # a deadlock, or a lock wait ended
                tx.close()
                if attempt == _LOCK_ATTEMPTS - 1:
                    raise StoreError(f"could not lock the users' memories: {e.message}") from e
                time.sleep(0.05 * 2**attempt)
            except neo4j_errors.Neo4jError as e:
                tx.close()
                raise StoreError(f"could not lock the users' memories: {e.message}") from e
            except neo4j_errors.DriverError as e:
                tx.close()
                raise StoreError(f"could not lock the users' memories: {e}") from e
        raise AssertionError("unreachable")

    # --- dialect hooks --------------------------------------------------------------------
    def _memory_props(self, user_id: str) -> dict[str, Any]:
        return {"user_key": user_key(user_id)}  # the fulltext indexes' user token

    def _vector_params(self, label: str) -> dict[str, Any]:
        return {"index": VECTOR_INDEX[label], "exact_max": EXACT_SCAN_MAX}

    def _nearest(
        self, kind: Literal["facts", "episodes"], user_id: str, embedding: list[float], k: int
    ) -> list[tuple[dict[str, Any], float]]:
        """One query for most users: it scans a user's own memories exactly below
        EXACT_SCAN_MAX, else asks the shared vector index; only when the index's over-fetched
        hits hold fewer than k of theirs does the exact scan follow."""
        label = "Fact" if kind == "facts" else "Episode"
        params = {**self._vector_params(label), "user_id": user_id, "embedding": embedding,
                  "k": k, "k_raw": k * _OVERFETCH}
        rows = self._run(f"search_{kind}_by_vector", params)
        if len(rows) < k and not all(row[2] for row in rows):
            rows = self._run(f"nearest_{kind}_exact", params)
        return [(row[0], similarity(float(row[1]))) for row in rows]

    def _index_similarity(self, score: float) -> float:
        return similarity(score)

    def _cosine(self, score: float) -> float:
        return similarity(score)

    def _text_params(self, label: str, user_id: str, text: str) -> dict[str, Any] | None:
        query = lucene_query(user_id, text)  # the user's key is part of the index query
        if query is None:
            return None
        return {"index": FULLTEXT_INDEX[label], "query": query}

    def _text(
        self, kind: Literal["facts", "episodes"], user_id: str, query: str, k: int
    ) -> list[tuple[dict[str, Any], float]]:
        """Messages for a question holding Chinese: all its words against the messages' words
        as cut (text_words, episode_words: whitespace analyzer; the english one would cut a
        Chinese word into characters, so 花生 matched every 生日), its other words also against
        the raw text (English messages); a message's two scores add up, as one index over
        both fields would add them. Any other search: the english index over the raw text."""
        if kind == "facts" or not has_han(query):
            return super()._text(kind, user_id, query, k)
        words = content_words(query)
        searches = ((WORDS_INDEX, lucene_any(user_id, "text_words", words)),
                    (FULLTEXT_INDEX["Episode"],
                     lucene_any(user_id, "text", [w for w in words if not has_han(w)])))
        found: dict[str, tuple[dict[str, Any], float]] = {}
        for index, lucene in searches:
            if lucene is None:
                continue
            params = {"index": index, "query": lucene, "user_id": user_id, "k": k}
            for props, score in self._run("search_episodes_by_text", params):
                before = found.get(props["id"], (props, 0.0))[1]
                found[props["id"]] = (props, before + float(score))
        return sorted(found.values(), key=lambda pair: (-pair[1], pair[0]["id"]))[:k]

    # --- read-only Cypher (graph_memory.analyst) ---------------------------------------------
    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        return self._reader.read_only(query, params, timeout_ms=timeout_ms, max_rows=max_rows)


@cache
def _routing(name: str, text: str) -> neo4j.RoutingControl:
    """READ for a query that only reads (comments aside), else WRITE; once per query name."""
    code = "\n".join(line.split("//", 1)[0] for line in text.splitlines())
    return neo4j.RoutingControl.WRITE if _WRITES.search(code) else neo4j.RoutingControl.READ

"""The Neo4j store (the production backend), over the official `neo4j` driver and Bolt.

Queries are the shared `cypher/*.cypher` where the dialects agree, run by the shared
`cypher_store.CypherStore`; this class adds the connection, the transactions and the dialect
hooks. `cypher/neo4j/` holds what differs from FalkorDB (schema DDL, vector and fulltext
procedures, one multi-statement write transaction). What differs between Bolt servers (Neo4j 5,
and ArcadeDB, which the tests run against) is one `Flavour` in `graph_memory/store/bolt.py`:
index names, the vector score convention, how the schema is created, and how read-only queries
are enforced.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

import neo4j
from neo4j import exceptions as neo4j_errors
from pydantic import JsonValue

from graph_memory.errors import StoreError
from graph_memory.resources import data_dir
from graph_memory.store.base import WritePlan
from graph_memory.store.bolt import (
    ReadOnlyRunner,
    arcadedb_command,
    database_name,
    flavour_of,
    lucene_query,
)
from graph_memory.store.cypher import load_query, split_statements
from graph_memory.store.cypher_store import CypherStore

__all__ = ["DIALECT", "Neo4jStore", "database_name"]

DIALECT = "neo4j"
_UNWIND_PARAM = re.compile(r"^UNWIND \$([a-z_]+) AS ")


class Neo4jStore(CypherStore):
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

    def building_indexes(self) -> list[str]:
        if self.flavour.name == "arcadedb":
            return []  # ArcadeDB builds an index before CREATE INDEX returns
        return super().building_indexes()

    def _arcadedb_command(self, command: str) -> None:
        if self._http_url is None or self._auth is None:
            raise StoreError("the ArcadeDB schema needs its HTTP URL (GRAPH_MEMORY_NEO4J_HTTP_URI)")
        arcadedb_command(self._http_url, self._auth, self._database, command)

    def close(self) -> None:
        self._reader.close()
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

    # --- dialect hooks --------------------------------------------------------------------
    def _vector_params(self, label: str) -> dict[str, Any]:
        return {"index": self.flavour.vector_index[label]}

    def _index_similarity(self, score: float) -> float:
        return self.flavour.similarity(score)

    def _cosine(self, score: float) -> float:
        return self.flavour.similarity(score)

    def _text_params(self, label: str, user_id: str, text: str) -> dict[str, Any] | None:
        query = lucene_query(text)  # the user's filter is a WHERE on user_id
        if query is None:
            return None
        return {"index": self.flavour.fulltext_index[label], "query": query}

    # --- read-only Cypher (graph_memory.analyst) ---------------------------------------------
    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        return self._reader.read_only(query, params, timeout_ms=timeout_ms, max_rows=max_rows)

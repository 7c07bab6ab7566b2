"""The embedded FalkorDB store (the default backend).

The contract's queries and rows are shared (`cypher_store.CypherStore`). Dialect specifics live
here and in `cypher/falkordb/`: index DDL, the `vecf32` vector type,
cosine *distance* from the vector index, RediSearch fulltext syntax, and unique constraints as
`GRAPH.CONSTRAINT` commands.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import time
from collections.abc import Mapping
from typing import Any

import redis
from pydantic import JsonValue

from graph_memory.errors import InvalidInputError, StoreError
from graph_memory.store.base import WritePlan
from graph_memory.store.cypher import load_query, split_statements
from graph_memory.store.cypher_store import CypherStore
from graph_memory.store.cypher_text import ANCHOR, returned_columns, with_row_cap
from graph_memory.store.falkordb_results import install as install_fast_result_parse
from graph_memory.store.read_replica import ReadReplica, ReplicaUnavailable
from graph_memory.text import content_words

DIALECT = "falkordb"
_CONSTRAINT = re.compile(
    r"^CREATE CONSTRAINT ON \(n:([A-Za-z_][A-Za-z0-9_]*)\) ASSERT n\.([A-Za-z_][A-Za-z0-9_]*) "
    r"IS UNIQUE$"
)
_ALREADY = ("already indexed", "already exists")
# How long ensure_schema waits for the indexes it created to answer.
_INDEX_WAIT_S = 60.0
# The engine's refusals of GRAPH.RO_QUERY, by the text of its error.
_REFUSED_WRITE = "to be executed only on read-only queries"
_TIMED_OUT = "timed out"
_OUT_OF_MEMORY = "mem consumption exceeded capacity"
_NO_VARIABLES = "RETURN * is not allowed when there are no variables in scope"

install_fast_result_parse()  # same values as the client's own parse, faster (see the module)


def user_key(user_id: str) -> str:
    """One fulltext token per user (user ids may hold '.', ':' or '@', which split words)."""
    return "u" + hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24]


def fulltext_query(user_id: str, text: str) -> str | None:
    """The user's key AND any of the content words (no stopwords) of `text`; user text never
    reaches RediSearch syntax. Stopwords would match nearly every memory and crowd the ones
    sharing rare words out."""
    words = list(dict.fromkeys(content_words(text)))
    if not words:
        return None
    return f"@user_key:{user_key(user_id)} ({' | '.join(words[:32])})"


class _JoinedFloats:
    """A list of floats (a vector) as its parameter text, joined in one call. The client writes
    parameters into the query's CYPHER header with one recursive call per list item (an
    embedding has 384 or more: a third of a millisecond per vector, several per recall and
    hundreds per write batch); for a value it does not know it writes str(value), which this
    gives: the same text."""

    __slots__ = ("text",)

    def __init__(self, values: list[float] | tuple[float, ...]) -> None:
        self.text = "[" + ",".join(map(str, values)) + "]"

    def __str__(self) -> str:
        return self.text


def _floats_joined(value: Any) -> Any:
    """`value` with every list of floats in it (at any depth) as _JoinedFloats."""
    if isinstance(value, Mapping):
        return {key: _floats_joined(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        if value and all(type(item) is float for item in value):
            return _JoinedFloats(value)
        return [_floats_joined(item) for item in value]
    return value


_FULLTEXT_LABELS = ("Fact", "Episode")
log = logging.getLogger(__name__)


class FalkorDBStore(CypherStore):
    """Store contract over one FalkorDB graph."""

    dialect = DIALECT
    exact_fallback_in_query = True  # cypher/falkordb/search_*_by_vector, similar_entities

    def __init__(self, client: Any, graph_name: str, replica: ReadReplica | None = None) -> None:
        """`replica`: where read_only() (analyst Cypher) runs; None: on this graph itself."""
        self._client = client
        self._graph_name = graph_name
        self._graph = client.select_graph(graph_name)
        self._replica = replica

    # --- plumbing -------------------------------------------------------------------------
    def _run(self, name: str, params: Mapping[str, Any] | None = None) -> list[list[Any]]:
        try:
            result = self._graph.query(load_query(DIALECT, name), _floats_joined(params or {}))
        except Exception as e:  # the client raises redis errors of several kinds
            raise StoreError(f"query {name!r} failed: {e}") from e
        return list(result.result_set)

    def ensure_schema(self, dimension: int) -> None:
        upgraded = self._upgrade_fulltext_indexes()
        text = load_query(DIALECT, "schema")
        created = False
        for statement in split_statements(text):
            constraint = _CONSTRAINT.fullmatch(statement)
            try:
                if constraint:
                    self._create_unique_constraint(constraint.group(1), constraint.group(2))
                else:
                    # Index DDL takes no parameters; the dimension is an int from the embedder.
                    self._graph.query(statement.replace("$dimension", str(int(dimension))))
                created = True
            except Exception as e:
                if not any(marker in str(e) for marker in _ALREADY):
                    raise StoreError(f"schema statement failed: {statement}: {e}") from e
        if created or upgraded:
            self._await_new_indexes()
        if upgraded:
            # A reload that replays "drop index, create index" from the append-only log over a
            # large graph was seen to leave a fulltext index without its text field (FalkorDB
            # 4.16, 100k facts). Rewrite the log now: the next start loads the new definition.
            try:
                self._client.connection.execute_command("BGREWRITEAOF")
            except Exception as e:  # the data is safe either way; a later rewrite also fixes it
                log.warning("could not rewrite the engine's append-only log: %s", e)

    def _await_new_indexes(self) -> None:
        """Wait (bounded) for the indexes just created to answer: FalkorDB builds them in the
        background. Added after a fresh store's first write lost its evidence edge under load
        (CI 2026-12-07, not reproduced since: 200 new stores written at once without the wait
        all kept theirs). A MATCH by id does not depend on it: while an index is under
        construction the engine plans a label scan (GRAPH.EXPLAIN; see
        test_writes_while_the_restarted_engine_rebuilds_its_indexes_keep_every_edge), so the
        wait is a guard whose cost is milliseconds on a new or small graph; a store created or
        upgraded over a large graph waits up to _INDEX_WAIT_S and then goes on (/readyz
        reports the rest)."""
        deadline = time.monotonic() + _INDEX_WAIT_S
        while self.building_indexes():
            if time.monotonic() > deadline:
                log.warning("indexes still being built after %s s: %s", _INDEX_WAIT_S,
                            self.building_indexes())
                return
            time.sleep(0.01)

    def _upgrade_fulltext_indexes(self) -> bool:
        """Stores made before user_key: key their memories, then rebuild the fulltext indexes
        (dropped here, created by the schema). Whether it upgraded anything: a no-op on an
        up-to-date or empty graph."""
        try:
            indexes = self._graph.query("CALL db.indexes() YIELD label, types").result_set
        except Exception as e:
            raise StoreError(f"cannot list indexes: {e}") from e
        # One label may be listed on several rows (while an index is being built, each
        # field's state apart): gather its fulltext fields over all of them.
        fulltext: dict[str, set[str]] = {}
        for label, types in indexes:
            fields = {name for name, kinds in types.items() if "FULLTEXT" in kinds}
            fulltext.setdefault(label, set()).update(fields)
        outdated = [
            label
            for label in _FULLTEXT_LABELS
            if "text" in fulltext.get(label, set()) and "user_key" not in fulltext[label]
        ]
        if not outdated:
            return False
        users = [row[0] for row in self._run("users_without_user_key")]
        keys = [{"user_id": u, "user_key": user_key(u)} for u in users if u is not None]
        self._run("set_user_keys", {"keys": keys})
        for label in outdated:  # a constant of this module, not input
            self._graph.query(f"CALL db.idx.fulltext.drop('{label}')")
        return True

    def _create_unique_constraint(self, label: str, prop: str) -> None:
        self._graph.create_node_unique_constraint(label, prop)

    def close(self) -> None:
        # Closing a dead connection is not an error worth raising.
        with contextlib.suppress(Exception):
            self._client.connection.close()

    def apply(self, plan: WritePlan) -> None:
        self._run("apply_write_plan", self._plan_params(plan))

    def ping(self) -> None:
        """One round trip that touches no data (O(1) at any graph size)."""
        try:
            self._client.connection.ping()
        except Exception as e:
            raise StoreError(f"the engine does not answer: {e}") from e

    # --- analyst Cypher -------------------------------------------------------------------
    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        """GRAPH.RO_QUERY on this graph: the engine refuses any write, stops the query at
        `timeout_ms` (its per-query TIMEOUT) and at QUERY_MEM_CAPACITY (set at engine start),
        and produces at most `max_rows` + 1 rows (a LIMIT around the query), so an oversized
        result is refused without crossing the socket. With a read replica the query runs there,
        once the replica holds every write acknowledged before (graph_memory/store/
        read_replica.py), so that it holds no lock of this graph."""
        from graph_memory.analyst import CypherRejected, timed_out, too_many_rows, too_much_memory

        graph = self._graph
        if self._replica is not None:
            try:
                graph = self._replica.graph(self._graph_name, wait_s=timeout_ms / 1000)
            except ReplicaUnavailable as e:
                raise CypherRejected("unavailable", str(e), e.retry_after_s) from e

        try:
            capped = with_row_cap(query, max_rows + 1)
        except InvalidInputError as e:
            try:  # the engine's own words when it cannot parse the query either (a replica
                # refuses to plan a write procedure at all: ask the engine, which runs nothing)
                self._graph.explain(query, dict(params))
            except redis.ResponseError as engine_error:
                message = f"the engine rejected the query: {engine_error}"
                raise CypherRejected("syntax", message) from engine_error
            except Exception:
                pass
            raise CypherRejected("syntax", f"the query cannot be run: {e}") from e
        try:
            try:
                result = graph.ro_query(capped, dict(params), timeout=timeout_ms)
            except redis.ResponseError as e:
                if _NO_VARIABLES not in str(e):
                    raise
                result = graph.ro_query(query, dict(params), timeout=timeout_ms)
        except Exception as e:  # redis ResponseError for every refusal, ConnectionError if down
            message = str(e)
            if _REFUSED_WRITE in message:
                raise CypherRejected(
                    "write", "this endpoint is read-only: the engine refused a query that writes"
                ) from e
            if _TIMED_OUT in message.lower():
                raise timed_out(timeout_ms) from e
            if _OUT_OF_MEMORY in message:
                raise too_much_memory() from e
            if type(e).__name__ == "ResponseError":
                raise CypherRejected("syntax", f"the engine rejected the query: {message}") from e
            raise StoreError(f"read-only query failed: {message}") from e
        rows = result.result_set
        if len(rows) > max_rows:
            raise too_many_rows(max_rows)
        # The subquery's RETURN * sorts the columns by name: put them back as written.
        header = [str(col[1]) for col in result.header]
        written = returned_columns(query)
        order = [i for i, name in enumerate(header) if name != ANCHOR]
        if written is not None and sorted(written) == sorted(header):
            order = [header.index(name) for name in written]
        return (
            [header[i] for i in order],
            [[_analyst_value(row[i]) for i in order] for row in rows],
        )

    # --- dialect hooks --------------------------------------------------------------------
    def _memory_props(self, user_id: str) -> dict[str, Any]:
        return {"user_key": user_key(user_id)}

    def _vector_params(self, label: str) -> dict[str, Any]:
        return {}  # the vector procedures name the label and property in the query

    def _index_similarity(self, score: float) -> float:
        return 1.0 - score  # the vector index scores cosine distance

    def _cosine(self, score: float) -> float:
        return score  # similarities_of computes the similarity in the query

    def _text_params(self, label: str, user_id: str, text: str) -> dict[str, Any] | None:
        query = fulltext_query(user_id, text)
        return None if query is None else {"query": query}


def _analyst_value(value: Any) -> JsonValue:
    """An engine value as JSON for an analyst: nodes, relationships and paths as maps, without
    the properties no analyst wants (analyst.HIDDEN_PROPERTIES)."""
    from falkordb.edge import Edge
    from falkordb.node import Node
    from falkordb.path import Path

    from graph_memory.analyst import HIDDEN_PROPERTIES, clean_properties, to_json

    if isinstance(value, Node):
        labels = value.labels or []
        return {
            "labels": [labels] if isinstance(labels, str) else list(labels),
            "properties": clean_properties(value.properties),
        }
    if isinstance(value, Edge):
        return {"type": value.relation, "properties": clean_properties(value.properties)}
    if isinstance(value, Path):
        return {
            "nodes": [_analyst_value(n) for n in value.nodes()],
            "relationships": [_analyst_value(r) for r in value.edges()],
        }
    if isinstance(value, list):
        return [_analyst_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _analyst_value(v) for k, v in value.items() if k not in HIDDEN_PROPERTIES}
    return to_json(value)

"""Neo4j specifics over Bolt, in one place: index names, the score convention of its vector
procedures, Lucene query text for its fulltext indexes, the user lock of the write path, and
read-only Cypher with the server's own limits (READ access mode, transaction timeout, the
server's transaction memory limit)."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

import neo4j
from neo4j import exceptions as neo4j_errors
from pydantic import JsonValue

from graph_memory.analyst import CypherRejected, clean_properties, timed_out, to_json, too_many_rows
from graph_memory.errors import StoreError
from graph_memory.text import content_words

_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
VECTOR_INDEX = {"Fact": "fact_embedding", "Episode": "episode_embedding",
                "Entity": "entity_embedding"}
FULLTEXT_INDEX = {"Fact": "fact_text", "Episode": "episode_text"}
# A Chinese message's words as cut (text_words), whitespace analyzer (graph_memory/store/neo4j.py).
WORDS_INDEX = "episode_words"


def similarity(score: float) -> float:
    """Cosine similarity from a Neo4j vector score, which is (1 + cos) / 2 (the vector index
    and vector.similarity.cosine alike)."""
    return 2.0 * score - 1.0


def user_key(user_id: str) -> str:
    """One fulltext token per user, digits only: the english analyzer splits user ids at '.',
    ':' or '@' and stems words, but leaves a number whole."""
    return str(int(hashlib.sha256(user_id.encode("utf-8")).hexdigest()[:24], 16))


def lucene_query(user_id: str, text: str) -> str | None:
    """The user's key AND any of the content words of `text` in the raw text."""
    return lucene_any(user_id, "text", content_words(text))


def lucene_any(user_id: str, field: str, words: Sequence[str]) -> str | None:
    """The user's key AND any of `words` in `field`, escaped: user text never becomes Lucene
    syntax, and the index itself keeps to the user's memories (the key adds nothing to the
    score: boost 0)."""
    unique = list(dict.fromkeys(words))
    if not unique:
        return None
    any_word = " OR ".join(_LUCENE_SPECIAL.sub(r"\\\1", w) for w in unique[:32])
    return f"+user_key:{user_key(user_id)}^0 +{field}:({any_word})"


def database_name(graph_name: str) -> str:
    """A graph name as a Neo4j database name (no '_' allowed there)."""
    return graph_name.lower().replace("_", "-")


class ReadOnlyRunner:
    """Read-only Cypher on one database (graph_memory.analyst's ReadOnlyGraph)."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self._driver = driver
        self._database = database

    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        """A READ access-mode transaction (the server refuses any write) with the server's
        timeout, always rolled back. Rows stream in driver batches: the row limit stops the
        transfer as soon as it is passed, and the server's transaction memory limit
        (db.memory.transaction.max, set by scripts/neo4j and docker-compose.yml) stops a
        query that would hold too much."""
        try:
            with self._driver.session(
                database=self._database, default_access_mode=neo4j.READ_ACCESS,
                fetch_size=min(max_rows + 1, 1000),
            ) as session:
                tx = session.begin_transaction(timeout=timeout_ms / 1000)
                try:
                    result = tx.run(query, dict(params))
                    columns = list(result.keys())
                    rows: list[list[JsonValue]] = []
                    for record in result:
                        if len(rows) == max_rows:
                            raise too_many_rows(max_rows)
                        rows.append([_bolt_value(v) for v in record.values()])
                    return columns, rows
                finally:
                    tx.close()  # rolls back: nothing a read-only query did is kept
        except CypherRejected:
            raise
        except neo4j_errors.Neo4jError as e:
            raise _refusal(e, timeout_ms) from e
        except neo4j_errors.DriverError as e:
            raise StoreError(f"read-only query failed: {e}") from e


def _refusal(e: neo4j_errors.Neo4jError, timeout_ms: int) -> Exception:
    """The server's refusal as the analyst error it stands for."""
    code = e.code or ""
    if code == "Neo.ClientError.Statement.AccessMode":
        return CypherRejected(
            "write", "this endpoint is read-only: the server refused a query that writes"
        )
    if "TransactionTimedOut" in code or code == "Neo.TransientError.Transaction.Terminated":
        return timed_out(timeout_ms)
    if code in _OUT_OF_MEMORY:
        return out_of_memory()
    if code.startswith("Neo.ClientError.Statement") or code.startswith("Neo.ClientError.Procedure"):
        return CypherRejected("syntax", f"the server rejected the query: {e.message}")
    return StoreError(f"read-only query failed: {e.message or e}")


def out_of_memory() -> CypherRejected:
    return CypherRejected(
        "too_much_memory",
        "the query needed more memory than one query may use and was stopped: "
        "narrow it, or aggregate instead of collecting",
    )


_OUT_OF_MEMORY = frozenset({
    "Neo.TransientError.General.MemoryPoolOutOfMemoryError",  # db.memory.transaction.max
    "Neo.TransientError.General.OutOfMemoryError",  # the server's heap
})


def _bolt_value(value: Any) -> JsonValue:
    from neo4j.graph import Node, Path, Relationship

    if isinstance(value, Node):
        labels: list[JsonValue] = [str(label) for label in sorted(value.labels)]
        return {"labels": labels, "properties": clean_properties(dict(value))}
    if isinstance(value, Relationship):
        return {"type": value.type, "properties": clean_properties(dict(value))}
    if isinstance(value, Path):
        return {"nodes": [_bolt_value(n) for n in value.nodes],
                "relationships": [_bolt_value(r) for r in value.relationships]}
    if isinstance(value, list):
        return [_bolt_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _bolt_value(v) for k, v in value.items() if k not in {"embedding"}}
    return to_json(value)


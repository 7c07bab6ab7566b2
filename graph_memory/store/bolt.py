"""What differs between Bolt servers, in one place: Neo4j 5 (production) and ArcadeDB (the
Bolt server the tests run against, since no Neo4j 5 server can run in CI). ArcadeDB takes
Neo4j's Cypher and `db.index.*.queryNodes` procedures but not its index DDL (its schema is
ArcadeDB SQL over HTTP), scores cosine raw where Neo4j scores (1 + cos) / 2, and ignores READ
access mode and transaction timeouts (read_only() below copes with both)."""

from __future__ import annotations

import base64
import json
import re
import urllib.error
import urllib.request
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any, Literal

import neo4j
from neo4j import exceptions as neo4j_errors
from pydantic import JsonValue

from graph_memory.analyst import CypherRejected, clean_properties, timed_out, to_json, too_many_rows
from graph_memory.errors import StoreError
from graph_memory.text import content_words

_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_READ_GRACE_S = 1.0


@dataclass(frozen=True)
class Flavour:
    """What differs between Bolt servers, in one place."""

    name: Literal["neo4j", "arcadedb"]
    vector_index: Mapping[str, str]
    fulltext_index: Mapping[str, str]
    normalised_cosine: bool  # Neo4j scores cosine as (1 + cos) / 2

    def similarity(self, score: float) -> float:
        return 2.0 * score - 1.0 if self.normalised_cosine else score


NEO4J = Flavour(
    name="neo4j",
    vector_index={"Fact": "fact_embedding", "Episode": "episode_embedding",
                  "Entity": "entity_embedding"},
    fulltext_index={"Fact": "fact_text", "Episode": "episode_text"},
    normalised_cosine=True,
)
ARCADEDB = Flavour(
    name="arcadedb",
    vector_index={"Fact": "Fact[embedding]", "Episode": "Episode[embedding]",
                  "Entity": "Entity[embedding]"},
    fulltext_index={"Fact": "Fact[text]", "Episode": "Episode[text]"},
    normalised_cosine=False,
)


def flavour_of(agent: str) -> Flavour:
    return ARCADEDB if "arcadedb" in agent.lower() else NEO4J


def lucene_query(text: str) -> str | None:
    """Any of the content words of `text`, escaped: user text never becomes Lucene syntax."""
    words = list(dict.fromkeys(content_words(text)))
    if not words:
        return None
    return " OR ".join(_LUCENE_SPECIAL.sub(r"\\\1", w) for w in words[:32])


def database_name(graph_name: str) -> str:
    """A graph name as a Neo4j database name (no '_' allowed there)."""
    return graph_name.lower().replace("_", "-")


def arcadedb_command(http_url: str, auth: tuple[str, str], database: str, command: str) -> None:
    """One ArcadeDB SQL command through its HTTP API (schema statements)."""
    token = base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
    request = urllib.request.Request(
        f"{http_url.rstrip('/')}/api/v1/command/{database}",
        data=json.dumps({"language": "sql", "command": command}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
    except urllib.error.HTTPError as e:
        detail = e.read().decode("utf-8", "replace")[:500]
        raise StoreError(f"schema statement failed: {command}: {detail}") from e
    except OSError as e:
        raise StoreError(f"cannot reach ArcadeDB at {http_url}: {e}") from e


class ReadOnlyRunner:
    """Read-only Cypher on one database (graph_memory.analyst's ReadOnlyGraph)."""

    def __init__(self, driver: neo4j.Driver, database: str) -> None:
        self._driver = driver
        self._database = database
        self._readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cypher-ro")

    def close(self) -> None:
        self._readers.shutdown(wait=False, cancel_futures=True)

    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        """A READ access-mode transaction with the server's timeout, always rolled back. A
        server that ignores the access mode (ArcadeDB) is caught by the write counters it
        reports, and one that ignores the timeout by the client no longer waiting."""
        future = self._readers.submit(self._read_only, query, dict(params), timeout_ms, max_rows)
        try:
            return future.result(timeout=timeout_ms / 1000 + _READ_GRACE_S)
        except FutureTimeout:
            raise timed_out(timeout_ms) from None

    def _read_only(
        self, query: str, params: dict[str, Any], timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        try:
            with self._driver.session(
                database=self._database, default_access_mode=neo4j.READ_ACCESS
            ) as session:
                tx = session.begin_transaction(timeout=timeout_ms / 1000)
                try:
                    result = tx.run(query, params)
                    columns = list(result.keys())
                    rows: list[list[JsonValue]] = []
                    for record in result:
                        if len(rows) == max_rows:
                            raise too_many_rows(max_rows)
                        rows.append([_bolt_value(v) for v in record.values()])
                    if result.consume().counters.contains_updates:
                        raise CypherRejected(
                            "write", "this endpoint is read-only: the query wrote (rolled back)"
                        )
                    return columns, rows
                finally:
                    tx.rollback()
        except CypherRejected:
            raise
        except neo4j_errors.Neo4jError as e:
            code = e.code or ""
            if "AccessMode" in code or "ForbiddenOnReadOnlyDatabase" in code:
                raise CypherRejected(
                    "write", "this endpoint is read-only: the server refused a query that writes"
                ) from e
            if "TransactionTimedOut" in code or "Transaction.Terminated" in code:
                raise timed_out(timeout_ms) from e
            if code.startswith("Neo.ClientError.Statement") or "SyntaxError" in code:
                raise CypherRejected("syntax", f"the server rejected the query: {e.message}") from e
            raise StoreError(f"read-only query failed: {e.message or e}") from e
        except neo4j_errors.DriverError as e:
            raise StoreError(f"read-only query failed: {e}") from e


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


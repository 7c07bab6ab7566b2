"""A client of a running graph-memory service, for the CLI's `--url` mode.

The service owns its data directory (one process per directory), so a CLI that opened the same
directory would fail on the lock. With `--url` (or GRAPH_MEMORY_URL) the memory commands send
their request to the service's REST API instead, and get the same models back. Errors come back
as the library's: 422/400 InvalidInputError, 404 NotFoundError, 503 and unreachable StoreError,
401 InvalidInputError (a missing or unknown API key: GRAPH_MEMORY_API_KEY). Standard library
HTTP only.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from graph_memory.consolidate import SummarizeReport
from graph_memory.errors import GraphMemoryError, InvalidInputError, NotFoundError, StoreError
from graph_memory.ids import check_id
from graph_memory.lifecycle import PruneReport
from graph_memory.models import (
    Entity,
    Episode,
    Fact,
    FactLink,
    FactStatus,
    Tombstone,
    WriteRequest,
    WriteResult,
)
from graph_memory.recall.models import RecallResponse

_RECORDS: dict[str, type[BaseModel]] = {"fact": Fact, "episode": Episode, "entity": Entity}


def _quote(value: str) -> str:
    return urllib.parse.quote(value, safe="")


class ServiceMemory:
    """The part of Memory's API the CLI uses, answered by a running service over REST."""

    def __init__(self, url: str, *, api_key: str | None = None, timeout_s: float = 120) -> None:
        self._base = url.rstrip("/")
        self._headers = {"content-type": "application/json", "accept": "application/json"}
        if api_key:
            self._headers["authorization"] = f"Bearer {api_key}"
        self._timeout_s = timeout_s
        self._history: tuple[str, list[FactLink]] = ("", [])

    def __enter__(self) -> ServiceMemory:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    # --- transport ------------------------------------------------------------------------
    def _call(
        self, method: str, path: str, *, body: Any = None, query: Sequence[tuple[str, str]] = ()
    ) -> Any:
        url = f"{self._base}/v1{path}"
        if query:
            url += "?" + urllib.parse.urlencode(list(query))
        data = None if body is None else json.dumps(body, default=str).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method, headers=self._headers)
        try:
            with urllib.request.urlopen(request, timeout=self._timeout_s) as response:
                raw = response.read()
        except urllib.error.HTTPError as e:
            raise _error(e.code, e.read()) from None
        except (urllib.error.URLError, OSError) as e:
            raise StoreError(f"cannot reach the service at {self._base}: {e}") from e
        return json.loads(raw) if raw else None

    # --- the memory commands --------------------------------------------------------------
    def write_batch(self, requests: Sequence[WriteRequest]) -> list[WriteResult]:
        items = [r.model_dump(mode="json", exclude_none=True, exclude_defaults=True)
                 for r in requests]
        found = self._call("POST", "/memories", body={"items": items})
        return [WriteResult.model_validate(r) for r in found["results"]]

    def get(self, memory_id: str) -> Fact | Episode | Entity:
        found = self._call("GET", f"/memories/{_quote(check_id(memory_id))}")
        record = _RECORDS[found["kind"]].model_validate(found["memory"])
        assert isinstance(record, Fact | Episode | Entity)
        self._history = (record.id, [FactLink.model_validate(h)
                                     for h in found.get("history") or []])
        return record

    def history(self, fact_id: str) -> list[FactLink]:
        """A fact's links (the service sends them with the fact: read again unless the last
        get() was this fact)."""
        if self._history[0] != fact_id:
            self.get(fact_id)
        return list(self._history[1])

    def recall(self, query: str, *, user_id: str, **options: Any) -> RecallResponse:
        body = {"query": query, "user_id": user_id,
                **{k: v for k, v in options.items() if v is not None}}
        return RecallResponse.model_validate(self._call("POST", "/recall", body=body))

    def facts(
        self,
        user_id: str,
        *,
        statuses: Sequence[FactStatus] | None = ("current", "conflicted"),
        entity_id: str | None = None,
        predicate: str | None = None,
        limit: int = 100,
    ) -> list[Fact]:
        query = [("limit", str(limit))]
        query += [("status", s) for s in (statuses or ())]
        if statuses is None:  # every status but forgotten, as the library's None means
            query += [("status", s) for s in ("current", "superseded", "conflicted", "merged")]
        if entity_id is not None:
            query.append(("entity_id", entity_id))
        if predicate is not None:
            query.append(("predicate", predicate))
        found = self._call("GET", f"/users/{_quote(user_id)}/facts", query=query)
        return [Fact.model_validate(f) for f in found["facts"]]

    def feedback(self, fact_id: str, useful: bool) -> Fact:
        found = self._call("POST", f"/memories/{_quote(check_id(fact_id))}/feedback",
                           body={"useful": useful})
        return Fact.model_validate(found)

    def update(
        self,
        fact_id: str,
        *,
        object_name: str | None = None,
        key: str | None = None,
        priority: int | None = None,
        memory_type: str | None = None,
        expires_at: datetime | None = None,
    ) -> Fact:
        given = {"object_name": object_name, "key": key, "priority": priority,
                 "memory_type": memory_type,
                 "expires_at": None if expires_at is None else expires_at.isoformat()}
        found = self._call("PATCH", f"/memories/{_quote(check_id(fact_id))}",
                           body={k: v for k, v in given.items() if v is not None})
        return Fact.model_validate(found)

    def forget(
        self,
        *,
        user_id: str,
        memory_id: str | None = None,
        entity_id: str | None = None,
        query: str | None = None,
        by: str = "user",
        reason: str = "forget requested",
    ) -> list[Tombstone]:
        if sum(x is not None for x in (memory_id, entity_id, query)) != 1:
            raise InvalidInputError("forget takes exactly one of memory_id, entity_id, query")
        if query is not None:
            raise InvalidInputError(
                "forget by query is not a REST call: use MCP's memory_forget, or the CLI "
                "without --url (with the service stopped)"
            )
        target = check_id(memory_id or entity_id, prefixes=("fact", "ep", "ent"))
        found = self._call("DELETE", f"/memories/{_quote(target)}",
                           query=[("user_id", user_id), ("reason", reason)])
        return [Tombstone.model_validate(t) for t in found["tombstones"]]

    def prune(self, **options: Any) -> PruneReport:
        return PruneReport.model_validate(self._call("POST", "/prune", body=options))

    def summarize(self, user_id: str, **options: Any) -> SummarizeReport:
        body = {"user_id": user_id, **{k: _jsonable(v) for k, v in options.items()
                                       if v is not None}}
        return SummarizeReport.model_validate(self._call("POST", "/summarize", body=body))


def _jsonable(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _error(status: int, raw: bytes) -> GraphMemoryError:
    try:
        detail = json.loads(raw)["error"]
        message = str(detail.get("message") or detail)
    except (ValueError, KeyError, TypeError):
        message = raw.decode("utf-8", "replace")[:500] or f"HTTP {status}"
    if status == 404:
        return NotFoundError(message)
    if status in (400, 401, 403, 413, 422):
        hint = " (set GRAPH_MEMORY_API_KEY)" if status == 401 else ""
        return InvalidInputError(message + hint)
    return StoreError(f"the service answered {status}: {message}")


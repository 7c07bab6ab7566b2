"""Metrics (Prometheus), request ids in structured logs, and the opt-in recall log.

Each app has its own `CollectorRegistry`, so several apps in one process (tests) do not clash.
Metric labels are bounded: route templates (never raw paths), methods, statuses, tool names.
"""

from __future__ import annotations

import contextvars
import json
import logging
import math
import re
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.datastructures import Headers, MutableHeaders
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph_memory.errors import GraphMemoryError
from graph_memory.models import WorkingSlot
from graph_memory.recall.models import RecallResponse
from graph_memory.store.read_replica import ReplicaStatus
from graph_memory.store.supervisor import EngineStatus
from graph_memory.tenants import Tenants

log = logging.getLogger("graph_memory.api")
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_CALLER_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,64}$")
_SESSIONS_TRACKED = 100_000
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class _SupervisedEngine:
    """An engine process's supervisor metrics: its state, and the crashes, restarts and failed
    restarts it counts (added as they grow between scrapes)."""

    def __init__(self, prefix: str, what: str, states: tuple[str, ...],
                 registry: CollectorRegistry) -> None:
        self.states = states
        self.state = Gauge(
            f"{prefix}_state", f"The {what}'s state: 1 for the current one of "
            f"{', '.join(states)} (absent on Neo4j).", ["state"], registry=registry,
        )
        self.counters = {
            field: Counter(f"{prefix}_{name}_total", f"{doc} of the {what}.", registry=registry)
            for field, name, doc in (
                ("crashes", "crashes", "Exits nobody asked for"),
                ("restarts", "restarts", "Successful restarts after a crash"),
                ("failed_attempts", "restart_failures", "Restart attempts that failed"),
            )
        }
        self._seen = dict.fromkeys(self.counters, 0)
        self._lock = threading.Lock()

    def observe(self, state: str, status: EngineStatus | None) -> None:
        for known in self.states:
            self.state.labels(known).set(1 if state == known else 0)
        if status is None:
            return
        with self._lock:  # counters only go up: add what is new since the last scrape
            grown = {field: getattr(status, field) - seen for field, seen in self._seen.items()}
            self._seen = {field: getattr(status, field) for field in self._seen}
        for field, counter in self.counters.items():
            counter.inc(max(0, grown[field]))


class Telemetry:
    """The service's metrics and recall log, shared by the REST routes and the MCP tools."""

    def __init__(self, recall_log: Path | None = None) -> None:
        self.registry = r = CollectorRegistry()
        counter = partial(Counter, registry=r)
        gauge = partial(Gauge, registry=r)
        histogram = partial(Histogram, registry=r)
        self.request_seconds = histogram(
            "graph_memory_http_request_duration_seconds",
            "HTTP request latency by route template, method and status.",
            ["method", "route", "status"], buckets=LATENCY_BUCKETS,
        )
        self.tool_calls = counter(
            "graph_memory_mcp_tool_calls_total",
            "MCP tool calls by tool and outcome (ok, tool_error, host_error).", ["tool", "outcome"],
        )
        self.recalls = counter(
            "graph_memory_recalls_total", "Recalls by outcome: hit (at least one result) or miss.",
            ["outcome"],
        )
        self.recall_results = histogram(
            "graph_memory_recall_results", "Results returned per recall.",
            buckets=(0, 1, 2, 3, 5, 10, 20, 50, 100),
        )
        self.writes = counter(
            "graph_memory_writes_total", "Memories written (batch items count one each)."
        )
        self.session_writes = counter(
            "graph_memory_session_writes_total",
            "Memories written within a session; divide by graph_memory_sessions_written for "
            "writes per session.",
        )
        self.sessions_written = gauge(
            "graph_memory_sessions_written",
            f"Distinct (tenant, user, session) written to since start (the latest "
            f"{_SESSIONS_TRACKED} kept).",
        )
        self.working_memory_slots = histogram(
            "graph_memory_working_memory_slots",
            "Live working-memory slots of a session, observed on every read.",
            buckets=(0, 1, 2, 5, 10, 20, 50, 100, 200),
        )
        self.engine_up = gauge(
            "graph_memory_engine_up", "1 if the graph engine answered at the last scrape."
        )
        self.engine_ping_seconds = gauge(
            "graph_memory_engine_ping_seconds", "Time the engine took to answer at the last scrape."
        )
        self.tenants_open = gauge("graph_memory_tenants_open", "Tenants with an open Memory.")
        self.engine = _SupervisedEngine(
            "graph_memory_engine", "embedded engine", ("up", "restarting", "failed", "stopped"), r
        )
        # Analyst Cypher's engine (store/read_replica.py), when the service has one.
        self.replica = _SupervisedEngine(
            "graph_memory_analyst_replica", "analyst read replica",
            ("not_started", "starting", "up", "down", "stopped"), r,
        )
        self.replica_lag_bytes = gauge(
            "graph_memory_analyst_replica_lag_bytes",
            "How far the analyst replica's replication offset is behind the engine's (while up).",
        )
        self.replica_last_io_seconds = gauge(
            "graph_memory_analyst_replica_last_io_seconds",
            "Seconds since the analyst replica last heard from the engine (while up).",
        )
        self._sessions: OrderedDict[tuple[str, str, str], None] = OrderedDict()
        self._lock = threading.Lock()
        self.recall_log = RecallLog(recall_log) if recall_log is not None else None

    # --- domain events ------------------------------------------------------------------
    def wrote(self, tenant: str, writes: Iterable[tuple[str, str | None]]) -> None:
        """Count written memories, given as (user_id, session_id) pairs."""
        for user_id, session_id in writes:
            self.writes.inc()
            if session_id is None:
                continue
            self.session_writes.inc()
            with self._lock:
                self._sessions[(tenant, user_id, session_id)] = None
                self._sessions.move_to_end((tenant, user_id, session_id))
                while len(self._sessions) > _SESSIONS_TRACKED:
                    self._sessions.popitem(last=False)
                self.sessions_written.set(len(self._sessions))

    def recalled(self, tenant: str, response: RecallResponse, seconds: float) -> None:
        self.recalls.labels("hit" if response.results else "miss").inc()
        self.recall_results.observe(len(response.results))
        if self.recall_log is not None:
            self.recall_log.write(tenant, response, seconds)

    def working_memory_read(self, slots: list[WorkingSlot]) -> None:
        self.working_memory_slots.observe(len(slots))

    def scrape(self, tenants: Tenants) -> bytes:
        """The metrics text, after pinging the engine (one round trip that reads no data: no
        node counts here, they would scan the graph on every scrape) and asking the analyst
        replica, if one was made, for its replication offset."""
        started = time.perf_counter()
        try:
            tenants.root.store.ping()
        except GraphMemoryError:
            self.engine_up.set(0)
        else:
            self.engine_up.set(1)
        self.engine_ping_seconds.set(time.perf_counter() - started)
        self.tenants_open.set(len(tenants.opened()))
        supervisor = tenants.root.engine
        if supervisor is not None:
            status = supervisor.status()
            self.engine.observe(status.state, status)
        replica = tenants.root.replica
        if replica is not None:
            self._replica_status(replica.status())
        return generate_latest(self.registry)

    def _replica_status(self, status: ReplicaStatus) -> None:
        self.replica.observe(status.state, status.engine)
        self.replica_lag_bytes.set(status.lag_bytes if status.lag_bytes is not None else math.nan)
        self.replica_last_io_seconds.set(
            status.last_io_s if status.last_io_s is not None else math.nan
        )


class RecallLog:
    """Opt-in debugging aid: one JSON line per recall (query, results, timings), appended."""

    def __init__(self, path: Path) -> None:
        self.path = path.expanduser()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()

    def write(self, tenant: str, response: RecallResponse, seconds: float) -> None:
        entry = {
            "at": datetime.now(UTC).isoformat(),
            "request_id": request_id_var.get(),
            "tenant": tenant,
            "query": response.query,
            "rewritten_query": response.rewritten_query,
            "query_entities": list(response.query_entities),
            "results": [
                {"id": r.id, "score": round(r.score, 4), "text": r.text,
                 "why": r.why.line if r.why is not None else None}
                for r in response.results
            ],
            "constraints": [c.id for c in response.constraints],
            "timings_ms": response.timings_ms,
            "total_ms": round(seconds * 1000, 3),
        }
        line = json.dumps(entry, ensure_ascii=False)
        with self._lock, self.path.open("a", encoding="utf-8") as out:
            out.write(line + "\n")


class RequestContext:
    """ASGI middleware: a request id per request (the caller's `X-Request-ID` when sane),
    echoed in the response, set for log records; latency histogram; one access log line."""

    def __init__(self, app: ASGIApp, telemetry: Telemetry) -> None:
        self.app = app
        self.telemetry = telemetry

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        offered = Headers(scope=scope).get("x-request-id", "")
        request_id = offered if _CALLER_ID.fullmatch(offered) else uuid.uuid4().hex
        token = request_id_var.set(request_id)
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                MutableHeaders(scope=message)["x-request-id"] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            route = route_template(scope)
            self.telemetry.request_seconds.labels(scope["method"], route, str(status)).observe(
                elapsed
            )
            log.info(
                "%s %s %d %.1f ms", scope["method"], scope["path"], status, elapsed * 1000,
                extra={"event": "request", "request_id": request_id,
                       "method": scope["method"], "route": route,
                       "status": status, "duration_ms": round(elapsed * 1000, 3),
                       "tenant": scope.get("state", {}).get("tenant")},
            )
            request_id_var.reset(token)


def route_template(scope: Scope) -> str:
    """The matched route's path template ('/v1/memories/{memory_id}'), never the raw path."""
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    app = scope.get("app")
    for candidate in getattr(getattr(app, "router", None), "routes", []):
        match, _ = candidate.matches(scope)
        if match == Match.FULL:
            return str(getattr(candidate, "path", "other"))
    return "unmatched"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id and the extras."""

    _RESERVED = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
        "message", "asctime", "color_message", "taskName"
    }

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", request_id_var.get()),
        }
        for name, value in record.__dict__.items():
            if name not in self._RESERVED and name not in entry:
                entry[name] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


class RequestIdFilter(logging.Filter):
    """Stamp every record with the current request id (for the text format)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = request_id_var.get()
        return True

"""Metrics (Prometheus), request ids in structured logs, and the opt-in recall log.

Each app has its own `CollectorRegistry`, so several apps in one process (tests) do not clash.
Metric labels are bounded: route templates (never raw paths), methods, statuses, tool names.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from starlette.datastructures import Headers, MutableHeaders
from starlette.routing import Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph_memory.errors import GraphMemoryError
from graph_memory.models import WorkingSlot
from graph_memory.recall.models import RecallResponse
from graph_memory.store.supervisor import EngineStatus
from graph_memory.tenants import Tenants

log = logging.getLogger("graph_memory.api")
request_id_var: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")
_CALLER_ID = re.compile(r"^[A-Za-z0-9._:\-]{1,64}$")
_SESSIONS_TRACKED = 100_000
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Telemetry:
    """The service's metrics and recall log, shared by the REST routes and the MCP tools."""

    def __init__(self, recall_log: Path | None = None) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.request_seconds = Histogram(
            "graph_memory_http_request_duration_seconds",
            "HTTP request latency by route template, method and status.",
            ["method", "route", "status"],
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.tool_calls = Counter(
            "graph_memory_mcp_tool_calls_total",
            "MCP tool calls by tool and outcome (ok, tool_error, host_error).",
            ["tool", "outcome"],
            registry=r,
        )
        self.recalls = Counter(
            "graph_memory_recalls_total",
            "Recalls by outcome: hit (at least one result) or miss.",
            ["outcome"],
            registry=r,
        )
        self.recall_results = Histogram(
            "graph_memory_recall_results",
            "Results returned per recall.",
            buckets=(0, 1, 2, 3, 5, 10, 20, 50, 100),
            registry=r,
        )
        self.writes = Counter(
            "graph_memory_writes_total", "Memories written (batch items count one each).",
            registry=r,
        )
        self.session_writes = Counter(
            "graph_memory_session_writes_total",
            "Memories written within a session; divide by graph_memory_sessions_written for "
            "writes per session.",
            registry=r,
        )
        self.sessions_written = Gauge(
            "graph_memory_sessions_written",
            f"Distinct (tenant, user, session) written to since start (the latest "
            f"{_SESSIONS_TRACKED} kept).",
            registry=r,
        )
        self.working_memory_slots = Histogram(
            "graph_memory_working_memory_slots",
            "Live working-memory slots of a session, observed on every read.",
            buckets=(0, 1, 2, 5, 10, 20, 50, 100, 200),
            registry=r,
        )
        self.engine_up = Gauge(
            "graph_memory_engine_up", "1 if the graph engine answered at the last scrape.",
            registry=r,
        )
        self.engine_ping_seconds = Gauge(
            "graph_memory_engine_ping_seconds",
            "Time the engine took to answer at the last scrape.",
            registry=r,
        )
        self.tenants_open = Gauge(
            "graph_memory_tenants_open", "Tenants with an open Memory.", registry=r
        )
        self.engine_state = Gauge(
            "graph_memory_engine_state",
            "The embedded engine's supervisor state: 1 for the current one of up, restarting, "
            "failed, stopped (absent on Neo4j).",
            ["state"],
            registry=r,
        )
        self.engine_crashes = Counter(
            "graph_memory_engine_crashes_total",
            "Times the embedded engine exited without being asked to.",
            registry=r,
        )
        self.engine_restarts = Counter(
            "graph_memory_engine_restarts_total",
            "Successful restarts of a dead embedded engine.",
            registry=r,
        )
        self.engine_restart_failures = Counter(
            "graph_memory_engine_restart_failures_total",
            "Restart attempts of a dead embedded engine that failed.",
            registry=r,
        )
        self._engine_seen = (0, 0, 0)  # crashes, restarts, failed attempts already counted
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
        node counts here, they would scan the graph on every scrape)."""
        started = time.perf_counter()
        try:
            tenants.root.store.ping()
        except GraphMemoryError:
            self.engine_up.set(0)
        else:
            self.engine_up.set(1)
        self.engine_ping_seconds.set(time.perf_counter() - started)
        self.tenants_open.set(len(tenants.opened()))
        if tenants.root.engine is not None:
            self._engine_status(tenants.root.engine.status())
        return generate_latest(self.registry)

    def _engine_status(self, status: EngineStatus) -> None:
        for state in ("up", "restarting", "failed", "stopped"):
            self.engine_state.labels(state).set(1 if status.state == state else 0)
        with self._lock:  # counters only go up: add what is new since the last scrape
            seen = self._engine_seen
            now = (status.crashes, status.restarts, status.failed_attempts)
            self._engine_seen = now
        self.engine_crashes.inc(now[0] - seen[0])
        self.engine_restarts.inc(now[1] - seen[1])
        self.engine_restart_failures.inc(now[2] - seen[2])


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

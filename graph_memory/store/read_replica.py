"""The analyst engine: a read replica of the embedded engine, where analyst Cypher runs.

FalkorDB holds one lock per graph: a write waits for every read of that graph in progress, so
an analyst query of five seconds used to hold its own tenant's writes for five seconds. And one
engine process serves every tenant: analyst queries and recalls competed for the same cores.
Here analyst queries run in a second engine process, a redis replica of the first, at the
lowest CPU priority (nice 19): its reads never take the primary's locks, and on a busy machine
the kernel gives it only the CPU that the service and its engine leave.

Freshness: before a query runs, the replica must have applied everything the primary had
replicated when the query arrived (the same replication id, an offset at least the primary's),
so an analyst sees every write, and every forget, acknowledged before the query. While a long
analyst read holds a graph of the replica, the replica applies the primary's writes to that
graph only once the read ends (up to the query time limit); a query arriving meanwhile waits
for it, up to its own time limit, and is refused (`unavailable`, 503 with Retry-After) when the
replica has not caught up by then. The replica starts on the first analyst query (a full copy
of the primary, taken by a fork of the primary: its indexes are rebuilt, at low priority) and
is restarted by its own supervisor when it dies.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
import time
from pathlib import Path
from typing import Any, Literal

import redis
from pydantic import BaseModel, ConfigDict

from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.supervisor import EngineStatus, EngineSupervisor

REPLICA_DIR = "analyst-replica"
NICENESS = 19
_POLL_S = 0.005
# A query waits at least this long for the replica to apply the writes before it, whatever
# its own time limit: applying the last writes takes the replica milliseconds, so a query limit
# shorter than that would make every analyst query that follows a write a 503.
MIN_CATCH_UP_S = 1.0
log = logging.getLogger(__name__)


def primary_options() -> dict[str, Any]:
    """EmbeddedEngine arguments of a primary that a replica can follow: a random password (for
    this process's lifetime) and a free loopback port."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    return {"password": secrets.token_urlsafe(32), "tcp_port": port}


ReplicaState = Literal["not_started", "starting", "up", "down", "stopped"]


class ReplicaStatus(BaseModel):
    """The analyst replica for /metrics. `state`: not_started (it starts on the first analyst
    query), starting (copying the primary), up, down (dead: being restarted, or given up),
    stopped. `engine`: its supervisor's counts (restarts, crashes), once started. `lag_bytes`:
    how far its replication offset is behind the primary's; `last_io_s`: seconds since it
    last heard from the primary (both while up)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    state: ReplicaState
    engine: EngineStatus | None = None
    lag_bytes: int | None = None
    last_io_s: int | None = None


class ReplicaUnavailable(Exception):
    """The replica is not (yet) in step with the primary; retry after `retry_after_s`."""

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class ReadReplica:
    """A lazily started, supervised replica of `primary` (which must listen on TCP)."""

    def __init__(
        self,
        primary: EmbeddedEngine,
        *,
        threads: int,
        query_memory_limit_mb: int | None,
        restart_attempts: int,
        restart_backoff_s: float,
        start_timeout_s: float = 600.0,
    ) -> None:
        if primary.tcp_port is None or not primary.password:
            raise ValueError("the primary of a read replica must listen on TCP with a password")
        self.primary = primary
        self.engine = EmbeddedEngine(
            Path(primary.data_dir) / REPLICA_DIR,
            start_timeout_s=start_timeout_s,
            threads=threads,
            query_memory_limit_mb=query_memory_limit_mb,
            password=primary.password,
            replica_of=primary.tcp_port,
            niceness=NICENESS,
        )
        self._supervisor = EngineSupervisor(
            self.engine, attempts=restart_attempts, backoff_s=restart_backoff_s
        )
        self._lock = threading.Lock()
        self._starting = False  # read without the lock, which a start holds for its copy
        self._started = False
        self._stopped = False
        self._client: Any = None
        self._info: Any = None
        self._primary_info: Any = None

    @property
    def started(self) -> bool:
        return self._started

    def graph(self, name: str, *, wait_s: float) -> Any:  # falkordb.Graph (untyped)
        """`name` on the replica once it has applied every write the primary had replicated
        now; ReplicaUnavailable when it has not within `wait_s` seconds (MIN_CATCH_UP_S at
        least)."""
        self._ensure_started()
        self._wait_caught_up(max(wait_s, MIN_CATCH_UP_S))
        return self._client.select_graph(name)

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            started, self._started = self._started, False
            clients = [c for c in (self._client, self._info, self._primary_info) if c is not None]
        for client in clients:
            with contextlib.suppress(Exception):  # a dead connection: nothing to report
                (client.connection if hasattr(client, "connection") else client).close()
        if started:
            self._supervisor.stop()

    def status(self) -> ReplicaStatus:
        """Where the replica is (ReplicaStatus); asks it and the primary for their replication
        offsets (two round trips, no data read)."""
        if self._stopped:
            return ReplicaStatus(state="stopped")
        if not self._started:
            return ReplicaStatus(state="starting" if self._starting else "not_started")
        engine = self._supervisor.status()
        if engine.state != "up":
            return ReplicaStatus(state="down", engine=engine)
        try:
            info = self._info.info("replication")
            primary_offset = int(self._primary_info.info("replication")["master_repl_offset"])
        except redis.BusyLoadingError:
            return ReplicaStatus(state="starting", engine=engine)
        except redis.TimeoutError:  # busy applying a write that waits for a long read
            return ReplicaStatus(state="up", engine=engine)
        except Exception:  # refused: it died since the supervisor last looked
            return ReplicaStatus(state="down", engine=engine)
        if info.get("master_link_status") != "up":  # (re)syncing: a full copy of the primary
            return ReplicaStatus(state="starting", engine=engine)
        return ReplicaStatus(
            state="up",
            engine=engine,
            lag_bytes=max(0, primary_offset - int(info.get("slave_repl_offset", 0))),
            last_io_s=int(info.get("master_last_io_seconds_ago", 0)),
        )

    def _ensure_started(self) -> None:
        with self._lock:
            if self._stopped:
                raise ReplicaUnavailable("the service is shutting down", retry_after_s=5)
            if self._started:
                return
            started = time.perf_counter()
            self._starting = True
            try:
                self._supervisor.start()  # errors raise (EngineError): the query gets a 5xx
            finally:
                self._starting = False
            self._client = self.engine.connect()
            # A short timeout: the replica answers nothing while it applies a write that waits
            # for a long read of the same graph.
            self._info = self.engine.redis_client(socket_timeout=0.5)
            self._primary_info = self.primary.redis_client()
            self._started = True
        log.info(
            "analyst read replica started in %.2f s", time.perf_counter() - started,
            extra={"event": "analyst_replica_started"},
        )

    def _wait_caught_up(self, wait_s: float) -> None:
        retry_after = max(1, round(wait_s))
        try:
            primary = self._primary_info.info("replication")
        except Exception as e:  # the primary is down: the service answers 503 for it anyway
            raise ReplicaUnavailable(f"the engine does not answer: {e}", retry_after) from e
        # The offset the primary had reached when the query arrived; its replication id is
        # read again each time (the primary takes a new one when a replica first syncs, and
        # keeps counting the offset on).
        target = int(primary.get("master_repl_offset", 0))
        deadline = time.monotonic() + wait_s
        state = "not started"
        while True:
            try:
                info = self._info.info("replication")
                state = str(info.get("master_link_status", "down"))
                if (
                    state == "up"
                    and int(info.get("slave_repl_offset", -1)) >= target
                    and info.get("master_replid")
                    == self._primary_info.info("replication").get("master_replid")
                ):
                    return
            except Exception as e:  # loading (BusyLoadingError), restarting, timed out
                state = type(e).__name__
            if time.monotonic() >= deadline:
                raise ReplicaUnavailable(
                    f"the analyst engine (a read replica) has not caught up with the latest "
                    f"writes within {wait_s:.1f} s (state: {state}); retry in {retry_after} s",
                    retry_after,
                )
            time.sleep(_POLL_S)

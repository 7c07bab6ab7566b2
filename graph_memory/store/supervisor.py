"""Self-healing for the embedded engine: notice that it died, restart it on the same data.

The engine can die under the service (killed by a person or the kernel's OOM killer, a crash
in the module). The supervisor's watcher thread blocks on the engine's exit; an exit nobody
asked for is logged and followed by restarts on the same data directory, with bounded retries
and exponential backoff. Clients need no new connection: they reconnect to the same socket on
their next command. While the engine is down the service answers 503 with Retry-After
(graph_memory/api/app.py); once the supervisor gives up, `/healthz` answers 503 so that an
orchestrator restarts the whole service.

Nothing acknowledged is lost by a restart: a write returns only after the engine has fsynced
it to its append-only file (`appendfsync always`), which the new engine loads.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Literal

from pydantic import BaseModel, ConfigDict

from graph_memory.store.engine import EmbeddedEngine

EngineState = Literal["up", "restarting", "failed", "stopped"]
MAX_BACKOFF_S = 30.0
log = logging.getLogger("graph_memory.engine")


class EngineStatus(BaseModel):
    """What the supervisor knows about its engine, for /healthz, /metrics and 503 answers."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    state: EngineState
    restarts: int  # successful restarts since the service started
    failed_attempts: int  # restart attempts that failed, all together
    crashes: int  # exits nobody asked for
    retry_after_s: int  # what a 503 tells a client to wait
    detail: str | None = None


class EngineSupervisor:
    """Owns an EmbeddedEngine: starts it, restarts it when it dies, stops it."""

    def __init__(self, engine: EmbeddedEngine, *, attempts: int, backoff_s: float) -> None:
        self.engine = engine
        self.attempts = attempts
        self.backoff_s = backoff_s
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._state: EngineState = "stopped"
        self._restarts = 0
        self._failed_attempts = 0
        self._crashes = 0
        self._next_attempt_at = 0.0
        self._detail: str | None = None
        self._watcher: threading.Thread | None = None

    def start(self) -> None:
        """Start the engine (errors raise, as EmbeddedEngine.start) and watch it."""
        self.engine.start()
        with self._lock:
            self._state, self._detail = "up", None
        self._watcher = threading.Thread(
            target=self._watch, name="graph-memory-engine-supervisor", daemon=True
        )
        self._watcher.start()

    def stop(self) -> None:
        """Stop watching, then stop the engine (gracefully; the lock is released)."""
        self._stopping.set()
        try:
            self.engine.stop()
        finally:
            if self._watcher is not None and self._watcher is not threading.current_thread():
                self._watcher.join(timeout=60)
            with self._lock:
                self._state = "stopped"

    def wait_unwatched(self, timeout: float) -> bool:
        """Block until the watcher has ended (stopped, gave up, or saw a stop asked for)."""
        if self._watcher is not None:
            self._watcher.join(timeout)
        return self._watcher is None or not self._watcher.is_alive()

    def status(self) -> EngineStatus:
        with self._lock:
            wait = max(0.0, self._next_attempt_at - time.monotonic())
            return EngineStatus(
                state=self._state,
                restarts=self._restarts,
                failed_attempts=self._failed_attempts,
                crashes=self._crashes,
                retry_after_s=max(1, math.ceil(wait + 1.0)) if self._state != "failed" else 60,
                detail=self._detail,
            )

    def _watch(self) -> None:
        while not self._stopping.is_set():
            self.engine.wait_exit()
            # stop() of the engine itself (the interpreter's exit handler) is no crash either.
            if self._stopping.is_set() or self.engine.stop_requested:
                return
            with self._lock:
                self._crashes += 1
                self._state = "restarting"
                self._detail = "the engine exited unexpectedly"
            log.error(
                "the embedded engine for %s exited unexpectedly; restarting it (up to %d "
                "attempts)", self.engine.data_dir, self.attempts,
                extra={"event": "engine_died", "data_dir": str(self.engine.data_dir)},
            )
            if not self._restart():
                return

    def _restart(self) -> bool:
        """Try up to `attempts` restarts with doubling waits; False once given up or stopped."""
        delay = self.backoff_s
        for attempt in range(1, self.attempts + 1):
            with self._lock:
                self._next_attempt_at = time.monotonic() + delay
            if self._stopping.wait(delay):
                return False
            try:
                started = time.perf_counter()
                self.engine.start()
            except Exception as e:  # EngineError, DataDirLockedError, OSError
                with self._lock:
                    self._failed_attempts += 1
                    self._detail = f"restart attempt {attempt} failed: {e}"
                log.error(
                    "restart %d/%d of the embedded engine failed: %s", attempt, self.attempts, e,
                    extra={"event": "engine_restart_failed", "attempt": attempt},
                )
                delay = min(delay * 2, MAX_BACKOFF_S)
                continue
            if self._stopping.is_set():  # stop() raced the restart: it stops this engine too
                return False
            with self._lock:
                self._restarts += 1
                self._state, self._detail = "up", None
            log.warning(
                "the embedded engine is back after restart %d (%.2f s to start)", attempt,
                time.perf_counter() - started,
                extra={"event": "engine_restarted", "attempt": attempt},
            )
            return True
        with self._lock:
            self._state = "failed"
            self._detail = (
                f"gave up after {self.attempts} restart attempts: {self._detail or 'no attempt'}"
            )
        log.critical(
            "the embedded engine for %s could not be restarted; giving up (/healthz answers "
            "503 now)", self.engine.data_dir, extra={"event": "engine_given_up"},
        )
        return False

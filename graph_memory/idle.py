"""Idle sessions: a session written through this process and then quiet for `idle_s` is handed,
once, to a callback (Memory consolidates it).

In-process on purpose: the service stays stateless, so each replica watches the sessions it
wrote; a session that outlives a restart is consolidated by its next repeated statement or an
on-demand `summarize` instead.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

# Idle sessions are looked for this often at most (and at least four times per idle period).
MAX_CHECK_INTERVAL_S = 60.0


class IdleSessions:
    def __init__(
        self,
        idle_s: float,
        on_idle: Callable[[str, str], object],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._idle_s = idle_s
        self._on_idle = on_idle
        self._clock = clock
        self._lock = threading.Lock()
        self._last_write: dict[tuple[str, str], float] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if idle_s > 0:
            self._thread = threading.Thread(target=self._run, name="idle-sessions", daemon=True)
            self._thread.start()

    def touch(self, user_id: str, session_id: str) -> None:
        """The session was written to now."""
        if self._idle_s > 0:
            with self._lock:
                self._last_write[(user_id, session_id)] = self._clock()

    def due(self) -> list[tuple[str, str]]:
        """The sessions idle for `idle_s`, oldest first; each is handed out once per quiet."""
        now = self._clock()
        with self._lock:
            quiet = sorted(
                (at, key) for key, at in self._last_write.items() if now - at >= self._idle_s
            )
            for _, key in quiet:
                del self._last_write[key]
        return [key for _, key in quiet]

    def run_due(self) -> int:
        """Hand every idle session to the callback now; how many there were."""
        due = self.due()
        for user_id, session_id in due:
            try:
                self._on_idle(user_id, session_id)
            except Exception:
                log.exception("consolidating idle session %s of %s failed", session_id, user_id)
        return len(due)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _run(self) -> None:
        interval = min(MAX_CHECK_INTERVAL_S, self._idle_s / 4)
        while not self._stop.wait(interval):
            self.run_due()

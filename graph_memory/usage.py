"""Recall's use counting, batched: many recalls, one engine write.

A recall must not wait for its bookkeeping, and a write per recall (a SET on every returned
fact, fsynced) costs the engine more than the recall's own reads. Uses are gathered here and
written by one background thread at most `delay_s` after they were recorded, and at flush and
close: a crash loses at most that window of use counts, never a memory. Each batch is one write
query (a fact used n times is one row adding n), which holds the graph's write lock (and an
fsync) while recalls wait to read: measured at 10k facts, a flush every half second put one
recall in twenty behind it. Splitting a batch into several smaller writes made it worse (p99
200-280 ms against 60-110): a recall's seven channel reads could each queue behind another
piece.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Sequence
from datetime import datetime

from graph_memory.store.base import Store

USE_FLUSH_DELAY_S = 5.0
log = logging.getLogger(__name__)


class UsageRecorder:
    def __init__(self, store: Store, delay_s: float = USE_FLUSH_DELAY_S) -> None:
        self._store = store
        self._delay_s = delay_s
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()  # one batch at a time, in order
        self._pending: Counter[str] = Counter()
        self._last_at: datetime | None = None
        self._recorded = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="usage", daemon=True)
        self._thread.start()

    def record(self, fact_ids: Sequence[str], at: datetime) -> None:
        """One more use of each fact, at `at`; written within `delay_s`."""
        if not fact_ids:
            return
        with self._lock:
            self._pending.update(fact_ids)
            self._last_at = at
        self._recorded.set()

    def flush(self) -> None:
        """Write every use recorded so far, now. On a store error the uses stay pending."""
        with self._write_lock:
            with self._lock:
                pending, at = self._pending, self._last_at
                self._pending = Counter()
            if not pending or at is None:
                return
            try:
                self._store.touch_facts(dict(pending), at)  # one write query, one fsync
            except Exception:
                with self._lock:
                    self._pending.update(pending)
                raise

    def close(self) -> None:
        self._stop.set()
        self._recorded.set()
        self._thread.join()
        self.flush()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._recorded.wait()
            self._stop.wait(self._delay_s)  # let more recalls join this batch
            self._recorded.clear()
            if self._stop.is_set():
                return  # close() writes what is left
            try:
                self.flush()
            except Exception:
                log.exception("writing recall use counts failed; retrying with the next batch")

"""Recall use counting (graph_memory/usage.py) against the real engine."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from graph_memory.errors import StoreError
from graph_memory.store.falkordb import FalkorDBStore
from graph_memory.usage import USE_FLUSH_CHUNK, UsageRecorder


def test_use_counts_are_written_in_small_chunks_and_a_failed_chunk_stays_pending(
    store: FalkorDBStore,
) -> None:
    """Each chunk is one short write under the engine's lock (recalls wait less); the failure
    is injected around the real store, since a real engine does not fail on cue."""
    calls: list[list[str]] = []
    touch = store.touch_facts

    def flaky(ids: Sequence[str], at: datetime) -> None:
        calls.append(list(ids))
        if len(calls) == 2:
            raise StoreError("injected")
        touch(ids, at)

    store.touch_facts = flaky  # type: ignore[method-assign]
    recorder = UsageRecorder(store, delay_s=3600)
    try:
        ids = [f"fact_{i:03d}" for i in range(USE_FLUSH_CHUNK + 10)]
        recorder.record(ids, datetime(2026, 1, 1, tzinfo=UTC))
        recorder.record(ids[:3], datetime(2026, 1, 1, tzinfo=UTC))
        with pytest.raises(StoreError):
            recorder.flush()
        assert [len(c) for c in calls] == [USE_FLUSH_CHUNK, 10]
        recorder.flush()  # what was not written: the failed chunk, and 3 ids' second use
        assert calls[2:] == [sorted(ids[:3] + ids[USE_FLUSH_CHUNK:])]
        recorder.flush()
        assert len(calls) == 3  # nothing left
    finally:
        recorder.close()

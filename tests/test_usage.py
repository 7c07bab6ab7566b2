"""Recall use counting (graph_memory/usage.py) against the real engine."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from datetime import UTC, datetime

import pytest

from graph_memory.errors import StoreError
from graph_memory.memory import Memory
from graph_memory.models import Fact
from graph_memory.store.base import Store
from graph_memory.usage import UsageRecorder

AT = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_flush_is_one_write_counting_every_use(memory: Memory) -> None:
    [a] = memory.write("I live in Porto.", user_id="ana", speaker="Ana").fact_ids
    [b] = memory.write("I love jazz.", user_id="ana", speaker="Ana").fact_ids
    writes: list[dict[str, int]] = []
    store: Store = memory.store
    touch = store.touch_facts

    def counted(uses: Mapping[str, int], at: datetime) -> None:
        writes.append(dict(uses))
        touch(uses, at)

    store.touch_facts = counted  # type: ignore[method-assign]
    recorder = UsageRecorder(store, delay_s=3600)
    try:
        for _ in range(3):
            recorder.record([a, b], AT)
        recorder.record([a], AT)
        recorder.flush()
    finally:
        recorder.close()
    assert writes == [{a: 4, b: 3}]
    stored = [memory.get(a), memory.get(b)]
    assert all(isinstance(f, Fact) for f in stored)
    assert [(f.use_count, f.last_used_at) for f in stored] == [(4, AT), (3, AT)]  # type: ignore[union-attr]


def test_a_failed_flush_keeps_its_uses_for_the_next(memory: Memory) -> None:
    """The failure is injected around the real store: a real engine does not fail on cue."""
    [a] = memory.write("I live in Porto.", user_id="ana", speaker="Ana").fact_ids
    store: Store = memory.store
    touch = store.touch_facts
    failures = [StoreError("injected")]

    def flaky(uses: Mapping[str, int], at: datetime) -> None:
        if failures:
            raise failures.pop()
        touch(uses, at)

    store.touch_facts = flaky  # type: ignore[method-assign]
    recorder = UsageRecorder(store, delay_s=3600)
    try:
        recorder.record([a, a], AT)
        with pytest.raises(StoreError):
            recorder.flush()
        recorder.record([a], AT)
        recorder.flush()
    finally:
        recorder.close()
    stored = memory.get(a)
    assert isinstance(stored, Fact) and stored.use_count == 3


def test_feedback_and_use_flushes_add_up_under_concurrency(memory: Memory) -> None:
    """Feedback used to write an absolute use_count read before the flush added its uses: a
    flush landing in between was lost. Both are increments in the engine now."""
    [fact_id] = memory.write(user_id="ana", triples=[{
        "subject": {"name": "Ana", "type": "Person"}, "predicate": "LIVES_IN",
        "object": {"name": "Porto", "type": "Place"}}]).fact_ids
    feedbacks, flushes = 40, 40
    recorder = UsageRecorder(memory.store, delay_s=3600)
    start = threading.Barrier(3)

    def give_feedback(useful: bool) -> None:
        start.wait()
        for _ in range(feedbacks // 2):
            memory.feedback(fact_id, useful)

    def use_and_flush() -> None:
        start.wait()
        for _ in range(flushes):
            recorder.record([fact_id], AT)
            recorder.flush()

    threads = [threading.Thread(target=give_feedback, args=(True,)),
               threading.Thread(target=give_feedback, args=(False,)),
               threading.Thread(target=use_and_flush)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        recorder.close()
    stored = memory.get(fact_id)
    assert isinstance(stored, Fact)
    assert (stored.use_count, stored.useful_count) == (feedbacks + flushes, feedbacks // 2)
    # The last use stays the latest of them: a flush stamped earlier does not move it back.
    assert stored.last_used_at is not None and stored.last_used_at > AT

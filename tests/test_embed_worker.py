"""The embedding worker process: same vectors as in-process, clear errors, restart, cleanup."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from graph_memory.config import Settings
from graph_memory.embed import WORKER_MIN_TEXTS, SentenceTransformerEmbedder
from graph_memory.embed_worker import EmbeddingWorkerError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

TEXTS = [
    f"message {i}: we went hiking near the lake{' and it was lovely' * (i % 5)}, then lunch"
    for i in range(WORKER_MIN_TEXTS + 4)
]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by its parent) counts as gone.
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"


def _wait_gone(pid: int, timeout_s: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not _alive(pid):
            return True
        time.sleep(0.05)  # polling a condition with a deadline, not a fixed sleep
    return False


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.fixture(scope="module")
def worker_embedder() -> Iterator[SentenceTransformerEmbedder]:
    embedder = SentenceTransformerEmbedder(worker=True)
    assert embedder.start_worker(), "the worker should start on this machine"
    yield embedder
    embedder.close()


def test_worker_vectors_equal_in_process_ones(worker_embedder: SentenceTransformerEmbedder) -> None:
    pid = worker_embedder.worker_pid
    assert pid is not None
    before = _cpu_ticks(pid)
    served = worker_embedder.embed(TEXTS)
    assert _cpu_ticks(pid) > before, "a large batch goes to the worker"
    assert np.array_equal(served, worker_embedder.encode_batch(TEXTS))
    assert np.allclose(np.linalg.norm(served, axis=1), 1.0, atol=1e-5)


def test_small_batches_stay_in_process(worker_embedder: SentenceTransformerEmbedder) -> None:
    pid = worker_embedder.worker_pid
    assert pid is not None
    before = _cpu_ticks(pid)
    worker_embedder.embed([f"just one short text {i}" for i in range(WORKER_MIN_TEXTS - 1)])
    assert _cpu_ticks(pid) == before


def test_a_failing_batch_raises_and_the_worker_lives_on(
    worker_embedder: SentenceTransformerEmbedder,
) -> None:
    worker = worker_embedder._worker
    assert worker is not None
    pid = worker.pid
    with pytest.raises(EmbeddingWorkerError, match="embedding worker failed"):
        worker.try_embed(cast(list[str], [None] * WORKER_MIN_TEXTS))  # not texts
    assert worker.pid == pid
    assert np.array_equal(
        worker_embedder.embed(TEXTS[::-1]), worker_embedder.encode_batch(TEXTS[::-1])
    )


def test_a_dead_worker_is_a_clear_error_then_restarts(
    worker_embedder: SentenceTransformerEmbedder,
) -> None:
    pid = worker_embedder.worker_pid
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    texts = [f"{t} (after the crash)" for t in TEXTS]
    with pytest.raises(EmbeddingWorkerError, match="died"):
        worker_embedder.embed(texts)
    # The next batch works at once (in-process while a new worker loads) ...
    assert np.array_equal(worker_embedder.embed(texts), worker_embedder.encode_batch(texts))
    # ... and a new worker takes over.
    assert worker_embedder.start_worker()
    assert worker_embedder.worker_pid not in (None, pid)


def test_memory_close_stops_the_worker_it_started(tmp_path: Path, extractor: Extractor) -> None:
    memory = Memory.open(Settings(data_dir=tmp_path / "data"), extractor=extractor)
    try:
        embedder = memory.embedder
        assert isinstance(embedder, SentenceTransformerEmbedder)
        assert embedder.start_worker()
        pid = embedder.worker_pid
        assert pid is not None and _alive(pid)
    finally:
        memory.close()
    assert not _alive(pid)


def test_worker_setting_off_means_no_worker(tmp_path: Path, extractor: Extractor) -> None:
    settings = Settings(data_dir=tmp_path / "data", embedding_worker=False)
    with Memory.open(settings, extractor=extractor) as memory:
        assert isinstance(memory.embedder, SentenceTransformerEmbedder)
        assert not memory.embedder.start_worker()
        memory.write_batch([{"text": t, "user_id": "u"} for t in TEXTS])
        assert memory.embedder.worker_pid is None


def test_writes_are_the_same_with_and_without_the_worker(
    tmp_path: Path,
    worker_embedder: SentenceTransformerEmbedder,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    texts = ["I'm allergic to peanuts.", "I moved to Lisbon.", *(f"{t} (write)" for t in TEXTS)]
    when = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    batch = [{"text": t, "user_id": "emi", "speaker": "Emi", "timestamp": when} for t in texts]
    results, facts = [], []
    for name, used in (("worker", worker_embedder), ("in_process", embedder)):
        # The batch states one hobby 20 times; a conclusion drawn from it would carry the
        # time of the write in its id, which differs between the two runs by design.
        settings = Settings(data_dir=tmp_path / name, consolidation_min_evidence=1000)
        with Memory.open(settings, embedder=used, extractor=extractor) as memory:
            results.append(memory.write_batch(batch))
            facts.append(sorted((f.id, f.text) for f in memory.facts("emi")))
    assert results[0] == results[1]
    assert facts[0] == facts[1] and facts[0]


def test_the_worker_exits_when_its_parent_dies(tmp_path: Path) -> None:
    script = (
        "import os, sys\n"
        "from graph_memory.embed import SentenceTransformerEmbedder\n"
        "e = SentenceTransformerEmbedder(worker=True, onnx=False)\n"
        "assert e.start_worker()\n"
        "print(e.worker_pid, flush=True)\n"
        "os.kill(os.getpid(), 9)\n"
    )
    parent = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert parent.returncode == -signal.SIGKILL, parent.stderr
    assert _wait_gone(int(parent.stdout.split()[0]))

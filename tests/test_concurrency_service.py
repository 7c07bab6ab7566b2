"""16 concurrent clients (8 writers, 8 readers) against the service under uvicorn for a bounded
time: no write is lost, nothing is corrupt (engine counts equal what the clients were told was
written, every id reads back), and no request fails. The load generator is
`bench/service_load.py`, which also reports the throughput on a longer run."""

from __future__ import annotations

import sys
from pathlib import Path

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

# bench/ is not a package: its scripts import each other by file name.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from service_load import run_load

SECONDS = 10


def test_sixteen_concurrent_writers_and_readers_lose_nothing(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "data")
    with (Memory.open(settings, embedder=embedder, extractor=extractor) as memory,
          serving_in_thread(create_app(memory=memory)) as url):
        result = run_load(url, memory.store.count, seconds=SECONDS, writers=8, readers=8)

    assert result.errors == []
    assert result.unreadable == []
    assert result.counts == result.expected_counts
    # Every kind of request ran, concurrently, more than once.
    operations = result.latencies_ms
    for name in ("write", "write_batch", "working_set", "recall", "list_facts", "working_get"):
        assert len(operations[name]) >= 2, (name, {k: len(v) for k, v in operations.items()})
    assert result.counts["Episode"] >= 8 and result.counts["Slot"] >= 8

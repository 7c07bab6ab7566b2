"""A real Neo4j 5.26 for the benchmarks' `--backend neo4j`: `scripts/neo4j` (jars from Maven
Central, cached) started in a data directory of the benchmark's choice, auth on with its
generated password, heap and page cache sized for 100k facts; stopped by its own pid."""

from __future__ import annotations

import os
import socket
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "neo4j"
# 100k facts with 384-d embeddings are ~1 GB of store: a page cache that holds them.
MEMORY = {"NEO4J_HEAP": "1g", "NEO4J_PAGECACHE": "1g"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def running_neo4j(folder: Path) -> Iterator[dict[str, Any]]:
    """A server whose files are all under `folder` (kept: a later run reuses its data); yields
    the Settings fields that point a Memory at it, and the server's pid."""
    folder.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    env = {**os.environ, **{k: os.environ.get(k, v) for k, v in MEMORY.items()}}
    subprocess.run([str(SCRIPT), "start", str(folder), "--port", str(port)], check=True,
                   env=env, stdout=subprocess.DEVNULL)
    try:
        yield {"backend": "neo4j", "neo4j_uri": f"bolt://127.0.0.1:{port}",
               "neo4j_user": "neo4j",
               "neo4j_password": (folder / "password").read_text(encoding="utf-8").strip(),
               "pid": int((folder / "neo4j.pid").read_text())}
    finally:
        subprocess.run([str(SCRIPT), "stop", str(folder)], check=True)


def wait_until_online(store: Any, timeout_s: float = 3600) -> float:
    """Seconds until Neo4j reports every index online (Store.building_indexes empty)."""
    import time

    started = time.perf_counter()
    while store.building_indexes():
        if time.perf_counter() - started > timeout_s:
            raise SystemExit("indexes still populating")
        time.sleep(0.5)
    return round(time.perf_counter() - started, 2)

"""The service under concurrent load: writers and readers against the REST API under uvicorn.

`--writers` clients (default 8) write for `--seconds` (default 60): single text memories,
structured triples, two-item batches through `POST /v1/memories`, and working-memory slots;
`--readers` clients (default 8) recall (`POST /v1/recall`), list facts and read working
memory at the same time. Every client is a thread with its own HTTP connection; the service
runs in this process on 127.0.0.1 (one engine, the real models, `appendfsync always`).

Afterwards nothing may be lost or corrupt: the engine's Episode, Fact and Slot counts equal
what the clients were told was written, every returned episode and fact reads back (200),
and no request failed. Reports requests/s and p50/p95/p99 per operation.

    python bench/service_load.py                 # 60 s, 8 writers + 8 readers
    python bench/service_load.py --seconds 20
"""

from __future__ import annotations

import argparse
import os
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from common import latency_summary, markdown_table
from common import write_results as save

QUESTIONS = ("What does {user} like?", "Where does {user} live?", "What should I cook for {user}?")


@dataclass
class LoadResult:
    seconds: float
    writers: int
    readers: int
    latencies_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    episode_ids: set[str] = field(default_factory=set)
    fact_ids: set[str] = field(default_factory=set)
    slots: set[tuple[str, str]] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, operation: str, started: float, response: httpx.Response, ok: int) -> Any:
        elapsed = (time.perf_counter() - started) * 1000
        with self._lock:
            self.latencies_ms[operation].append(elapsed)
            if response.status_code != ok:
                self.errors.append(f"{operation}: {response.status_code} {response.text[:200]}")
                return None
        return response.json() if response.content else None

    @property
    def requests(self) -> int:
        return sum(len(v) for v in self.latencies_ms.values())

    @property
    def expected_counts(self) -> dict[str, int]:
        return {"Episode": len(self.episode_ids), "Fact": len(self.fact_ids),
                "Slot": len(self.slots)}

    @property
    def intact(self) -> bool:
        return (not self.errors and not self.unreadable
                and self.counts == self.expected_counts)


def _writer(base_url: str, index: int, deadline: float, result: LoadResult) -> None:
    user, session, speaker = f"load-w{index}", f"s{index}", f"Writer{index}"
    with httpx.Client(base_url=base_url, timeout=300) as client:
        n = 0
        while time.perf_counter() < deadline:
            text = {"user_id": user, "speaker": speaker, "session_id": session,
                    "source_id": f"w{index}-{n}", "text": f"I like green tea number {n}."}
            triple = {"user_id": user, "source_id": f"w{index}-{n}-t", "triples": [{
                "subject": {"name": speaker, "type": "Person"}, "predicate": "PREFERS",
                "object": {"name": f"dish {index}-{n}", "type": "Food"}}]}
            body: dict[str, Any]
            if n % 3 == 0:
                operation, body = "write", text
            elif n % 3 == 1:
                operation, body = "write", triple
            else:
                operation = "write_batch"
                body = {"items": [text, {**text, "source_id": f"w{index}-{n}-b",
                                         "text": f"I moved to city {n}."}]}
            started = time.perf_counter()
            written = result.record(operation, started, client.post("/v1/memories", json=body),
                                    201)
            if written is not None:
                for one in written.get("results", [written]):
                    with result._lock:
                        result.episode_ids.add(one["episode_id"])
                        result.fact_ids.update(one["fact_ids"])
                        # A third confirmation also writes a semantic memory, and says so.
                        result.fact_ids.update(c["fact_id"] for c in one["changes"]
                                               if c["kind"] == "consolidated")
            if n % 4 == 0:
                key = f"k{n % 10}"
                started = time.perf_counter()
                slot = result.record("working_set", started, client.put(
                    f"/v1/sessions/{session}/working-memory/{key}",
                    json={"user_id": user, "value": f"value {n}"}), 200)
                if slot is not None:
                    with result._lock:
                        result.slots.add((session, key))
            n += 1


def _reader(base_url: str, index: int, writers: int, deadline: float, result: LoadResult) -> None:
    writer = index % max(writers, 1)
    user, session = f"load-w{writer}", f"s{writer}"
    with httpx.Client(base_url=base_url, timeout=300) as client:
        n = 0
        while time.perf_counter() < deadline:
            question = QUESTIONS[n % len(QUESTIONS)].format(user=f"Writer{writer}")
            started = time.perf_counter()
            result.record("recall", started, client.post(
                "/v1/recall", json={"query": question, "user_id": user, "top_k": 5}), 200)
            if n % 3 == 0:
                started = time.perf_counter()
                result.record("list_facts", started,
                              client.get(f"/v1/users/{user}/facts?limit=50"), 200)
            if n % 5 == 0:
                started = time.perf_counter()
                result.record("working_get", started, client.get(
                    f"/v1/sessions/{session}/working-memory?user_id={user}"), 200)
            n += 1


def run_load(
    base_url: str,
    count: Callable[[str], int],
    *,
    seconds: float,
    writers: int = 8,
    readers: int = 8,
) -> LoadResult:
    """Run the clients for `seconds` against a service with an empty store, then check it:
    `count(label)` is the engine's node count for Episode, Fact and Slot."""
    result = LoadResult(seconds=seconds, writers=writers, readers=readers)
    deadline = time.perf_counter() + seconds
    threads = [threading.Thread(target=_writer, args=(base_url, i, deadline, result))
               for i in range(writers)]
    threads += [threading.Thread(target=_reader, args=(base_url, i, writers, deadline, result))
                for i in range(readers)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.seconds = time.perf_counter() - started
    result.counts = {label: count(label) for label in ("Episode", "Fact", "Slot")}
    with httpx.Client(base_url=base_url, timeout=60) as client:
        for memory_id in sorted(result.episode_ids | result.fact_ids):
            if client.get(f"/v1/memories/{memory_id}").status_code != 200:
                result.unreadable.append(memory_id)
    return result


def summary(result: LoadResult) -> dict[str, Any]:
    return {
        "seconds": round(result.seconds, 2),
        "clients": {"writers": result.writers, "readers": result.readers},
        "requests": result.requests,
        "requests_per_s": round(result.requests / result.seconds, 2),
        "operations": {
            name: {**latency_summary(values), "per_s": round(len(values) / result.seconds, 2)}
            for name, values in sorted(result.latencies_ms.items())
        },
        "integrity": {"intact": result.intact, "counts": result.counts,
                      "expected": result.expected_counts, "errors": result.errors[:20],
                      "unreadable": result.unreadable[:20]},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--readers", type=int, default=8)
    args = parser.parse_args()

    from graph_memory.api import create_app
    from graph_memory.api.server import serving_in_thread
    from graph_memory.config import Settings
    from graph_memory.memory import Memory

    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="service-load-") as tmp:
        settings = Settings(data_dir=Path(tmp) / "data")
        with Memory.open(settings) as memory, serving_in_thread(create_app(memory=memory)) as url:
            # One request of each kind first, so model warm-up is not in the numbers.
            with httpx.Client(base_url=url, timeout=300) as warm:
                warm.post("/v1/recall", json={"query": "warm up", "user_id": "warm-up"})
            result = run_load(url, memory.store.count, seconds=args.seconds,
                              writers=args.writers, readers=args.readers)
    data = summary(result)
    load_after = os.getloadavg()
    data["load_average"] = {"before": [round(x, 2) for x in load_before],
                            "after": [round(x, 2) for x in load_after]}
    rows = [[name, str(s["n"]), f"{s['per_s']:.1f}", f"{s['p50']:.0f}", f"{s['p95']:.0f}",
             f"{s['p99']:.0f}"] for name, s in data["operations"].items()]
    table = markdown_table(["operation", "requests", "per s", "p50 ms", "p95 ms", "p99 ms"], rows)
    integrity = data["integrity"]
    markdown = (
        f"{args.writers} writers + {args.readers} readers for {data['seconds']} s against the "
        f"REST API under uvicorn on 127.0.0.1 (one process, embedded engine, appendfsync "
        f"always): {data['requests']} requests, {data['requests_per_s']} requests/s. "
        f"Load average (1/5/15 min) before {load_before[0]:.1f}/{load_before[1]:.1f}/"
        f"{load_before[2]:.1f}, after {load_after[0]:.1f}/{load_after[1]:.1f}/"
        f"{load_after[2]:.1f} (the 2 cores may be shared with other work).\n\n"
        f"{table}\n\n"
        f"Integrity: {'intact' if integrity['intact'] else 'BROKEN'}: engine counts "
        f"{integrity['counts']}, expected {integrity['expected']}; "
        f"{len(result.errors)} failed requests, {len(result.unreadable)} unreadable ids.\n\n"
        "Writes are serialised by Memory's write lock (one atomic plan at a time), and so are "
        "working-memory reads, which may move expired slots to episodes: with 8 writers their "
        "latency is mostly queueing. Recall and fact listing run concurrently.\n"
    )
    print(markdown)
    json_path, md_path = save("service_load", data, markdown)
    print(f"wrote {json_path} and {md_path}")
    if not integrity["intact"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()

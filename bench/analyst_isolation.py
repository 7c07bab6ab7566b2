"""Tenant isolation under analyst abuse: tenant A's recall and write latency, idle and while
tenant B keeps its analyst Cypher limit busy with 5-second queries (and tries more, which get
429), over the real service (uvicorn, real HTTP, the embedded engine).

Target (issue 12): A's recall p95 during B's abuse within 2x of idle. Analyst queries run on
the read replica, a second engine process at nice 19 (graph_memory/store/read_replica.py);
`--on-engine` runs them on the engine itself instead, for comparison
(results: analyst_isolation_on_engine). B's own writes are timed while B's query runs: they no
longer wait for it.

    python bench/analyst_isolation.py [--memories 300] [--requests 60] [--abusers 4] [--on-engine]
        [--results-dir DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import common  # noqa: F401  (puts the repository on sys.path)
import httpx
from common import (
    RESULTS_DIR,
    latency_summary,
    machine_info,
    machine_line,
    markdown_table,
    write_results,
)

from graph_memory.api import create_app
from graph_memory.api.server import serving_in_thread
from graph_memory.config import Settings
from graph_memory.memory import Memory

KEY_A, KEY_B = "a" * 24, "b" * 24
A = {"Authorization": f"Bearer {KEY_A}"}
B = {"Authorization": f"Bearer {KEY_B}"}
LONG_QUERY = ("UNWIND range(1, 20000) AS a UNWIND range(1, 20000) AS b "
              "WITH a, b WHERE a * b < 0 RETURN count(*)")
CITIES = ["Munich", "Oslo", "Lisbon", "Porto", "Vienna", "Zurich", "Turin", "Ghent"]


def measure(http: httpx.Client, requests: int) -> dict[str, list[float]]:
    """Alternate recalls and writes of tenant A; latencies in ms."""
    out: dict[str, list[float]] = {"recall": [], "write": []}
    for i in range(requests):
        started = time.perf_counter()
        if i % 3 == 2:
            response = http.post("/v1/memories", headers=A, json={
                "text": f"Person {i} moved to {CITIES[i % len(CITIES)]}.", "user_id": "bench"})
            kind = "write"
        else:
            response = http.post("/v1/recall", headers=A, json={
                "query": f"Who lives in {CITIES[i % len(CITIES)]}?", "user_id": "bench"})
            kind = "recall"
        response.raise_for_status()
        out[kind].append((time.perf_counter() - started) * 1000)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memories", type=int, default=300, help="tenant A's memories")
    parser.add_argument("--requests", type=int, default=60, help="A's calls per phase")
    parser.add_argument("--abusers", type=int, default=4, help="B's concurrent clients")
    parser.add_argument("--on-engine", action="store_true",
                        help="analyst queries on the engine itself, not on the read replica")
    parser.add_argument("--results-dir", type=Path, default=RESULTS_DIR,
                        help="where the .md and .json go (a trial run: elsewhere)")
    args = parser.parse_args()

    load_before = os.getloadavg()
    data = Path(tempfile.mkdtemp(prefix="analyst-isolation-"))
    settings = Settings(data_dir=data / "data", api_keys={KEY_A: "a", KEY_B: "b"},
                        cypher_read_replica=not args.on_engine)
    stop = threading.Event()
    answers: Counter[int] = Counter()
    lock = threading.Lock()

    with (Memory.open(settings) as memory, serving_in_thread(create_app(memory=memory)) as url,
          httpx.Client(base_url=url, timeout=120) as http):
        batch = [{"text": f"Person {i} lives in {CITIES[i % len(CITIES)]} and likes jazz.",
                  "user_id": "bench"} for i in range(args.memories)]
        http.post("/v1/memories/batch", headers=A, json={"items": batch}).raise_for_status()
        http.post("/v1/memories", headers=B, json={"text": "Kim lives in Oslo.",
                                                   "user_id": "kim"}).raise_for_status()
        measure(http, 6)  # warm up
        # The replica starts on the first analyst query: let it load before timing anything.
        while http.post("/v1/cypher", headers=B, json={"query": "RETURN 1 AS one"}
                        ).status_code == 503:
            time.sleep(0.5)
        idle = measure(http, args.requests)

        def abuse() -> None:
            with httpx.Client(base_url=url, timeout=120) as own:
                while not stop.is_set():
                    response = own.post("/v1/cypher", headers=B,
                                        json={"query": LONG_QUERY, "timeout_ms": 5000})
                    with lock:
                        answers[response.status_code] += 1
                    if response.status_code == 429:
                        time.sleep(float(response.headers.get("retry-after", "1")) / 10)

        abusers = [threading.Thread(target=abuse) for _ in range(args.abusers)]
        for thread in abusers:
            thread.start()
        time.sleep(1.0)
        busy = measure(http, args.requests)
        # On the engine itself, B's own writes waited for B's reads in progress (FalkorDB's
        # per-graph lock); on the replica they do not.
        own_writes: list[float] = []
        for i in range(3):
            t0 = time.perf_counter()
            http.post("/v1/memories", headers=B, json={
                "text": f"Kim visited museum {i}.", "user_id": "kim"}).raise_for_status()
            own_writes.append((time.perf_counter() - t0) * 1000)
        stop.set()
        for thread in abusers:
            thread.join(timeout=60)
        # The engine lived through it: never restarted, and ready.
        assert memory.engine is not None
        engine = memory.engine.status()
        ready = http.get("/readyz").status_code
        analyst_engine = http.post("/v1/cypher", headers=B, json={"query": "RETURN 1 AS one"})
    load_after = os.getloadavg()
    shutil.rmtree(data, ignore_errors=True)

    rows: list[list[object]] = []
    summary: dict[str, object] = {}
    for kind in ("recall", "write"):
        quiet, loaded = latency_summary(idle[kind]), latency_summary(busy[kind])
        ratio = round(loaded["p95"] / quiet["p95"], 2) if quiet["p95"] else None
        summary[kind] = {"idle": quiet, "during_abuse": loaded, "p95_ratio": ratio}
        rows.append([kind, quiet["n"], quiet["p50"], quiet["p95"], loaded["p50"],
                     loaded["p95"], ratio])
    own = latency_summary(own_writes)
    summary["b_write_during_own_query"] = own
    rows.append(["tenant B's own write", own["n"], "", "", own["p50"], own["p95"], ""])
    table = markdown_table(["tenant A", "n", "idle p50 ms", "idle p95 ms", "abuse p50 ms",
                            "abuse p95 ms", "p95 ratio"], rows)
    refused = sum(n for code, n in answers.items() if 400 <= code < 500)
    failed = sum(n for code, n in answers.items() if code >= 500)
    alive = (engine.state == "up" and engine.crashes == 0 and ready == 200
             and analyst_engine.status_code == 200)
    summary["engine"] = {"alive": alive, "state": engine.state, "crashes": engine.crashes,
                         "readyz": ready, "analyst_after": analyst_engine.status_code}
    lines = [
        "# Tenant isolation under analyst abuse", "",
        f"Tenant B: {args.abusers} clients re-sending a 5 s analyst query (at most "
        f"{settings.cypher_max_concurrent} at once per tenant, "
        f"{settings.cypher_max_concurrent_total} in all); B's answers: "
        f"{dict(sorted(answers.items()))}: {refused} clear 4xx refusals, {failed} 5xx. "
        "Target: recall p95 ratio <= 2.",
        "", table, "",
        f"Engine alive afterwards: {'yes' if alive else 'NO'} (state {engine.state}, "
        f"{engine.crashes} crashes, /readyz {ready}, an analyst query {analyst_engine.status_code}"
        "); tenant A's calls: every one answered 2xx.", "",
        f"Load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (a shared "
        "2-core machine: other work ran alongside).",
    ]
    where = "the engine itself" if args.on_engine else "the read replica (nice 19)"
    lines[2:2] = [f"Analyst queries ran on {where}; {os.cpu_count()} cores.", ""]
    markdown = "\n".join(lines)
    name = "analyst_isolation_on_engine" if args.on_engine else "analyst_isolation"
    write_results(name, {"analyst_queries_on": where, "summary": summary,
                         "b_answers": dict(answers),
                         "load_average": [load_before, load_after],
                         "args": vars(args),
                         "limits": [settings.cypher_max_concurrent,
                                    settings.cypher_max_concurrent_total]},
                  markdown, args.results_dir)
    print(markdown)
    print(machine_line(machine_info()))


if __name__ == "__main__":
    main()

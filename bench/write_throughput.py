"""Write throughput: REALTALK messages into a fresh Memory, with a per-stage time breakdown.

Each chat is written as its own user ("chat1"...) in batches of `--batch-size` messages, in
order, into an empty embedded engine in a temporary data dir. Stages are timed by wrapping the
live objects (no library change): extractor, entity resolver, conflict resolver, embedder and
store methods, per thread, each stage's time excluding the wrapped stages it calls. Model
loading and engine start are reported apart and excluded from messages/s.

    python bench/write_throughput.py                 # all 10 chats (~9k messages)
    python bench/write_throughput.py --limit 500     # a quick run
    python bench/write_throughput.py --backend neo4j                # on a real Neo4j 5.26
    python bench/write_throughput.py --backend neo4j --replicas 2   # two writers, one Neo4j
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import tempfile
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common import (
    RESULTS_DIR,
    CallPath,
    StageTimer,
    latency_summary,
    load_realtalk,
    machine_info,
    machine_line,
    markdown_table,
)
from common import write_results as save

NAME = "write_throughput"
ROOT = "write_batch"
TARGET_MSGS_PER_S = 150.0  # the bar of the developers guide (2 cores, batched)

Stage = tuple[str, int, list[CallPath], list[CallPath]]  # name, level, inclusive, exclusive


def _internal(obj: Any, *names: str) -> Any:
    """Reach a private attribute of the library; fail clearly if it was renamed."""
    for name in names:
        if not hasattr(obj, name):
            raise SystemExit(f"cannot time stages: {type(obj).__name__} has no {name!r} any more")
        obj = getattr(obj, name)
    return obj


def record_merges(store: Any, merges: list[dict[str, str]]) -> None:
    """Collect the embedding merges of every applied plan: (new name -> existing entity)."""
    apply: Callable[[Any], None] = store.apply

    def recording(plan: Any) -> None:
        names = {row.entity.id: (row.entity.name, row.entity.type) for row in plan.entities}
        for alias in plan.aliases:
            name, type_ = names.get(alias.entity_id, ("?", "?"))
            merges.append({"user": alias.user_id, "alias": alias.name, "entity": name,
                           "type": type_})
        apply(plan)

    store.apply = recording


def instrument(memory: Any) -> StageTimer:
    timer = StageTimer()
    planner = _internal(memory, "_planner")
    store = memory.store
    timer.wrap(memory, "write_batch", ROOT)
    timer.wrap(_internal(planner, "_extractor"), "extract", "extract")
    timer.wrap(_internal(planner, "_entities"), "resolve", "entity resolution")
    timer.wrap(_internal(planner, "_conflicts"), "resolve", "conflict policy")
    timer.wrap(memory.embedder, "embed", "embed")
    timer.wrap(store, "apply", "store apply")
    timer.wrap(store, "existing_episode_ids", "store: episode dedup")
    timer.wrap(store, "active_facts_of_subjects", "store: active facts")
    for method in ("get_entities", "resolve_aliases", "similar_entities"):
        timer.wrap(store, method, f"store: {method}")
    background = getattr(planner, "_background", None)  # episodes embedded while spaCy parses
    if background is not None:
        submit: Callable[..., Future[Any]] = background.submit

        def submit_timed(*args: Any, **kwargs: Any) -> Future[Any]:
            future = submit(*args, **kwargs)
            timer.wrap(future, "result", "wait: background embed")
            return future

        background.submit = submit_timed
    return timer


def breakdown(timer: StageTimer, messages: int) -> list[dict[str, Any]]:
    """Stage rows: the write thread's stages (they add up to the total), the entity
    resolver's parts indented, then work on other threads (overlapping the write thread)."""
    ent: CallPath = (ROOT, "entity resolution")
    store_reads: list[Stage] = [(f"store {m}", 1, [(*ent, f"store: {m}")], [])
                                for m in ("get_entities", "resolve_aliases", "similar_entities")]
    other_embeds = [p for p in timer.wall if p[0] != ROOT and p[-1] == "embed"]
    stages: list[Stage] = [
        # name, level, prefixes summed inclusively, paths summed exclusively
        ("extract (spaCy + rules)", 0, [(ROOT, "extract")], []),
        ("wait for background episode embedding", 0, [(ROOT, "wait: background embed")], []),
        ("entity resolution", 0, [ent], []),
        ("embed entity names", 1, [(*ent, "embed")], []),
        *store_reads,
        ("resolver own code", 1, [], [ent]),
        ("conflict policy (incl. active-facts read)", 0,
         [(ROOT, "conflict policy"), (ROOT, "store: active facts")], []),
        ("embed on the write thread (facts; episodes unless in background)", 0,
         [(ROOT, "embed")], []),
        ("store apply", 0, [(ROOT, "store apply")], []),
        ("store episode dedup read", 0, [(ROOT, "store: episode dedup")], []),
        ("other (validation, planning glue)", 0, [], [(ROOT,)]),
        ("total write_batch (write thread)", 0, [(ROOT,)], []),
        ("background thread: embed episodes (overlaps extract; CPU: see the worker row)", 0,
         [], other_embeds),
        ("embed (all callers, all threads)", 0, [(ROOT, "embed"), (*ent, "embed")],
         other_embeds),
    ]
    total = timer.under(ROOT)
    rows = []
    for name, level, prefixes, exact in stages:
        wall = sum(timer.under(*p) for p in prefixes) + sum(timer.wall[p] for p in exact)
        cpu = (sum(timer.under(*p, cpu=True) for p in prefixes)
               + sum(timer.cpu[p] for p in exact))
        rows.append({"stage": name, "level": level, "wall_s": round(wall, 3),
                     "share": round(wall / total, 4) if total else 0.0,
                     "wall_ms_per_message": round(1000 * wall / messages, 3),
                     "cpu_s": round(cpu, 3), "cpu_ms_per_message": round(1000 * cpu / messages, 3)})
    return rows


def run(args: argparse.Namespace) -> dict[str, Any]:
    from graph_memory.config import Settings
    from graph_memory.memory import Memory

    chats = load_realtalk(args.data)
    batches: list[list[dict[str, Any]]] = []
    remaining = args.limit or sum(len(chat.messages) for chat in chats)
    for chat in chats:  # batches never mix chats: each chat is one user's conversation
        messages = chat.messages[:remaining]
        remaining -= len(messages)
        batches += [messages[i : i + args.batch_size]
                    for i in range(0, len(messages), args.batch_size)]
    n_messages = sum(len(b) for b in batches)
    profiler = cProfile.Profile() if args.profile else None

    with tempfile.TemporaryDirectory(prefix="gm-bench-") as data_dir, \
            backend_settings(args.backend, Path(data_dir)) as backend:
        precision = {"embedding_precision": args.precision} if args.precision else {}
        settings = Settings(data_dir=Path(data_dir) / "service", appendfsync=args.appendfsync,
                            embedding_threads=args.threads,
                            embedding_worker=not args.no_worker, **precision, **backend)
        started = time.perf_counter()
        memory = Memory.open(settings)
        # The embedding worker loads its model on the first large batch; load it with the rest.
        worker_ready = bool(getattr(memory.embedder, "start_worker", lambda: False)())
        worker_pid: int | None = getattr(memory.embedder, "worker_pid", None)
        # What batches were embedded with (int8 falls back to bfloat16 when its check fails).
        embedding_precision = str(getattr(memory.embedder, "precision", "?"))
        open_s = time.perf_counter() - started
        try:
            merges: list[dict[str, str]] = []
            record_merges(memory.store, merges)
            timer = instrument(memory)
            extractor_name = str(_internal(memory, "_planner", "_extractor").name)
            latencies: list[float] = []  # ms per batch
            load_start = os.getloadavg()[0]
            if profiler is not None:
                profiler.enable()
            worker_cpu_started = process_cpu_s(worker_pid)
            started, cpu_started = time.perf_counter(), time.process_time()
            for i, batch in enumerate(batches, 1):
                t0 = time.perf_counter()
                memory.write_batch(batch)
                latencies.append(1000 * (time.perf_counter() - t0))
                if args.progress and i % args.progress == 0:
                    done = sum(len(b) for b in batches[:i])
                    rate = done / (time.perf_counter() - started)
                    print(f"  {done}/{n_messages} messages, {rate:.1f} msg/s", flush=True)
            wall_s = time.perf_counter() - started
            cpu_s = time.process_time() - cpu_started
            worker_cpu_s = process_cpu_s(worker_pid) - worker_cpu_started
            load_end = os.getloadavg()[0]
            if profiler is not None:
                profiler.disable()
            counts = {label: memory.store.count(label) for label in ("Episode", "Fact", "Entity")}
        finally:
            memory.close()

    result: dict[str, Any] = {
        "backend": args.backend, "chats": len(chats), "messages": n_messages,
        "batches": len(batches),
        "batch_size": args.batch_size, "appendfsync": settings.appendfsync,
        "embedding_threads": settings.embedding_threads,
        "embedding_worker": worker_ready, "embedding_precision": embedding_precision,
        "entity_match_threshold": settings.entity_match_threshold, "extractor": extractor_name,
        "loadavg": [round(load_start, 2), round(load_end, 2)], "open_s": round(open_s, 2),
        "wall_s": round(wall_s, 2), "messages_per_s": round(n_messages / wall_s, 1),
        "process_cpu_ms_per_message": round(1000 * cpu_s / n_messages, 2),
        "worker_cpu_ms_per_message": round(1000 * worker_cpu_s / n_messages, 2),
        "cpu_ms_per_message": round(1000 * (cpu_s + worker_cpu_s) / n_messages, 2),
        "cores_busy": round((cpu_s + worker_cpu_s) / wall_s, 2),
        "target_messages_per_s": TARGET_MSGS_PER_S,
        "batch_latency_ms": latency_summary(latencies),
        "created": {"episodes": counts["Episode"], "facts": counts["Fact"],
                    "entities": counts["Entity"], "aliases": len(merges)},
        "merges": merges, "stages": breakdown(timer, n_messages),
    }
    if worker_ready:  # its CPU (the episodes' embeddings), overlapping the write thread
        result["stages"].append(
            {"stage": "embedding worker process (episodes)", "level": 0, "wall_s": None,
             "share": None, "wall_ms_per_message": None, "cpu_s": round(worker_cpu_s, 3),
             "cpu_ms_per_message": round(1000 * worker_cpu_s / n_messages, 3)})
    if profiler is not None:
        result["profile_top"] = _profile_report(profiler, args.profile)
    return result


@contextmanager
def backend_settings(backend: str, folder: Path) -> Iterator[dict[str, Any]]:
    """Settings fields of the backend: the embedded engine (none), or a fresh real Neo4j 5.26
    under `folder` (bench/neo4j_server.py)."""
    if backend == "falkordb":
        yield {}
        return
    from neo4j_server import running_neo4j

    with running_neo4j(folder / "neo4j") as server:
        server.pop("pid")
        yield server


def run_replicas(args: argparse.Namespace) -> dict[str, Any]:
    """`--replicas N` on Neo4j: N processes, each its own Memory (as N service replicas
    are), on one fresh Neo4j, writing the chats round-robin (each chat one user) at once;
    messages/s over the wall time from the moment every replica is loaded."""
    import multiprocessing

    chats = load_realtalk(args.data)
    remaining = args.limit or sum(len(chat.messages) for chat in chats)
    work: list[list[list[dict[str, Any]]]] = [[] for _ in range(args.replicas)]
    for n, chat in enumerate(chats):
        messages = chat.messages[:remaining]
        remaining -= len(messages)
        work[n % args.replicas] += [messages[i : i + args.batch_size]
                                    for i in range(0, len(messages), args.batch_size)]
    n_messages = sum(len(b) for w in work for b in w)
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="gm-bench-") as data_dir, \
            backend_settings("neo4j", Path(data_dir)) as backend:
        ready = context.Barrier(args.replicas + 1, timeout=900)
        results = context.Queue()
        workers = [context.Process(target=_replica, args=(
            backend, Path(data_dir) / f"replica{n}", args.threads, batches, ready, results))
            for n, batches in enumerate(work)]
        for worker in workers:
            worker.start()
        try:
            ready.wait()
            load_start, started = os.getloadavg()[0], time.perf_counter()
            per_replica = [results.get(timeout=3600) for _ in workers]
            wall_s = time.perf_counter() - started
        finally:
            for worker in workers:
                worker.join(timeout=60)
                if worker.is_alive():
                    worker.kill()
    return {"backend": "neo4j", "replicas": args.replicas, "messages": n_messages,
            "batch_size": args.batch_size, "wall_s": round(wall_s, 2),
            "messages_per_s": round(n_messages / wall_s, 1),
            "per_replica": per_replica,
            "loadavg": [round(load_start, 2), round(os.getloadavg()[0], 2)]}


def _replica(backend: dict[str, Any], data_dir: Path, threads: int,
             batches: list[list[dict[str, Any]]], ready: Any, results: Any) -> None:
    from graph_memory.config import Settings
    from graph_memory.memory import Memory

    settings = Settings(data_dir=data_dir, embedding_threads=threads, **backend)
    with Memory.open(settings) as memory:
        memory.embedder.embed(["warm up"])
        ready.wait()
        started = time.perf_counter()
        for batch in batches:
            memory.write_batch(batch)
        wall_s = time.perf_counter() - started
    messages = sum(len(b) for b in batches)
    results.put({"messages": messages, "wall_s": round(wall_s, 2),
                 "messages_per_s": round(messages / wall_s, 1) if wall_s else None})


def render_replicas(result: dict[str, Any]) -> str:
    rows = [[n, r["messages"], r["wall_s"], r["messages_per_s"]]
            for n, r in enumerate(result["per_replica"])]
    table = markdown_table(["replica", "messages", "wall s", "messages/s"], rows)
    return (f"## Write throughput, {result['replicas']} replicas on one Neo4j 5.26\n\n"
            f"{result['messages']} REALTALK messages in batches of {result['batch_size']}, each "
            f"chat one user, chats spread over the replicas: **{result['messages_per_s']} "
            f"messages/s** together ({result['wall_s']} s; load average "
            f"{' / '.join(map(str, result['loadavg']))}).\n\n{table}\n")


def process_cpu_s(pid: int | None) -> float:
    """User + system CPU seconds of another process so far (0 without one)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _profile_report(profiler: cProfile.Profile, path: Path) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    profiler.dump_stats(str(path))
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(40)
    return out.getvalue()


def render(result: dict[str, Any]) -> str:
    rate, target = result["messages_per_s"], result["target_messages_per_s"]
    summary = markdown_table(
        ["messages", "batch size", "appendfsync", "embedding worker", "embedding precision",
         "wall s", "messages/s",
         "target", "CPU ms / message", "of which worker", "cores busy", "batch p50 ms",
         "batch p95 ms", "episodes", "facts", "entities", "open s"],
        [[result["messages"], result["batch_size"], result["appendfsync"],
          "yes" if result["embedding_worker"] else "no",
          result.get("embedding_precision", "?"), result["wall_s"],
          rate, f">= {target:.0f} ({'met' if rate >= target else 'MISSED'})",
          result["cpu_ms_per_message"], result["worker_cpu_ms_per_message"], result["cores_busy"],
          result["batch_latency_ms"]["p50"], result["batch_latency_ms"]["p95"],
          result["created"]["episodes"], result["created"]["facts"],
          result["created"]["entities"], result["open_s"]]],
    )
    stages = markdown_table(
        ["stage", "wall s", "share of write time", "wall ms / message", "CPU ms / message"],
        [[("&nbsp;&nbsp;" if row["level"] else "") + row["stage"],
          "" if row["wall_s"] is None else row["wall_s"],
          "" if row["share"] is None else f"{100 * row['share']:.1f}%",
          "" if row["wall_ms_per_message"] is None else row["wall_ms_per_message"],
          row["cpu_ms_per_message"]]
         for row in result["stages"]],
    )
    merges = result["merges"]
    shown = "; ".join(f"{m['alias']} -> {m['entity']} ({m['type']})" for m in merges[:40])
    return (
        f"## Throughput\n\n{summary}\n\n"
        "CPU ms / message and cores busy: every thread of this process and the embedding "
        "worker process (which embeds the episodes of each batch), not the engine.\n\n"
        f"Entity names merged into another entity as an alias (name rule or embedding "
        f"similarity >= {result['entity_match_threshold']}): {len(merges)}"
        + (f"; {'the first 40' if len(merges) > 40 else 'all'}: {shown}" if merges else "")
        + "\n\n"
        "## Stage breakdown\n\n"
        "Rows down to the total ran on the write thread and add up to it (indented: parts of "
        "the row above); the rows after it ran on other threads, overlapping it. CPU is per "
        "thread, without the engine process (graph work and fsync of store apply). Load "
        f"average (1 min) at start / end: {result['loadavg'][0]} / {result['loadavg'][1]}.\n\n"
        f"{stages}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=None,
                        help="REALTALK folder (default: ../shared/data/realtalk from the repo)")
    parser.add_argument("--limit", type=int, default=None, help="write only the first N messages")
    parser.add_argument("--batch-size", type=int, default=64, help="messages per write_batch")
    parser.add_argument("--appendfsync", choices=["always", "everysec"], default="always",
                        help="engine durability mode (default: always, the service default)")
    parser.add_argument("--threads", type=int, default=1, help="torch threads for embedding")
    parser.add_argument("--precision", choices=["int8", "bfloat16", "float32"], default=None,
                        help="embedding precision of batches (default: the service's, int8)")
    parser.add_argument("--no-worker", action="store_true",
                        help="embed in-process (GRAPH_MEMORY_EMBEDDING_WORKER=false)")
    parser.add_argument("--progress", type=int, default=20, metavar="N",
                        help="print progress every N batches (0: never)")
    parser.add_argument("--profile", type=Path, default=None, metavar="FILE",
                        help="also cProfile the write loop (write thread only) into FILE")
    parser.add_argument("--name", default=None, help=f"results file name (default: {NAME}, "
                        f"{NAME}_neo4j, {NAME}_neo4j_replicas)")
    parser.add_argument("--backend", choices=["falkordb", "neo4j"], default="falkordb",
                        help="the embedded engine, or a fresh real Neo4j 5.26 (scripts/neo4j)")
    parser.add_argument("--replicas", type=int, default=1,
                        help="Neo4j only: this many Memory processes writing at once")
    args = parser.parse_args()
    if args.batch_size < 1 or (args.limit is not None and args.limit < 1):
        parser.error("--batch-size and --limit must be positive")
    if args.replicas > 1:
        if args.backend != "neo4j":
            parser.error("--replicas needs --backend neo4j")
        replicated = run_replicas(args)
        text = render_replicas(replicated)
        print(f"machine: {machine_line(machine_info())}\n\n{text}")
        paths = save(args.name or f"{NAME}_neo4j_replicas", replicated, text, RESULTS_DIR)
        print("wrote", *paths)
        return
    args.name = args.name or (NAME if args.backend == "falkordb" else f"{NAME}_neo4j")

    result = run(args)
    text = render(result)
    if args.backend == "neo4j":
        text = ("Backend: a fresh real Neo4j 5.26 Community over Bolt (scripts/neo4j, heap and "
                "page cache 1g, same machine); CPU columns leave out the server's.\n\n" + text)
    print(f"machine: {machine_line(machine_info())}\n")
    print(text)
    if "profile_top" in result:
        print(result["profile_top"])
    json_path, md_path = save(args.name, result, text, RESULTS_DIR)
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

"""Recall latency: `Memory.recall` p50/p95/p99 at 1k, 10k and 100k facts on the embedded engine.

Each size is a synthetic memory from `bench/generate.py` (about 333 facts per user), loaded once
into an engine data dir under `bench/.cache/recall-data/` and reused by later runs. After the
indexes are operational, 20 warm-up queries and then `--queries` realistic queries (questions
naming a user's entities, paraphrases without them, terse queries) run against random users
with top_k=10, one at a time. Recorded per call: wall latency, the recaller's own
`timings_ms` per stage, and every store method's time (wrapped on the live store, same
arguments as the recaller). The embedder's LRU cache is cleared before each query so every
query pays its embedding, as an unseen query does. References measured in the same run on the
same queries: the query embedding alone and spaCy query extraction alone. A what-if replays
the channel queries of each recall (seven; eight when the relation channel runs)
sequentially and concurrently (threads).

torch runs with 1 thread (the library default, `embedding_threads`).

    python bench/recall_latency.py --sizes 1000,10000
    python bench/recall_latency.py --sizes 100000       # ~40 min the first time (embedding)
    python bench/recall_latency.py --sizes 100000 --backend both   # and on a real Neo4j 5.26
"""

from __future__ import annotations

import argparse
import functools
import gc
import itertools
import json
import os
import random
import shutil
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import generate as gen
from common import RESULTS_DIR, latency_summary, machine_line, markdown_table, process_memory_mib
from common import machine_info as machine
from common import write_results as save

from graph_memory.config import Settings
from graph_memory.memory import Memory
from graph_memory.models import ExtractionInput
from graph_memory.store.engine import PID_FILE

NAME = "recall_latency"
TARGET_P95_MS = 50.0
STAGES = ("embed", "entities", "channels", "score", "assemble")
CHANNELS = ("search_facts_by_vector", "search_episodes_by_vector", "search_facts_by_text",
            "search_episodes_by_text", "facts_of_entities", "episodes_of_entities",
            "expand_from_entities", "relation_facts")
# Every store read of recall (older and newer names: a missing method is skipped).
TIMED = (*CHANNELS, "get_entities", "resolve_aliases", "similarities_of", "embeddings_of",
         "sources_of_facts", "episode_fact_states", "fact_links", "get_facts",
         "get_facts_and_links", "standing_facts", "touch_facts")
ASK = {"PREFERS": ["Do I still like {o}?", "Would {o} be a good idea for me tonight?"],
       "AVOIDS": ["Should I stay away from {o}?", "Why did I stop liking {o}?"],
       "ALLERGIC_TO": ["Am I allergic to {o}?", "Is {o} safe for me to have?"],
       "HAS_DIET": ["What can I eat on a {o} diet?"], "HAS_GOAL": ["How is my plan to {o} going?"],
       "LIVES_IN": ["Any good cafes near me in {o}?"], "WORKS_AT": ["When did I start at {o}?"],
       "HAS_DEADLINE": ["When is the {s} due?", "Is the {s} still due {o}?"],
       "DEPENDS_ON": ["What is the {s} waiting on?", "Which tasks depend on the {o}?"],
       "HAS_ORDER": ["What was in order {o}?", "Has order {o} arrived yet?"],
       "ORDER_AMOUNT": ["How much did order {s} cost in the end?"],
       "ORDER_CONTAINS": ["When did I order the {o}?", "Which order had the {o} in it?"],
       "HAS_ATTRIBUTE": ["What is the {k} of the {s}?", "who set the {s}'s {k} to {o}?"]}
PARAPHRASES = ["what kind of food am I into these days", "any dietary restrictions to keep in "
               "mind?", "where am I based right now?", "who is my current employer?", "what did "
               "I buy recently?", "which of my projects are running late?", "what am I working "
               "towards this year?", "what's blocking my work projects?", "how much have I spent "
               "on orders lately?", "what clothes size do I wear?", "anything I can't eat?",
               "which deliveries are still pending?", "what hobbies do I enjoy?", "remind me of "
               "my personal details", "who owns the tasks I'm tracking?", "what should you never "
               "suggest to me?", "what deadlines are coming up next month?"]
Query = tuple[str, str, str]  # user id, kind, text


def make_queries(data: list[gen.UserData], n: int, seed: int) -> list[Query]:
    rng, out, seen = random.Random(seed), list[Query](), set[tuple[str, str]]()
    while len(out) < n:
        user = rng.choice(data)
        fact = rng.choice([f for f in user.facts.values() if f.status == "current"])
        s, o = fact.subject_name or "", fact.object_name or ""
        kind = rng.choices(["entity", "paraphrase", "terse"], [5, 3, 2])[0]
        if kind == "paraphrase":
            text = rng.choice(PARAPHRASES)
        elif kind == "terse":
            text = rng.choice([o, f"{s} {fact.key or fact.predicate.lower().replace('_', ' ')}"
                               if s != user.name else f"my {fact.key or 'orders'}"])
        elif fact.predicate == "HAS_ATTRIBUTE" and s == user.name:
            text = f"What is my {fact.key} again?"
        else:
            text = rng.choice(ASK[fact.predicate]).format(s=s, o=o, k=fact.key)
        if (user.user_id, text) not in seen:
            seen.add((user.user_id, text))
            out.append((user.user_id, kind, text))
    return out


class MethodTimer:
    """Wraps store methods on the live store: ms and rows per call, by query index."""

    def __init__(self, store: Any) -> None:
        self.query = -1
        self.samples: dict[str, list[tuple[int, float, int]]] = defaultdict(list)
        self.calls: dict[int, list[tuple[str, tuple[Any, ...]]]] = defaultdict(list)
        for method in TIMED:
            if hasattr(store, method):
                setattr(store, method, self._wrap(method, getattr(store, method)))

    def _wrap(self, method: str, original: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(original)
        def timed(*args: Any) -> Any:
            query, started = self.query, time.perf_counter()
            result = original(*args)
            self.samples[method].append(
                (query, (time.perf_counter() - started) * 1000,
                 len(result) if isinstance(result, list | dict | set) else 0))
            if method in CHANNELS:
                self.calls[query].append((method, args))
            return result
        return timed

    def report(self, queries: int) -> dict[str, Any]:
        out = {}
        for method, rows in self.samples.items():
            timed = [r for r in rows if r[0] >= 0]
            if timed:
                out[method] = {**latency_summary([ms for _, ms, _ in timed]),
                               "calls_per_query": round(len(timed) / queries, 2),
                               "mean_rows": round(sum(n for *_, n in timed) / len(timed), 1)}
        return out


def concurrency_whatif(store: Any, timer: MethodTimer, queries: int) -> dict[str, Any]:
    """Replay each query's recorded channel calls alone, one after the other (per-method times
    without contention from sibling calls), then all at once on 7 threads."""
    seq: list[float] = []
    par: list[float] = []
    alone: dict[str, list[float]] = defaultdict(list)
    with ThreadPoolExecutor(max_workers=len(CHANNELS)) as pool:
        for q in [q for q in sorted(timer.calls) if q >= 0][:queries]:
            calls = [(m, getattr(store, m).__wrapped__, a) for m, a in timer.calls[q]]
            started = time.perf_counter()
            for method, fn, args in calls:
                t0 = time.perf_counter()
                fn(*args)
                alone[method].append((time.perf_counter() - t0) * 1000)
            seq.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            for future in [pool.submit(fn, *args) for _, fn, args in calls]:
                future.result()
            par.append((time.perf_counter() - started) * 1000)
    return {"sequential": latency_summary(seq), "concurrent": latency_summary(par),
            "alone": {m: latency_summary(v) for m, v in alone.items()}}


def wait_for_indexes(memory: Memory, timeout_s: float = 3600) -> float:
    started = time.perf_counter()
    graph = memory.store._graph  # type: ignore[attr-defined]
    while any(row[1] != "OPERATIONAL" for row in graph.query(
            "CALL db.indexes() YIELD label, status RETURN label, status").result_set):
        if time.perf_counter() - started > timeout_s:
            raise SystemExit("indexes still under construction")
        time.sleep(0.5)
    return round(time.perf_counter() - started, 2)


def compact(memory: Memory) -> float:
    """Rewrite the AOF (RDB preamble) so a reopen loads a snapshot, not every write."""
    import redis.exceptions

    started = time.perf_counter()
    engine = memory.store._client.connection  # type: ignore[attr-defined]

    def rewriting() -> bool:
        info = engine.info("persistence")
        return bool(info["aof_rewrite_in_progress"] or info["aof_rewrite_scheduled"])

    while rewriting():  # the engine's own automatic rewrite (auto-aof-rewrite-percentage)
        time.sleep(0.2)
    try:
        engine.bgrewriteaof()
    except redis.exceptions.ResponseError as e:  # one started since: it covers every write
        if "already in progress" not in str(e):
            raise
    while rewriting():
        time.sleep(0.2)
    return round(time.perf_counter() - started, 2)


def build(size: int, args: argparse.Namespace, cache: gen.EmbeddingCache) -> dict[str, Any]:
    started = time.perf_counter()
    data = gen.generate(size, seed=args.seed, facts_per_user=args.facts_per_user)
    out: dict[str, Any] = {"size": size, "shape": gen.shape(data),
                           "generate_s": round(time.perf_counter() - started, 2)}
    out["embed_s"] = round(cache.fill(gen.texts_of(data), gen.embedder_call(args.threads)), 1)
    folder = args.cache_dir / "recall-data" / f"n{size}-u{args.facts_per_user}-s{args.seed}" \
        f"-v{gen.VERSION}"
    marker = folder / "loaded.json"
    if args.rebuild or not marker.is_file():
        shutil.rmtree(folder, ignore_errors=True)
    started = time.perf_counter()
    memory = Memory.open(Settings(data_dir=folder, engine_start_timeout_s=3600,
                                  embedding_threads=1))
    out["open_s"] = round(time.perf_counter() - started, 2)
    try:
        if not marker.is_file():
            print(f"loading {size} facts into {folder}")
            out["apply_s"] = round(gen.load(memory.store, data, cache), 1)
            out["compact_s"] = compact(memory)
            marker.write_text(json.dumps({"apply_s": out["apply_s"], "shape": out["shape"]}))
        else:
            out["apply_s"] = json.loads(marker.read_text())["apply_s"]
            out["reused_data_dir"] = True
        out["index_wait_s"] = wait_for_indexes(memory)
        out["counts"] = {label: memory.store.count(label) for label in ("Fact", "Episode",
                                                                        "Entity")}
        pid = int((folder / PID_FILE).read_text())
        out["engine_after_load"] = process_memory_mib(pid)
        out["aof_mib"] = round(sum(p.stat().st_size for p in folder.rglob("*.a*")) / 2**20, 1)
        out.update(measure(memory, data, args))
        out["engine_after_queries"] = process_memory_mib(pid)
    finally:
        memory.close()
    return out


def build_neo4j(size: int, args: argparse.Namespace, cache: gen.EmbeddingCache) -> dict[str, Any]:
    """The same memory and queries on a real Neo4j 5.26 (bench/neo4j_server.py), one server
    and data dir per size under the cache dir, loaded once and reused."""
    from neo4j_server import running_neo4j, wait_until_online

    started = time.perf_counter()
    data = gen.generate(size, seed=args.seed, facts_per_user=args.facts_per_user)
    out: dict[str, Any] = {"backend": "neo4j", "size": size, "shape": gen.shape(data),
                           "generate_s": round(time.perf_counter() - started, 2)}
    out["embed_s"] = round(cache.fill(gen.texts_of(data), gen.embedder_call(args.threads)), 1)
    folder = args.cache_dir / "recall-neo4j" / f"n{size}-u{args.facts_per_user}-s{args.seed}" \
        f"-v{gen.VERSION}"
    marker = folder / "loaded.json"
    if args.rebuild or not marker.is_file():
        shutil.rmtree(folder, ignore_errors=True)
    with running_neo4j(folder / "server") as server:
        pid = server.pop("pid")
        started = time.perf_counter()
        memory = Memory.open(Settings(data_dir=folder / "service", embedding_threads=1, **server))
        out["open_s"] = round(time.perf_counter() - started, 2)
        try:
            if not marker.is_file():
                print(f"loading {size} facts into Neo4j at {folder}")
                out["apply_s"] = round(gen.load(memory.store, data, cache), 1)
                marker.write_text(json.dumps({"apply_s": out["apply_s"], "shape": out["shape"]}))
            else:
                out["apply_s"] = json.loads(marker.read_text())["apply_s"]
                out["reused_data_dir"] = True
            out["index_wait_s"] = wait_until_online(memory.store)
            out["counts"] = {label: memory.store.count(label)
                             for label in ("Fact", "Episode", "Entity")}
            out["engine_after_load"] = process_memory_mib(pid)
            out["aof_mib"] = "n/a"
            out["store_mib"] = round(sum(p.stat().st_size for p in
                                         (folder / "server" / "data").rglob("*")
                                         if p.is_file()) / 2**20, 1)
            out.update(measure(memory, data, args))
            out["engine_after_queries"] = process_memory_mib(pid)
        finally:
            memory.close()
    return out


def measure(memory: Memory, data: list[gen.UserData], args: argparse.Namespace
            ) -> dict[str, Any]:
    queries = make_queries(data, args.warmup + args.queries, args.seed + 1)
    # As the service does once its models are loaded (api/app.py): long-lived objects leave
    # the generations that full collections walk.
    gc.freeze()
    cache: Any = getattr(memory.embedder, "_cache", {})
    timer = MethodTimer(memory.store)
    if not args.touch:  # use counting writes to the engine after each recall
        memory.store.touch_facts = lambda uses, at: None  # type: ignore[method-assign]
    wall: list[float] = []
    kinds: dict[str, list[float]] = defaultdict(list)
    stages: dict[str, list[float]] = defaultdict(list)
    load = [os.getloadavg()[0]]
    for i, (user, kind, text) in enumerate(queries):
        timer.query = i - args.warmup
        cache.clear()
        started = time.perf_counter()
        response = memory.recall(text, user_id=user, top_k=args.top_k)
        ms = (time.perf_counter() - started) * 1000
        if i >= args.warmup:
            wall.append(ms)
            kinds[kind].append(ms)
            for stage, value in response.timings_ms.items():
                stages[stage].append(value)
    load.append(os.getloadavg()[0])
    timed = queries[args.warmup:]
    embed_ms = []
    for _, _, text in timed:
        cache.clear()
        started = time.perf_counter()
        memory.embedder.embed([text])
        embed_ms.append((time.perf_counter() - started) * 1000)
    from graph_memory.extract.rules import RuleExtractor

    extractor, spacy_ms = RuleExtractor(memory.ontology), []
    for user, _, text in timed:
        started = time.perf_counter()
        extractor.extract([ExtractionInput(text=text, speaker=user)])
        spacy_ms.append((time.perf_counter() - started) * 1000)
    return {"queries": len(timed), "touch": args.touch, "latency_ms": latency_summary(wall),
            "by_kind": {k: latency_summary(v) for k, v in sorted(kinds.items())},
            "stages_ms": {s: latency_summary(stages[s]) for s in STAGES},
            "embed_only_ms": latency_summary(embed_ms), "spacy_only_ms": latency_summary(spacy_ms),
            "store_methods_ms": timer.report(len(timed)),
            "channels_whatif_ms": concurrency_whatif(memory.store, timer, args.whatif),
            "loadavg": [round(x, 2) for x in load], "sample_queries": timed[:12]}


def render(runs: list[dict[str, Any]]) -> str:
    main = markdown_table(
        ["facts", "users", "entities", "episodes", "p50 ms", "p95 ms", "p99 ms", "mean ms",
         "embed-only p50 / p95", "spaCy-only p50", f"p95 <= {TARGET_P95_MS:.0f}", "load avg"],
        [[r["counts"]["Fact"], r["shape"]["users"], r["counts"]["Entity"], r["counts"]["Episode"],
          r["latency_ms"]["p50"], r["latency_ms"]["p95"], r["latency_ms"]["p99"],
          r["latency_ms"]["mean"], f"{r['embed_only_ms']['p50']} / {r['embed_only_ms']['p95']}",
          r["spacy_only_ms"]["p50"], "met" if r["latency_ms"]["p95"] <= TARGET_P95_MS else
          "MISSED", " / ".join(map(str, r["loadavg"]))] for r in runs])
    stages = markdown_table(["facts", *(f"{s} p50 / p95" for s in STAGES)],
                            [[r["size"], *(f"{r['stages_ms'][s]['p50']} / "
                                           f"{r['stages_ms'][s]['p95']}" for s in STAGES)]
                             for r in runs])
    kinds = markdown_table(["facts", *(f"{k} p50 / p95" for k in ("entity", "paraphrase",
                                                                   "terse"))],
                           [[r["size"], *(f"{r['by_kind'][k]['p50']} / {r['by_kind'][k]['p95']}"
                                          if k in r["by_kind"] else "-"  # none of that kind
                                          for k in ("entity", "paraphrase", "terse"))]
                            for r in runs])
    methods = sorted({m for r in runs for m in r["store_methods_ms"]},
                     key=lambda m: -runs[-1]["store_methods_ms"].get(m, {}).get("mean", 0))
    def cell(r: dict[str, Any], m: str) -> str:
        x, alone = r["store_methods_ms"].get(m), r["channels_whatif_ms"]["alone"].get(m)
        if not x:
            return ""
        solo = f" (alone {alone['p50']} / {alone['p95']})" if alone else ""
        return f"{x['calls_per_query']}, {x['p50']} / {x['p95']}{solo}, {x['mean_rows']}"

    store = markdown_table(
        ["store method", *(f"{r['size']}: calls/q, p50 / p95, rows" for r in runs)],
        [[m, *(cell(r, m) for r in runs)] for m in methods])
    whatif = markdown_table(
        ["facts", "channel queries sequential p50 / p95", "concurrent (threads) p50 / p95"],
        [[r["size"], *(f"{r['channels_whatif_ms'][k]['p50']} / {r['channels_whatif_ms'][k]['p95']}"
                       for k in ("sequential", "concurrent"))] for r in runs])
    builds = markdown_table(
        ["facts", "generate s", "embed s (this run)", "apply s", "compact s", "open s",
         "index wait s", "engine RSS MiB after load / queries", "AOF MiB", "facts/entity"],
        [[r["size"], r["generate_s"], r["embed_s"], r["apply_s"], r.get("compact_s", "reused"),
          r["open_s"], r["index_wait_s"], f"{r['engine_after_load']['rss_mib']} / "
          f"{r['engine_after_queries']['rss_mib']}", r["aof_mib"],
          r["shape"]["facts_per_entity"]] for r in runs])
    growth = "; ".join(
        f"{a['size']} -> {b['size']} facts: " + ", ".join(
            f"{q} x{b['latency_ms'][q] / a['latency_ms'][q]:.2f}" for q in ("p50", "p95"))
        for a, b in itertools.pairwise(runs))
    return (f"## Latency of Memory.recall (top_k=10, torch 1 thread)\n\n{main}\n\n"
            f"Growth: {growth or 'one size only'}.\n\n"
            f"![latency vs size]({NAME}.png)\n\n## Stages (RecallResponse.timings_ms)\n\n"
            f"{stages}\n\n## By query kind\n\n{kinds}\n\n## Store methods (ms)\n\nDuring recall "
            f"(channels run concurrently there), and alone: the same calls replayed one at a "
            f"time.\n\n"
            f"{store}\n\n## What-if: channel queries concurrently\n\n{whatif}\n\n"
            f"## Build\n\n{builds}\n")


def plot(runs: list[dict[str, Any]], path: Path, backend: str = "embedded FalkorDB") -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["counts"]["Fact"] for r in runs]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key, style in (("p50", "o-"), ("p95", "s-"), ("p99", "^-")):
        ax.plot(x, [r["latency_ms"][key] for r in runs], style, label=f"recall {key}")
    ax.plot(x, [r["embed_only_ms"]["p50"] for r in runs], "x--", label="query embedding p50")
    ax.axhline(TARGET_P95_MS, color="grey", linestyle=":", label="p95 target")
    ax.set(xscale="log", yscale="log", xlabel="facts in the memory", ylabel="latency (ms)",
           title=f"Memory.recall latency ({backend}, top_k=10)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000,100000", help="comma-separated facts")
    parser.add_argument("--queries", type=int, default=300, help="timed queries per size")
    parser.add_argument("--warmup", type=int, default=20, help="untimed queries first")
    parser.add_argument("--top-k", type=int, default=10)
    parser.add_argument("--whatif", type=int, default=100, help="queries in the what-if replay")
    parser.add_argument("--touch", action=argparse.BooleanOptionalAction, default=True,
                        help="recall's use counting (a write after each recall; default on)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--facts-per-user", type=int, default=gen.FACTS_PER_USER)
    parser.add_argument("--threads", type=int, default=1, help="torch threads while building")
    parser.add_argument("--cache-dir", type=Path, default=gen.CACHE_DIR)
    parser.add_argument("--rebuild", action="store_true", help="reload the engine data dirs")
    parser.add_argument("--fresh", action="store_true",
                        help="drop sizes of earlier runs from the results (default: merge)")
    parser.add_argument("--name", default=None,
                        help=f"results file name (default: {NAME}; Neo4j's gets _neo4j after it)")
    parser.add_argument("--backend", choices=["falkordb", "neo4j", "both"], default="falkordb",
                        help="embedded FalkorDB, a real Neo4j 5.26 (scripts/neo4j), or both")
    args = parser.parse_args()
    for backend in ("falkordb", "neo4j") if args.backend == "both" else (args.backend,):
        run_backend(backend, args)


def run_backend(backend: str, args: argparse.Namespace) -> None:
    name = (args.name or NAME) + ("" if backend == "falkordb" else "_neo4j")
    sizes = [int(s) for s in args.sizes.split(",")]
    cache = gen.EmbeddingCache(args.cache_dir / "embeddings" / "all-MiniLM-L6-v2")
    builder = build if backend == "falkordb" else build_neo4j
    runs = [builder(size, args, cache) for size in sizes]
    old = RESULTS_DIR / f"{name}.json"
    if old.is_file() and not args.fresh:
        runs += [r for r in json.loads(old.read_text())["runs"] if r["size"] not in sizes]
    runs.sort(key=lambda r: r["size"])
    text = render(runs).replace(f"({NAME}.png)", f"({name}.png)")
    if backend == "neo4j":
        text = ("Backend: a real Neo4j 5.26 Community over Bolt (scripts/neo4j, heap and page "
                "cache 1g, on the same machine).\n\n" + text)
    print(f"machine: {machine_line(machine())}\n\n{text}")
    plot(runs, RESULTS_DIR / f"{name}.png",
         "embedded FalkorDB" if backend == "falkordb" else "Neo4j 5.26 over Bolt")
    paths = save(name, {"target_p95_ms": TARGET_P95_MS, "torch_threads": 1, "backend": backend,
                        "runs": runs}, text, RESULTS_DIR)
    print("wrote", *paths, RESULTS_DIR / f"{name}.png")


if __name__ == "__main__":
    main()

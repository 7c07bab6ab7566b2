"""Consolidation: does it merge what should merge, conclude what was said often enough, and
what does it cost?

Part 1, a scripted user with a known truth. Twelve preferences, each stated 1-4 times over
several sessions, some in two wordings that name the same thing ("Italian food" / "Italian
cuisine": they should merge), next to pairs that look alike but differ ("red wine" / "white
wine", "Python 2" / "Python 3": they must not). After the writes (the third confirmation of a
wording consolidates at once) one on-demand `summarize` runs. Reported: precision and recall of
the merges over the pairs of facts, and of the semantic memories over the preferences stated at
least `min_evidence` (3) times in all.

Part 2, REALTALK (10 long real chats, one user each): every message is written, then each user
is consolidated on demand; reported per user: facts, groups looked at, merges, semantic
memories (made by writes and on demand), and the time of a dry run and of the real run.
Examples of what was learned and merged are listed for reading.

    python bench/consolidation.py
    python bench/consolidation.py --chats 2
"""

from __future__ import annotations

import argparse
import tempfile
import time
from datetime import UTC, datetime, timedelta
from itertools import combinations
from pathlib import Path
from typing import Any

from common import load_realtalk, markdown_table
from common import write_results as save

from graph_memory.config import Settings
from graph_memory.memory import Memory
from graph_memory.models import Episode, Fact

NAME = "consolidation"
T0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
# (the thing meant, its wordings with how often each is said): wordings of one thing should
# merge; different things never.
PREFERENCES: list[tuple[str, list[tuple[str, int]]]] = [
    ("italian", [("Italian food", 2), ("Italian cuisine", 1)]),
    ("horror", [("horror movies", 1), ("horror films", 2)]),
    ("spicy", [("spicy food", 2), ("spicy dishes", 2)]),
    ("jazz", [("jazz", 2), ("jazz music", 1)]),
    ("scifi", [("sci-fi books", 1), ("science fiction novels", 1)]),
    ("red wine", [("red wine", 3)]),
    ("white wine", [("white wine", 1)]),
    ("tea", [("tea", 4)]),
    ("coffee", [("coffee", 1)]),
    ("python3", [("Python 3", 2)]),
    ("python2", [("Python 2", 1)]),
    ("hiking", [("hiking", 1)]),
]
TEMPLATES = ("I love {}.", "I really love {}.", "Honestly, I love {}.", "I still love {}.")


def scripted(memory: Memory) -> dict[str, Any]:
    user = "bench-user"
    said = 0
    for meaning, wordings in PREFERENCES:
        for wording, times in wordings:
            for i in range(times):
                memory.write(TEMPLATES[i].format(wording), user_id=user, speaker="Ana",
                             session_id=f"s{said % 5}",
                             timestamp=T0 + timedelta(hours=said), source_id=f"{meaning}:{said}")
                said += 1
    made_by_writes = {m.id for m in memory.semantic_memories(user)}
    started = time.perf_counter()
    report = memory.summarize(user)
    seconds = time.perf_counter() - started
    facts = {f.id: f for f in memory.facts(user, statuses=["current", "merged"], limit=1000)
             if f.memory_type != "semantic"}
    # The truth of a fact: the preference its first episode was written for (its source id).
    truth: dict[str, str] = {}
    for fact_id in facts:
        stored = memory.get(fact_id)
        assert isinstance(stored, Fact) and stored.episode_ids
        episode = memory.get(sorted(stored.episode_ids)[0])
        assert isinstance(episode, Episode) and episode.source_id
        truth[fact_id] = episode.source_id.split(":")[0]

    merged_pairs = {frozenset((m.fact_id, m.into_id)) for m in report.merges}
    true_pairs = {frozenset(p) for p in combinations(facts, 2) if truth[p[0]] == truth[p[1]]}
    found_merges = merged_pairs & true_pairs
    semantic = memory.semantic_memories(user)
    concluded = {truth[m.evidence[0]] for m in semantic}
    expected = {m for m, ws in PREFERENCES if sum(n for _, n in ws) >= 3}
    return {
        "statements": said,
        "facts": len(facts),
        "merges": [{"fact": facts[m.fact_id].object_name, "into": facts[m.into_id].object_name,
                    "cosine": m.similarity} for m in report.merges],
        "merge_precision": len(found_merges) / len(merged_pairs) if merged_pairs else 1.0,
        "merge_recall": len(found_merges) / len(true_pairs) if true_pairs else 1.0,
        "missed_merges": sorted(
            f"{facts[a].object_name} / {facts[b].object_name}"
            for a, b in (tuple(p) for p in true_pairs - merged_pairs)
        ),
        "semantic_expected": sorted(expected),
        "semantic_made": sorted(concluded),
        "semantic_by_writes": len(made_by_writes),
        "semantic_precision": len(concluded & expected) / len(concluded) if concluded else 1.0,
        "semantic_recall": len(concluded & expected) / len(expected),
        "summaries": [m.summary for m in semantic],
        "summarize_ms": round(seconds * 1000, 1),
    }


def realtalk(memory: Memory, data: Path | None, chats: int | None) -> list[dict[str, Any]]:
    rows = []
    for chat in load_realtalk(data, list(range(1, chats + 1)) if chats else None):
        for start in range(0, len(chat.messages), 64):
            memory.write_batch(chat.messages[start:start + 64])
        by_writes = len(memory.semantic_memories(chat.user_id, limit=10_000))
        started = time.perf_counter()
        dry = memory.summarize(chat.user_id, dry_run=True)
        dry_ms = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        report = memory.summarize(chat.user_id)
        run_ms = (time.perf_counter() - started) * 1000
        facts = memory.facts(chat.user_id, statuses=None, limit=10_000)
        semantic = memory.semantic_memories(chat.user_id, limit=10_000)
        assert len(dry.created) == len(report.created) and len(dry.merges) == len(report.merges)
        rows.append({
            "user": chat.user_id, "messages": len(chat.messages),
            "facts": sum(f.memory_type != "semantic" for f in facts), "groups": report.groups,
            "merges": len(report.merges), "semantic_by_writes": by_writes,
            "semantic_on_demand": len(report.created), "semantic_total": len(semantic),
            "dry_run_ms": round(dry_ms, 1), "summarize_ms": round(run_ms, 1),
            "examples": [m.summary for m in semantic[:5]],
            "merged": [m.reason for m in report.merges[:5]],
        })
    return rows


def render(result: dict[str, Any]) -> str:
    s = result["scripted"]
    lines = [
        "## Scripted user (known truth)", "",
        f"{s['statements']} statements of {len(PREFERENCES)} preferences; {s['facts']} facts "
        f"after the writes; one summarize took {s['summarize_ms']} ms.", "",
        markdown_table(["measure", "precision", "recall"], [
            ["merges (pairs of facts naming one thing)", f"{s['merge_precision']:.2f}",
             f"{s['merge_recall']:.2f}"],
            ["semantic memories (stated >= 3 times in all)", f"{s['semantic_precision']:.2f}",
             f"{s['semantic_recall']:.2f}"],
        ]), "",
        "Merged: " + "; ".join(f"{m['fact']} -> {m['into']} ({m['cosine']:.2f})"
                              for m in s["merges"]) + ".",
        f"Not merged although the same: {', '.join(s['missed_merges']) or 'none'}.",
        f"Expected conclusions: {', '.join(s['semantic_expected'])}; made: "
        f"{', '.join(s['semantic_made'])} ({s['semantic_by_writes']} of them by the writes).", "",
        *(f"- {summary}" for summary in s["summaries"]), "",
        "## REALTALK", "",
        markdown_table(
            ["user", "messages", "facts", "groups", "merges", "semantic by writes",
             "semantic on demand", "dry run ms", "summarize ms"],
            [[r["user"], r["messages"], r["facts"], r["groups"], r["merges"],
              r["semantic_by_writes"], r["semantic_on_demand"], r["dry_run_ms"],
              r["summarize_ms"]] for r in result["realtalk"]],
        ), "",
        "Examples:", "",
        *(f"- {r['user']}: {example}" for r in result["realtalk"] for example in r["examples"]),
        *(f"- {r['user']} merged: {reason}" for r in result["realtalk"] for reason in r["merged"]),
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=None, help="REALTALK directory")
    parser.add_argument("--chats", type=int, default=None, help="only the first N chats")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = Settings(data_dir=Path(tmp) / "data", consolidation_idle_seconds=0)
        with Memory.open(settings) as memory:
            result = {"scripted": scripted(memory),
                      "realtalk": realtalk(memory, args.data, args.chats)}
    markdown = render(result)
    print(markdown)
    json_path, md_path = save(NAME, result, markdown)
    print(f"\nwrote {json_path} and {md_path}")


if __name__ == "__main__":
    main()

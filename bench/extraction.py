"""Extraction benchmark (issue 11): the default extractor and the conflict policy against the
labelled data in bench/data/extraction/ (guidelines and match rule in its README.md).

- Utterances: each item's text (speaker, addressee, timestamp) goes through the extractor of a
  real Memory (built as Memory.open builds it); predicted facts are matched one-to-one to the
  gold facts; precision / recall / F1 overall, per source and per relation family, facts per
  item; and the share of gold `when` dates on which the write path stores the fact (each dated
  item written as its own user; occurred_at, as a user gets it).
- Sequences: each sequence's messages are written in order into a fresh user of that Memory
  (embedded FalkorDB in a temp dir); its facts of every status are then compared with the gold
  `current` and `superseded` lists: supersession precision / recall, current precision /
  recall, and the reasons (cues) recorded on the supersessions.
- `--realtalk`: every message of the 10 REALTALK chats is extracted: facts per message, share
  of messages with a fact, facts per relation, and the share of the per-session event
  summaries a fact of that speaker from that session covers.
- `--sample N`: N extracted REALTALK facts for hand labelling (realtalk_sample.yaml), ranked
  by a seeded hash (`--sample-seed`, recorded in the file; a fresh seed draws a fresh sample).

    python bench/extraction.py                        # both halves, utterances + sequences
    python bench/extraction.py --split tune --errors  # and list the tune half's mistakes
    python bench/extraction.py --realtalk --sample 100
    python bench/extraction.py --realtalk --sample 100 --sample-seed my-fresh-seed
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import re
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from common import BENCH_DIR, code_state, load_realtalk, markdown_table, write_results
from extraction_scoring import (
    DATA_DIR,
    Fact,
    load_half,
    predicted_facts,
    prf,
    run_sequences,
    run_utterances,
    run_when,
    sequence_report,
    utterance_report,
)

from graph_memory.config import Settings
from graph_memory.memory import Memory
from graph_memory.models import ExtractionInput
from graph_memory.text import keyword_terms

NAME = "extraction"
SAMPLE_FILE = DATA_DIR / "realtalk_sample.yaml"
ERRORS_FILE = BENCH_DIR / "results" / "extraction.tune_errors.md"
SAMPLE_SEED = "extraction-bench-sample-v1"
BATCH = 128


# --- REALTALK --------------------------------------------------------------------------------
@dataclass(frozen=True)
class CorpusFact:
    chat: str  # file stem, "Chat_1_Emi_Elise"
    source_id: str
    session: str
    speaker: str
    addressee: str
    text: str
    fact: Fact

    @property
    def identity(self) -> str:
        f = self.fact
        return "|".join((self.chat, self.source_id, f.subject, f.relations[0], f.object,
                         f.key or "", str(f.negated)))


# Keys that name a thing (a role, a kind, a context, an attribute) count for event coverage;
# a verb lemma (DID, STATES: "try", "start") or a judgement (HAS_OPINION: "great") would match
# nearly any summary ("Kate tried ...") without the fact saying what happened.
_NOUN_KEYS = frozenset({"HAS_RELATIVE", "HAS_PET", "PREFERS", "AVOIDS", "HAS_ATTRIBUTE"})


def _fact_terms(fact: Fact) -> set[str]:
    key = fact.key if fact.key and fact.relations[0] in _NOUN_KEYS else ""
    return set(keyword_terms(f"{fact.object} {key}"))


def roles_agree(raw: dict[str, Any], messages: Sequence[dict[str, Any]]) -> bool:
    """Do the summaries of agent_a share more words with speaker_1's messages of their
    session, and agent_b's with speaker_2's, than the other way round?"""
    said: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for m in messages:
        said[(m["session_id"], m["speaker"])] |= set(keyword_terms(m["text"]))
    s1, s2 = raw["name"]["speaker_1"], raw["name"]["speaker_2"]
    straight = crossed = 0
    for key, sessions in raw.items():
        number = re.fullmatch(r"events_session_(\d+)", key)
        if number is None:
            continue
        session = f"session_{number.group(1)}"
        for agent, own, other in (("agent_a", s1, s2), ("agent_b", s2, s1)):
            for event in sessions.get(agent, []):
                words = set(keyword_terms(str(event.get("sub-event", ""))))
                straight += len(words & said[(session, own)])
                crossed += len(words & said[(session, other)])
    return straight > crossed


def event_coverage(raw: dict[str, Any], facts: Sequence[CorpusFact]) -> dict[str, Any]:
    """Share of the chat's per-session event summaries that a fact of that speaker from that
    session covers (a shared stemmed content word between the fact's object, or its key when
    the key names a thing, and the event). Summaries name people by persona names: agent_a
    is speaker_1 and agent_b is speaker_2 (the data's own name fields and the word overlap
    with each speaker's messages agree on that in all 10 chats); the persona name (the
    event's first word) is no match."""
    speakers = {"agent_a": raw["name"]["speaker_1"], "agent_b": raw["name"]["speaker_2"]}
    terms: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for cf in facts:
        terms[(cf.session, cf.speaker)] |= _fact_terms(cf.fact)
    covered = total = 0
    for key, sessions in raw.items():
        number = re.fullmatch(r"events_session_(\d+)", key)
        if number is None:
            continue
        for agent, speaker in speakers.items():
            for event in sessions.get(agent, []):
                text = str(event.get("sub-event", "")).strip()
                if not text:
                    continue
                persona = set(keyword_terms(text.split()[0])) | set(keyword_terms(speaker))
                words = set(keyword_terms(text)) - persona
                total += 1
                covered += bool(words & terms[(f"session_{number.group(1)}", speaker)])
    return {"events": total, "covered": covered}


def run_realtalk(extractor: Any) -> tuple[dict[str, Any], list[CorpusFact]]:
    messages = 0
    with_fact = 0
    found: list[CorpusFact] = []
    coverage = {"events": 0, "covered": 0}
    per_chat = {}
    for chat in load_realtalk():
        raw = json.loads(chat.path.read_text(encoding="utf-8"))
        names = (raw["name"]["speaker_1"], raw["name"]["speaker_2"])
        inputs = [ExtractionInput(text=m["text"], speaker=m["speaker"], timestamp=m["timestamp"],
                                  addressee=names[1] if m["speaker"] == names[0] else names[0])
                  for m in chat.messages]
        chat_facts: list[CorpusFact] = []
        for start in range(0, len(inputs), BATCH):
            batch = inputs[start : start + BATCH]
            for m, item, extraction in zip(chat.messages[start:], batch,
                                           extractor.extract(batch), strict=False):
                facts = predicted_facts(extraction)
                with_fact += bool(facts)
                chat_facts += [CorpusFact(chat.path.stem, m["source_id"], m["session_id"],
                                          item.speaker, item.addressee or "", item.text, f)
                               for f in facts]
        messages += len(inputs)
        cov = event_coverage(raw, chat_facts)
        per_chat[chat.path.stem] = {"messages": len(inputs), "facts": len(chat_facts), **cov,
                                    "agent_a_is_speaker_1": roles_agree(raw, chat.messages)}
        coverage = {k: coverage[k] + cov[k] for k in coverage}
        found += chat_facts
    relations = collections.Counter(cf.fact.relations[0] for cf in found)
    return {
        "messages": messages,
        "facts": len(found),
        "facts_per_message": round(len(found) / messages, 4),
        "share_of_messages_with_fact": round(with_fact / messages, 4),
        "facts_per_relation": dict(relations.most_common()),
        "event_coverage": {**coverage, "share": round(coverage["covered"] / coverage["events"], 4),
                           "roles_checked": all(c["agent_a_is_speaker_1"]
                                                for c in per_chat.values())},
        "per_chat": per_chat,
    }, found


def sample_facts(found: Sequence[CorpusFact], n: int, seed: str = SAMPLE_SEED
                 ) -> list[CorpusFact]:
    """N facts ranked by a seeded hash of their identity: a fact keeps its place while the
    extractor changes around it, so labels carry over."""
    def rank(cf: CorpusFact) -> str:
        return hashlib.sha256(f"{seed}|{cf.identity}".encode()).hexdigest()

    return sorted(sorted(found, key=rank)[:n], key=lambda cf: (cf.chat, cf.source_id))


def sample_seed(path: Path = SAMPLE_FILE) -> str | None:
    """The seed recorded in the sample file's header, if any."""
    if not path.exists():
        return None
    match = re.search(r"^# seed: (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    return match.group(1).strip() if match else None


def write_sample(sample: Sequence[CorpusFact], path: Path = SAMPLE_FILE,
                 seed: str = SAMPLE_SEED) -> dict[str, Any]:
    """Write the sample for labelling, keeping the labels of facts labelled before with the same
    seed (a file with no recorded seed was drawn with SAMPLE_SEED); a fresh seed starts
    unlabelled. Returns the precision over the labelled ones."""
    old: dict[str, dict[str, Any]] = {}
    if path.exists() and (sample_seed(path) or SAMPLE_SEED) == seed:
        for row in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
            old[row["identity"]] = row
    rows = []
    for cf in sample:
        f, before = cf.fact, old.get(cf.identity, {})
        rows.append({
            "identity": cf.identity,
            "source": f"realtalk:{cf.chat}:{cf.source_id}",
            "speaker": cf.speaker, "addressee": cf.addressee, "text": cf.text,
            "fact": {"subject": f.subject, "relation": f.relations[0], "object": f.object,
                     **({"key": f.key} if f.key else {}),
                     **({"when": f.when.isoformat()} if f.when else {}),
                     **({"negated": True} if f.negated else {})},
            "correct": before.get("correct"), "note": before.get("note") or "",
        })
    header = ("# Extracted REALTALK facts for hand labelling (bench/extraction.py --sample):\n"
              "# correct: true/false judged against bench/data/extraction/README.md, note when\n"
              "# false. Labels are kept across runs for facts that stay the same (identity).\n"
              f"# seed: {seed}\n")
    path.write_text(header + yaml.safe_dump(rows, sort_keys=False, allow_unicode=True,
                                            width=100), encoding="utf-8")
    labelled = [r["correct"] for r in rows if r["correct"] is not None]
    return {"size": len(rows), "labelled": len(labelled), "correct": sum(map(bool, labelled)),
            "precision": round(sum(map(bool, labelled)) / len(labelled), 4) if labelled
            else None, "seed": seed, "file": str(path.relative_to(BENCH_DIR.parent))}


# --- report ----------------------------------------------------------------------------------
def _prf_cells(s: dict[str, Any]) -> list[object]:
    return [s["precision"], s["recall"], s["f1"], s["gold"], s["predicted"]]


def markdown(results: dict[str, Any]) -> str:
    halves = results["halves"]
    parts = ["## Utterances (precision / recall / F1; gold and predicted fact counts)\n",
             markdown_table(
                 ["half", "items", "scope", "P", "R", "F1", "gold", "predicted"],
                 [[h, r["utterances"]["items"], scope, *_prf_cells(s)]
                  for h, r in halves.items()
                  for scope, s in [("all", r["utterances"]["overall"]),
                                   *r["utterances"]["by_source"].items()]])]
    parts.append("\n" + markdown_table(
        ["half", "facts/item predicted", "facts/item gold", "negatives", "negatives with a fact",
         "gold `when`", "`when` right", "share"],
        [[h, u["facts_per_item"]["predicted"], u["facts_per_item"]["gold"],
          u["negatives"]["items"], u["negatives"]["with_a_fact"], u["when"]["gold"],
          u["when"]["right"], u["when"]["share"]]
         for h, r in halves.items() for u in [r["utterances"]]]))
    families = sorted({f for r in halves.values() for f in r["utterances"]["by_family"]})
    parts += ["\n### Per relation family\n", markdown_table(
        ["family", *[f"{h} {c}" for h in halves for c in ("P", "R", "F1", "gold", "pred")]],
        [[f, *[c for h in halves for c in _prf_cells(halves[h]["utterances"]["by_family"].get(
            f, prf(0, 0, 0)))]] for f in families])]
    parts += ["\n## Change sequences (supersession and current state)\n", markdown_table(
        ["half", "sequences", "superseded P", "superseded R", "current P", "current R",
         "superseded found", "unlisted current", "conflicted"],
        [[h, s["sequences"], s["supersession"]["precision"], s["supersession"]["recall"],
          s["current"]["precision"], s["current"]["recall"], s["supersession"]["predicted"],
          s["unlisted_current_facts"], s["conflicted_facts"]]
         for h, r in halves.items() for s in [r["sequences"]]])]
    parts += ["\n### Per kind\n", markdown_table(
        ["half", "kind", "superseded P", "superseded R", "gold superseded", "current P",
         "current R", "gold current"],
        [[h, k, v["supersession"]["precision"], v["supersession"]["recall"],
          v["supersession"]["gold"], v["current"]["precision"], v["current"]["recall"],
          v["current"]["gold"]]
         for h, r in halves.items() for k, v in r["sequences"]["by_kind"].items()])]
    reasons = collections.Counter[str]()
    for r in halves.values():
        reasons.update(r["sequences"]["supersession_reasons"])
    if reasons:
        parts += ["\n### Supersession reasons (all halves run)\n", markdown_table(
            ["reason", "superseded facts"], reasons.most_common(15))]
    if "realtalk" in results:
        rt = results["realtalk"]
        parts += ["\n## REALTALK, every message\n", markdown_table(
            ["messages", "facts", "facts/message", "share with a fact", "events",
             "events covered", "coverage", "agent_a = speaker_1 checked"],
            [[rt["messages"], rt["facts"], rt["facts_per_message"],
              rt["share_of_messages_with_fact"], rt["event_coverage"]["events"],
              rt["event_coverage"]["covered"], rt["event_coverage"]["share"],
              rt["event_coverage"]["roles_checked"]]]),
            "\n", markdown_table(["relation", "facts"], list(rt["facts_per_relation"].items()))]
    if "sample" in results:
        s = results["sample"]
        parts += ["\n## Hand-labelled REALTALK sample\n", markdown_table(
            ["seed", "sampled", "labelled", "correct", "precision"],
            [[s["seed"], s["size"], s["labelled"], s["correct"], s["precision"]]])]
    parts.append(f"\n{results['timing_note']}\n")
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--split", choices=("tune", "test", "both"), default="both")
    parser.add_argument("--realtalk", action="store_true",
                        help="also extract every REALTALK message (corpus statistics)")
    parser.add_argument("--sample", type=int, default=0, metavar="N",
                        help="write N extracted REALTALK facts to realtalk_sample.yaml for "
                        "labelling (implies --realtalk)")
    parser.add_argument("--sample-seed", default=SAMPLE_SEED, metavar="SEED",
                        help=f"the sample's seed (default {SAMPLE_SEED!r}); labels carry over "
                        "only within one seed")
    parser.add_argument("--errors", action="store_true",
                        help=f"write the tune half's mistakes to {ERRORS_FILE.name}")
    args = parser.parse_args(argv)
    if args.sample < 0:
        parser.error("--sample must be >= 0")
    halves = ("tune", "test") if args.split == "both" else (args.split,)
    state = code_state()
    started = time.perf_counter()
    load = os.getloadavg()
    results: dict[str, Any] = {"split": args.split, "code": state, "halves": {}}
    timing: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as data_dir:
        settings = Settings(data_dir=Path(data_dir), embedding_threads=1,
                            consolidation_idle_seconds=0, appendfsync="everysec")
        memory = Memory.open(settings)  # the extractor Memory.open builds: the default one
        try:
            timing["open_s"] = time.perf_counter() - started
            for half in halves:
                utterances, sequences = load_half(half)
                t0 = time.perf_counter()
                u_score = run_utterances(memory.extractor, utterances, BATCH)
                run_when(memory, utterances, u_score, BATCH)
                t1 = time.perf_counter()
                s_score = run_sequences(memory, sequences)
                timing[f"{half}_utterances_s"] = t1 - t0
                timing[f"{half}_sequences_s"] = time.perf_counter() - t1
                results["halves"][half] = {"utterances": utterance_report(u_score),
                                           "sequences": sequence_report(s_score)}
                if args.errors and half == "tune":
                    ERRORS_FILE.write_text(
                        "# Extraction benchmark: the tune half's mistakes\n\n## Utterances\n\n"
                        + "\n".join(u_score.errors) + "\n\n## Sequences\n\n"
                        + "\n".join(s_score.errors) + "\n", encoding="utf-8")
            if args.realtalk or args.sample:
                t0 = time.perf_counter()
                results["realtalk"], found = run_realtalk(memory.extractor)
                timing["realtalk_s"] = time.perf_counter() - t0
                if args.sample:
                    results["sample"] = write_sample(
                        sample_facts(found, args.sample, args.sample_seed),
                        seed=args.sample_seed)
        finally:
            memory.close()
    timing["total_s"] = time.perf_counter() - started
    results["timing_s"] = {k: round(v, 1) for k, v in timing.items()}
    end_load = os.getloadavg()
    results["load_average"] = {"start": [round(x, 2) for x in load],
                               "end": [round(x, 2) for x in end_load]}
    results["timing_note"] = (
        f"Run time {timing['total_s']:.0f} s; load average {load[0]:.2f} at the start and "
        f"{end_load[0]:.2f} at the end (2-core machine shared with other work).")
    text = markdown(results)
    print(text)
    write_results(NAME, results, text)
    return results


if __name__ == "__main__":
    main()

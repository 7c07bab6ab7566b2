"""Scoring for the extraction benchmark (bench/extraction.py): the labelled data, the
tune / test split, the match rule of bench/data/extraction/README.md and the arithmetic of
precision and recall, and the runs of both extraction benchmarks (English and Chinese) against
a Memory the caller opens. No models loaded here: tests/test_bench_extraction.py tests the
arithmetic on tiny inputs.
"""

from __future__ import annotations

import collections
import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import yaml
from common import BENCH_DIR

from graph_memory.models import SEMANTIC_MEMORY_TYPE, ExtractionInput

if TYPE_CHECKING:
    from graph_memory.memory import Memory

DATA_DIR = BENCH_DIR / "data" / "extraction"
FAMILIES: dict[str, str] = {
    "IS_A": "identity", "FROM": "identity", "SPEAKS": "identity",
    "HAS_RELATIVE": "relationship", "HAS_PET": "pet",
    "OWNS": "possession", "HAS_HOBBY": "hobby", "HAS_HABIT": "hobby", "ATTENDED": "event",
    "VISITED": "event",
    "DID": "event", "HAS_GOAL": "plan", "STUDIES": "work_study", "STUDIES_AT": "work_study",
    "WORKS_AT": "work_study", "HAS_CONDITION": "health", "HAS_OPINION": "opinion",
    "STATES": "open", "ALLERGIC_TO": "constraint", "HAS_DIET": "constraint",
    "PREFERS": "preference", "AVOIDS": "preference", "LIVES_IN": "place",
    "HAS_ATTRIBUTE": "attribute", "DEPENDS_ON": "task", "HAS_DEADLINE": "task",
    "HAS_ORDER": "order", "ORDER_CONTAINS": "order", "ORDER_AMOUNT": "order",
}
_DROPPED = frozenset(["a", "an", "the", "my", "your", "his", "her", "our", "their", "its"])
_PUNCT = re.compile(r"[^\w\s-]|(?<!\w)-|-(?!\w)")
T = TypeVar("T")


# --- data ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Fact:
    """A gold or predicted fact; a gold relation may list several equally right readings."""

    subject: str
    relations: tuple[str, ...]
    object: str
    key: str | None = None
    when: date | None = None
    negated: bool = False

    @property
    def family(self) -> str:
        return FAMILIES.get(self.relations[0], "other")

    def label(self) -> str:
        key = f" [{self.key}]" if self.key else ""
        neg = " (negated)" if self.negated else ""
        return f"{self.subject} {'|'.join(self.relations)} {self.object}{key}{neg}"


@dataclass(frozen=True)
class Utterance:
    id: str
    source: str
    speaker: str
    addressee: str | None
    timestamp: datetime
    text: str
    facts: tuple[Fact, ...]


@dataclass(frozen=True)
class Message:
    text: str
    timestamp: datetime


@dataclass(frozen=True)
class ChangeSequence:
    id: str
    kind: str
    speaker: str
    addressee: str | None
    messages: tuple[Message, ...]
    current: tuple[Fact, ...]
    superseded: tuple[Fact, ...]


def _time(value: Any) -> datetime:
    parsed = value if isinstance(value, datetime) else datetime.fromisoformat(str(value))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def gold_fact(raw: dict[str, Any]) -> Fact:
    unknown = set(raw) - {"subject", "relation", "object", "key", "when", "negated"}
    if unknown:
        raise ValueError(f"unknown fact fields {sorted(unknown)} in {raw}")
    relation = raw["relation"]
    relations = tuple(relation) if isinstance(relation, list) else (str(relation),)
    for name in relations:
        if name not in FAMILIES:
            raise ValueError(f"unknown relation {name!r} in {raw}")
    when = raw.get("when")
    return Fact(str(raw["subject"]), relations, str(raw["object"]),
                None if raw.get("key") is None else str(raw["key"]),
                date.fromisoformat(str(when)) if when is not None else None,
                bool(raw.get("negated", False)))


def load_half(half: str, data_dir: Path = DATA_DIR
              ) -> tuple[list[Utterance], list[ChangeSequence]]:
    """The utterances and change sequences of one half's file (tune.yaml, test.yaml)."""
    raw = yaml.safe_load((data_dir / f"{half}.yaml").read_text(encoding="utf-8"))
    utterances = [
        Utterance(u["id"], u["source"], u["speaker"], u.get("addressee"), _time(u["timestamp"]),
                  u["text"], tuple(gold_fact(f) for f in u["facts"]))
        for u in raw["utterances"]
    ]
    sequences = [
        ChangeSequence(s["id"], s["kind"], s["speaker"], s.get("addressee"),
                       tuple(Message(m["text"], _time(m["timestamp"])) for m in s["messages"]),
                       tuple(gold_fact(f) for f in s["current"]),
                       tuple(gold_fact(f) for f in s["superseded"]))
        for s in raw["sequences"]
    ]
    return utterances, sequences


def stratified_split(
    items: Sequence[T], item_id: Callable[[T], str], stratum: Callable[[T], str]
) -> dict[str, list[T]]:
    """The tune / test halves: within each stratum, items in order of the SHA-256 of their id
    alternate tune, test, tune... (each half keeps the input order)."""
    groups: dict[str, list[T]] = collections.defaultdict(list)
    for item in items:
        groups[stratum(item)].append(item)
    half_of: dict[str, str] = {}
    for members in groups.values():
        ranked = sorted(members, key=lambda x: hashlib.sha256(item_id(x).encode()).hexdigest())
        for rank, item in enumerate(ranked):
            half_of[item_id(item)] = "tune" if rank % 2 == 0 else "test"
    return {h: [x for x in items if half_of[item_id(x)] == h] for h in ("tune", "test")}


def utterance_stratum(u: Utterance) -> str:
    return f"{'written' if u.source == 'written' else 'real'}/{'pos' if u.facts else 'neg'}"


# --- the match rule --------------------------------------------------------------------------
def _tokens(text: str) -> list[str]:
    text = text.lower().replace("’", "'").replace("'", "")
    return _PUNCT.sub(" ", text).split()


def normalize_subject(text: str) -> str:
    """Case, whitespace and punctuation dropped, leading articles too ("The report")."""
    tokens = _tokens(text)
    while tokens and tokens[0] in ("a", "an", "the"):
        tokens = tokens[1:]
    return " ".join(tokens)


def singular(word: str) -> str:
    """A crude singular for matching, applied to both sides alike: "peanuts" -> "peanut",
    "parties" -> "party"; "-ie" becomes "-y" too, so "movie" and "movies" meet at "movy"."""
    if word.isdigit() or len(word) <= 3 or word.endswith(("ss", "us", "is")):
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    word = word[:-1] if word.endswith("s") else word
    return word[:-2] + "y" if word.endswith("ie") else word


def normalize_object(text: str) -> tuple[str, ...]:
    """Lower-case words, punctuation (but inner hyphens) dropped, articles and possessive
    determiners dropped where they determine a following word ("plan A" keeps its "a"), the
    last word singular."""
    words = _tokens(text)
    tokens = [t for i, t in enumerate(words) if t not in _DROPPED or i == len(words) - 1]
    if tokens:
        tokens[-1] = singular(tokens[-1])
    return tuple(tokens)


def objects_match(gold: str, predicted: str) -> bool:
    """Equal after normalisation, or one is a whole-word sequence inside the other that ends
    in the same (head) word: "new camera" ~ "camera", but "plan" is not "plan A"."""
    g, p = normalize_object(gold), normalize_object(predicted)
    if not g or not p:
        return False
    shorter, longer = (g, p) if len(g) <= len(p) else (p, g)
    return longer[len(longer) - len(shorter):] == shorter


def fact_matches(gold: Fact, predicted: Fact) -> bool:
    """The README's match rule: subject, relation (one of gold's), object, key when gold has
    one, and negation."""
    return (
        normalize_subject(gold.subject) == normalize_subject(predicted.subject)
        and predicted.relations[0] in gold.relations
        and objects_match(gold.object, predicted.object)
        and (gold.key is None or (predicted.key is not None
                                  and objects_match(gold.key, predicted.key)))
        and gold.negated == predicted.negated
    )


def match_facts(gold: Sequence[Fact], predicted: Sequence[Fact]) -> list[tuple[int, int]]:
    """A maximum one-to-one matching (gold index, predicted index) under fact_matches."""
    edges = [[j for j, p in enumerate(predicted) if fact_matches(g, p)] for g in gold]
    owner: dict[int, int] = {}  # predicted index -> gold index

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or augment(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(gold)):
        augment(i, set())
    return sorted((i, j) for j, i in owner.items())


def _scores(predicted_matched: int, predicted: int, gold_matched: int, gold: int
            ) -> dict[str, float | int]:
    precision = predicted_matched / predicted if predicted else 1.0
    recall = gold_matched / gold if gold else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4),
            "predicted": predicted, "gold": gold, "matched": gold_matched}


def prf(matched: int, predicted: int, gold: int) -> dict[str, float | int]:
    """Precision, recall and F1 of a one-to-one matching (an empty side scores 1.0: nothing
    claimed, nothing wrong; nothing to find, nothing missed)."""
    return _scores(matched, predicted, matched, gold)


# --- utterances ------------------------------------------------------------------------------
@dataclass
class Tally:
    """Per family the predictions and the gold facts of the family are counted apart: a gold
    PREFERS matched by a prediction counts for preference on both sides."""

    predicted: int = 0
    predicted_matched: int = 0
    gold: int = 0
    gold_matched: int = 0

    def score(self) -> dict[str, float | int]:
        return _scores(self.predicted_matched, self.predicted, self.gold_matched, self.gold)


@dataclass
class UtteranceScore:
    overall: Tally = field(default_factory=Tally)
    by_source: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    by_family: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    when_gold: int = 0
    when_right: int = 0
    items: int = 0
    negatives: int = 0  # items with no gold fact
    negatives_with_fact: int = 0  # ... where something was extracted anyway
    errors: list[str] = field(default_factory=list)


def predicted_facts(extraction: Any) -> list[Fact]:
    return [
        Fact(f.triple.subject.name, (f.triple.predicate,), f.triple.object.name, f.triple.key,
             f.when.date() if f.when is not None else None, f.negated)
        for f in extraction.facts
    ]


def score_item(score: UtteranceScore, item: Utterance, predicted: Sequence[Fact]) -> None:
    """Add one item's matching to the score (and its mistakes to score.errors)."""
    pairs = match_facts(item.facts, predicted)
    gold_hit, pred_hit = {i for i, _ in pairs}, {j for _, j in pairs}
    source = "written" if item.source == "written" else "realtalk"
    score.items += 1
    if not item.facts:
        score.negatives += 1
        score.negatives_with_fact += bool(predicted)
    for tally in (score.overall, score.by_source[source]):
        tally.predicted += len(predicted)
        tally.predicted_matched += len(pairs)
        tally.gold += len(item.facts)
        tally.gold_matched += len(pairs)
    for i, g in enumerate(item.facts):
        score.by_family[g.family].gold += 1
        score.by_family[g.family].gold_matched += i in gold_hit
    for j, p in enumerate(predicted):
        score.by_family[p.family].predicted += 1
        score.by_family[p.family].predicted_matched += j in pred_hit
    missed = [g.label() for i, g in enumerate(item.facts) if i not in gold_hit]
    wrong = [p.label() for j, p in enumerate(predicted) if j not in pred_hit]
    if missed or wrong:
        score.errors.append(f"- `{item.id}` ({item.speaker} -> {item.addressee}): {item.text!r}"
                            + "".join(f"\n  - missed: {m}" for m in missed)
                            + "".join(f"\n  - extra: {w}" for w in wrong))


def score_when(score: UtteranceScore, item: Utterance, stored: Sequence[Fact]) -> None:
    """The `when` column: the item's gold facts that carry a date, matched one-to-one (the
    match rule, against all its gold facts) to the facts the write path stored for it, and how
    many of those were stored on that date. `stored` carries each stored fact's occurred_at as
    a date of the message's own calendar (bench/extraction.py run_when): what a user gets,
    not the extractor's own `when`, which the write path grounds further (extract/when.py)."""
    dated = {i for i, g in enumerate(item.facts) if g.when is not None}
    score.when_gold += len(dated)
    for i, j in match_facts(item.facts, stored):
        if i in dated:
            score.when_right += stored[j].when == item.facts[i].when


@dataclass
class SequenceScore:
    sequences: int = 0
    superseded: Tally = field(default_factory=Tally)
    current: Tally = field(default_factory=Tally)
    by_kind: dict[str, dict[str, Tally]] = field(default_factory=dict)
    unlisted_current: int = 0
    conflicted: int = 0
    reasons: collections.Counter[str] = field(default_factory=collections.Counter)
    errors: list[str] = field(default_factory=list)


def score_sequence(score: SequenceScore, seq: ChangeSequence,
                   found: Sequence[tuple[str, Fact, str | None]]) -> None:
    superseded = [f for status, f, _ in found if status == "superseded"]
    current = [f for status, f, _ in found if status == "current"]
    sup_pairs = match_facts(seq.superseded, superseded)
    cur_pairs = match_facts(seq.current, current)
    listed = [f for f in current
              if any(fact_matches(g, f) for g in (*seq.current, *seq.superseded))]
    kind = score.by_kind.setdefault(seq.kind, {"superseded": Tally(), "current": Tally()})
    for sup, cur in ((score.superseded, score.current), (kind["superseded"], kind["current"])):
        sup.predicted += len(superseded)
        sup.predicted_matched += len(sup_pairs)
        sup.gold += len(seq.superseded)
        sup.gold_matched += len(sup_pairs)
        cur.predicted += len(listed)
        cur.predicted_matched += len(cur_pairs)
        cur.gold += len(seq.current)
        cur.gold_matched += len(cur_pairs)
    score.sequences += 1
    score.unlisted_current += len(current) - len(listed)
    score.conflicted += sum(1 for status, _, _ in found if status == "conflicted")
    score.reasons.update(r for status, _, r in found if status == "superseded" and r)
    sup_ok, cur_ok = {j for _, j in sup_pairs}, {i for i, _ in cur_pairs}
    problems = [f"over-invalidated: {f.label()} ({r})" for j, (f, r) in enumerate(
        (f, r) for s, f, r in found if s == "superseded") if j not in sup_ok]
    problems += [f"not superseded: {g.label()}" for i, g in enumerate(seq.superseded)
                 if i not in {a for a, _ in sup_pairs}]
    problems += [f"not current: {g.label()}" for i, g in enumerate(seq.current) if i not in cur_ok]
    if problems:
        texts = " / ".join(repr(m.text) for m in seq.messages)
        score.errors.append(f"- `{seq.id}` ({seq.kind}): {texts}"
                            + "".join(f"\n  - {p}" for p in problems))


# --- runs against a real Memory ----------------------------------------------------------------
# `for_matching` puts gold and predicted facts in the form the match rule reads: the English
# benchmark's as they are; the Chinese one spaces CJK characters (bench/extraction_zh.py).
def same(fact: Fact) -> Fact:
    return fact


def run_utterances(extractor: Any, items: Sequence[Utterance], batch: int,
                   for_matching: Callable[[Fact], Fact] = same) -> UtteranceScore:
    """Each item's text (speaker, addressee, timestamp) through `extractor`, `batch` items a
    call; its predicted facts matched to its gold facts (score_item)."""
    score = UtteranceScore()
    inputs = [ExtractionInput(text=u.text, speaker=u.speaker, addressee=u.addressee,
                              timestamp=u.timestamp) for u in items]
    extractions = [e for i in range(0, len(inputs), batch)
                   for e in extractor.extract(inputs[i : i + batch])]
    for item, extraction in zip(items, extractions, strict=True):
        gold = replace(item, facts=tuple(for_matching(f) for f in item.facts))
        score_item(score, gold, [for_matching(f) for f in predicted_facts(extraction)])
    return score


def run_when(memory: Memory, items: Sequence[Utterance], score: UtteranceScore, batch: int,
             for_matching: Callable[[Fact], Fact] = same) -> None:
    """The `when` column from what a user gets: each item with a dated gold fact is written
    through the real write path (Memory.write_batch, as its own user of this throwaway
    memory), and the occurred_at of the facts stored for it, on the message's own calendar,
    is scored against the gold dates (score_when)."""
    dated = [u for u in items if any(f.when is not None for f in u.facts)]
    for start in range(0, len(dated), batch):
        memory.write_batch([
            {"user_id": f"when-{u.id}", "text": u.text, "speaker": u.speaker,
             "addressee": u.addressee, "timestamp": u.timestamp, "source_id": u.id}
            for u in dated[start : start + batch]])
    for u in dated:
        stored = [
            for_matching(Fact(f.subject_name or "", (f.predicate,), f.object_name or "", f.key,
                              f.occurred_at.astimezone(u.timestamp.tzinfo).date()
                              if f.occurred_at is not None else None))
            for f in memory.facts(f"when-{u.id}", statuses=None, limit=10_000)
            if f.memory_type != SEMANTIC_MEMORY_TYPE
        ]
        score_when(score, replace(u, facts=tuple(for_matching(f) for f in u.facts)), stored)


def stored_facts(
    memory: Memory, user_id: str, reasons: dict[str, str]
) -> list[tuple[str, Fact, str | None]]:
    """(status, fact, why superseded) of each of the user's facts of every status but
    forgotten. The reason is the one the write reported (WriteResult.changes), else the one on
    the SUPERSEDES link of the fact's history. Consolidated semantic memories are conclusions,
    not statements: left out."""
    out = []
    for f in memory.facts(user_id, statuses=None, limit=10_000):
        if f.memory_type == SEMANTIC_MEMORY_TYPE:
            continue
        reason = None
        if f.status == "superseded":
            reason = reasons.get(f.id) or next(
                (link.reason for link in memory.history(f.id)
                 if link.kind == "SUPERSEDES" and link.to_id == f.id), "(no reason recorded)")
        out.append((f.status, Fact(f.subject_name or "", (f.predicate,), f.object_name or "",
                                   f.key), reason))
    return out


def run_sequences(memory: Memory, sequences: Sequence[ChangeSequence],
                  for_matching: Callable[[Fact], Fact] = same) -> SequenceScore:
    """Each sequence's messages written in order into a fresh user of `memory` (the sequence
    id), the supersession reasons the writes report collected; then its facts of every status
    compared with the gold `current` and `superseded` lists (score_sequence)."""
    score = SequenceScore()
    for seq in sequences:
        reasons: dict[str, str] = {}
        for n, message in enumerate(seq.messages):
            [result] = memory.write_batch([{
                "user_id": seq.id, "text": message.text, "speaker": seq.speaker,
                "addressee": seq.addressee, "timestamp": message.timestamp,
                "source_id": f"{seq.id}:{n}",
            }])
            reasons |= {c.other_fact_id: c.reason for c in result.changes
                        if c.kind == "superseded" and c.other_fact_id is not None}
        gold = replace(seq, current=tuple(for_matching(f) for f in seq.current),
                       superseded=tuple(for_matching(f) for f in seq.superseded))
        found = [(status, for_matching(f), why)
                 for status, f, why in stored_facts(memory, seq.id, reasons)]
        score_sequence(score, gold, found)
    return score


def utterance_report(score: UtteranceScore) -> dict[str, Any]:
    return {
        "items": score.items,
        "overall": score.overall.score(),
        "by_source": {k: v.score() for k, v in sorted(score.by_source.items())},
        "by_family": {k: v.score() for k, v in sorted(score.by_family.items())},
        "facts_per_item": {"predicted": round(score.overall.predicted / max(score.items, 1), 3),
                           "gold": round(score.overall.gold / max(score.items, 1), 3)},
        "negatives": {"items": score.negatives, "with_a_fact": score.negatives_with_fact,
                      "share_clean": round(1 - score.negatives_with_fact / score.negatives, 4)
                      if score.negatives else None},
        "when": {"gold": score.when_gold, "right": score.when_right,
                 "share": round(score.when_right / score.when_gold, 4) if score.when_gold
                 else None},
    }


def sequence_report(score: SequenceScore) -> dict[str, Any]:
    return {
        "sequences": score.sequences,
        "supersession": score.superseded.score(),
        "current": score.current.score(),
        "by_kind": {k: {"supersession": v["superseded"].score(), "current": v["current"].score()}
                    for k, v in sorted(score.by_kind.items())},
        "unlisted_current_facts": score.unlisted_current,
        "conflicted_facts": score.conflicted,
        "supersession_reasons": dict(score.reasons.most_common()),
    }



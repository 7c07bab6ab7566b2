"""Scoring: pure functions and frozen weight presets.

    score = sum(weight[s] * raw[s] for s in SIGNALS)

Every raw signal lies in [0, 1]:
- semantic:   cosine similarity of query and memory embeddings, clipped at 0
- keyword:    BM25 (k1 0.9, b 0.4) of the query's stemmed content words over the candidate
              pool's texts (an episode's text with its speaker; document frequencies from the
              pool), divided by the pool's best score
- entity:     share of the query's entities the memory involves: mentions (a speaker's name,
              a hub, excepted), has as a fact's subject or object, or, for a message, was said
              by (graph_memory/recall/subjects.py)
- recency:    exp(-recency_lambda * age in days) of the memory's valid time
- importance: a fact's priority / 10 * 0.5 ** (idle days / its memory type's half-life),
              idle since it was last recalled or written (graph_memory/decay.py); an
              episode's memory type's default priority / 10, undecayed (episodes are not
              use-tracked; recency already covers their age)
- confidence: the fact's confidence (episodes: 1)
- graph:      1 for memories reached along a relation the question asks for (a person's facts
              of that relation and the messages they were drawn from, recall/relations.py),
              else 0; untyped graph expansion adds candidates and paths, no score

A message takes on the evidence of the candidate facts drawn from it (recall/provenance.py):
its semantic is at least fact_evidence * its best fact's, its entities and hops include its
facts'.

Chinese and mixed queries (with a multilingual embedder) are scored with the "chinese" preset
instead of "default", and their keyword signal adds pseudo-relevance feedback:
- semantic:   multilingual-e5's cosine on MiniLM's scale (graph_memory/embed.py e5_semantic)
- keyword:    the mean of the query's BM25 (as above) and the feedback BM25: the words of
              each of the best FEEDBACK_HITS candidates of a first scoring that the query
              lacks, ranked the same way over the pool, scaled to [0, 1] and by the hit's
              score over the best's, the best over those hits (graph_memory/recall/
              candidates.py add_feedback)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import lru_cache
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graph_memory.errors import InvalidInputError
from graph_memory.recall.models import Signal, WeightName
from graph_memory.text import keyword_terms

SIGNALS = ("semantic", "keyword", "entity", "recency", "importance", "confidence", "graph")


class Weights(BaseModel):
    """A scoring preset. Frozen: derive variants with `weights_for`, never mutate.

    The defaults were chosen on REALTALK (bench/recall_quality.py, 679 questions): semantic
    and keyword evidence weigh equally (stemmed BM25 alone beats dense retrieval on chat data,
    the blend beats both). Entity overlap weighs 0.30 since it counts who said a message
    (recall/subjects.py): 0.2-0.4 were within 0.003 of each other on recall@10 and MRR, above
    0.05 and 1.0 (0.05 was best while overlap counted mentions only, which the text channels
    already find; at 0.3 that lost 3 points of recall@10). The graph signal weighs 0.10 and
    rewards only what was reached along an asked relation (recall/relations.py): on all 10 chats
    R@10 / MRR 0.589 / 0.503 without the relation channel -> 0.594 / 0.506 with it; scoring
    the untyped expansion too, at 1/(hops+1), gave 0.591 / 0.503 (weight 0.10) and 0.591 /
    0.501 (0.15); at 1/hops it cost 0.004 of recall@10 on 3 chats. Recency, importance and
    confidence are small tie-breakers between otherwise equal memories (they matter for facts
    that change, which this set barely has)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    semantic: float = Field(default=0.50, ge=0)
    keyword: float = Field(default=0.50, ge=0)
    entity: float = Field(default=0.30, ge=0)
    recency: float = Field(default=0.02, ge=0)
    importance: float = Field(default=0.03, ge=0)
    confidence: float = Field(default=0.02, ge=0)
    graph: float = Field(default=0.10, ge=0)
    recency_lambda: float = Field(default=0.05, ge=0, description="Per day.")
    fact_evidence: float = Field(
        default=1.0, ge=0, le=1,
        description="The share of its best fact's semantic match a message takes on (0: none; "
        "recall/provenance.py).",
    )


# Chosen on the MemDaily tune split (bench/recall_zh.py --split tune, trajectories 0-9; the
# test split was never tuned on). Any blend of e5 and BM25 alone stayed at e5's own recall
# (R@10 0.770-0.776 for semantic weights 0.3-0.7 against e5's 0.767: entity, recency and the
# other small weights moved nothing) because many questions take two hops ("the person whose
# phone number is X: what does he like doing?"): the answer shares the first hit's words (我叔叔),
# not the question's. So keyword evidence includes feedback from the best first hit (see the
# module docstring), and semantic 0.70 / keyword 0.60 is e5 0.7, BM25 0.3 and feedback 0.3, the
# best of semantic 0.5-0.7 x feedback 0.1-0.3 there (R@10 0.801 offline).
# fact_evidence 0: a Chinese message's semantic is multilingual-e5's, its facts' MiniLM's (which
# reads no Chinese), so a fact's match says nothing about its message here. Entity overlap stays
# at the 0.05 it was tuned with (it counts no speakers here: recaller._gather).
CHINESE = Weights(semantic=0.70, keyword=0.60, entity=0.05, fact_evidence=0.0)
# The feedback's first hits: each of the best FEEDBACK_HITS of a first scoring lends its words,
# scaled by its score over the best's (recall/candidates.py feedback_scores). MemDaily tune
# split R@10 (with the question slots of recall/question_slots.py, before the scaling): 1 hit
# 0.813, 3 hits 0.825, 5 hits 0.824 (bench/results/recall_zh_tune_questions.md).
FEEDBACK_HITS = 3

PRESETS: MappingProxyType[str, Weights] = MappingProxyType(
    {
        "default": Weights(),
        "chinese": CHINESE,
        "semantic": Weights(
            semantic=1.0, keyword=0, entity=0, recency=0, importance=0, confidence=0, graph=0
        ),
        "keyword": Weights(
            semantic=0, keyword=1.0, entity=0, recency=0, importance=0, confidence=0, graph=0
        ),
    }
)


def weights_for(preset: str, overrides: Mapping[WeightName, float] | None) -> Weights:
    """The named preset, with per-request overrides applied to a copy."""
    base = PRESETS.get(preset)
    if base is None:
        raise InvalidInputError(f"unknown preset {preset!r}; known: {', '.join(PRESETS)}")
    if not overrides:
        return base
    unknown = set(overrides) - set(Weights.model_fields)
    if unknown:
        raise InvalidInputError(
            f"unknown weight(s) {', '.join(sorted(unknown))}; known: "
            f"{', '.join(Weights.model_fields)}"
        )
    try:
        return Weights.model_validate({**base.model_dump(), **overrides})
    except ValidationError as e:
        error = e.errors()[0]
        where = ".".join(str(part) for part in error["loc"])
        raise InvalidInputError(f"weights: {where}: {error['msg']}") from e


# Lucene's defaults (Anserini's for short documents): on REALTALK they beat k1 1.2 / b 0.75
# by 1 point of recall@10 and 2 of MRR (bench/recall_quality.py).
BM25_K1 = 0.9
BM25_B = 0.4


def bm25(query: str, documents: list[str]) -> list[float]:
    """BM25 of `query` against each document, with document frequencies from `documents`.

    The engine's fulltext index finds the documents that share words with the query; its own
    TF-IDF ranking measured far below BM25 on chat data, so the pool is ranked here."""
    return bm25_of_terms(keyword_terms(query), documents)


@lru_cache(maxsize=8192)
def _document_terms(text: str) -> tuple[str, ...]:
    """A document's terms, remembered: a user's memories come back as candidates recall after
    recall, and cutting and stemming a few hundred of them was most of BM25's time."""
    return tuple(keyword_terms(text))


def bm25_of_terms(query_terms: Sequence[str], documents: list[str]) -> list[float]:
    """BM25 of these terms (already cut and stemmed) against each document."""
    bags = [_document_terms(doc) for doc in documents]
    if not bags:
        return []
    terms = set(query_terms)
    average = sum(len(bag) for bag in bags) / len(bags) or 1.0
    frequency = {t: sum(1 for bag in bags if t in bag) for t in terms}
    n = len(bags)
    idf = {t: math.log(1 + (n - df + 0.5) / (df + 0.5)) for t, df in frequency.items() if df}
    scores = []
    for bag in bags:
        counts: dict[str, int] = {}
        for word in bag:
            if word in idf:
                counts[word] = counts.get(word, 0) + 1
        norm = BM25_K1 * (1 - BM25_B + BM25_B * len(bag) / average)
        scores.append(sum(idf[t] * c * (BM25_K1 + 1) / (c + norm) for t, c in counts.items()))
    return scores


def recency(age_days: float, recency_lambda: float) -> float:
    return math.exp(-recency_lambda * max(0.0, age_days))


def blend(raw: dict[str, float], weights: Weights) -> float:
    """The total score: each signal's contribution (rounded as `signals` shows it), summed."""
    total: float = sum(round(getattr(weights, n) * raw.get(n, 0.0), 6) for n in SIGNALS)
    return round(total, 6)


def signals(raw: dict[str, float], weights: Weights) -> tuple[Signal, ...]:
    """Each signal's raw value, weight and contribution, for the trace of a returned memory
    (built only for those: a recall scores a few hundred candidates)."""
    return tuple(
        Signal(
            name=name,
            raw=round(raw.get(name, 0.0), 6),
            weight=getattr(weights, name),
            contribution=round(getattr(weights, name) * raw.get(name, 0.0), 6),
        )
        for name in SIGNALS
    )

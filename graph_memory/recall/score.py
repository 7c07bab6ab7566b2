"""Scoring: pure functions and frozen weight presets.

    score = sum(weight[s] * raw[s] for s in SIGNALS)

Every raw signal lies in [0, 1]:
- semantic:   cosine similarity of query and memory embeddings, clipped at 0
- keyword:    BM25 (k1 0.9, b 0.4) of the query's stemmed content words over the candidate
              pool's texts (an episode's text with its speaker; document frequencies from the
              pool), divided by the pool's best score
- entity:     share of the query's entities the memory involves
- recency:    exp(-recency_lambda * age in days) of the memory's valid time
- importance: a fact's priority / 10 * 0.5 ** (idle days / its memory type's half-life),
              idle since it was last recalled or written (graph_memory/decay.py); an
              episode's memory type's default priority / 10, undecayed (episodes are not
              use-tracked; recency already covers their age)
- confidence: the fact's confidence (episodes: 1)
- graph:      1 / hops for memories reached by graph expansion from a query entity, else 0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
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
    the blend beats both); entity overlap at 0.05 edged out 0.10 and 0 on both recall@10 and
    MRR; recency, importance, confidence and graph distance are small tie-breakers between
    otherwise equal memories (they matter for facts that change, which this set barely has)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    semantic: float = Field(default=0.50, ge=0)
    keyword: float = Field(default=0.50, ge=0)
    entity: float = Field(default=0.05, ge=0)
    recency: float = Field(default=0.02, ge=0)
    importance: float = Field(default=0.03, ge=0)
    confidence: float = Field(default=0.02, ge=0)
    graph: float = Field(default=0.03, ge=0)
    recency_lambda: float = Field(default=0.05, ge=0, description="Per day.")


PRESETS: MappingProxyType[str, Weights] = MappingProxyType(
    {
        "default": Weights(),
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
        raise InvalidInputError(f"weights: {e.errors()[0]['msg']}") from e


# Lucene's defaults (Anserini's for short documents): on REALTALK they beat k1 1.2 / b 0.75
# by 1 point of recall@10 and 2 of MRR (bench/recall_quality.py).
BM25_K1 = 0.9
BM25_B = 0.4


def bm25(query: str, documents: list[str]) -> list[float]:
    """BM25 of `query` against each document, with document frequencies from `documents`.

    The engine's fulltext index finds the documents that share words with the query; its own
    TF-IDF ranking measured far below BM25 on chat data, so the pool is ranked here."""
    bags = [keyword_terms(doc) for doc in documents]
    if not bags:
        return []
    terms = set(keyword_terms(query))
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

"""Scoring: pure functions and frozen weight presets.

    score = sum(weight[s] * raw[s] for s in SIGNALS)

Every raw signal lies in [0, 1]:
- semantic:   cosine similarity of query and memory embeddings, clipped at 0
- keyword:    fulltext relevance, divided by the best fulltext score of this query
- entity:     share of the query's entities the memory involves
- recency:    exp(-recency_lambda * age in days) of the memory's valid time
- priority:   priority / 10 (episodes: their memory type's default priority)
- confidence: the fact's confidence (episodes: 1)
- graph:      1 / hops for memories reached by graph expansion from a query entity, else 0
"""

from __future__ import annotations

import math
from types import MappingProxyType

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from graph_memory.errors import InvalidInputError
from graph_memory.recall.models import Signal

SIGNALS = ("semantic", "keyword", "entity", "recency", "priority", "confidence", "graph")


class Weights(BaseModel):
    """A scoring preset. Frozen: derive variants with `with_overrides`, never mutate."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    semantic: float = Field(default=0.45, ge=0)
    keyword: float = Field(default=0.30, ge=0)
    entity: float = Field(default=0.10, ge=0)
    recency: float = Field(default=0.05, ge=0)
    priority: float = Field(default=0.04, ge=0)
    confidence: float = Field(default=0.03, ge=0)
    graph: float = Field(default=0.03, ge=0)
    recency_lambda: float = Field(default=0.05, ge=0, description="Per day.")


PRESETS: MappingProxyType[str, Weights] = MappingProxyType(
    {
        "default": Weights(),
        "semantic": Weights(
            semantic=1.0, keyword=0, entity=0, recency=0, priority=0, confidence=0, graph=0
        ),
        "keyword": Weights(
            semantic=0, keyword=1.0, entity=0, recency=0, priority=0, confidence=0, graph=0
        ),
    }
)


def weights_for(preset: str, overrides: dict[str, float] | None) -> Weights:
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


def recency(age_days: float, recency_lambda: float) -> float:
    return math.exp(-recency_lambda * max(0.0, age_days))


def blend(raw: dict[str, float], weights: Weights) -> tuple[float, tuple[Signal, ...]]:
    """The total score and each signal's raw value, weight and contribution."""
    signals = tuple(
        Signal(
            name=name,
            raw=round(raw.get(name, 0.0), 6),
            weight=getattr(weights, name),
            contribution=round(getattr(weights, name) * raw.get(name, 0.0), 6),
        )
        for name in SIGNALS
    )
    return round(sum(s.contribution for s in signals), 6), signals

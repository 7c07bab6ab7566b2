"""Recall requests, results and their "why recalled" traces."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from graph_memory.language import Language
from graph_memory.models import ID_PATTERN, BoundedTime, FactStatus, Utf8Text

ResultKind = Literal["fact", "episode"]
# successor: a current fact that replaced the facts of an outdated message among the candidates.
Channel = Literal["vector", "keyword", "entity", "graph", "constraint", "successor"]
DEFAULT_STATUSES: tuple[FactStatus, ...] = ("current", "conflicted")
AS_OF_STATUSES: tuple[FactStatus, ...] = ("current", "conflicted", "superseded")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RecallFilters(_Strict):
    """Narrow what may be recalled. Unset fields do not filter."""

    memory_types: list[Utf8Text] | None = None
    since: BoundedTime | None = Field(
        default=None,
        description="Valid time at or after: the time a fact is about (occurred_at: 'last "
        "week'), else when it was said; a message's time.",
    )
    until: BoundedTime | None = Field(default=None, description="Valid time at or before.")
    as_of: BoundedTime | None = Field(
        default=None,
        description="What held at this time: facts that held then (from the earlier of when "
        "they were said and the time they are about, until superseded), messages said by "
        "then. Superseded facts are returned unless statuses says otherwise.",
    )
    entities: list[Utf8Text] | None = Field(
        default=None, description="Entity names or ids; a result must involve one of them."
    )
    min_confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    statuses: list[FactStatus] | None = Field(
        default=None, description="Fact statuses to return (default: current and conflicted)."
    )
    kinds: list[ResultKind] | None = Field(
        default=None, description="fact, episode or both (default both)."
    )


# The names of recall/score.py's Weights (tests/test_api_schema.py checks they agree): named
# here so that the request's schema lists them.
WeightName = Literal[
    "semantic", "keyword", "entity", "recency", "importance", "confidence", "graph",
    "recency_lambda", "fact_evidence",
]
Weight = Annotated[float, Field(ge=0, allow_inf_nan=False)]


class RecallRequest(_Strict):
    query: Utf8Text
    user_id: str = Field(pattern=ID_PATTERN)
    agent_id: str | None = Field(default=None, pattern=ID_PATTERN)
    session_id: str | None = Field(default=None, pattern=ID_PATTERN)
    top_k: int = Field(default=5, ge=1, le=100)
    threshold: float = Field(
        default=0.25,
        ge=-1.0,
        le=1.0,
        description="Minimum cosine similarity for a result found by no keyword, entity or "
        "graph evidence (pure vector matches below it are noise).",
    )
    filters: RecallFilters = Field(default_factory=RecallFilters)
    weights: dict[WeightName, Weight] | None = Field(
        default=None, description="Per-request overrides of the preset's weights."
    )
    preset: Utf8Text = "default"
    include_history: bool = True
    include_constraints: bool = True
    explain: bool = True


class Signal(_Frozen):
    """One term of the score: raw value in [0, 1], its weight and weight * raw."""

    name: str
    raw: float
    weight: float
    contribution: float


class PathStep(_Frozen):
    """One hop of the graph path from a query entity to the result."""

    node_id: str
    node_name: str | None
    relation: str


class ChannelLanguage(_Frozen):
    """A text channel's match and its languages: a `vector` match of an English question
    against a Chinese message (multilingual embedder) reads query "en", memory "zh"."""

    channel: Literal["vector", "keyword"]
    query: Language
    memory: Language


class Why(_Frozen):
    signals: tuple[Signal, ...]
    channels: tuple[Channel, ...]
    matched_entities: tuple[str, ...]
    path: tuple[PathStep, ...] = ()
    notes: tuple[str, ...] = ()
    languages: tuple[ChannelLanguage, ...] = Field(
        default=(), description="The language of the question and of the memory for each "
        "text channel that matched (vector, keyword): cross-lingual where they differ.")
    line: str = Field(description="The same, as one human-readable line.")


class LinkedFact(_Frozen):
    """A fact attached to a result: an older version it superseded, or one it conflicts with."""

    id: str
    text: str | None
    status: FactStatus
    relation: Literal["superseded", "conflicts_with"]
    reason: str
    at: datetime
    valid_from: datetime


class RecallResult(_Frozen):
    id: str
    kind: ResultKind
    text: str | None
    score: float
    memory_type: str
    status: str
    timestamp: datetime
    episode_ids: tuple[str, ...]
    source_ids: tuple[str, ...] = Field(description="The callers' source ids of the episodes.")
    needs_confirmation: bool = False
    outdated: bool = Field(
        default=False,
        description="A message whose facts all stopped holding after it was said (superseded "
        "or pruned): ranked below what replaced them; its why says why.",
    )
    why: Why | None = None
    superseded: tuple[LinkedFact, ...] = ()
    conflicts: tuple[LinkedFact, ...] = ()


class RecallResponse(_Frozen):
    results: tuple[RecallResult, ...]
    query: str
    rewritten_query: str | None = Field(
        default=None, description="Set when a terse query was expanded from working memory."
    )
    query_entities: tuple[str, ...] = ()
    constraints: tuple[RecallResult, ...] = Field(
        default=(),
        description="Standing constraints of the user (allergies, diets...) that the agent must "
        "respect whatever it asked; not counted in top_k, not repeated from results.",
    )
    timings_ms: dict[str, float] = Field(default_factory=dict)

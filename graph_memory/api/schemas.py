"""Request and response bodies of the REST API.

Core models (WriteRequest, WriteResult, Fact, ...) are reused as they are, so the API and the
Python library cannot drift apart; only transport-specific shapes are defined here.
"""

from __future__ import annotations

import types
from datetime import datetime
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    JsonValue,
    Tag,
    WithJsonSchema,
    model_validator,
)

from graph_memory.hindsight.models import Step, Trajectory
from graph_memory.hindsight.recall import ExperienceQuery
from graph_memory.lifecycle import MAX_PRUNE_DAYS, PruneReport
from graph_memory.models import (
    ID_PATTERN,
    TIME_MAX,
    TIME_MIN,
    Entity,
    Episode,
    Fact,
    FactLink,
    FactSource,
    Tombstone,
    UserSummary,
    WorkingSlot,
    WriteRequest,
    WriteResult,
    bounded_time,
)
from graph_memory.recall.models import RecallFilters, RecallRequest

__all__ = [
    "WRITE_TAGS",
    "CypherBody",
    "EntityNeighbourhood",
    "ErrorDetail",
    "ErrorOut",
    "FactList",
    "FeedbackBody",
    "FieldError",
    "ForgetResult",
    "MemoryOut",
    "PruneBody",
    "PruneReport",
    "RecallBody",
    "ReviewBody",
    "SlotBody",
    "SlotList",
    "SourceList",
    "Status",
    "SummarizeBody",
    "TombstoneOut",
    "UpdateBody",
    "UserList",
    "WriteBatchBody",
    "WriteBatchResult",
    "WriteBody",
    "WriteOneOrBatch",
    "WriteResult",
]


def _iso_text(value: Any) -> Any:
    """JSON has no date type: a date-time is an ISO 8601 string, never a number."""
    if isinstance(value, bool | int | float):
        raise ValueError("expected an ISO 8601 date-time string, e.g. 2026-05-01T12:00:00Z")
    return value


# Strict bodies check JSON types ("priority": "8" or true is a 422, not an 8 or a 1); their
# date-times are the one exception: validated from ISO strings.
# Times are bounded (models.TIME_MIN..TIME_MAX in UTC); the schema's pattern admits the years
# 1901-2199 as written, which every UTC offset keeps within the bounds.
IsoDatetime = Annotated[
    datetime,
    Field(strict=False),
    BeforeValidator(_iso_text),
    AfterValidator(bounded_time),
    WithJsonSchema({
        "type": "string", "format": "date-time",
        "pattern": r"^(190[1-9]|19[1-9][0-9]|2[01][0-9][0-9])-",
        "description": f"ISO 8601 with an offset (none: UTC), within the years {TIME_MIN.year}-"
        f"{TIME_MAX.year} in UTC.",
    }),
]
_STRICT = ConfigDict(extra="forbid", strict=True)
MAX_DAYS = MAX_PRUNE_DAYS  # one limit, the library's


def _takes_int(annotation: Any) -> bool:
    """int, or int | None: an integer field (bool is no integer here)."""
    if annotation is int:
        return True
    if get_origin(annotation) in (Union, types.UnionType):
        args = set(get_args(annotation)) - {type(None)}
        return args == {int}
    return False


class _IntegralFloats(BaseModel):
    """The one rule for integers in a body (issue 12): a JSON number without a fraction is an
    integer, written 10 or 10.0, as in JSON Schema's "integer"; 10.5, "10" and true are not
    (422). Strict bodies would refuse 10.0 although the document allows it."""

    @model_validator(mode="before")
    @classmethod
    def _integral_floats(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        fixed = dict(data)
        for name, field in cls.model_fields.items():
            key = field.alias or name
            value = fixed.get(key)
            if isinstance(value, float) and value.is_integer() and _takes_int(field.annotation):
                fixed[key] = int(value)
        return fixed


class _Body(_IntegralFloats):
    model_config = _STRICT


_WRITE_EXAMPLES: list[JsonValue] = [
    {"user_id": "emi", "session_id": "s1", "speaker": "Emi", "text": "I'm allergic to peanuts."},
    {
        "user_id": "emi",
        "triples": [
            {
                "subject": {"name": "Emi", "type": "Person"},
                "predicate": "LIVES_IN",
                "object": {"name": "Lisbon", "type": "Place"},
            }
        ],
        "source_id": "crm:contact-42",
    },
]


class WriteBody(_IntegralFloats, WriteRequest):
    """One memory: free text (extracted into facts), structured triples, or both."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": _WRITE_EXAMPLES}
    )
    timestamp: IsoDatetime | None = Field(default=None, description="When it was said.")


class WriteBatchBody(_Body):
    """Memories written in one atomic step: all are stored, or none."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"items": _WRITE_EXAMPLES}]}
    )
    # The upper bound is settings.max_batch_size, checked by Memory (422 above it).
    items: list[WriteBody] = Field(min_length=1)


class WriteBatchResult(_Body):
    results: list[WriteResult]


WRITE_TAGS = frozenset({"one", "batch"})


def _write_tag(value: Any) -> str:
    return "batch" if isinstance(value, dict) and "items" in value else "one"


# POST /v1/memories takes one memory, or {"items": [...]} for an atomic batch.
WriteOneOrBatch = Annotated[
    Annotated[WriteBody, Tag("one")] | Annotated[WriteBatchBody, Tag("batch")],
    Discriminator(_write_tag),
]


class RecallFiltersBody(RecallFilters):
    model_config = _STRICT
    since: IsoDatetime | None = Field(default=None, description="Valid time at or after.")
    until: IsoDatetime | None = Field(default=None, description="Valid time at or before.")
    as_of: IsoDatetime | None = Field(
        default=None, description="What held at this time (superseded facts included)."
    )


class RecallBody(_IntegralFloats, RecallRequest):
    """A recall request (the library's RecallRequest, with JSON types checked strictly)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [
            {"query": "Can you suggest a restaurant for dinner?", "user_id": "emi", "top_k": 5},
            {"query": "what about that one?", "user_id": "emi", "session_id": "s1",
             "filters": {"memory_types": ["preference", "constraint"]},
             "weights": {"semantic": 0.5}, "explain": False},
        ]},
    )
    filters: RecallFiltersBody = Field(default_factory=RecallFiltersBody)


class MemoryOut(_Body):
    """A stored memory with its kind; facts come with their links (SUPERSEDES, CONFLICTS_WITH,
    MERGED_INTO, DERIVED_FROM, ENDED_BY)."""

    kind: Literal["fact", "episode", "entity"]
    memory: Fact | Episode | Entity
    history: list[FactLink] = Field(default_factory=list)


class FactList(_Body):
    facts: list[Fact]


class FeedbackBody(_Body):
    """Was a recalled fact useful? Moves its confidence up (+0.1) or down (-0.2). The reason
    goes to the service log with the request id."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"useful": True}, {"useful": False, "reason": "outdated"}]},
    )
    # Strict: "false" or 0 must not be read as an opinion.
    useful: bool
    reason: str | None = Field(default=None, max_length=1000)


class Neighbour(_Body):
    id: str
    name: str | None


class EntityNeighbourhood(_Body):
    """An entity, the facts about it (as subject or object) and the entities they link it to."""

    entity: Entity
    facts: list[Fact]
    neighbours: list[Neighbour]


class UpdateBody(_Body):
    """Fields to change. A new object_name or key makes a new version (a new fact id) that
    supersedes the old one; priority, memory_type and expires_at change in place."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True, json_schema_extra={"examples": [{"object_name": "Porto"}, {"priority": 9}]}
    )
    object_name: str | None = Field(default=None, max_length=200)
    key: str | None = Field(default=None, max_length=100)
    priority: int | None = Field(default=None, ge=1, le=10)
    memory_type: str | None = Field(default=None, max_length=64)
    expires_at: IsoDatetime | None = None


class ForgetResult(_Body):
    """The tombstones left behind: what was forgotten, when, by whom and why."""

    tombstones: list[Tombstone]


class PruneBody(_Body):
    """Prune criteria; omitted fields take the library defaults shown here."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True, json_schema_extra={"examples": [{}, {"user_id": "emi", "dry_run": False}]}
    )
    user_id: str | None = Field(default=None, pattern=ID_PATTERN)
    dry_run: bool = Field(default=True, strict=True)
    # Bounded: a span of more than a century is a mistake (and overflows date arithmetic).
    superseded_days: float = Field(default=90, ge=0, le=MAX_DAYS)
    unused_days: float = Field(default=180, ge=0, le=MAX_DAYS)
    min_confidence: float = Field(default=0.2, ge=0, le=1)
    min_importance: float = Field(
        default=0.05, ge=0, le=1,
        description="Facts whose decayed importance (priority / 10, halving every half-life "
        "of their memory type while not recalled) fell below this are 'faded'.",
    )
    limit: int = Field(default=1000, ge=1, le=100_000)
    include_messages: bool = Field(
        default=False,
        strict=True,
        description="Also messages said more than superseded_days ago of which nothing drawn "
        "holds any more (every fact from them pruned or superseded that long ago).",
    )


class SummarizeBody(_Body):
    """What to consolidate: a user's facts, optionally of one agent, one session or a window
    of valid times."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"user_id": "emi"},
                {"user_id": "emi", "session_id": "s1", "dry_run": True},
            ]
        },
    )
    user_id: str = Field(pattern=ID_PATTERN)
    agent_id: str | None = Field(default=None, pattern=ID_PATTERN)
    session_id: str | None = Field(default=None, pattern=ID_PATTERN)
    since: IsoDatetime | None = Field(default=None, description="Valid time at or after.")
    until: IsoDatetime | None = Field(default=None, description="Valid time at or before.")
    min_evidence: int | None = Field(
        default=None, ge=2, le=1000,
        description="Statements that make a semantic memory (default: the service's "
        "consolidation_min_evidence, 3).",
    )
    dry_run: bool = Field(default=False, description="Report what would change; write nothing.")


class SlotBody(_Body):
    """A working-memory value for one key of a session (overwrites; the old value is kept in
    the slot's history)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"user_id": "emi", "value": "exchange the shoes", "memory_type": "todo"}]
        },
    )
    user_id: str = Field(pattern=ID_PATTERN)
    value: str
    memory_type: str | None = Field(default=None, max_length=64)
    priority: int | None = Field(default=None, ge=1, le=10)


class SlotList(_Body):
    slots: list[WorkingSlot]


class Status(_Body):
    status: Literal["ok", "ready"]


class FieldError(_Body):
    path: str = Field(description="Where the problem is, e.g. 'body.priority' or 'query.limit'.")
    message: str


class ErrorDetail(_Body):
    type: str = Field(
        description="invalid_input | not_found | payload_too_large | method_not_allowed | "
        "unavailable | internal"
    )
    message: str
    fields: list[FieldError] | None = Field(
        default=None, description="Request validation failures: one entry per bad field."
    )


class ErrorOut(_Body):
    """Every error response has this shape."""

    error: ErrorDetail


# --- Cypher for analysts ---------------------------------------------------------------------


class CypherBody(_Body):
    """A saved query by `name` (cypher/analyst/), or ad-hoc read-only Cypher in `query`."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [
            {"name": "fact_versions", "params": {"entity_id": "ent_..."}},
            {"name": "open_conflicts", "params": {"user_id": "emi", "limit": 10}},
            {"query": "MATCH (f:Fact {user_id: $user}) RETURN f.status, count(*)",
             "params": {"user": "emi"}},
        ]},
    )
    name: str | None = Field(default=None, max_length=64, description="A saved query.")
    query: str | None = Field(default=None, max_length=20_000, description="Read-only Cypher.")
    params: dict[str, JsonValue] = Field(default_factory=dict, description="$parameters.")
    timeout_ms: int | None = Field(
        default=None, ge=1, description="Lower than the service's limit only (it caps this)."
    )
    max_rows: int | None = Field(
        default=None, ge=1, description="Lower than the service's limit only (it caps this)."
    )


# --- hindsight: experience from finished tasks ------------------------------------------------


class StepBody(Step):
    """One step of a finished task (JSON types checked strictly)."""

    model_config = _STRICT


class TrajectoryBody(Trajectory):
    """A finished task: goal, task type, agent, environment, ordered steps (with full error
    texts) and outcome. Submitting the same trajectory again changes nothing."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{
            "user_id": "shop", "agent_id": "api-agent", "environment": "staging",
            "task_type": "refund order via API", "scene": "the orders API",
            "goal": "refund order A1234 for the customer", "entities": ["A1234"],
            "outcome": "success",
            "steps": [
                {"action": "http_post", "approach": "POST /v1/refund", "success": False,
                 "error": "HTTP 404 Not Found: no route for POST /v1/refund"},
                {"action": "http_post", "approach": "POST /v1/orders/{id}/refund",
                 "success": False, "error": "ReadTimeout: Read timed out. (read timeout=10)"},
                {"action": "http_post", "approach": "POST /v1/orders/{id}/refund",
                 "success": True, "result": "201 Created: refund R-88"},
            ],
        }]},
    )
    steps: list[StepBody] = Field(min_length=1, max_length=200)  # type: ignore[assignment]
    timestamp: IsoDatetime | None = Field(default=None, description="When the task finished.")


class ExperienceRecallBody(_IntegralFloats, ExperienceQuery):
    """Experience for a new task: its goal, task type, the asking agent and environment."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{
            "task": "refund order C42 for the customer", "user_id": "shop",
            "task_type": "refund order via API", "agent_id": "api-agent",
            "environment": "staging", "entities": ["C42"], "top_k": 5,
        }]},
    )


# --- the explorer (graph_memory/ui) -----------------------------------------------------------


class UserList(_Body):
    users: list[UserSummary]


class SourceList(_Body):
    """The messages a fact was extracted from, each with the span of its text."""

    sources: list[FactSource]


class TombstoneOut(_Body):
    """A memory's tombstone, or null while it is not forgotten."""

    tombstone: Tombstone | None


class ReviewBody(_Body):
    """Why a person confirmed or rejected a fact that awaited confirmation (kept on the
    SUPERSEDES link)."""

    model_config = ConfigDict(
        extra="forbid", strict=True,
        json_schema_extra={"examples": [{}, {"reason": "Emi moved in March"}]},
    )
    reason: str | None = Field(default=None, max_length=1000)

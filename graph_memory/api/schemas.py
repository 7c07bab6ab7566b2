"""Request and response bodies of the REST API.

Core models (WriteRequest, WriteResult, Fact, ...) are reused as they are, so the API and the
Python library cannot drift apart; only transport-specific shapes are defined here.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from graph_memory.lifecycle import PruneReport
from graph_memory.models import (
    ID_PATTERN,
    Entity,
    Episode,
    Fact,
    FactLink,
    Tombstone,
    WorkingSlot,
    WriteRequest,
    WriteResult,
)

__all__ = [
    "ErrorDetail",
    "ErrorOut",
    "FactList",
    "FeedbackBody",
    "FieldError",
    "ForgetResult",
    "MemoryOut",
    "PruneBody",
    "PruneReport",
    "SlotBody",
    "SlotList",
    "Status",
    "UpdateBody",
    "WriteBatchBody",
    "WriteBatchResult",
    "WriteBody",
    "WriteResult",
]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


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


class WriteBody(WriteRequest):
    """One memory: free text (extracted into facts), structured triples, or both."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": _WRITE_EXAMPLES})


class WriteBatchBody(_Body):
    """Memories written in one atomic step: all are stored, or none."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"items": _WRITE_EXAMPLES}]}
    )
    # The upper bound is settings.max_batch_size, checked by Memory (422 above it).
    items: list[WriteBody] = Field(min_length=1)


class WriteBatchResult(_Body):
    results: list[WriteResult]


class MemoryOut(_Body):
    """A stored memory with its kind; facts come with their SUPERSEDES / CONFLICTS_WITH links."""

    kind: Literal["fact", "episode", "entity"]
    memory: Fact | Episode | Entity
    history: list[FactLink] = Field(default_factory=list)


class FactList(_Body):
    facts: list[Fact]


class FeedbackBody(_Body):
    """Was a recalled fact useful? Moves its confidence up (+0.1) or down (-0.2)."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"useful": True}]})
    # Strict: "false" or 0 must not be read as an opinion.
    useful: bool = Field(strict=True)


class UpdateBody(_Body):
    """Fields to change. A new object_name or key makes a new version (a new fact id) that
    supersedes the old one; priority, memory_type and expires_at change in place."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"object_name": "Porto"}, {"priority": 9}]},
    )
    object_name: str | None = Field(default=None, max_length=200)
    key: str | None = Field(default=None, max_length=100)
    priority: int | None = Field(default=None, ge=1, le=10)
    memory_type: str | None = Field(default=None, max_length=64)
    expires_at: datetime | None = None


class ForgetResult(_Body):
    """The tombstones left behind: what was forgotten, when, by whom and why."""

    tombstones: list[Tombstone]


class PruneBody(_Body):
    """Prune criteria; omitted fields take the library defaults shown here."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{}, {"user_id": "emi", "dry_run": False}]},
    )
    user_id: str | None = Field(default=None, pattern=ID_PATTERN)
    dry_run: bool = Field(default=True, strict=True)
    superseded_days: float = Field(default=90, ge=0)
    unused_days: float = Field(default=180, ge=0)
    min_confidence: float = Field(default=0.2, ge=0, le=1)
    limit: int = Field(default=1000, ge=1, le=100_000)


class SlotBody(_Body):
    """A working-memory value for one key of a session (overwrites; the old value is kept in
    the slot's history)."""

    model_config = ConfigDict(
        extra="forbid",
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

"""Typed models passed between the stages (text -> extract -> resolve -> store -> ...)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

# merged: a near-duplicate folded into another fact by consolidation (reversible: unmerge).
FactStatus = Literal["current", "superseded", "conflicted", "merged", "forgotten"]
FACT_STATUSES: tuple[FactStatus, ...] = (
    "current",
    "superseded",
    "conflicted",
    "merged",
    "forgotten",
)
# The memory type of conclusions consolidated from repeated facts (graph_memory/consolidate).
SEMANTIC_MEMORY_TYPE = "semantic"
ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.:@\-]{0,127}$"
# Every time a caller gives must lie within these, after conversion to UTC: a year-1 time with
# a +14:00 offset is year 0 in UTC, and one such value made every later read of its user fail.
TIME_MIN = datetime(1900, 1, 1, tzinfo=UTC)
TIME_MAX = datetime(2200, 12, 31, 23, 59, 59, 999999, tzinfo=UTC)


def bounded_time(value: datetime) -> datetime:
    """`value` (naive means UTC) if it lies within TIME_MIN..TIME_MAX in UTC, else ValueError."""
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    try:
        utc = value.astimezone(UTC)
    except (OverflowError, ValueError):
        utc = None
    if utc is None or not TIME_MIN <= utc <= TIME_MAX:
        raise ValueError(
            f"{value.isoformat()} is out of range: times must fall within the years "
            f"{TIME_MIN.year}-{TIME_MAX.year} after conversion to UTC"
        )
    return value


BoundedTime = Annotated[datetime, AfterValidator(bounded_time)]


def utf8_text(value: str) -> str:
    """`value` if it encodes as UTF-8, else ValueError: a JSON escape like \\ud800 decodes to a
    lone surrogate, which fails deep inside a query or a response (500) instead of here."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ValueError(f"not valid UTF-8 (a lone surrogate at position {e.start})") from e
    return value


Utf8Text = Annotated[str, AfterValidator(utf8_text)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- extraction ------------------------------------------------------------------------------


class EntityRef(_Frozen):
    """An entity as named in text or by a caller, before it is resolved to a stored entity."""

    name: str = Field(min_length=1, max_length=200)
    type: str = Field(min_length=1, max_length=64)


class Triple(_Frozen):
    """subject -predicate-> object, with an optional key for keyed relations ('my X is Y')."""

    subject: EntityRef
    predicate: str = Field(min_length=1, max_length=64)
    object: EntityRef
    key: str | None = Field(default=None, max_length=100)


class ExtractedFact(_Frozen):
    """A triple found in one text, with where and how it was found."""

    triple: Triple
    span: tuple[int, int] = Field(description="Character offsets [start, end) in the text.")
    extractor: str
    confidence: float = Field(gt=0.0, le=1.0)
    memory_type: str | None = None
    negated: bool = Field(
        default=False,
        description="The text denies the triple ('I'm not vegetarian anymore') and the relation "
        "has no negated_as: never stored as the positive fact; the conflict policy may end a "
        "current fact with it.",
    )
    cue: str | None = Field(
        default=None,
        max_length=100,
        description="The change-of-mind cue in the statement ('actually', 'no longer', 'used "
        "to', 'switched from'), as written; the conflict policy acts on it and keeps it as the "
        "reason.",
    )
    when: datetime | None = Field(
        default=None, description="The time the statement is about, grounded on the message time."
    )
    when_text: str | None = Field(
        default=None, max_length=100, description="The time expression as written ('last week')."
    )


class ExtractionInput(_Frozen):
    text: str
    speaker: str = Field(
        min_length=1, description="Who said the text: first person resolves to this name."
    )
    addressee: str | None = Field(
        default=None, description="Whom the text was said to: 'you' resolves to this name."
    )
    timestamp: datetime | None = Field(
        default=None, description="When the text was said: relative times are grounded on it."
    )


class Extraction(_Frozen):
    facts: tuple[ExtractedFact, ...] = ()
    mentions: tuple[EntityRef, ...] = Field(
        default=(), description="Named entities the text mentions (for entity-aware recall)."
    )


# --- write requests and results --------------------------------------------------------------


class WriteRequest(_Strict):
    """One memory to write: free text (extracted), structured triples, or both."""

    user_id: str = Field(pattern=ID_PATTERN)
    text: str | None = None
    triples: list[Triple] = Field(default_factory=list)
    agent_id: str | None = Field(default=None, pattern=ID_PATTERN)
    session_id: str | None = Field(default=None, pattern=ID_PATTERN)
    memory_type: str | None = None
    priority: int | None = Field(default=None, ge=1, le=10)
    timestamp: BoundedTime | None = None
    source_id: str | None = Field(default=None, max_length=256)
    speaker: str | None = Field(default=None, max_length=200)
    addressee: str | None = Field(
        default=None,
        max_length=200,
        description="Whom the text was said to ('you'); default: the session's other speaker.",
    )


class FactChange(_Frozen):
    """A consequence of a write for an existing fact."""

    kind: Literal["superseded", "conflict", "reinforced", "consolidated"]
    fact_id: str = Field(
        description="The fact written (or reinforced) by this write; for consolidated, the "
        "semantic memory the confirmed fact now backs."
    )
    other_fact_id: str | None = Field(default=None, description="The older fact affected.")
    reason: str


class WriteResult(_Frozen):
    episode_id: str
    created: bool = Field(description="False when the same episode had been written before.")
    fact_ids: tuple[str, ...] = ()
    changes: tuple[FactChange, ...] = ()


# --- stored records --------------------------------------------------------------------------


class Episode(_Frozen):
    id: str
    user_id: str
    agent_id: str | None = None
    session_id: str | None = None
    text: str | None = Field(default=None, description="None once forgotten.")
    timestamp: datetime
    source_id: str | None = None
    speaker: str | None = None
    kind: str = Field(default="message", description="message | working_memory | ...")
    status: Literal["active", "forgotten"] = "active"
    language: Literal["zh", "en", "mixed"] | None = Field(
        default=None,
        description="The text's language (graph_memory/language.py); None for episodes stored "
        "before detection. It picks segmentation, patterns and the multilingual embedder.",
    )
    pruned_facts: int = Field(
        default=0,
        ge=0,
        description="Facts drawn from it that prune removed: it stays, and recall marks it "
        "outdated when nothing drawn from it holds any more (graph_memory/recall/outdated.py).",
    )


class Entity(_Frozen):
    id: str
    user_id: str
    name: str
    type: str
    aliases: tuple[str, ...] = ()


USE_HISTORY_LIMIT = 20  # the newest uses a fact keeps; older ones fall off (counts keep all)
FactUseKind = Literal["recalled", "useful", "not_useful"]


class FactUse(_Frozen):
    """One entry of a fact's use history: recall returned it `count` times in one batch of use
    counting (graph_memory/usage.py, at the batch's last recall), or feedback judged it.

    The engine keeps each entry as one string, "<ISO time> <kind> <count>" (`entry`), in a list
    property appended to atomically; a model validates from that string as well."""

    at: datetime
    kind: FactUseKind
    count: int = Field(default=1, ge=1)

    @model_validator(mode="before")
    @classmethod
    def _from_entry(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        parts = value.split(" ")
        if len(parts) != 3:
            raise ValueError(f"not a use history entry: {value!r}")
        return {"at": parts[0], "kind": parts[1], "count": parts[2]}

    @property
    def entry(self) -> str:
        at = self.at if self.at.tzinfo else self.at.replace(tzinfo=UTC)
        return f"{at.astimezone(UTC).isoformat(timespec='microseconds')} {self.kind} {self.count}"


class Fact(_Frozen):
    id: str
    user_id: str
    agent_id: str | None = None
    session_id: str | None = None
    subject_id: str
    subject_name: str | None = Field(default=None, description="None once forgotten.")
    predicate: str
    object_id: str
    object_name: str | None = Field(default=None, description="None once forgotten.")
    key: str | None = None
    text: str | None = Field(default=None, description="None once forgotten.")
    memory_type: str
    priority: int = Field(ge=1, le=10)
    confidence: float = Field(ge=0.0, le=1.0)
    valid_from: datetime
    created_at: datetime
    superseded_at: datetime | None = None
    end_reason: str | None = Field(
        default=None,
        description="Why it stopped holding when no later fact replaced it: the cue as written "
        "('no longer', 'used to'); a successor's reason is on its SUPERSEDES link.",
    )
    occurred_at: datetime | None = Field(
        default=None,
        description="The time the fact is about, grounded on its message's time ('last week' "
        "-> that Monday); valid-time filters and as_of use it (graph_memory/extract/when.py).",
    )
    occurred_text: str | None = Field(
        default=None, max_length=100, description="The time expression as written ('last week')."
    )
    status: FactStatus = "current"
    needs_confirmation: bool = False
    use_count: int = 0
    useful_count: int = 0
    last_used_at: datetime | None = None
    use_history: tuple[FactUse, ...] = Field(
        default=(),
        description=f"Its latest uses, oldest first: recalls (batched) and feedback, at most "
        f"{USE_HISTORY_LIMIT} (use_count counts every use).",
    )
    expires_at: datetime | None = None
    evidence_count: int = 1
    origin: str = Field(description="Who asserted it: the speaker, else the agent, else the user.")
    extractor: str
    episode_ids: tuple[str, ...] = ()
    merged_into: str | None = Field(
        default=None, description="The fact this near-duplicate was merged into (status merged)."
    )
    scope: str | None = Field(
        default=None,
        description="Semantic memories: where the conclusion holds, as JSON (see consolidate).",
    )


FactLinkKind = Literal["SUPERSEDES", "CONFLICTS_WITH", "MERGED_INTO", "DERIVED_FROM", "ENDED_BY"]


class FactLink(_Frozen):
    """An edge between two facts: `from` SUPERSEDES or CONFLICTS_WITH `to`; a near-duplicate
    `from` was MERGED_INTO `to`; a semantic memory `from` was DERIVED_FROM its source `to`;
    a fact `from` that stopped holding with no successor ("I'm not vegetarian anymore") was
    ENDED_BY the message `to` (an episode id) that ended it, for `reason`."""

    kind: FactLinkKind
    from_id: str
    to_id: str
    reason: str
    at: datetime


class Tombstone(_Frozen):
    id: str
    target_id: str
    target_kind: Literal["fact", "episode", "entity"]
    user_id: str
    forgotten_at: datetime
    by: str
    reason: str
    redacted: bool = Field(
        default=False,
        description="An episode that stays, with only the forgotten parts of its text replaced "
        "by [forgotten] (it still backs other facts).",
    )


class WorkingSlot(_Frozen):
    """One working-memory slot of a session: a key with its current value."""

    user_id: str
    session_id: str
    key: str
    value: str
    memory_type: str
    priority: int = Field(ge=1, le=10)
    updated_at: datetime
    expires_at: datetime
    history: tuple[str, ...] = Field(
        default=(), description="Earlier values, oldest first, as 'ISO-time<TAB>value'."
    )


# --- the explorer (graph_memory/ui) ----------------------------------------------------------


class FactSource(_Frozen):
    """A message a fact was extracted from, and where in its text."""

    episode: Episode
    span: tuple[int, int] = Field(description="Character offsets [start, end) in episode.text.")
    extractor: str
    confidence: float


class UserSummary(_Frozen):
    user_id: str
    episodes: int = Field(description="Messages held for the user (forgotten ones not counted).")


class ReviewResult(_Frozen):
    """A person's decision on a fact that awaited confirmation."""

    decision: Literal["confirmed", "rejected"]
    fact: Fact = Field(description="The decided fact, as it is now.")
    superseded: tuple[str, ...] = Field(
        default=(), description="Facts that are superseded now (confirmed: the other side; "
        "rejected: the decided fact itself)."
    )
    current: tuple[str, ...] = Field(default=(), description="Facts that hold now.")

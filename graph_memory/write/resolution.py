"""The data of one conflict resolution (graph_memory/write/conflict_policy.py): how each
candidate was said (Said), the retractions of its messages (Ending), the outcome
(Resolution), and the working state of the run (Run): the facts seen so far and their
states. Pure data, no rules; and the one comparison every rule shares (same_statement).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from graph_memory.extract.cues import Cue
from graph_memory.extract.retractions import Retraction
from graph_memory.models import Fact, FactChange, FactLink, FactStatus

_ACTIVE = ("current", "conflicted")


@dataclass(frozen=True)
class Said:
    """How a candidate fact was stated: a denial, and the change cue that applies to it."""

    negated: bool = False
    cue: Cue | None = None


PLAIN = Said()


@dataclass(frozen=True)
class Ending:
    """A retraction a message makes (graph_memory/extract/retractions.py), for its speaker."""

    subject_id: str
    retraction: Retraction
    at: datetime
    by: str  # the episode that said it


@dataclass
class State:
    """A fact's status as the run decides it."""

    status: FactStatus
    superseded_at: datetime | None
    needs_confirmation: bool
    end_reason: str | None = None


@dataclass
class Resolution:
    """Outcome of resolving a sequence of candidate facts against the active ones."""

    created: list[Fact] = field(default_factory=list)
    # candidate id -> id of the existing fact it repeats
    reinforced: dict[str, str] = field(default_factory=dict)
    changed_existing: dict[str, State] = field(default_factory=dict)
    links: list[FactLink] = field(default_factory=list)
    # (candidate id, change): what each candidate did to the facts already held
    changes: list[tuple[str, FactChange]] = field(default_factory=list)
    # candidates that store nothing (denials, past statements that ended their twin)
    dropped: set[str] = field(default_factory=set)
    # (fact id, by, reason) of each fact that stopped holding without a successor (rule 3e):
    # `by` is the candidate, or for a retraction the episode, whose message ended it
    endings: list[tuple[str, str, str]] = field(default_factory=list)


@dataclass
class Run:
    """The working state of one resolve: the facts seen so far and their states."""

    pool: dict[str, Fact]
    state: dict[str, State]
    result: Resolution = field(default_factory=Resolution)
    ended: list[tuple[Fact, datetime, str]] = field(default_factory=list)  # (fact, at, reason)

    @classmethod
    def of(cls, facts: Iterable[Fact]) -> Run:
        pool = {fact.id: fact for fact in facts}
        return cls(pool, {fid: state_of(fact) for fid, fact in pool.items()})

    def active(self, fact_id: str) -> bool:
        return self.state[fact_id].status in _ACTIVE

    def changed(self, facts: Iterable[Fact]) -> dict[str, State]:
        """The final states of `facts` that differ from their stored ones."""
        return {f.id: self.state[f.id] for f in facts if state_of(f) != self.state[f.id]}


def state_of(fact: Fact) -> State:
    return State(fact.status, fact.superseded_at, fact.needs_confirmation, fact.end_reason)


def same_statement(a: Fact, b: Fact) -> bool:
    """Same subject, relation, object and key; and the same time when both name one (two
    visits to Miami in different weeks are two events)."""
    same_time = a.occurred_at is None or b.occurred_at is None or a.occurred_at == b.occurred_at
    return same_time and (a.subject_id, a.predicate, a.object_id, a.key) == (
        b.subject_id,
        b.predicate,
        b.object_id,
        b.key,
    )

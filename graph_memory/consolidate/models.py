"""What consolidation returns: semantic memories as structured views, and its reports."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field

from graph_memory.models import Fact


class Scope(BaseModel):
    """Where a conclusion holds, as far as its evidence shows."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    topics: tuple[str, ...] = ()
    agents: tuple[str, ...] = ()
    sessions: int = 0
    since: datetime | None = None
    until: datetime | None = None

    def describe(self) -> str:
        parts = [f"topics: {', '.join(self.topics) if self.topics else 'any'}"]
        if self.agents:
            parts.append(f"agents: {', '.join(self.agents)}")
        if self.sessions:
            parts.append(f"{self.sessions} session{'s' if self.sessions != 1 else ''}")
        if self.since is not None and self.until is not None:
            parts.append(f"{self.since.date().isoformat()} to {self.until.date().isoformat()}")
        return "; ".join(parts)


class SemanticMemory(BaseModel):
    """The structured view of a semantic memory fact."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    user_id: str
    conclusion: str | None = Field(description="None once forgotten.")
    summary: str = Field(description='"<conclusion>; evidence: <n> statements; scope: <scope>".')
    evidence_count: int
    evidence: tuple[str, ...] = Field(description="The facts it was drawn from.")
    episode_ids: tuple[str, ...] = Field(description="The episodes those facts came from.")
    scope: Scope
    confidence: float
    priority: int
    status: str
    subject_id: str
    predicate: str
    object_id: str


class Merge(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    fact_id: str = Field(description="The near-duplicate, now status merged.")
    into_id: str = Field(description="The fact it was merged into.")
    similarity: float
    reason: str


class Withdrawal(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    semantic_id: str
    reason: str


class SummarizeReport(BaseModel):
    """What a consolidation did (or, on a dry run, would do)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    dry_run: bool
    groups: int = Field(description="Groups of facts looked at.")
    created: tuple[SemanticMemory, ...] = ()
    updated: tuple[SemanticMemory, ...] = ()
    unchanged: tuple[SemanticMemory, ...] = ()
    merges: tuple[Merge, ...] = ()
    withdrawn: tuple[Withdrawal, ...] = ()


class UnmergeResult(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    fact: Fact = Field(description="The restored fact, current again.")
    into_id: str
    semantic: SemanticMemory | None = Field(
        default=None, description="The semantic memory of the group, rebuilt, if it still holds."
    )
    withdrawn: tuple[Withdrawal, ...] = ()


def parse_scope(fact: Fact) -> Scope:
    return Scope.model_validate_json(fact.scope) if fact.scope else Scope()


def to_semantic(fact: Fact, evidence: Sequence[str]) -> SemanticMemory:
    scope = parse_scope(fact)
    return SemanticMemory(
        id=fact.id,
        user_id=fact.user_id,
        conclusion=fact.text,
        summary=(
            f"{fact.text or '(forgotten)'}; evidence: {fact.evidence_count} statements; "
            f"scope: {scope.describe()}"
        ),
        evidence_count=fact.evidence_count,
        evidence=tuple(sorted(evidence)),
        episode_ids=fact.episode_ids,
        scope=scope,
        confidence=fact.confidence,
        priority=fact.priority,
        status=fact.status,
        subject_id=fact.subject_id,
        predicate=fact.predicate,
        object_id=fact.object_id,
    )

"""Settling an open conflict by hand: a person confirms or rejects a fact that awaits
confirmation (status conflicted, needs_confirmation).

Confirming does what stating the fact again does, by the same code (ConflictResolver.confirm,
graph_memory/write/conflict_policy.py, case 1): the fact becomes current and SUPERSEDES every
active fact that cannot hold together with it (the other side of its conflicts); a semantic
memory flagged alongside it (same statement) is current again too. Rejecting is the mirror
image: the fact is superseded by the other side of its conflicts, and each fact on that side
that has no other open conflict becomes current. Nothing is deleted; the reason is kept on
the SUPERSEDES link.
"""

from __future__ import annotations

from datetime import datetime

from graph_memory.errors import InvalidInputError
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Fact, FactLink, ReviewResult
from graph_memory.ontology import Ontology
from graph_memory.store.base import StatusChange, Store, WritePlan
from graph_memory.write.conflict_policy import ConflictResolver
from graph_memory.write.resolution import same_statement

_ACTIVE = ("current", "conflicted")


def _check_open(fact: Fact) -> None:
    if fact.status != "conflicted":
        raise InvalidInputError(
            f"{fact.id} is {fact.status}, not awaiting confirmation: only a conflicted fact "
            "can be confirmed or rejected"
        )


def _current(fact_id: str) -> StatusChange:
    return StatusChange(
        fact_id=fact_id, status="current", superseded_at=None, needs_confirmation=False
    )


def _superseded(fact_id: str, at: datetime) -> StatusChange:
    return StatusChange(
        fact_id=fact_id, status="superseded", superseded_at=at, needs_confirmation=False
    )


class ConflictReview:
    """Plans and applies a person's decision on a conflicted fact (one WritePlan each)."""

    def __init__(self, store: Store, ontology: Ontology) -> None:
        self._store = store
        self._ontology = ontology

    def _others(self, fact: Fact) -> list[Fact]:
        return [
            f for f in self._store.active_facts_of_subjects(fact.user_id, [fact.subject_id])
            if f.id != fact.id and f.status in _ACTIVE
        ]

    def _result(
        self,
        decision: str,
        fact: Fact,
        changes: list[StatusChange],
        links: list[FactLink],
        held: tuple[str, ...] = (),
    ) -> ReviewResult:
        """Apply the decision; `held`: facts that were current already and stay so."""
        self._store.apply(WritePlan(status_changes=changes, links=links))
        now_held = self._store.get_fact(fact.id)
        return ReviewResult.model_validate({
            "decision": decision,
            "fact": now_held or fact,
            "superseded": [c.fact_id for c in changes if c.status == "superseded"],
            "current": [*held, *(c.fact_id for c in changes if c.status == "current")],
        })

    def confirm(
        self, fact: Fact, *, by: str, reason: str | None, now: datetime
    ) -> ReviewResult:
        """Make `fact` current; it supersedes its active competitors."""
        _check_open(fact)
        note = f"confirmed by {by}" + (f": {reason}" if reason else "")
        settled = ConflictResolver(self._ontology).confirm(fact, self._others(fact), now, note, now)
        changes = [
            StatusChange(fact_id=fact_id, status=state.status, superseded_at=state.superseded_at,
                         needs_confirmation=state.needs_confirmation)
            for fact_id, state in settled.changed_existing.items()
        ]
        return self._result("confirmed", fact, changes, settled.links)

    def reject(
        self, fact: Fact, *, by: str, reason: str | None, now: datetime
    ) -> ReviewResult:
        """Supersede `fact` by the other side of its conflicts; a fact on that side with no
        other open conflict becomes current."""
        _check_open(fact)
        note = f"rejected by {by}" + (f": {reason}" if reason else "")
        others = {f.id: f for f in self._others(fact)}
        links = self._store.fact_links([fact.id, *others])
        partners = {
            (link.to_id if link.from_id == fact.id else link.from_id)
            for link in links
            if link.kind == "CONFLICTS_WITH" and fact.id in (link.from_id, link.to_id)
        }
        winners = [others[i] for i in sorted(partners) if i in others]
        changes = [_superseded(fact.id, now)]
        new_links = [
            FactLink(kind="SUPERSEDES", from_id=w.id, to_id=fact.id, reason=note, at=now)
            for w in winners
        ]
        for winner in winners:
            still_open = any(
                link.kind == "CONFLICTS_WITH"
                and winner.id in (link.from_id, link.to_id)
                and fact.id not in (link.from_id, link.to_id)
                and (link.to_id if link.from_id == winner.id else link.from_id) in others
                for link in links
            )
            if winner.status == "conflicted" and not still_open:
                changes.append(_current(winner.id))
        for other in others.values():  # a conclusion flagged alongside the rejected statement
            if (other.memory_type == SEMANTIC_MEMORY_TYPE and same_statement(other, fact)
                    and other.status == "conflicted"):
                changes.append(_superseded(other.id, now))
        if not winners and len(changes) == 1:
            # No active other side is left (it was forgotten or superseded meanwhile).
            raise InvalidInputError(
                f"{fact.id} has no active fact on the other side of its conflict: forget it, "
                "or confirm it instead"
            )
        held = tuple(w.id for w in winners if w.status == "current")
        return self._result("rejected", fact, changes, new_links, held)

"""Consolidation as Memory runs it: checks the request, plans, applies. The caller holds the
write lock around every method that writes."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from graph_memory.config import Settings
from graph_memory.consolidate.models import (
    SemanticMemory,
    SummarizeReport,
    UnmergeResult,
    to_semantic,
)
from graph_memory.consolidate.planner import Consolidation, Consolidator, withdraw_plan
from graph_memory.embed import Embedder
from graph_memory.errors import InvalidInputError
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Fact, FactChange, WriteRequest, WriteResult
from graph_memory.ontology import Ontology
from graph_memory.store.base import Store, WritePlan
from graph_memory.validation import check_scope_id

log = logging.getLogger(__name__)


class ConsolidationService:
    def __init__(
        self, store: Store, embedder: Embedder, ontology: Ontology, settings: Settings
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._ontology = ontology
        self._settings = settings

    def summarize(
        self,
        user_id: str,
        *,
        agent_id: str | None,
        session_id: str | None,
        since: datetime | None,
        until: datetime | None,
        min_evidence: int | None,
        dry_run: bool,
        now: datetime,
    ) -> SummarizeReport:
        check_scope_id(user_id, field="user_id")
        for value, name in ((agent_id, "agent_id"), (session_id, "session_id")):
            if value is not None:
                check_scope_id(value, field=name)
        if since is not None and until is not None and since > until:
            raise InvalidInputError("since must not be after until")
        if min_evidence is not None and not 2 <= min_evidence <= 1000:
            raise InvalidInputError("min_evidence must be between 2 and 1000")
        consolidator = self._consolidator(min_evidence)
        seeds = consolidator.facts_in_scope(
            user_id, agent_id=agent_id, session_id=session_id, since=since, until=until
        )
        consolidation = consolidator.plan(user_id, seeds, now, dry_run=dry_run)
        if not dry_run:
            self._apply(consolidation)
        return consolidation.report

    def unmerge(self, fact: Fact, now: datetime) -> UnmergeResult:
        if fact.status != "merged" or fact.merged_into is None:
            raise InvalidInputError(f"{fact.id} is not merged (status {fact.status})")
        consolidation, restored = self._consolidator(None).plan_unmerge(fact, now)
        self._apply(consolidation)
        report = consolidation.report
        return UnmergeResult(
            fact=restored,
            into_id=fact.merged_into,
            semantic=report.updated[0] if report.updated else None,
            withdrawn=report.withdrawn,
        )

    def views(self, facts: Sequence[Fact]) -> list[SemanticMemory]:
        """Semantic memory facts with their source facts and episodes."""
        ids = [f.id for f in facts]
        evidence: dict[str, list[str]] = {i: [] for i in ids}
        for link in self._store.fact_links(ids):
            if link.kind == "DERIVED_FROM" and link.from_id in evidence:
                evidence[link.from_id].append(link.to_id)
        episodes: dict[str, set[str]] = {i: set() for i in ids}
        for fact_id, episode_id, _ in self._store.sources_of_facts(ids):
            episodes[fact_id].add(episode_id)
        return [
            to_semantic(
                f.model_copy(update={"episode_ids": tuple(sorted(episodes[f.id]))}),
                evidence[f.id],
            )
            for f in facts
        ]

    def after_write(
        self, requests: Sequence[WriteRequest], results: list[WriteResult], now: datetime
    ) -> list[WriteResult]:
        """Facts a write confirmed `consolidation_min_evidence` times become semantic memory
        now, and the write reports it as a change. Runs after the write was applied: a failure
        here is logged and leaves the write as it is."""
        confirmed = {
            c.fact_id: position
            for position, result in enumerate(results)
            for c in result.changes
            if c.kind == "reinforced"
        }
        if not confirmed or SEMANTIC_MEMORY_TYPE not in self._ontology.memory_types:
            return results
        added: dict[int, list[FactChange]] = {}
        try:
            minimum = self._settings.consolidation_min_evidence
            facts = [
                f
                for f in self._store.get_facts(sorted(confirmed))
                if f.status == "current" and f.evidence_count >= minimum
            ]
            for user_id in sorted({requests[confirmed[f.id]].user_id for f in facts}):
                seeds = [f for f in facts if f.user_id == user_id]
                consolidation = self._consolidator(None).plan(
                    user_id, seeds, now, dry_run=False, merge=False
                )
                self._apply(consolidation)
                report = consolidation.report
                for memory in (*report.created, *report.updated):
                    for source in memory.evidence:
                        if source in confirmed:
                            added.setdefault(confirmed[source], []).append(
                                FactChange(
                                    kind="consolidated",
                                    fact_id=memory.id,
                                    other_fact_id=source,
                                    reason=memory.summary,
                                )
                            )
        except Exception:
            log.exception("consolidating confirmed facts failed; the write itself is stored")
        return [
            r.model_copy(update={"changes": (*r.changes, *added[i])}) if i in added else r
            for i, r in enumerate(results)
        ]

    def _consolidator(self, min_evidence: int | None) -> Consolidator:
        if SEMANTIC_MEMORY_TYPE not in self._ontology.memory_types:
            raise InvalidInputError(
                f"the ontology has no memory type {SEMANTIC_MEMORY_TYPE!r} to consolidate into"
            )
        return Consolidator(
            self._store,
            self._embedder,
            self._ontology,
            min_evidence=min_evidence or self._settings.consolidation_min_evidence,
            merge_threshold=self._settings.consolidation_merge_threshold,
        )

    def _apply(self, consolidation: Consolidation) -> None:
        # Two steps: a withdrawal (a forget, with tombstones) cannot share the write plan's
        # transaction; it runs second, and a failed one is retried by the next unmerge.
        if consolidation.plan != WritePlan():
            self._store.apply(consolidation.plan)
        if consolidation.withdraw:
            self._store.forget(withdraw_plan(consolidation.withdraw))

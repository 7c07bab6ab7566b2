"""Planning a consolidation: groups, reversible merges and conclusions, as one write plan
(the rules are in graph_memory/consolidate/__init__.py)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

import numpy as np

from graph_memory.consolidate.models import (
    Merge,
    Scope,
    SemanticMemory,
    SummarizeReport,
    Withdrawal,
    to_semantic,
)
from graph_memory.embed import Embedder
from graph_memory.entities import numbers_differ
from graph_memory.extract.canonical import normalize_name
from graph_memory.ids import make_id
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Entity, Fact, FactLink, Tombstone
from graph_memory.ontology import Ontology
from graph_memory.store.base import (
    EvidenceRow,
    FactRow,
    FactUpdate,
    ForgetPlan,
    StatusChange,
    Store,
    WritePlan,
)
from graph_memory.text import content_words, keyword_terms

EXTRACTOR = "consolidation-v1"
# Memory types never consolidated: experiences have their own evidence (hindsight), and a
# semantic memory is already a conclusion.
NOT_CONSOLIDATED = frozenset({SEMANTIC_MEMORY_TYPE, "experience"})
MAX_TOPICS = 3
# A conclusion needs repeated evidence: at fewer statements it is withdrawn.
MIN_EVIDENCE_FLOOR = 2
SCOPE_FACT_LIMIT = 10_000


def combined_confidence(members: Sequence[tuple[float, int]]) -> float:
    """1 - prod (1 - confidence) ** statements: independent statements add up."""
    doubt = math.prod((1.0 - confidence) ** count for confidence, count in members)
    return round(min(1.0, max(0.0, 1.0 - doubt)), 6)


@dataclass
class _Group:
    """Facts of one (subject, predicate, key) that state near-duplicate objects."""

    representative: Fact
    duplicates: list[tuple[Fact, float]] = field(default_factory=list)  # to merge now
    merged: list[Fact] = field(default_factory=list)  # merged before
    semantic: Fact | None = None  # the current semantic memory drawn from it

    @property
    def statements(self) -> int:
        return self.representative.evidence_count + sum(
            d.evidence_count for d, _ in self.duplicates
        )

    @property
    def members(self) -> list[Fact]:
        return [self.representative, *(d for d, _ in self.duplicates), *self.merged]


@dataclass
class Consolidation:
    """A planned consolidation: one write plan, then the semantic memories to withdraw."""

    plan: WritePlan
    withdraw: list[Tombstone]
    report: SummarizeReport


class Consolidator:
    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        ontology: Ontology,
        *,
        min_evidence: int,
        merge_threshold: float,
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._ontology = ontology
        self._min_evidence = min_evidence
        self._merge_threshold = merge_threshold

    # --- what to look at ------------------------------------------------------------------
    def facts_in_scope(
        self,
        user_id: str,
        *,
        agent_id: str | None,
        session_id: str | None,
        since: datetime | None,
        until: datetime | None,
    ) -> list[Fact]:
        """The current facts of the scope (the newest SCOPE_FACT_LIMIT) that can consolidate."""
        return [
            f
            for f in self._store.list_facts(user_id, statuses=["current"], limit=SCOPE_FACT_LIMIT)
            if f.memory_type not in NOT_CONSOLIDATED
            and (agent_id is None or f.agent_id == agent_id)
            and (session_id is None or f.session_id == session_id)
            and (since is None or f.valid_from >= since)
            and (until is None or f.valid_from <= until)
        ]

    # --- planning -------------------------------------------------------------------------
    def plan(
        self,
        user_id: str,
        seeds: Sequence[Fact],
        now: datetime,
        *,
        dry_run: bool,
        merge: bool = True,
    ) -> Consolidation:
        """Consolidate the groups of `seeds` (facts of `user_id`). Without `merge`, looks for
        no near-duplicates (no embedding of every object name of the slot): what a write
        does when it confirms a fact; merging waits for an idle session or a summarize."""
        keys = {(f.subject_id, f.predicate, f.key) for f in seeds}
        pool = [
            f
            for f in self._store.active_facts_of_subjects(user_id, sorted({k[0] for k in keys}))
            if (f.subject_id, f.predicate, f.key) in keys
        ]
        links = self._store.fact_links([f.id for f in pool])
        # Grouping sees every fact of the seeds' slots; only the seeds' own groups change.
        seed_ids = {f.id for f in seeds}
        groups = [
            group
            for group in self._groups(
                [f for f in pool if f.memory_type not in NOT_CONSOLIDATED], pool, links, merge
            )
            if any(member.id in seed_ids for member in group.members)
        ]
        plan = WritePlan()
        created: list[SemanticMemory] = []
        updated: list[SemanticMemory] = []
        unchanged: list[SemanticMemory] = []
        merges: list[Merge] = []
        new_semantic: list[tuple[Fact, list[str], list[str]]] = []
        for group in groups:
            merges += self._plan_merges(group, plan, now)
            if group.statements < self._min_evidence:
                continue  # evidence only falls by an unmerge or a forget: both withdraw there
            fact, evidence, episodes = self._conclusion(group, now)
            view = to_semantic(fact.model_copy(update={"episode_ids": tuple(episodes)}), evidence)
            if group.semantic is None:
                new_semantic.append((fact, evidence, episodes))
                created.append(view)
            elif self._unchanged(group.semantic, fact, evidence, episodes, links):
                unchanged.append(view)
                continue
            else:
                updated.append(view)
                _plan_rebuild(plan, fact, evidence, episodes, now)
                continue
            _add_evidence(plan, fact, evidence, episodes, now)
        if new_semantic and not dry_run:
            texts = [fact.text or "" for fact, _, _ in new_semantic]
            for (fact, _, _), vector in zip(new_semantic, self._embedder.embed(texts), strict=True):
                plan.facts.append(FactRow(fact=fact, embedding=[float(x) for x in vector]))
        report = SummarizeReport(
            dry_run=dry_run,
            groups=len(groups),
            created=tuple(created),
            updated=tuple(updated),
            unchanged=tuple(unchanged),
            merges=tuple(merges),
        )
        return Consolidation(plan=plan, withdraw=[], report=report)

    def plan_unmerge(self, duplicate: Fact, now: datetime) -> tuple[Consolidation, Fact]:
        """Undo the merge of `duplicate`, then re-plan its group's semantic memory."""
        assert duplicate.merged_into is not None
        into = self._store.get_fact(duplicate.merged_into)
        restored = duplicate.model_copy(update={"status": "current", "merged_into": None})
        plan = WritePlan(
            unmerged=[duplicate.id],
            status_changes=[
                StatusChange(
                    fact_id=duplicate.id,
                    status="current",
                    superseded_at=None,
                    needs_confirmation=False,
                )
            ],
        )
        if into is None or into.status != "current":
            return Consolidation(plan, [], SummarizeReport(dry_run=False, groups=0)), restored
        remaining = max(1, into.evidence_count - duplicate.evidence_count)
        plan.updates.append((into.id, FactUpdate(evidence_count=remaining)))
        # The group as it will be: the representative without the duplicate's statements.
        after = into.model_copy(update={"evidence_count": remaining})
        pool = [
            f
            for f in self._store.active_facts_of_subjects(into.user_id, [into.subject_id])
            if (f.predicate, f.key) == (into.predicate, into.key) and f.id != duplicate.id
        ]
        links = self._store.fact_links([f.id for f in pool])
        group = _Group(
            representative=after,
            merged=[f for f in pool if f.status == "merged" and f.merged_into == into.id],
            semantic=_semantic_of(into.id, pool, links),
        )
        rebuilt = Consolidation(plan, [], SummarizeReport(dry_run=False, groups=1))
        if group.semantic is None:
            return rebuilt, restored
        if group.statements < MIN_EVIDENCE_FLOOR:
            reason = (
                f"evidence fell to {group.statements} statement when {duplicate.id} was "
                "unmerged: a single statement is no conclusion"
            )
            rebuilt.withdraw.append(_tombstone(group.semantic, reason, now))
            rebuilt.report = SummarizeReport(
                dry_run=False,
                groups=1,
                withdrawn=(Withdrawal(semantic_id=group.semantic.id, reason=reason),),
            )
            return rebuilt, restored
        fact, evidence, episodes = self._conclusion(group, now)
        _plan_rebuild(plan, fact, evidence, episodes, now)
        view = to_semantic(fact.model_copy(update={"episode_ids": tuple(episodes)}), evidence)
        rebuilt.report = SummarizeReport(dry_run=False, groups=1, updated=(view,))
        return rebuilt, restored

    def _unchanged(
        self,
        existing: Fact,
        fact: Fact,
        evidence: list[str],
        episodes: list[str],
        links: list[FactLink],
    ) -> bool:
        derived = sorted(
            link.to_id
            for link in links
            if link.kind == "DERIVED_FROM" and link.from_id == existing.id
        )
        held = (existing.evidence_count, existing.confidence, existing.priority, existing.scope)
        return (
            held == (fact.evidence_count, fact.confidence, fact.priority, fact.scope)
            and derived == evidence
            and sorted(self._store.fact_sources([existing.id])) == episodes
        )

    # --- groups and merges ----------------------------------------------------------------
    def _groups(
        self, candidates: list[Fact], pool: list[Fact], links: list[FactLink], merge: bool
    ) -> list[_Group]:
        current = [f for f in candidates if f.status == "current"]
        merged = [f for f in candidates if f.status == "merged"]
        representing = {f.merged_into for f in merged} | {
            link.to_id for link in links if link.kind == "DERIVED_FROM"
        }
        objects = self._store.get_entities(sorted({f.object_id for f in current})) if merge else {}
        names = sorted({normalize_name(f.object_name or "") for f in current}) if merge else []
        vectors = dict(zip(names, self._unit_vectors(names), strict=True))
        buckets: dict[tuple[str, str, str | None], list[_Group]] = {}
        order = sorted(
            current,
            key=lambda f: (f.id not in representing, -f.evidence_count, f.created_at, f.id),
        )
        for fact in order:
            groups = buckets.setdefault((fact.subject_id, fact.predicate, fact.key), [])
            best: tuple[float, _Group] | None = None
            for group in groups if merge else ():
                similarity = self._similarity(group.representative, fact, objects, vectors)
                if similarity >= self._merge_threshold and (best is None or similarity > best[0]):
                    best = (similarity, group)
            if best is None:
                groups.append(_Group(representative=fact))
            else:
                best[1].duplicates.append((fact, best[0]))
        result = [group for groups in buckets.values() for group in groups]
        by_id = {group.representative.id: group for group in result}
        for fact in merged:
            if fact.merged_into in by_id:
                by_id[fact.merged_into].merged.append(fact)
        for group in result:
            group.semantic = _semantic_of(group.representative.id, pool, links)
        return result

    def _similarity(
        self,
        a: Fact,
        b: Fact,
        objects: dict[str, Entity],
        vectors: dict[str, np.ndarray],
    ) -> float:
        name_a, name_b = normalize_name(a.object_name or ""), normalize_name(b.object_name or "")
        if a.object_id == b.object_id or name_a == name_b:
            return 1.0
        object_a, object_b = objects.get(a.object_id), objects.get(b.object_id)
        if object_a is None or object_b is None or object_a.type != object_b.type:
            return 0.0
        spec = self._ontology.entity_types.get(object_a.type)
        if spec is None or not spec.merge_by_embedding or numbers_differ(name_a, name_b):
            return 0.0  # near names of names and identifiers are different things
        return round(float(np.dot(vectors[name_a], vectors[name_b])), 6)

    def _unit_vectors(self, texts: list[str]) -> list[np.ndarray]:
        if not texts:
            return []
        matrix = np.asarray(self._embedder.embed(texts), dtype=np.float32)
        norms = np.linalg.norm(matrix, axis=1, keepdims=True)
        return list(matrix / np.where(norms == 0, 1.0, norms))

    def _plan_merges(self, group: _Group, plan: WritePlan, now: datetime) -> list[Merge]:
        if not group.duplicates:
            return []
        rep = group.representative
        merges = []
        for duplicate, similarity in group.duplicates:
            reason = (
                f"near-duplicate of {rep.id}: {duplicate.object_name!r} ~ {rep.object_name!r} "
                f"(cosine {similarity:.2f})"
            )
            plan.status_changes.append(
                StatusChange(
                    fact_id=duplicate.id,
                    status="merged",
                    superseded_at=None,
                    needs_confirmation=False,
                    merged_into=rep.id,
                )
            )
            plan.links.append(
                FactLink(
                    kind="MERGED_INTO", from_id=duplicate.id, to_id=rep.id, reason=reason, at=now
                )
            )
            merges.append(
                Merge(fact_id=duplicate.id, into_id=rep.id, similarity=similarity, reason=reason)
            )
        plan.updates.append((rep.id, FactUpdate(evidence_count=group.statements)))
        return merges

    # --- conclusions ----------------------------------------------------------------------
    def _conclusion(self, group: _Group, now: datetime) -> tuple[Fact, list[str], list[str]]:
        """The semantic memory of a group (new, or its existing one updated), its source facts
        and their episodes."""
        rep = group.representative
        members = group.members
        evidence = sorted(f.id for f in members)
        episode_ids = sorted(self._store.fact_sources(evidence))
        episodes = self._store.get_episodes(episode_ids)
        scope = Scope(
            topics=self._topics(members, [e.text or "" for e in episodes]),
            agents=tuple(sorted({a for a in (e.agent_id for e in episodes) if a})),
            sessions=len({e.session_id for e in episodes if e.session_id}),
            since=min((e.timestamp for e in episodes), default=None),
            until=max((e.timestamp for e in episodes), default=None),
        )
        confidence = combined_confidence(
            [(rep.confidence, rep.evidence_count)]
            + [(d.confidence, d.evidence_count) for d, _ in group.duplicates]
        )
        # The group's own priority: a conclusion must not outrank (and so block) a later
        # statement that changes the facts it was drawn from.
        priority = max(f.priority for f in members)
        valid_from = max(f.valid_from for f in members)
        scope_json = scope.model_dump_json()
        if group.semantic is not None:
            fact = group.semantic.model_copy(
                update={
                    "confidence": confidence,
                    "priority": priority,
                    "evidence_count": group.statements,
                    "valid_from": valid_from,
                    "scope": scope_json,
                }
            )
            return fact, evidence, episode_ids
        fact = Fact(
            id=make_id("fact", rep.user_id, SEMANTIC_MEMORY_TYPE, rep.id, now.isoformat()),
            user_id=rep.user_id,
            agent_id=scope.agents[0] if len(scope.agents) == 1 else None,
            session_id=None,
            subject_id=rep.subject_id,
            subject_name=rep.subject_name,
            predicate=rep.predicate,
            object_id=rep.object_id,
            object_name=rep.object_name,
            key=rep.key,
            text=rep.text,
            memory_type=SEMANTIC_MEMORY_TYPE,
            priority=priority,
            confidence=confidence,
            valid_from=valid_from,
            created_at=now,
            evidence_count=group.statements,
            origin=rep.origin,
            extractor=EXTRACTOR,
            scope=scope_json,
        )
        return fact, evidence, episode_ids

    def _topics(self, members: list[Fact], texts: list[str]) -> tuple[str, ...]:
        """Content words outside the statements (any member's wording) that recur across the
        evidence episodes."""
        rep = members[0]
        named = [rep.text, rep.subject_name, *(f.object_name for f in members)]
        statement = set(keyword_terms(" ".join(filter(None, named))))
        statement |= {t for w in self._relation_words(rep.predicate) for t in keyword_terms(w)}
        counts: Counter[str] = Counter()
        for text in texts:
            seen: set[str] = set()
            for word in content_words(text):
                terms = keyword_terms(word)
                if word.isalpha() and len(word) > 2 and terms and terms[0] not in statement:
                    seen.add(word.lower())
            counts.update(seen)
        needed = max(2, math.ceil(len(texts) / 2))
        ranked = sorted(
            (w for w, n in counts.items() if n >= needed), key=lambda w: (-counts[w], w)
        )
        return tuple(ranked[:MAX_TOPICS])

    def _relation_words(self, predicate: str) -> set[str]:
        words: set[str] = set()
        relation = self._ontology.relations.get(predicate)
        for pattern in relation.patterns if relation is not None else ():
            for name in ("verbs", "nouns", "adjectives", "keys", "modifiers"):
                value = getattr(pattern, name, ())
                if isinstance(value, tuple):
                    words |= {w for w in value if isinstance(w, str) and w != "*"}
        return words


def _semantic_of(fact_id: str, pool: list[Fact], links: list[FactLink]) -> Fact | None:
    """The current semantic memory drawn from `fact_id`, if any."""
    semantic = {f.id: f for f in pool if f.memory_type == SEMANTIC_MEMORY_TYPE}
    for link in links:
        if link.kind == "DERIVED_FROM" and link.to_id == fact_id and link.from_id in semantic:
            found = semantic[link.from_id]
            if found.status == "current":
                return found
    return None


def _plan_rebuild(
    plan: WritePlan, fact: Fact, evidence: list[str], episodes: list[str], now: datetime
) -> None:
    """Bring an existing semantic memory to `fact`: its fields in place, its evidence anew."""
    plan.updates.append(
        (
            fact.id,
            FactUpdate(
                confidence=fact.confidence,
                priority=fact.priority,
                evidence_count=fact.evidence_count,
                valid_from=fact.valid_from,
                scope=fact.scope,
            ),
        )
    )
    plan.rederived.append(fact.id)
    _add_evidence(plan, fact, evidence, episodes, now)


def _add_evidence(
    plan: WritePlan, fact: Fact, evidence: list[str], episodes: list[str], now: datetime
) -> None:
    plan.links.extend(
        FactLink(
            kind="DERIVED_FROM",
            from_id=fact.id,
            to_id=source,
            reason=f"consolidated from {len(evidence)} facts",
            at=now,
        )
        for source in evidence
    )
    plan.evidence.extend(
        EvidenceRow(
            fact_id=fact.id,
            episode_id=episode,
            span_start=0,
            span_end=0,
            extractor=EXTRACTOR,
            confidence=fact.confidence,
        )
        for episode in episodes
    )


def _tombstone(fact: Fact, reason: str, now: datetime) -> Tombstone:
    return Tombstone(
        id=make_id("tomb", fact.id, now.isoformat()),
        target_id=fact.id,
        target_kind="fact",
        user_id=fact.user_id,
        forgotten_at=now,
        by="consolidation",
        reason=reason,
    )


def withdraw_plan(tombstones: list[Tombstone]) -> ForgetPlan:
    return ForgetPlan(fact_ids=[t.target_id for t in tombstones], tombstones=tombstones)

"""What happens to facts after they are written: feedback, update, forget, prune."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from graph_memory import decay
from graph_memory.embed import Embedder
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.forgetting import Forgetter, unused_entities
from graph_memory.ids import make_id
from graph_memory.models import (
    SEMANTIC_MEMORY_TYPE,
    EntityRef,
    Fact,
    FactLink,
    FactUse,
    Tombstone,
    Triple,
    WriteRequest,
)
from graph_memory.ontology import Ontology
from graph_memory.store.base import (
    FactUpdate,
    ForgetPlan,
    PruneRule,
    StatusChange,
    Store,
    WritePlan,
)
from graph_memory.validation import (
    check_priority,
    check_triple,
    check_writable_memory_type,
    clean_text,
)
from graph_memory.write.conflict_policy import ConflictResolver
from graph_memory.write.plan import WritePlanner, existing_status_changes

CONFIDENCE_UP = 0.1
CONFIDENCE_DOWN = 0.2
CONFIDENCE_MIN = 0.1
CONFIDENCE_MAX = 1.0
PRUNE_RULES: tuple[PruneRule, ...] = (
    "expired", "low_confidence", "superseded", "never_used", "faded"
)

# A hundred years: older cut-offs mean nothing and overflow date arithmetic.
MAX_PRUNE_DAYS = 36_500


class PruneCandidate(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    fact_id: str
    user_id: str
    rule: PruneRule
    text: str | None
    status: str
    importance: float = Field(description="priority / 10, decayed (graph_memory/decay.py).")


class PruneMessage(BaseModel):
    """A message prune removes with include_messages: nothing drawn from it holds any more."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    episode_id: str
    user_id: str
    text: str | None
    timestamp: datetime
    source_id: str | None = None


class PruneReport(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    dry_run: bool
    candidates: tuple[PruneCandidate, ...]
    removed: int
    messages: tuple[PruneMessage, ...] = Field(
        default=(),
        description="With include_messages: the outdated messages removed (or, in a dry run, "
        "that would be): said more than superseded_days ago, at least one fact drawn from "
        "them, and every such fact pruned (now or before) or superseded more than "
        "superseded_days ago.",
    )
    removed_messages: int = 0
    entities: tuple[str, ...] = Field(
        default=(),
        description="The entities removed with them (or, in a dry run, that would be): those "
        "that the pruned facts use or the removed messages mention and that no remaining fact "
        "uses and no remaining message mentions; their names, aliases and embeddings go, as "
        "forget removes them.",
    )
    removed_entities: int = 0


def next_confidence(confidence: float, useful: bool) -> float:
    """+0.1 when useful, -0.2 when not, kept within [0.1, 1.0]."""
    step = CONFIDENCE_UP if useful else -CONFIDENCE_DOWN
    return round(min(CONFIDENCE_MAX, max(CONFIDENCE_MIN, confidence + step)), 6)


class Lifecycle:
    def __init__(
        self, store: Store, planner: WritePlanner, embedder: Embedder, ontology: Ontology
    ) -> None:
        self._store = store
        self._planner = planner
        self._embedder = embedder
        self._ontology = ontology
        self._conflicts = ConflictResolver(ontology)

    def feedback(self, fact: Fact, useful: bool, now: datetime) -> Fact:
        update = FactUpdate(
            confidence=next_confidence(fact.confidence, useful),
            more_uses=1,
            more_useful=1 if useful else 0,
            use=FactUse(at=now, kind="useful" if useful else "not_useful"),
            last_used_at=now,
        )
        self._store.update_fact(fact.id, update)
        updated = self._store.get_fact(fact.id)
        if updated is None:
            raise NotFoundError(f"{fact.id} vanished during feedback")
        return updated

    def update(
        self,
        fact: Fact,
        *,
        now: datetime,
        object_name: str | None,
        key: str | None,
        priority: int | None,
        memory_type: str | None,
        expires_at: datetime | None,
    ) -> Fact:
        if fact.status == "superseded":
            raise InvalidInputError(f"{fact.id} is superseded; update its successor instead")
        if fact.status == "merged":
            raise InvalidInputError(
                f"{fact.id} is merged into {fact.merged_into}; unmerge it first, or update that"
            )
        if fact.memory_type == SEMANTIC_MEMORY_TYPE and (
            object_name is not None or key is not None or memory_type is not None
        ):
            raise InvalidInputError(
                f"{fact.id} is a semantic memory: it follows its evidence; update its source "
                "facts instead (only priority and expiry change in place)"
            )
        if priority is not None:
            check_priority(priority)
        if memory_type is not None:
            check_writable_memory_type(self._ontology, memory_type)
        if all(v is None for v in (object_name, key, priority, memory_type, expires_at)):
            raise InvalidInputError("update needs at least one field to change")
        if object_name is not None or key is not None:
            return self._new_version(fact, now, object_name, key, priority, memory_type, expires_at)
        changes = FactUpdate(priority=priority, memory_type=memory_type, expires_at=expires_at)
        updated = fact.model_copy(update=changes.model_dump(exclude_none=True))
        others = [
            f
            for f in self._store.active_facts_of_subjects(fact.user_id, [fact.subject_id])
            if f.id != fact.id
        ]
        # Re-run the policy with the updated fact as if it had just been stated.
        resolution = self._conflicts.resolve([updated], others, now)
        final = resolution.created[0]
        plan_changes = existing_status_changes(resolution)
        plan_changes.append(
            StatusChange(
                fact_id=fact.id,
                status=final.status,
                superseded_at=final.superseded_at,
                needs_confirmation=final.needs_confirmation,
            )
        )
        self._store.apply(
            WritePlan(
                updates=[(fact.id, changes)], status_changes=plan_changes, links=resolution.links
            )
        )
        return final

    def _new_version(
        self,
        fact: Fact,
        now: datetime,
        object_name: str | None,
        key: str | None,
        priority: int | None,
        memory_type: str | None,
        expires_at: datetime | None,
    ) -> Fact:
        subject = self._store.get_entity(fact.subject_id)
        current_object = self._store.get_entity(fact.object_id)
        if subject is None or current_object is None:
            raise NotFoundError(f"the entities of {fact.id} were forgotten")
        name = (
            clean_text(object_name, field="object_name", max_chars=200)
            if object_name is not None
            else current_object.name
        )
        triple = Triple(
            subject=EntityRef(name=subject.name, type=subject.type),
            predicate=fact.predicate,
            object=EntityRef(name=name, type=current_object.type),
            key=key if key is not None else fact.key,
        )
        check_triple(self._ontology, triple)
        request = WriteRequest(
            user_id=fact.user_id,
            agent_id=fact.agent_id,
            session_id=fact.session_id,
            triples=[triple],
            memory_type=memory_type or fact.memory_type,
            priority=priority or fact.priority,
            timestamp=now,
            source_id=f"update:{fact.id}:{now.isoformat()}",
            speaker=fact.origin,
        )
        plan, results = self._planner.plan([request], now, kind="update")
        new_ids = [fid for fid in results[0].fact_ids if fid != fact.id]
        if not new_ids:
            raise InvalidInputError("the update changes nothing")
        new_id = new_ids[0]
        if not any(c.fact_id == fact.id for c in plan.status_changes):
            plan.status_changes.append(
                StatusChange(
                    fact_id=fact.id,
                    status="superseded",
                    superseded_at=now,
                    needs_confirmation=False,
                )
            )
            plan.links.append(
                FactLink(
                    kind="SUPERSEDES",
                    from_id=new_id,
                    to_id=fact.id,
                    reason="updated by the caller",
                    at=now,
                )
            )
        if expires_at is not None:
            plan.updates.append((new_id, FactUpdate(expires_at=expires_at)))
        self._store.apply(plan)
        updated = self._store.get_fact(new_id)
        if updated is None:
            raise NotFoundError(f"{new_id} vanished after the update")
        return updated

    def forget(
        self,
        *,
        user_id: str,
        memory_id: str | None,
        entity_id: str | None,
        query: str | None,
        by: str,
        reason: str,
        now: datetime,
    ) -> list[Tombstone]:
        """Forget memories and what follows from them: the rules are in
        graph_memory/forgetting.py (and the README's Forget section)."""
        return Forgetter(self._store, self._embedder).forget(
            user_id=user_id, memory_id=memory_id, entity_id=entity_id, query=query, by=by,
            reason=reason, now=now,
        )

    def prune(
        self,
        *,
        user_id: str | None,
        dry_run: bool,
        superseded_days: float,
        unused_days: float,
        min_confidence: float,
        min_importance: float,
        limit: int,
        now: datetime,
        include_messages: bool = False,
    ) -> PruneReport:
        if not (0 <= superseded_days <= MAX_PRUNE_DAYS and 0 <= unused_days <= MAX_PRUNE_DAYS):
            raise InvalidInputError(f"prune: days must be between 0 and {MAX_PRUNE_DAYS}")
        if not 0 <= min_confidence <= 1:
            raise InvalidInputError("prune: min_confidence must be within [0, 1]")
        if not 0 <= min_importance <= 1:
            raise InvalidInputError("prune: min_importance must be within [0, 1]")
        if not 1 <= limit <= 100_000:
            raise InvalidInputError("prune: limit must be between 1 and 100000")
        half_lives = {
            name: spec.half_life_days for name, spec in self._ontology.memory_types.items()
        }
        faded_before = decay.fade_cutoffs(half_lives, min_importance, now)
        found: dict[str, PruneCandidate] = {}
        for rule in PRUNE_RULES:
            for fact in self._store.prune_candidates(
                user_id,
                rule,
                now=now,
                min_confidence=min_confidence,
                superseded_before=now - timedelta(days=superseded_days),
                unused_before=now - timedelta(days=unused_days),
                limit=limit,
                faded_before=faded_before,
            ):
                found.setdefault(
                    fact.id,
                    PruneCandidate(
                        fact_id=fact.id,
                        user_id=fact.user_id,
                        rule=rule,
                        text=fact.text,
                        status=fact.status,
                        importance=round(
                            decay.importance(
                                fact, self._ontology.half_life_of(fact.memory_type), now
                            ),
                            6,
                        ),
                    ),
                )
        candidates = tuple(found.values())[:limit]
        messages = (
            tuple(
                PruneMessage(
                    episode_id=e.id,
                    user_id=e.user_id,
                    text=e.text,
                    timestamp=e.timestamp,
                    source_id=e.source_id,
                )
                for e in self._store.outdated_messages(
                    user_id,
                    before=now - timedelta(days=superseded_days),
                    pruning=[c.fact_id for c in candidates],
                    limit=limit,
                )
            )
            if include_messages
            else ()
        )
        # Forget's rule 4 (graph_memory/forgetting.py): what no remaining memory uses goes.
        entities = tuple(sorted(unused_entities(
            self._store,
            facts=self._store.get_facts([c.fact_id for c in candidates]),
            episodes=[m.episode_id for m in messages],
        ))) if candidates or messages else ()
        if not dry_run and (candidates or messages):
            self._remove(candidates, messages, entities, now)
        return PruneReport(
            dry_run=dry_run,
            candidates=candidates,
            removed=0 if dry_run else len(candidates),
            messages=messages,
            removed_messages=0 if dry_run else len(messages),
            entities=entities,
            removed_entities=0 if dry_run else len(entities),
        )

    def _remove(
        self,
        candidates: tuple[PruneCandidate, ...],
        messages: tuple[PruneMessage, ...],
        entities: tuple[str, ...],
        now: datetime,
    ) -> None:
        """Forget the pruned facts, messages and unused entities in one step. Forget leaves no
        edge to a removed fact: the messages that stay count it (recall marks a message
        outdated when nothing drawn from it holds)."""
        gone = {m.episode_id for m in messages}
        sources: dict[str, int] = {}
        for _, ep_id, _ in self._store.sources_of_facts([c.fact_id for c in candidates]):
            if ep_id not in gone:
                sources[ep_id] = sources.get(ep_id, 0) + 1

        def tombstone(
            target: str, kind: Literal["fact", "episode", "entity"], user: str, why: str
        ) -> Tombstone:
            return Tombstone(
                id=make_id("tomb", target, now.isoformat()),
                target_id=target,
                target_kind=kind,
                user_id=user,
                forgotten_at=now,
                by="prune",
                reason=why,
            )

        owners = {e.id: e.user_id for e in self._store.get_entities(list(entities)).values()}
        self._store.forget(
            ForgetPlan(
                fact_ids=[c.fact_id for c in candidates],
                episode_ids=sorted(gone),
                entity_ids=sorted(owners),
                tombstones=[
                    *(
                        tombstone(c.fact_id, "fact", c.user_id, f"prune: {c.rule}")
                        for c in candidates
                    ),
                    *(
                        tombstone(m.episode_id, "episode", m.user_id, "prune: outdated message")
                        for m in messages
                    ),
                    *(
                        tombstone(e, "entity", owners[e], "prune: no memory uses it")
                        for e in entities
                        if e in owners
                    ),
                ],
            )
        )
        self._store.count_pruned_facts(sources)

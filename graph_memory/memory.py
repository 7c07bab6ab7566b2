"""Memory: the public Python API. Wires the stages; transports (CLI, REST, MCP) call only this.

with Memory.open() as memory:
    memory.write("I'm allergic to peanuts", user_id="u1")
"""

from __future__ import annotations

import contextlib
import logging
import re
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from graph_memory.config import Settings
from graph_memory.conflict_review import ConflictReview
from graph_memory.consolidate import SemanticMemory, SummarizeReport, UnmergeResult
from graph_memory.consolidate.service import ConsolidationService
from graph_memory.crosslingual import CrosslingualFill
from graph_memory.embed import Embedder, multilingual_of
from graph_memory.entities import EntityResolver
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.extract.base import Extractor
from graph_memory.hindsight.checks import check_query, check_trajectory
from graph_memory.hindsight.experience import (
    ExperienceWriter,
    experience_feedback,
    is_experience,
    to_experience,
)
from graph_memory.hindsight.models import Experience, ExperienceRecall, SubmitResult, Trajectory
from graph_memory.hindsight.recall import ExperienceRecaller
from graph_memory.hindsight.review import Reviewer
from graph_memory.idle import IdleSessions
from graph_memory.ids import check_id
from graph_memory.lifecycle import Lifecycle, PruneReport
from graph_memory.models import (
    SEMANTIC_MEMORY_TYPE,
    Entity,
    Episode,
    Fact,
    FactLink,
    FactSource,
    FactStatus,
    FactUse,
    ReviewResult,
    Tombstone,
    Triple,
    UserSummary,
    WorkingSlot,
    WriteRequest,
    WriteResult,
)
from graph_memory.ontology import Ontology
from graph_memory.recall.models import RecallRequest, RecallResponse
from graph_memory.recall.recaller import Recaller
from graph_memory.store.base import FactUpdate, Store
from graph_memory.usage import UsageRecorder
from graph_memory.user_lock import UserLocks
from graph_memory.validation import check_optional_time, check_request, check_scope_id, utcnow
from graph_memory.working import WorkingMemory
from graph_memory.write.plan import WritePlanner

if TYPE_CHECKING:
    from graph_memory.store.read_replica import ReadReplica
    from graph_memory.store.supervisor import EngineSupervisor

log = logging.getLogger(__name__)


def _logged(step: str, close: Callable[[], None]) -> None:
    """Run one step of a close; log its failure instead of raising it."""
    try:
        close()
    except Exception:
        log.exception("close: %s failed; going on with the rest", step)


def _problems(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'request'}: {err['msg']}"
        for err in error.errors()
    )


def _request(fields: dict[str, Any]) -> WriteRequest:
    try:
        return WriteRequest.model_validate(fields)
    except ValidationError as e:
        raise InvalidInputError(_problems(e)) from e


def _check_session(user_id: str, session_id: str) -> None:
    check_scope_id(user_id, field="user_id")
    check_scope_id(session_id, field="session_id")


class Memory:
    """Knowledge-graph memory over one store. Thread-safe; writes are serialised."""

    def __init__(
        self,
        store: Store,
        *,
        extractor: Extractor,
        embedder: Embedder,
        ontology: Ontology,
        settings: Settings,
        on_close: Callable[[], None] | None = None,
        open_store: Callable[[str], Store] | None = None,
        engine: EngineSupervisor | None = None,
        replica: ReadReplica | None = None,
    ) -> None:
        """Memory over `store`. `on_close` runs last at close (stops what the opener started);
        `open_store(graph_name)` gives the store of another graph of the same backend, for
        open_graph(); `engine`: the supervisor of the embedded engine this Memory started
        (its health for /healthz and /metrics; None on Neo4j); `replica`: the analyst read replica
        it started beside that engine (its state for /metrics; None without one)."""
        self.store = store
        self.engine = engine
        self.replica = replica
        self.ontology = ontology
        self.settings = settings
        self.embedder = embedder
        self.extractor = extractor
        self._on_close = on_close
        self._open_store = open_store
        self._write_lock = threading.RLock()
        # Every read-modify-write of a user's memories holds its user's lock (user_lock.py).
        self._locks = UserLocks(store, self._write_lock)
        store.ensure_schema(embedder.dimension)
        entities = EntityResolver(store, embedder, ontology, settings.entity_match_threshold)
        self._planner = WritePlanner(store, extractor, embedder, entities, ontology)
        self._lifecycle = Lifecycle(store, self._planner, embedder, ontology)
        # Multilingual vectors for bilingual users' English messages, off the write path.
        self.crosslingual = CrosslingualFill(store, multilingual_of(embedder))
        self._recaller = Recaller(store, extractor, embedder, ontology, self.crosslingual)
        # Use counts are written after recall returns, batched, by one background thread.
        self._usage = UsageRecorder(store)
        self.working = WorkingMemory(
            store,
            ontology,
            capacity=settings.working_memory_capacity,
            ttl_overrides=settings.working_memory_ttl_seconds,
            spill=self._spill_slot,
        )
        self._consolidation = ConsolidationService(store, embedder, ontology, settings)
        # Sessions written here and then idle are consolidated (graph_memory/consolidate).
        self._idle = IdleSessions(settings.consolidation_idle_seconds, self._consolidate_session)

    @classmethod
    def open(
        cls,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        extractor: Extractor | None = None,
    ) -> Memory:
        """Start the embedded FalkorDB engine in `settings.data_dir` (or connect to Neo4j when
        `settings.backend` says so) and load the models (graph_memory/startup.py)."""
        from graph_memory.startup import open_embedded, open_neo4j

        settings = settings or Settings()
        opener = open_neo4j if settings.backend == "neo4j" else open_embedded
        return opener(settings, embedder=embedder, extractor=extractor)

    def open_graph(self, graph_name: str) -> Memory:
        """A Memory over another graph of this Memory's engine (e.g. one per tenant), sharing
        its models, ontology and settings. Closing it leaves the engine running; close it
        before this Memory."""
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,127}", graph_name):
            raise InvalidInputError(f"graph name {graph_name!r}: letters, digits and _ only")
        if self._open_store is None:
            raise InvalidInputError("open_graph() needs a Memory started by Memory.open()")
        store = self._open_store(graph_name)
        try:
            return Memory(
                store,
                extractor=self.extractor,
                embedder=self.embedder,
                ontology=self.ontology,
                settings=self.settings.model_copy(update={"graph_name": graph_name}),
            )
        except BaseException:
            store.close()
            raise

    def close(self) -> None:
        """Stop the background work, write pending use counts, close the store, then run
        `on_close` (which stops the engine and releases the data directory). Every step runs
        even when one before it fails (a dead engine cannot take the pending use counts);
        failures are logged, never raised."""
        on_close, self._on_close = self._on_close, None
        with contextlib.ExitStack() as steps:  # callbacks run last-in, first-out
            if on_close is not None:
                steps.callback(_logged, "stopping the engine", on_close)
            steps.callback(_logged, "closing the store", self.store.close)
            steps.callback(_logged, "closing the write planner", self._planner.close)
            steps.callback(_logged, "closing recall", self._recaller.close)
            steps.callback(_logged, "stopping the cross-lingual fill", self.crosslingual.close)
            steps.callback(_logged, "writing pending use counts", self._usage.close)
            steps.callback(_logged, "stopping idle consolidation", self._idle.close)

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing --------------------------------------------------------------------------
    def write(
        self,
        text: str | None = None,
        *,
        user_id: str,
        triples: Sequence[Triple | dict[str, Any]] = (),
        agent_id: str | None = None,
        session_id: str | None = None,
        memory_type: str | None = None,
        priority: int | None = None,
        timestamp: datetime | None = None,
        source_id: str | None = None,
        speaker: str | None = None,
    ) -> WriteResult:
        """Write one memory: text is extracted into facts; triples are stored as given."""
        fields = {k: v for k, v in locals().items() if k != "self" and v is not None}
        fields["triples"] = list(triples)
        return self.write_batch([fields])[0]

    def write_batch(self, requests: Sequence[WriteRequest | dict[str, Any]]) -> list[WriteResult]:
        """Write many memories in one atomic step: all are stored, or none."""
        if not requests:
            raise InvalidInputError("a batch needs at least one memory")
        if len(requests) > self.settings.max_batch_size:
            raise InvalidInputError(
                f"batch of {len(requests)} is over the limit of {self.settings.max_batch_size}"
            )
        checked = []
        for position, raw in enumerate(requests):
            try:
                request = raw if isinstance(raw, WriteRequest) else _request(dict(raw))
                checked.append(check_request(self.ontology, request, self.settings.max_text_chars))
            except InvalidInputError as e:
                prefix = f"item {position}: " if len(requests) > 1 else ""
                raise InvalidInputError(f"{prefix}{e}") from e
        # Planned and applied under the users' lock of the store too: another replica on the
        # same database writes these users only before or after (Store.locked_users).
        users = sorted({request.user_id for request in checked})
        with self._locks.hold(users):
            plan, results = self._planner.plan(checked, utcnow())
            self.store.apply(plan)
            self.crosslingual.note_written(plan.episodes)
            results = self._consolidation.after_write(checked, results, utcnow())
        for request in checked:
            if request.session_id is not None:
                self._idle.touch(request.user_id, request.session_id)
        return results

    # --- reading --------------------------------------------------------------------------
    def get(self, memory_id: str) -> Fact | Episode | Entity:
        """A fact, episode or entity by id; NotFoundError if unknown or forgotten."""
        check_id(memory_id)
        found: Fact | Episode | Entity | None
        if memory_id.startswith("fact_"):
            found = self.store.get_fact(memory_id)
            forgotten = found is not None and found.status == "forgotten"
        elif memory_id.startswith("ep_"):
            found = self.store.get_episode(memory_id)
            forgotten = found is not None and found.status == "forgotten"
        else:
            found = self.store.get_entity(memory_id)
            forgotten = False
        if found is None or forgotten:
            tombstones = self.store.tombstones([memory_id])
            if tombstones:
                t = tombstones[0]
                raise NotFoundError(
                    f"{memory_id} was forgotten at {t.forgotten_at.isoformat()} by {t.by}: "
                    f"{t.reason}"
                )
            raise NotFoundError(f"no memory {memory_id}")
        return found

    def facts(
        self,
        user_id: str,
        *,
        statuses: Sequence[FactStatus] | None = ("current", "conflicted"),
        entity_id: str | None = None,
        predicate: str | None = None,
        limit: int = 100,
    ) -> list[Fact]:
        """A user's facts, newest first (by default the ones that hold now)."""
        check_scope_id(user_id, field="user_id")
        if predicate is not None and predicate not in self.ontology.relations:
            raise InvalidInputError(f"unknown relation {predicate!r}")
        if not 1 <= limit <= 10_000:
            raise InvalidInputError("limit must be between 1 and 10000")
        return self.store.list_facts(
            user_id, statuses=statuses, entity_id=entity_id, predicate=predicate, limit=limit
        )

    def history(self, fact_id: str) -> list[FactLink]:
        """The SUPERSEDES / CONFLICTS_WITH links of a fact."""
        self.get(check_id(fact_id, prefixes=("fact",)))
        return self.store.fact_links([fact_id])

    # --- recall ---------------------------------------------------------------------------
    def recall(self, query: str, *, user_id: str, **options: Any) -> RecallResponse:
        """The memories that best answer `query`, each with why it was recalled.

        Options: agent_id, session_id, top_k (5), threshold, filters (RecallFilters or dict:
        memory_types, since, until, entities, min_confidence, statuses, kinds), weights,
        preset, include_history (True), explain (True)."""
        try:
            request = RecallRequest.model_validate({"query": query, "user_id": user_id, **options})
        except ValidationError as e:
            raise InvalidInputError(_problems(e)) from e
        slots = (
            self.working_get(user_id, request.session_id) if request.session_id is not None else []
        )
        now = utcnow()
        response, used = self._recaller.recall(request, slots, now)
        self._usage.record(used, now)
        return response

    def flush(self) -> None:
        """Write the use counts of earlier recalls now."""
        self._usage.flush()

    # --- lifecycle ------------------------------------------------------------------------
    def feedback(self, fact_id: str, useful: bool) -> Fact:
        """Was a recalled fact useful? Moves its confidence (+0.1 / -0.2 within [0.1, 1])."""
        check_id(fact_id, prefixes=("fact",))
        with self._locked_fact(fact_id) as fact:
            return self._lifecycle.feedback(fact, useful, utcnow())

    def update(
        self,
        fact_id: str,
        *,
        object_name: str | None = None,
        key: str | None = None,
        priority: int | None = None,
        memory_type: str | None = None,
        expires_at: datetime | None = None,
    ) -> Fact:
        """Change a fact. A new object or key makes a new version that supersedes the old one;
        other changes apply in place. Either way the conflict policy runs again."""
        check_id(fact_id, prefixes=("fact",))
        expires_at = check_optional_time(expires_at, field="expires_at")
        with self._locked_fact(fact_id) as fact:
            if is_experience(fact) and (object_name, key, memory_type) != (None, None, None):
                raise InvalidInputError(
                    f"{fact_id} is an experience: it follows its trajectories; submit another "
                    "or give feedback (only priority and expiry change in place)"
                )
            return self._lifecycle.update(
                fact,
                now=utcnow(),
                object_name=object_name,
                key=key,
                priority=priority,
                memory_type=memory_type,
                expires_at=expires_at,
            )

    def forget(
        self,
        *,
        user_id: str,
        memory_id: str | None = None,
        entity_id: str | None = None,
        query: str | None = None,
        by: str = "user",
        reason: str = "forget requested",
    ) -> list[Tombstone]:
        """Forget memories and what only they used, leaving tombstones (who, when, why); the
        tombstones returned are exactly what went. Exactly one of memory_id, entity_id or
        query. The rules (graph_memory/forgetting.py): a fact goes with its conclusions and
        merged duplicates; a message with the facts that have no other live source; a fact's
        message goes whole when it backs nothing else, else only the fact's span is redacted;
        entities go when nothing live uses them; a query forgets the facts and messages
        holding all its words."""
        check_scope_id(user_id, field="user_id")
        if sum(x is not None for x in (memory_id, entity_id, query)) != 1:
            raise InvalidInputError("forget takes exactly one of memory_id, entity_id, query")
        # Planned from reads and applied under the user's store lock, as writes are: another
        # replica must not add a source or a mention between the two.
        with self._locks.hold([user_id]):
            return self._lifecycle.forget(
                user_id=user_id,
                memory_id=memory_id,
                entity_id=entity_id,
                query=query,
                by=by,
                reason=reason,
                now=utcnow(),
            )

    def prune(
        self,
        *,
        user_id: str | None = None,
        dry_run: bool = True,
        superseded_days: float = 90,
        unused_days: float = 180,
        min_confidence: float = 0.2,
        min_importance: float = 0.05,
        limit: int = 1000,
        include_messages: bool = False,
    ) -> PruneReport:
        """List (dry run, the default) or remove facts that are expired, low-confidence,
        superseded for longer than `superseded_days`, never used in `unused_days`, or whose
        importance has faded below `min_importance` (graph_memory/decay.py); with
        `include_messages`, also the messages said more than `superseded_days` ago of which
        nothing drawn holds any more (PruneReport.messages)."""
        if user_id is not None:
            check_scope_id(user_id, field="user_id")
        now = utcnow()

        def run(user: str | None, dry: bool, most: int) -> PruneReport:
            return self._lifecycle.prune(
                user_id=user,
                dry_run=dry,
                superseded_days=superseded_days,
                unused_days=unused_days,
                min_confidence=min_confidence,
                min_importance=min_importance,
                limit=most,
                now=now,
                include_messages=include_messages,
            )

        if dry_run or user_id is not None:
            with self._locks.hold([] if user_id is None else [user_id]):
                return run(user_id, dry_run, limit)
        # Every user's: the users found in a dry run, then each one's memories pruned under
        # its own lock (its candidates read again there: another replica may have written).
        with self._locks.hold([]):
            found = run(None, True, limit)
        users = sorted({c.user_id for c in found.candidates} | {m.user_id for m in found.messages})
        reports: list[PruneReport] = []
        for user in users:
            left = limit - sum(len(r.candidates) for r in reports)
            if left <= 0:
                break
            with self._locks.hold([user]):
                reports.append(run(user, False, left))
        return PruneReport(
            dry_run=False,
            candidates=tuple(c for r in reports for c in r.candidates),
            removed=sum(r.removed for r in reports),
            messages=tuple(m for r in reports for m in r.messages),
            removed_messages=sum(r.removed_messages for r in reports),
            entities=tuple(e for r in reports for e in r.entities),
            removed_entities=sum(r.removed_entities for r in reports),
        )

    # --- consolidation into semantic memory (graph_memory/consolidate) --------------------
    def summarize(
        self,
        user_id: str,
        *,
        agent_id: str | None = None,
        session_id: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        min_evidence: int | None = None,
        dry_run: bool = False,
    ) -> SummarizeReport:
        """Consolidate a user's facts (of one agent, session or time window of valid times):
        merge near-duplicates (reversibly) and turn facts stated `min_evidence` times (default
        `consolidation_min_evidence`) into semantic memories with evidence and scope."""
        since = check_optional_time(since, field="since")
        until = check_optional_time(until, field="until")
        with self._locks.hold([user_id]):
            return self._consolidation.summarize(
                user_id, agent_id=agent_id, session_id=session_id, since=since, until=until,
                min_evidence=min_evidence, dry_run=dry_run, now=utcnow(),
            )

    def unmerge(self, fact_id: str) -> UnmergeResult:
        """Undo the merge of a near-duplicate: it is current again, the fact it was merged into
        gives its statements back, and their semantic memory is rebuilt (or withdrawn when its
        evidence falls to a single statement)."""
        check_id(fact_id, prefixes=("fact",))
        with self._locked_fact(fact_id) as fact:
            return self._consolidation.unmerge(fact, utcnow())

    def semantic_memories(self, user_id: str, *, limit: int = 100) -> list[SemanticMemory]:
        """A user's current semantic memories, newest first, with their evidence and scope."""
        check_scope_id(user_id, field="user_id")
        if not 1 <= limit <= 10_000:
            raise InvalidInputError("limit must be between 1 and 10000")
        facts = self.store.list_facts(
            user_id, statuses=["current"], memory_type=SEMANTIC_MEMORY_TYPE, limit=limit
        )
        return self._consolidation.views(facts)

    def semantic_memory(self, fact_id: str) -> SemanticMemory:
        """One semantic memory with its evidence and scope."""
        fact = self._current(check_id(fact_id, prefixes=("fact",)))
        if fact.memory_type != SEMANTIC_MEMORY_TYPE:
            raise InvalidInputError(f"{fact_id} is not a semantic memory")
        return self._consolidation.views([fact])[0]

    def consolidate_idle_sessions(self) -> int:
        """Consolidate the sessions idle for `consolidation_idle_seconds` now (a background
        thread does this on its own); how many there were."""
        return self._idle.run_due()

    def _consolidate_session(self, user_id: str, session_id: str) -> None:
        self.summarize(user_id, session_id=session_id)

    def _current(self, fact_id: str) -> Fact:
        fact = self.get(fact_id)
        assert isinstance(fact, Fact)
        return fact

    @contextlib.contextmanager
    def _locked_fact(self, fact_id: str) -> Iterator[Fact]:
        """The fact under its user's lock, read again once the lock is held (another replica
        may have changed it meanwhile)."""
        with self._locks.hold([self._current(fact_id).user_id]):
            yield self._current(fact_id)

    # --- working memory -------------------------------------------------------------------
    def working_set(
        self,
        user_id: str,
        session_id: str,
        key: str,
        value: str,
        *,
        memory_type: str = "fact",
        priority: int | None = None,
    ) -> WorkingSlot:
        """Set a working-memory slot of a session (overwrites; the old value goes to history)."""
        _check_session(user_id, session_id)
        with self._locks.hold([user_id]):
            return self.working.set(
                user_id,
                session_id,
                key,
                value,
                utcnow(),
                memory_type=memory_type,
                priority=priority,
            )

    def working_get(self, user_id: str, session_id: str) -> list[WorkingSlot]:
        _check_session(user_id, session_id)
        with self._locks.hold([user_id]):  # expired slots spill (a write)
            return self.working.slots(user_id, session_id, utcnow())

    def working_delete(self, user_id: str, session_id: str, key: str) -> None:
        _check_session(user_id, session_id)
        with self._locks.hold([user_id]):
            self.working.delete(user_id, session_id, key)

    def working_render(self, user_id: str, session_id: str) -> str:
        _check_session(user_id, session_id)
        with self._locks.hold([user_id]):
            return self.working.render(user_id, session_id, utcnow())

    def _spill_slot(self, slot: WorkingSlot, reason: str) -> None:
        """An expired or evicted slot becomes an episode instead of vanishing."""
        request = WriteRequest(
            user_id=slot.user_id,
            session_id=slot.session_id,
            text=f"{slot.key}: {slot.value}",
            memory_type=slot.memory_type,
            priority=slot.priority,
            timestamp=slot.updated_at,
            source_id=f"working-memory:{slot.key}:{slot.updated_at.isoformat()}",
        )
        with self._locks.hold([slot.user_id]):  # held already by working_*: re-entered
            plan, _ = self._planner.plan([request], utcnow(), kind=f"working_memory ({reason})")
            self.store.apply(plan)
            self.crosslingual.note_written(plan.episodes)

    # --- hindsight: learning from finished tasks (graph_memory/hindsight) -----------------
    def submit_trajectory(
        self, trajectory: Trajectory | dict[str, Any], *, reviewer: Reviewer | None = None
    ) -> SubmitResult:
        """Review a finished task step by step (effective / falsified / environment problem /
        redundant) and store what it taught as `experience` memories linked to the task's
        episode and entities. Submitting the same trajectory again changes nothing."""
        checked = check_trajectory(trajectory)
        review = (reviewer or Reviewer()).review(checked.steps)
        entities = EntityResolver(
            self.store, self.embedder, self.ontology, self.settings.entity_match_threshold
        )
        writer = ExperienceWriter(
            self.store, self.embedder, self.extractor, self.ontology, entities
        )
        with self._locks.hold([checked.user_id]):
            plan, result = writer.plan(checked, review, utcnow())
            if plan is not None:
                self.store.apply(plan)
        return result

    def recall_experience(self, task: str, *, user_id: str, **options: Any) -> ExperienceRecall:
        """Experiences for a new task, effective paths ("use") before falsified ones ("avoid").

        Options: task_type, agent_id, environment, entities, include_other_agents (False),
        include_other_environments (False), top_k (5), min_similarity, min_confidence (0.2)."""
        query = check_query({"task": task, "user_id": user_id, **options})
        response, used = ExperienceRecaller(self.store, self.embedder).recall(query)
        self._usage.record(used, utcnow())
        return response

    def experience_feedback(self, experience_id: str, useful: bool) -> Experience:
        """Was a recalled experience right? +0.1 when useful; -0.2 when not, and fast demotion
        (to min(c - 0.2, c / 2)) when it is wrong again before anyone found it useful."""
        check_id(experience_id, prefixes=("fact",))
        with self._locked_fact(experience_id) as fact:
            if not is_experience(fact):
                raise InvalidInputError(f"{experience_id} is not an experience memory")
            confidence, doubted = experience_feedback(
                fact.confidence, useful, fact.needs_confirmation
            )
            now = utcnow()
            update = FactUpdate(
                confidence=confidence,
                needs_confirmation=doubted,
                more_uses=1,
                more_useful=1 if useful else 0,
                use=FactUse(at=now, kind="useful" if useful else "not_useful"),
                last_used_at=now,
            )
            self.store.update_fact(fact.id, update)
        return to_experience(self._current(fact.id))

    def experiences(
        self, user_id: str, *, task_type: str | None = None, limit: int = 100
    ) -> list[Experience]:
        """A user's current experiences (of one task type), newest first."""
        if not 1 <= limit <= 10_000:
            raise InvalidInputError("limit must be between 1 and 10000")
        query = check_query({"task": "-", "user_id": user_id, "task_type": task_type})
        return [
            to_experience(f)
            for f in ExperienceRecaller(self.store, self.embedder).candidates(query, limit)
        ]

    # --- the explorer (graph_memory/ui): provenance, users, settling conflicts ------------
    def sources(self, fact_id: str) -> list[FactSource]:
        """The messages a fact was extracted from (or stated again in), with the span of each
        text, oldest first. Forgotten messages are left out."""
        self.get(check_id(fact_id, prefixes=("fact",)))
        evidence = self.store.fact_evidence([fact_id])
        episodes = {e.id: e for e in self.store.get_episodes([r.episode_id for r in evidence])}
        found = [
            FactSource(episode=episodes[r.episode_id], span=(r.span_start, r.span_end),
                       extractor=r.extractor, confidence=r.confidence)
            for r in evidence if r.episode_id in episodes
        ]
        return sorted(found, key=lambda s: (s.episode.timestamp, s.episode.id))

    def tombstone(self, memory_id: str) -> Tombstone | None:
        """The tombstone of a forgotten fact, episode or entity; None if it is not forgotten
        (or unknown): a read that does not fail, for pages that show what was forgotten."""
        found = self.store.tombstones([check_id(memory_id)])
        return found[0] if found else None

    def users(self, *, limit: int = 1000) -> list[UserSummary]:
        """The users with memories in this graph, by user id."""
        if not 1 <= limit <= 10_000:
            raise InvalidInputError("limit must be between 1 and 10000")
        return [UserSummary(user_id=u, episodes=n) for u, n in self.store.list_users(limit)]

    def confirm(self, fact_id: str, *, by: str = "user", reason: str | None = None) -> ReviewResult:
        """Settle an open conflict in a fact's favour: it becomes current and supersedes the
        other side (graph_memory/conflict_review.py)."""
        check_id(fact_id, prefixes=("fact",))
        with self._locked_fact(fact_id) as fact:
            review = ConflictReview(self.store, self.ontology)
            return review.confirm(fact, by=by, reason=reason, now=utcnow())

    def reject(self, fact_id: str, *, by: str = "user", reason: str | None = None) -> ReviewResult:
        """Settle an open conflict against a fact: the other side supersedes it and holds."""
        check_id(fact_id, prefixes=("fact",))
        with self._locked_fact(fact_id) as fact:
            review = ConflictReview(self.store, self.ontology)
            return review.reject(fact, by=by, reason=reason, now=utcnow())

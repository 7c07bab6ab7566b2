"""The /v1 endpoints: each parses its input, calls one Memory method and returns the result.

Routes are sync on purpose: Memory blocks (engine round trips, model inference) and is
thread-safe, so FastAPI runs them in its threadpool. Validation beyond the request shape
(ids, ontology names, limits) is Memory's job; its errors are mapped in api/errors.py.
Every /v1 route gets the caller's tenant's Memory: one tenant never reaches another's graph.
"""

from __future__ import annotations

import logging
import time
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Path, Query, Request, Response, Security
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer
from prometheus_client import CONTENT_TYPE_LATEST

from graph_memory.analyst import CypherRejected, CypherResult, run_cypher
from graph_memory.api.errors import ERROR_RESPONSES, error_response
from graph_memory.api.schemas import (
    CypherBody,
    EntityNeighbourhood,
    ExperienceRecallBody,
    FactList,
    FeedbackBody,
    ForgetResult,
    MemoryOut,
    PruneBody,
    PruneReport,
    RecallBody,
    ReviewBody,
    SlotBody,
    SlotList,
    SourceList,
    Status,
    SummarizeBody,
    TombstoneOut,
    TrajectoryBody,
    UpdateBody,
    UserList,
    WriteBatchBody,
    WriteBatchResult,
    WriteBody,
    WriteOneOrBatch,
    WriteResult,
)
from graph_memory.api.schemas import Neighbour as NeighbourOut
from graph_memory.consolidate import SemanticMemory, SummarizeReport, UnmergeResult
from graph_memory.hindsight.models import Experience, ExperienceRecall, SubmitResult
from graph_memory.ids import check_id
from graph_memory.memory import Memory
from graph_memory.models import (
    ID_PATTERN,
    Entity,
    Episode,
    Fact,
    FactStatus,
    ReviewResult,
    WorkingSlot,
)
from graph_memory.recall.models import RecallResponse
from graph_memory.telemetry import Telemetry
from graph_memory.tenants import LOCAL_TENANT, Tenants

log = logging.getLogger("graph_memory.api")
_KEY_HELP = "An API key of GRAPH_MEMORY_API_KEYS; required when the service has keys."
bearer = HTTPBearer(auto_error=False, description=_KEY_HELP)
api_key_header = APIKeyHeader(name="X-API-Key", auto_error=False, description=_KEY_HELP)


def get_tenants(request: Request) -> Tenants:
    """Every tenant's Memory, opened in the lifespan."""
    return cast(Tenants, request.app.state.tenants)


def get_telemetry(request: Request) -> Telemetry:
    return cast(Telemetry, request.app.state.telemetry)


def get_tenant(
    request: Request,
    tenants: Annotated[Tenants, Depends(get_tenants)],
    # Declared for the OpenAPI document; Tenants reads the headers itself.
    bearer_key: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
    header_key: Annotated[str | None, Security(api_key_header)],
) -> str:
    """The caller's tenant, authenticated by the app's TenantGate before the body was read
    (401 without a valid API key when keys are configured)."""
    tenant = getattr(request.state, "tenant", None)
    if not isinstance(tenant, str):  # an app assembled without the gate
        tenant = tenants.authenticate(request.headers)
        request.state.tenant = tenant
    return tenant


TenantDep = Annotated[str, Depends(get_tenant)]
TelemetryDep = Annotated[Telemetry, Depends(get_telemetry)]


def get_memory(tenant: TenantDep, tenants: Annotated[Tenants, Depends(get_tenants)]) -> Memory:
    """The caller's tenant's Memory."""
    return tenants.memory(tenant)


def _given(**options: object) -> dict[str, Any]:
    """The options the caller set: Memory's own defaults stay the single source for the rest."""
    return {name: value for name, value in options.items() if value is not None}


MemoryDep = Annotated[Memory, Depends(get_memory)]
UserQuery = Annotated[str, Query(pattern=ID_PATTERN, description="Owner of the memories.")]
MemoryId = Annotated[
    str, Path(pattern=r"^(fact|ep|ent)_[0-9a-f]{24}$", description="A fact_, ep_ or ent_ id.")
]
FactId = Annotated[str, Path(pattern=r"^fact_[0-9a-f]{24}$", description="A fact_ id.")]
SessionId = Annotated[str, Path(pattern=ID_PATTERN, description="A session id.")]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)
health = APIRouter(tags=["health"])


# --- writing ---------------------------------------------------------------------------------


def _write(
    items: list[WriteBody], memory: Memory, tenant: str, telemetry: Telemetry
) -> list[WriteResult]:
    results = memory.write_batch(items)
    telemetry.wrote(tenant, [(item.user_id, item.session_id) for item in items])
    return results


@router.post("/memories", status_code=201, tags=["memories"])
def write_memory(
    body: WriteOneOrBatch, memory: MemoryDep, tenant: TenantDep, telemetry: TelemetryDep
) -> WriteResult | WriteBatchResult:
    """Write one memory, or `{"items": [...]}` atomically. Text is extracted into facts;
    triples are stored as given. The result lists the episode and facts written and what
    happened to older facts (superseded, conflict, reinforced). Writing the same source_id
    again is idempotent (`created: false`)."""
    if isinstance(body, WriteBatchBody):
        return WriteBatchResult(results=_write(body.items, memory, tenant, telemetry))
    return _write([body], memory, tenant, telemetry)[0]


@router.post("/memories/batch", status_code=201, tags=["memories"])
def write_memories(
    body: WriteBatchBody, memory: MemoryDep, tenant: TenantDep, telemetry: TelemetryDep
) -> WriteBatchResult:
    """Write up to `max_batch_size` memories atomically: all are stored, or none. The whole
    request must also fit the request size limit; split larger imports."""
    return WriteBatchResult(results=_write(body.items, memory, tenant, telemetry))


# --- reading ---------------------------------------------------------------------------------


@router.get("/memories/{memory_id}", tags=["memories"])
def get_memory_by_id(memory_id: MemoryId, memory: MemoryDep) -> MemoryOut:
    """A fact, episode or entity by id. 404 if unknown or forgotten (the message says when,
    by whom and why it was forgotten)."""
    found = memory.get(memory_id)
    if isinstance(found, Fact):
        return MemoryOut(kind="fact", memory=found, history=memory.history(found.id))
    if isinstance(found, Episode):
        return MemoryOut(kind="episode", memory=found)
    assert isinstance(found, Entity)
    return MemoryOut(kind="entity", memory=found)


@router.get("/entities/{entity_id}", tags=["memories"])
def entity_neighbourhood(
    entity_id: Annotated[str, Path(pattern=r"^ent_[0-9a-f]{24}$", description="An ent_ id.")],
    memory: MemoryDep,
    status: Annotated[
        list[FactStatus] | None,
        Query(description="Repeat to combine; default: current and conflicted."),
    ] = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> EntityNeighbourhood:
    """An entity with the facts about it (newest first) and the entities those facts link
    it to: one hop of the graph around it."""
    entity = memory.get(check_id(entity_id, prefixes=("ent",)))
    assert isinstance(entity, Entity)
    facts = memory.facts(
        entity.user_id, entity_id=entity.id, limit=limit, **_given(statuses=status)
    )
    neighbours: dict[str, str | None] = {}
    for fact in facts:
        for other_id, other_name in (
            (fact.subject_id, fact.subject_name), (fact.object_id, fact.object_name)
        ):
            if other_id != entity.id:
                neighbours.setdefault(other_id, other_name)
    return EntityNeighbourhood(
        entity=entity,
        facts=facts,
        neighbours=[NeighbourOut(id=i, name=name) for i, name in neighbours.items()],
    )


@router.get("/users/{user_id}/facts", tags=["memories"])
def list_facts(
    user_id: Annotated[str, Path(pattern=ID_PATTERN)],
    memory: MemoryDep,
    status: Annotated[
        list[FactStatus] | None,
        Query(description="Repeat to combine; default: current and conflicted."),
    ] = None,
    predicate: Annotated[str | None, Query(description="A relation of the ontology.")] = None,
    entity_id: Annotated[
        str | None, Query(pattern=r"^ent_[0-9a-f]{24}$", description="Facts about this entity.")
    ] = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> FactList:
    """A user's facts, newest first."""
    facts = memory.facts(
        user_id, entity_id=entity_id, predicate=predicate, limit=limit, **_given(statuses=status)
    )
    return FactList(facts=facts)


# --- lifecycle -------------------------------------------------------------------------------


@router.patch("/memories/{memory_id}", tags=["memories"])
def update_fact(memory_id: FactId, body: UpdateBody, memory: MemoryDep) -> Fact:
    """Change a fact and return it. A new object or key returns a new version with a new id;
    the conflict policy runs again either way."""
    return memory.update(memory_id, **body.model_dump(exclude_unset=True))


@router.delete("/memories/{memory_id}", tags=["memories"])
def forget_memory(
    memory_id: MemoryId,
    user_id: UserQuery,
    memory: MemoryDep,
    tenant: TenantDep,
    reason: Annotated[str | None, Query(max_length=1000)] = None,
) -> ForgetResult:
    """Forget a fact, an episode or an entity, and what only it used (graph_memory/
    forgetting.py, README "What forget removes"): a message's facts with no other source, a
    fact's unused entities; a message that still backs other facts is redacted, not forgotten.
    Tombstones record who, when and why (`redacted: true` for a message that stays)."""
    is_entity = memory_id.startswith("ent_")
    tombstones = memory.forget(
        user_id=user_id,
        by="api" if tenant == LOCAL_TENANT else f"api:{tenant}",
        **_given(
            memory_id=None if is_entity else memory_id,
            entity_id=memory_id if is_entity else None,
            reason=reason,
        ),
    )
    return ForgetResult(tombstones=tombstones)


@router.post("/memories/{memory_id}/feedback", tags=["memories"])
def feedback(
    memory_id: FactId, body: FeedbackBody, memory: MemoryDep, tenant: TenantDep
) -> Fact:
    """Report whether a recalled fact was useful; returns the fact with its new confidence."""
    fact = memory.feedback(memory_id, body.useful)
    log.info(
        "feedback on %s: useful=%s", memory_id, body.useful,
        extra={"event": "feedback", "tenant": tenant, "fact_id": memory_id,
               "useful": body.useful, "reason": body.reason},
    )
    return fact


@router.post("/recall", tags=["recall"])
def recall(
    body: RecallBody, memory: MemoryDep, tenant: TenantDep, telemetry: TelemetryDep
) -> RecallResponse:
    """The memories that best answer a query, best first, each with `why` it was recalled
    (signals, channels, matched entities, graph path). Current facts carry the facts they
    superseded and the facts they conflict with; standing constraints (allergies, diets...)
    come in `constraints`. A terse query in a session is expanded from its working memory."""
    options = body.model_dump(exclude={"query", "user_id"})
    started = time.perf_counter()
    response = memory.recall(body.query, user_id=body.user_id, **options)
    telemetry.recalled(tenant, response, time.perf_counter() - started)
    return response


@router.post("/prune", tags=["maintenance"])
def prune(memory: MemoryDep, body: PruneBody | None = None) -> PruneReport:
    """List the facts that are expired, low-confidence, long superseded, never used or faded
    (importance below `min_importance` after long without a recall). A dry run by default;
    send `{"dry_run": false}` to forget them (tombstoned)."""
    return memory.prune(**(body.model_dump(exclude_unset=True) if body else {}))


# --- consolidation into semantic memory ------------------------------------------------------


@router.post("/summarize", tags=["semantic memory"])
def summarize(body: SummarizeBody, memory: MemoryDep) -> SummarizeReport:
    """Consolidate: near-duplicate facts are merged (reversibly: see unmerge) and facts stated
    `min_evidence` times become semantic memories with their evidence (source facts and
    episodes, and their count) and scope (topics, agents, sessions, time span). The same also
    happens on its own when a statement is confirmed the third time, and when a session has
    been idle for `consolidation_idle_seconds`."""
    options = body.model_dump(exclude={"user_id"}, exclude_unset=True)
    return memory.summarize(body.user_id, **options)


@router.post("/memories/{memory_id}/unmerge", tags=["semantic memory"])
def unmerge(memory_id: FactId, memory: MemoryDep) -> UnmergeResult:
    """Undo a merge: the near-duplicate is current again and its statements go back to it;
    the semantic memory of the group is rebuilt, or withdrawn when one statement is left."""
    return memory.unmerge(memory_id)


@router.get("/users/{user_id}/semantic", tags=["semantic memory"])
def list_semantic_memories(
    user_id: Annotated[str, Path(pattern=ID_PATTERN)],
    memory: MemoryDep,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> list[SemanticMemory]:
    """A user's current semantic memories, newest first, each with evidence and scope."""
    return memory.semantic_memories(user_id, limit=limit)


# --- hindsight: experience from finished tasks ------------------------------------------------


@router.post("/trajectories", status_code=201, tags=["experience"])
def submit_trajectory(body: TrajectoryBody, memory: MemoryDep) -> SubmitResult:
    """Review a finished task step by step (effective / falsified / environment problem /
    redundant) and store what it taught as `experience` memories: effective paths to use,
    falsified ones to avoid. Environment problems count against nothing."""
    return memory.submit_trajectory(body)


@router.post("/experience/recall", tags=["experience"])
def recall_experience(body: ExperienceRecallBody, memory: MemoryDep) -> ExperienceRecall:
    """Experience for a new task, by task type, intent similarity and entities; the asking
    agent's and environment's own unless `include_other_agents` / `include_other_environments`.
    Effective paths ("use") come before falsified ones ("avoid")."""
    options = body.model_dump(exclude={"task", "user_id"})
    return memory.recall_experience(body.task, user_id=body.user_id, **options)


@router.post("/experiences/{memory_id}/feedback", tags=["experience"])
def experience_feedback(
    memory_id: FactId, body: FeedbackBody, memory: MemoryDep, tenant: TenantDep
) -> Experience:
    """Was a recalled experience right? +0.1 when useful; -0.2 when not, and fast demotion
    when it is wrong again; below 0.2 it is in the prune queue."""
    experience = memory.experience_feedback(memory_id, body.useful)
    log.info(
        "experience feedback on %s: useful=%s", memory_id, body.useful,
        extra={"event": "experience_feedback", "tenant": tenant, "fact_id": memory_id,
               "useful": body.useful, "reason": body.reason},
    )
    return experience


@router.get("/users/{user_id}/experiences", tags=["experience"])
def list_experiences(
    user_id: Annotated[str, Path(pattern=ID_PATTERN)],
    memory: MemoryDep,
    task_type: Annotated[str | None, Query(min_length=1, max_length=100)] = None,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
) -> list[Experience]:
    """A user's current experiences (of one task type), newest first."""
    return memory.experiences(user_id, task_type=task_type, limit=limit)


# --- Cypher for analysts ---------------------------------------------------------------------

# Refusals of /v1/cypher: a write is forbidden, a stopped query timed out, the rest is bad input.
_CYPHER_STATUS = {
    "write": 403, "timeout": 408, "disabled": 404, "busy": 429, "unavailable": 503,
}


@router.post(
    "/cypher",
    tags=["analysis"],
    response_model=CypherResult,
    responses={403: {"description": "The query writes."}, 408: {"description": "Timed out."},
               429: {"description": "Too many analyst queries at once; see Retry-After."},
               503: {"description": "The analyst engine (a read replica) is not in step with "
                     "the latest writes yet; see Retry-After."}},
)
def cypher(
    body: CypherBody,
    memory: MemoryDep,
    tenant: TenantDep,
    tenants: Annotated[Tenants, Depends(get_tenants)],
) -> Any:
    """Run a saved analyst query (`name`, from cypher/analyst/) or ad-hoc Cypher (`query`) on
    the caller's tenant's graph, read-only by the engine's own read-only mode, within the
    service's time, row, memory and concurrency limits (GRAPH_MEMORY_CYPHER_TIMEOUT_MS,
    _CYPHER_MAX_ROWS, _QUERY_MEMORY_LIMIT_MB, _CYPHER_MAX_CONCURRENT(_TOTAL)).
    Refusals: 422 bad name, parameters, syntax, too many rows or too much memory; 403 a
    write; 408 timeout; 429 too many analyst queries at once (with Retry-After)."""
    settings = memory.settings
    limit_ms, limit_rows = settings.cypher_timeout_ms, settings.cypher_max_rows
    slots = tenants.analyst_slots
    try:
        if not settings.cypher_enabled:
            raise CypherRejected("disabled", "POST /v1/cypher is disabled on this service")
        with slots.hold(tenant):
            return run_cypher(
                memory.store,
                name=body.name,
                query=body.query,
                params=body.params,
                timeout_ms=min(body.timeout_ms or limit_ms, limit_ms),
                max_rows=min(body.max_rows or limit_rows, limit_rows),
                max_memory_mb=settings.query_memory_limit_mb,
            )
    except CypherRejected as e:
        retry_after = slots.retry_after_s if e.kind == "busy" else e.retry_after_s
        headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
        return error_response(_CYPHER_STATUS.get(e.kind, 422), e.kind, str(e), headers=headers)


# --- working memory --------------------------------------------------------------------------

_SLOTS = "/sessions/{session_id}/working-memory"


@router.get(_SLOTS, tags=["working memory"])
def get_slots(
    session_id: SessionId, user_id: UserQuery, memory: MemoryDep, telemetry: TelemetryDep
) -> SlotList:
    """The live slots of a session, highest priority first. Expired slots are moved to
    episodic memory on the way."""
    slots = memory.working_get(user_id, session_id)
    telemetry.working_memory_read(slots)
    return SlotList(slots=slots)


# `:path` lets a key contain '/' (keys are free text, up to 100 characters).
@router.put(_SLOTS + "/{key:path}", tags=["working memory"])
def put_slot(session_id: SessionId, key: str, body: SlotBody, memory: MemoryDep) -> WorkingSlot:
    """Set a slot. When the session is full, the lowest-priority slot is moved to episodic
    memory to make room."""
    # null means "not given" (the schema allows it): the ontology's default type and priority.
    options = body.model_dump(exclude_none=True, include={"memory_type", "priority"})
    return memory.working_set(body.user_id, session_id, key, body.value, **options)


@router.delete(_SLOTS + "/{key:path}", status_code=204, tags=["working memory"])
def delete_slot(
    session_id: SessionId, key: str, user_id: UserQuery, memory: MemoryDep
) -> None:
    """Remove a slot (404 if the session has no such key)."""
    memory.working_delete(user_id, session_id, key)


# --- the explorer: users, provenance, settling conflicts -------------------------------------


@router.get("/users", tags=["memories"])
def list_users(
    memory: MemoryDep, limit: Annotated[int, Query(ge=1, le=10_000)] = 1000
) -> UserList:
    """The users with memories in the caller's tenant, by user id, with their message counts
    (reads every message: meant for pickers, not for hot paths)."""
    return UserList(users=memory.users(limit=limit))


@router.get("/memories/{memory_id}/sources", tags=["memories"])
def fact_sources(memory_id: FactId, memory: MemoryDep) -> SourceList:
    """The messages a fact was extracted from, oldest first, each with the span `[start, end)`
    of its text that states the fact."""
    return SourceList(sources=memory.sources(memory_id))


@router.get("/memories/{memory_id}/tombstone", tags=["memories"])
def memory_tombstone(memory_id: MemoryId, memory: MemoryDep) -> TombstoneOut:
    """What was forgotten, when, by whom and why: the tombstone of a fact, episode or entity,
    or `{"tombstone": null}` while it is not forgotten (never a 404, unlike a read)."""
    return TombstoneOut(tombstone=memory.tombstone(memory_id))


def _reviewer(tenant: str) -> str:
    return "api" if tenant == LOCAL_TENANT else f"api:{tenant}"


@router.post("/memories/{memory_id}/confirm", tags=["memories"])
def confirm_fact(
    memory_id: FactId, memory: MemoryDep, tenant: TenantDep, body: ReviewBody | None = None
) -> ReviewResult:
    """Settle an open conflict in this fact's favour: it becomes current and SUPERSEDES the
    other side. 422 unless the fact is conflicted (awaiting confirmation)."""
    reason = body.reason if body else None
    return memory.confirm(memory_id, by=_reviewer(tenant), reason=reason)


@router.post("/memories/{memory_id}/reject", tags=["memories"])
def reject_fact(
    memory_id: FactId, memory: MemoryDep, tenant: TenantDep, body: ReviewBody | None = None
) -> ReviewResult:
    """Settle an open conflict against this fact: the other side SUPERSEDES it and is current
    again (unless it has other open conflicts). 422 unless the fact is conflicted."""
    reason = body.reason if body else None
    return memory.reject(memory_id, by=_reviewer(tenant), reason=reason)


# --- health ----------------------------------------------------------------------------------


@health.get("/healthz", response_model=Status, responses={503: ERROR_RESPONSES[503]})
def healthz(tenants: Annotated[Tenants, Depends(get_tenants)]) -> Any:
    """The process is up, and its embedded engine is running or being restarted; 503 once
    the restarts of a dead engine have given up (restart the service then)."""
    engine = tenants.root.engine
    status = engine.status() if engine is not None else None
    if status is not None and status.state == "failed":
        return error_response(503, "unhealthy", f"the graph engine is down: {status.detail}")
    return Status(status="ok")


@health.get("/readyz", response_model=Status, responses={503: ERROR_RESPONSES[503]})
def readyz(tenants: Annotated[Tenants, Depends(get_tenants)]) -> Any:
    """The graph engine answers, and its indexes are built; 503 if not (after a restart the
    engine rebuilds its indexes in the background, and searches would miss memories)."""
    tenants.root.store.ping()
    graphs = {memory.settings.graph_name: memory for memory in tenants.opened().values()}
    graphs[tenants.root.settings.graph_name] = tenants.root
    building = [
        f"{graph} {index}" for graph, memory in sorted(graphs.items())
        for index in memory.store.building_indexes()
    ]
    if building:
        return error_response(
            503, "starting", f"indexes are still being built ({'; '.join(building)})"
        )
    return Status(status="ready")


@health.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {}}, "description": "Prometheus text."}},
)
def metrics(
    tenants: Annotated[Tenants, Depends(get_tenants)], telemetry: TelemetryDep
) -> Response:
    """Prometheus metrics: request latency, recall hits, writes, working-memory sizes and
    engine health (pinged at each scrape). No tenant or user appears in a label."""
    return Response(telemetry.scrape(tenants), media_type=CONTENT_TYPE_LATEST)

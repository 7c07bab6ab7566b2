"""The /v1 endpoints: each parses its input, calls one Memory method and returns the result.

Routes are sync on purpose: Memory blocks (engine round trips, model inference) and is
thread-safe, so FastAPI runs them in its threadpool. Validation beyond the request shape
(ids, ontology names, limits) is Memory's job; its errors are mapped in api/errors.py.
"""

from __future__ import annotations

from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Path, Query, Request

from graph_memory.api.errors import ERROR_RESPONSES
from graph_memory.api.schemas import (
    FactList,
    FeedbackBody,
    ForgetResult,
    MemoryOut,
    PruneBody,
    PruneReport,
    SlotBody,
    SlotList,
    Status,
    UpdateBody,
    WriteBatchBody,
    WriteBatchResult,
    WriteBody,
    WriteResult,
)
from graph_memory.memory import Memory
from graph_memory.models import ID_PATTERN, Entity, Episode, Fact, FactStatus, WorkingSlot
from graph_memory.recall.models import RecallRequest, RecallResponse


def get_memory(request: Request) -> Memory:
    """The app's one Memory, opened in the lifespan (or injected by create_app's caller)."""
    return cast(Memory, request.app.state.memory)


def _given(**options: object) -> dict[str, Any]:
    """The options the caller set: Memory's own defaults stay the single source for the rest."""
    return {name: value for name, value in options.items() if value is not None}


MemoryDep = Annotated[Memory, Depends(get_memory)]
UserQuery = Annotated[str, Query(pattern=ID_PATTERN, description="Owner of the memories.")]
MemoryId = Annotated[str, Path(description="A fact_, ep_ or ent_ id.")]

router = APIRouter(prefix="/v1", responses=ERROR_RESPONSES)
health = APIRouter(tags=["health"])


# --- writing ---------------------------------------------------------------------------------


@router.post("/memories", status_code=201, tags=["memories"])
def write_memory(body: WriteBody, memory: MemoryDep) -> WriteResult:
    """Write one memory. Text is extracted into facts; triples are stored as given. The result
    lists the facts written and what happened to older ones (superseded, conflict, reinforced).
    Writing the same source_id again is idempotent (`created: false`)."""
    return memory.write_batch([body])[0]


@router.post("/memories/batch", status_code=201, tags=["memories"])
def write_memories(body: WriteBatchBody, memory: MemoryDep) -> WriteBatchResult:
    """Write up to `max_batch_size` memories atomically: all are stored, or none. The whole
    request must also fit the request size limit; split larger imports."""
    return WriteBatchResult(results=memory.write_batch(body.items))


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


@router.get("/users/{user_id}/facts", tags=["memories"])
def list_facts(
    user_id: str,
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
def update_fact(memory_id: MemoryId, body: UpdateBody, memory: MemoryDep) -> Fact:
    """Change a fact and return it. A new object or key returns a new version with a new id;
    the conflict policy runs again either way."""
    return memory.update(memory_id, **body.model_dump(exclude_unset=True))


@router.delete("/memories/{memory_id}", tags=["memories"])
def forget_memory(
    memory_id: MemoryId,
    user_id: UserQuery,
    memory: MemoryDep,
    reason: Annotated[str | None, Query(max_length=1000)] = None,
) -> ForgetResult:
    """Forget a fact, an episode (with the facts drawn from it) or an entity (with its facts
    and the episodes mentioning it). Text is redacted; tombstones record who, when and why."""
    is_entity = memory_id.startswith("ent_")
    tombstones = memory.forget(
        user_id=user_id,
        by="api",  # no authentication yet: the transport is all we know about the caller
        **_given(
            memory_id=None if is_entity else memory_id,
            entity_id=memory_id if is_entity else None,
            reason=reason,
        ),
    )
    return ForgetResult(tombstones=tombstones)


@router.post("/memories/{memory_id}/feedback", tags=["memories"])
def feedback(memory_id: MemoryId, body: FeedbackBody, memory: MemoryDep) -> Fact:
    """Report whether a recalled fact was useful; returns the fact with its new confidence."""
    return memory.feedback(memory_id, body.useful)


@router.post("/recall", tags=["recall"])
def recall(body: RecallRequest, memory: MemoryDep) -> RecallResponse:
    """The memories that best answer a query, best first, each with `why` it was recalled
    (signals, channels, matched entities, graph path). Current facts carry the facts they
    superseded and the facts they conflict with; standing constraints (allergies, diets...)
    come in `constraints`. A terse query in a session is expanded from its working memory."""
    options = body.model_dump(exclude={"query", "user_id"})
    return memory.recall(body.query, user_id=body.user_id, **options)


@router.post("/prune", tags=["maintenance"])
def prune(memory: MemoryDep, body: PruneBody | None = None) -> PruneReport:
    """List the facts that are expired, low-confidence, long superseded or never used.
    A dry run by default; send `{"dry_run": false}` to forget them (tombstoned)."""
    return memory.prune(**(body.model_dump(exclude_unset=True) if body else {}))


# --- working memory --------------------------------------------------------------------------

_SLOTS = "/sessions/{session_id}/working-memory"


@router.get(_SLOTS, tags=["working memory"])
def get_slots(session_id: str, user_id: UserQuery, memory: MemoryDep) -> SlotList:
    """The live slots of a session, highest priority first. Expired slots are moved to
    episodic memory on the way."""
    return SlotList(slots=memory.working_get(user_id, session_id))


# `:path` lets a key contain '/' (keys are free text, up to 100 characters).
@router.put(_SLOTS + "/{key:path}", tags=["working memory"])
def put_slot(session_id: str, key: str, body: SlotBody, memory: MemoryDep) -> WorkingSlot:
    """Set a slot. When the session is full, the lowest-priority slot is moved to episodic
    memory to make room."""
    options = body.model_dump(exclude_unset=True, include={"memory_type", "priority"})
    return memory.working_set(body.user_id, session_id, key, body.value, **options)


@router.delete(_SLOTS + "/{key:path}", status_code=204, tags=["working memory"])
def delete_slot(session_id: str, key: str, user_id: UserQuery, memory: MemoryDep) -> None:
    """Remove a slot (404 if the session has no such key)."""
    memory.working_delete(user_id, session_id, key)


# --- health ----------------------------------------------------------------------------------


@health.get("/healthz")
def healthz() -> Status:
    """The process is up (says nothing about the engine)."""
    return Status(status="ok")


@health.get("/readyz", responses={503: ERROR_RESPONSES[503]})
def readyz(memory: MemoryDep) -> Status:
    """The graph engine answers a query; 503 if it does not."""
    memory.store.count("Episode")
    return Status(status="ready")

"""Recall's filters: which candidates a request lets through (models.RecallFilters), checked
before any candidate is scored."""

from __future__ import annotations

from graph_memory.entities import alias_id, entity_id
from graph_memory.errors import InvalidInputError
from graph_memory.ontology import Ontology
from graph_memory.recall.candidates import Candidate
from graph_memory.recall.models import AS_OF_STATUSES, DEFAULT_STATUSES, RecallRequest
from graph_memory.recall.result import EPISODE_MEMORY_TYPE
from graph_memory.store.base import Store
from graph_memory.validation import check_memory_type


def check_filters(ontology: Ontology, request: RecallRequest) -> None:
    """A clear error for filters no memory could pass: an unknown memory type, since > until."""
    for memory_type in request.filters.memory_types or ():
        check_memory_type(ontology, memory_type)
    f = request.filters
    if f.since is not None and f.until is not None and f.since > f.until:
        raise InvalidInputError("filters: since is after until")


def entity_filter(store: Store, request: RecallRequest) -> set[str] | None:
    """The ids of the memories that mention a filtered entity (by id, name or alias); None
    when the request filters no entities."""
    wanted = request.filters.entities
    if not wanted:
        return None
    user = request.user_id
    ids = {w for w in wanted if w.startswith("ent_")}
    names = [w for w in wanted if not w.startswith("ent_")]
    ids |= set(store.get_entities([entity_id(user, n) for n in names]))
    ids |= set(store.resolve_aliases([alias_id(user, n) for n in names]).values())
    allowed = {f.id for f, _ in store.facts_of_entities(user, sorted(ids), 10_000)}
    allowed |= {e.id for e, _ in store.episodes_of_entities(user, sorted(ids), 10_000)}
    return allowed


def passes(c: Candidate, request: RecallRequest, allowed: set[str] | None) -> bool:
    """Does the candidate pass the request's filters (`allowed`: entity_filter's ids)?"""
    f = request.filters
    kinds = f.kinds or ["fact", "episode"]
    if c.kind not in kinds or (allowed is not None and c.id not in allowed):
        return False
    agent = c.fact.agent_id if c.fact else c.episode.agent_id  # type: ignore[union-attr]
    if request.agent_id is not None and agent not in (None, request.agent_id):
        return False
    if (f.since or f.until or f.as_of) and not in_time(c, request):
        return False
    memory_type = c.fact.memory_type if c.fact else EPISODE_MEMORY_TYPE
    if f.memory_types and memory_type not in f.memory_types:
        return False
    if c.fact is not None:
        statuses = f.statuses or (AS_OF_STATUSES if f.as_of else DEFAULT_STATUSES)
        if c.fact.status not in statuses:
            return False
        if f.min_confidence is not None and c.fact.confidence < f.min_confidence:
            return False
    elif c.episode is not None and c.episode.status == "forgotten":
        return False
    only_vector = c.channels == {"vector"}
    return not (only_vector and (c.semantic or 0.0) < request.threshold)


def in_time(c: Candidate, request: RecallRequest) -> bool:
    """The valid-time filters: a fact's time is the time it is about (occurred_at), else
    when it was said; `as_of` keeps what held then (models.RecallFilters)."""
    f = request.filters
    if c.fact is None:
        assert c.episode is not None
        said = c.episode.timestamp
        return not (
            (f.since and said < f.since)
            or (f.until and said > f.until)
            or (f.as_of and said > f.as_of)
        )
    fact = c.fact
    when = fact.occurred_at or fact.valid_from
    if (f.since and when < f.since) or (f.until and when > f.until):
        return False
    if f.as_of is None:
        return True
    held_from = min(fact.valid_from, fact.occurred_at or fact.valid_from)
    ended = fact.superseded_at
    return held_from <= f.as_of and (ended is None or ended > f.as_of)

"""Input checks shared by every transport. Each failure raises InvalidInputError before
anything is written."""

from __future__ import annotations

import re
import unicodedata
from datetime import UTC, datetime

from graph_memory.errors import InvalidInputError
from graph_memory.models import (
    ID_PATTERN,
    SEMANTIC_MEMORY_TYPE,
    Triple,
    WriteRequest,
    bounded_time,
)
from graph_memory.ontology import Ontology

# C0/C1 control characters except tab, newline and carriage return (a regex class's body).
CONTROL_CHARS = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_CONTROL = re.compile(f"[{CONTROL_CHARS}]")
# What clean_text accepts, as a pattern for the OpenAPI document: no control character, and
# something besides whitespace (its length limit is the field's maxLength).
CLEAN_TEXT_PATTERN = rf"^[^{CONTROL_CHARS}]*[^\s{CONTROL_CHARS}][^{CONTROL_CHARS}]*$"


def clean_text(value: object, *, field: str, max_chars: int) -> str:
    """Non-empty, valid UTF-8, no control characters, at most `max_chars`; NFC-normalised."""
    if isinstance(value, bytes):
        try:
            value = value.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidInputError(
                f"{field}: not valid UTF-8 ({e.reason} at byte {e.start})"
            ) from e
    if not isinstance(value, str):
        raise InvalidInputError(f"{field}: expected a string, got {type(value).__name__}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InvalidInputError(f"{field}: not valid UTF-8 (lone surrogate at {e.start})") from e
    match = _CONTROL.search(value)
    if match:
        raise InvalidInputError(
            f"{field}: control character U+{ord(match.group()):04X} at position {match.start()}"
        )
    value = unicodedata.normalize("NFC", value).strip()
    if not value:
        raise InvalidInputError(f"{field}: must not be empty or whitespace only")
    if len(value) > max_chars:
        raise InvalidInputError(
            f"{field}: {len(value)} characters is over the limit of {max_chars}"
        )
    return value


def check_time(value: object, *, field: str) -> datetime:
    """A time a caller gave: a datetime (naive means UTC) within the years 1900-2200 after
    conversion to UTC (models.TIME_MIN / TIME_MAX). Returned timezone-aware."""
    if not isinstance(value, datetime):
        raise InvalidInputError(f"{field}: expected a date-time, got {type(value).__name__}")
    try:
        return bounded_time(value)
    except ValueError as e:
        raise InvalidInputError(f"{field}: {e}") from e


def check_optional_time(value: datetime | None, *, field: str) -> datetime | None:
    return None if value is None else check_time(value, field=field)


def check_scope_id(value: object, *, field: str) -> str:
    """A user, agent or session id: 1-128 characters of letters, digits and _.:@-."""
    if not isinstance(value, str) or not re.fullmatch(ID_PATTERN, value):
        raise InvalidInputError(
            f"{field}: malformed id {value!r} (1-128 characters: letters, digits, _ . : @ -)"
        )
    return value


def check_memory_type(ontology: Ontology, memory_type: str) -> str:
    if memory_type not in ontology.memory_types:
        known = ", ".join(sorted(ontology.memory_types))
        raise InvalidInputError(f"unknown memory type {memory_type!r}; known: {known}")
    return memory_type


def check_writable_memory_type(ontology: Ontology, memory_type: str) -> str:
    """A memory type a caller may give a memory: not `semantic`, which only consolidation
    makes (from repeated facts, with their evidence)."""
    check_memory_type(ontology, memory_type)
    if memory_type == SEMANTIC_MEMORY_TYPE:
        raise InvalidInputError(
            f"memory type {memory_type!r} is made by consolidation only (summarize), from "
            "repeated facts with their evidence"
        )
    return memory_type


def check_priority(priority: int) -> int:
    if isinstance(priority, bool) or not isinstance(priority, int) or not 1 <= priority <= 10:
        raise InvalidInputError(f"priority must be an integer from 1 to 10, got {priority!r}")
    return priority


def check_triple(ontology: Ontology, triple: Triple) -> None:
    relation = ontology.relations.get(triple.predicate)
    if relation is None:
        known = ", ".join(sorted(ontology.relations))
        raise InvalidInputError(f"unknown relation {triple.predicate!r}; known: {known}")
    for end, ref, allowed in (
        ("subject", triple.subject, relation.domain),
        ("object", triple.object, relation.range),
    ):
        if ref.type not in ontology.entity_types:
            raise InvalidInputError(
                f"{end} type {ref.type!r} is not an entity type of the ontology"
            )
        if not ontology.type_allowed(allowed, ref.type):
            raise InvalidInputError(
                f"{triple.predicate} does not take a {ref.type} {end} "
                f"(allowed: {', '.join(allowed)})"
            )
    if triple.key is not None and "key" not in relation.scope:
        raise InvalidInputError(f"{triple.predicate} takes no key")
    if triple.key is None and "key" in relation.scope:
        raise InvalidInputError(f"{triple.predicate} needs a key")


def check_request(ontology: Ontology, request: WriteRequest, max_chars: int) -> WriteRequest:
    """A cleaned copy of `request`, or InvalidInputError naming the problem."""
    updates: dict[str, object] = {}
    if request.text is None and not request.triples:
        raise InvalidInputError("a memory needs text, triples, or both")
    if request.text is not None:
        updates["text"] = clean_text(request.text, field="text", max_chars=max_chars)
    if request.speaker is not None:
        updates["speaker"] = clean_text(request.speaker, field="speaker", max_chars=200)
    if request.source_id is not None:
        updates["source_id"] = clean_text(request.source_id, field="source_id", max_chars=256)
    if request.memory_type is not None:
        check_writable_memory_type(ontology, request.memory_type)
    if request.priority is not None:
        check_priority(request.priority)
    for triple in request.triples:
        check_triple(ontology, triple)
        for ref in (triple.subject, triple.object):
            clean_text(ref.name, field=f"{triple.predicate} entity name", max_chars=200)
        if triple.key is not None:
            clean_text(triple.key, field=f"{triple.predicate} key", max_chars=100)
    if request.timestamp is not None:
        updates["timestamp"] = check_time(request.timestamp, field="timestamp")
    return request.model_copy(update=updates)


def utcnow() -> datetime:
    return datetime.now(UTC)

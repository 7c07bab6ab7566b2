"""Working memory: per-session slots by key, with TTL per memory type and a capacity.

Writing a key again overwrites its value and keeps the old one in the slot's history. A slot
past its TTL, or evicted because the session is full (lowest priority first, then the least
recently updated), is handed to `spill` (Memory writes it to episodic memory) rather than lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

from graph_memory.errors import NotFoundError
from graph_memory.models import WorkingSlot
from graph_memory.ontology import Ontology
from graph_memory.store.base import Store
from graph_memory.validation import (
    check_memory_type,
    check_priority,
    check_writable_memory_type,
    clean_text,
)

SpillReason = str
Spill = Callable[[WorkingSlot, SpillReason], None]
KEY_MAX_CHARS = 100
VALUE_MAX_CHARS = 2000


class WorkingMemory:
    def __init__(
        self,
        store: Store,
        ontology: Ontology,
        *,
        capacity: int,
        ttl_overrides: Mapping[str, int],
        spill: Spill,
    ) -> None:
        for memory_type in ttl_overrides:
            check_memory_type(ontology, memory_type)
        self._store = store
        self._ontology = ontology
        self._capacity = capacity
        self._ttl_overrides = dict(ttl_overrides)
        self._spill = spill

    def ttl_seconds(self, memory_type: str) -> int:
        override = self._ttl_overrides.get(memory_type)
        return (
            override
            if override is not None
            else self._ontology.memory_types[memory_type].working_ttl_seconds
        )

    def slots(self, user_id: str, session_id: str, now: datetime) -> list[WorkingSlot]:
        """Live slots of a session, highest priority first; expired ones are spilled."""
        live = self._sweep(user_id, session_id, now)
        return sorted(live, key=lambda s: (-s.priority, -s.updated_at.timestamp(), s.key))

    def set(
        self,
        user_id: str,
        session_id: str,
        key: str,
        value: str,
        now: datetime,
        *,
        memory_type: str = "fact",
        priority: int | None = None,
    ) -> WorkingSlot:
        key = clean_text(key, field="key", max_chars=KEY_MAX_CHARS)
        value = clean_text(value, field="value", max_chars=VALUE_MAX_CHARS)
        check_writable_memory_type(self._ontology, memory_type)
        if priority is None:
            priority = self._ontology.memory_types[memory_type].priority
        check_priority(priority)
        live = {slot.key: slot for slot in self._sweep(user_id, session_id, now)}
        previous = live.get(key)
        history: tuple[str, ...] = ()
        if previous is not None:
            history = (*previous.history, f"{previous.updated_at.isoformat()}\t{previous.value}")
        slot = WorkingSlot(
            user_id=user_id,
            session_id=session_id,
            key=key,
            value=value,
            memory_type=memory_type,
            priority=priority,
            updated_at=now,
            expires_at=now + timedelta(seconds=self.ttl_seconds(memory_type)),
            history=history,
        )
        if previous is None and len(live) >= self._capacity:
            victim = min(live.values(), key=lambda s: (s.priority, s.updated_at, s.key))
            self._spill(victim, "evicted: session at capacity")
            self._store.delete_slots(user_id, session_id, [victim.key])
        self._store.save_slot(slot)
        return slot

    def delete(self, user_id: str, session_id: str, key: str) -> None:
        if not any(s.key == key for s in self._store.get_slots(user_id, session_id)):
            raise NotFoundError(f"no working-memory slot {key!r} in session {session_id!r}")
        self._store.delete_slots(user_id, session_id, [key])

    def render(self, user_id: str, session_id: str, now: datetime) -> str:
        """A compact text block to paste into a prompt."""
        slots = self.slots(user_id, session_id, now)
        if not slots:
            return f"Working memory (session {session_id}): empty"
        lines = [f"Working memory (session {session_id}):"]
        lines += [f"- {s.key}: {s.value} [{s.memory_type}, p{s.priority}]" for s in slots]
        return "\n".join(lines)

    def _sweep(self, user_id: str, session_id: str, now: datetime) -> list[WorkingSlot]:
        live: list[WorkingSlot] = []
        expired: list[WorkingSlot] = []
        for slot in self._store.get_slots(user_id, session_id):
            (expired if slot.expires_at <= now else live).append(slot)
        for slot in expired:
            self._spill(slot, "expired")
        if expired:
            self._store.delete_slots(user_id, session_id, [s.key for s in expired])
        return live

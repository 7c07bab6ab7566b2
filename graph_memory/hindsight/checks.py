"""Input checks for hindsight: every failure raises InvalidInputError before anything is
written."""

from __future__ import annotations

import re
from datetime import UTC
from typing import Any

from pydantic import ValidationError

from graph_memory.errors import InvalidInputError
from graph_memory.hindsight.models import Step, Trajectory
from graph_memory.hindsight.recall import ExperienceQuery
from graph_memory.validation import check_scope_id, clean_text

# Error texts keep their layout (tabs, newlines, indentation): only other control characters
# are refused.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def _problems(error: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(p) for p in err['loc']) or 'request'}: {err['msg']}"
        for err in error.errors()
    )


def _raw_text(value: str, field: str) -> str:
    match = _CONTROL.search(value)
    if match:
        raise InvalidInputError(
            f"{field}: control character U+{ord(match.group()):04X} at position {match.start()}"
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InvalidInputError(f"{field}: not valid UTF-8 (lone surrogate at {e.start})") from e
    return value


def check_trajectory(raw: Trajectory | dict[str, Any]) -> Trajectory:
    """A validated, cleaned trajectory (short fields trimmed; error texts kept whole)."""
    try:
        t = raw if isinstance(raw, Trajectory) else Trajectory.model_validate(raw)
        t = Trajectory.model_validate(t.model_dump())
    except ValidationError as e:
        raise InvalidInputError(_problems(e)) from e
    steps: list[Step] = []
    for i, step in enumerate(t.steps):
        where = f"steps.{i}"
        updates: dict[str, object] = {
            "action": clean_text(step.action, field=f"{where}.action", max_chars=200)
        }
        for name, limit in (("approach", 200), ("purpose", 300), ("result", 4_000)):
            value = getattr(step, name)
            if value is not None:
                updates[name] = clean_text(value, field=f"{where}.{name}", max_chars=limit)
        if step.error is not None:
            _raw_text(step.error, f"{where}.error")
            if not step.error.strip():
                updates["error"] = None
        steps.append(step.model_copy(update=updates))
    updates = {
        "goal": clean_text(t.goal, field="goal", max_chars=2_000),
        "task_type": clean_text(t.task_type, field="task_type", max_chars=100),
        "environment": clean_text(t.environment, field="environment", max_chars=100),
        "steps": steps,
        "entities": [clean_text(n, field="entities", max_chars=200) for n in t.entities],
    }
    if t.scene is not None:
        updates["scene"] = clean_text(t.scene, field="scene", max_chars=200)
    if t.source_id is not None:
        updates["source_id"] = clean_text(t.source_id, field="source_id", max_chars=256)
    if t.timestamp is not None and t.timestamp.tzinfo is None:
        updates["timestamp"] = t.timestamp.replace(tzinfo=UTC)
    check_scope_id(t.user_id, field="user_id")
    return t.model_copy(update=updates)


def check_query(fields: dict[str, Any]) -> ExperienceQuery:
    try:
        query = ExperienceQuery.model_validate(fields)
    except ValidationError as e:
        raise InvalidInputError(_problems(e)) from e
    updates: dict[str, object] = {"task": clean_text(query.task, field="task", max_chars=2_000)}
    if query.task_type is not None:
        updates["task_type"] = clean_text(query.task_type, field="task_type", max_chars=100)
    if query.environment is not None:
        updates["environment"] = clean_text(
            query.environment, field="environment", max_chars=100
        )
    updates["entities"] = [clean_text(n, field="entities", max_chars=200) for n in query.entities]
    return query.model_copy(update=updates)

"""Deterministic ids: the same inputs always give the same id (idempotent writes)."""

from __future__ import annotations

import hashlib
import re

from graph_memory.errors import InvalidInputError

_PREFIXES = ("ep", "fact", "ent", "alias", "tomb")
ANY_ID = re.compile(r"^(ep|fact|ent|alias|tomb)_[0-9a-f]{24}$")


def make_id(prefix: str, *parts: str | None) -> str:
    """`prefix_` + 24 hex digits of the SHA-256 of the parts."""
    if prefix not in _PREFIXES:
        raise ValueError(f"unknown id prefix {prefix!r}")
    digest = hashlib.sha256("\x1f".join(part or "" for part in parts).encode("utf-8"))
    return f"{prefix}_{digest.hexdigest()[:24]}"


def check_id(value: object, *, prefixes: tuple[str, ...] = ("ep", "fact", "ent")) -> str:
    """Validate a memory id sent by a caller; raise InvalidInputError if it is malformed."""
    if not isinstance(value, str) or not ANY_ID.fullmatch(value):
        raise InvalidInputError(f"malformed id {value!r}: expected e.g. 'fact_<24 hex digits>'")
    if value.split("_", 1)[0] not in prefixes:
        raise InvalidInputError(f"id {value!r} is not one of: {', '.join(prefixes)}")
    return value

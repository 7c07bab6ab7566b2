"""Locate the data folders (`ontology/`, `cypher/`) that ship with the package.

A built wheel carries them inside the package as `graph_memory/_data/<name>` (hatch
force-include); an editable install or a source checkout finds them at the repository root.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from graph_memory.errors import GraphMemoryError

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def data_dir(name: str) -> Path:
    """Return the folder `name` ("ontology" or "cypher") shipped with graph-memory."""
    for candidate in (_PACKAGE_DIR / "_data" / name, _PACKAGE_DIR.parent / name):
        if candidate.is_dir():
            return candidate
    raise GraphMemoryError(f"graph-memory data folder {name!r} not found next to {_PACKAGE_DIR}")

"""Load Cypher from the `cypher/` folder by name: `cypher/<dialect>/<name>.cypher` first, then
the shared `cypher/<name>.cypher`. Values are always `$params`; nothing is formatted in."""

from __future__ import annotations

import re
from functools import cache

from graph_memory.errors import StoreError
from graph_memory.resources import data_dir

_NAME = re.compile(r"^[a-z][a-z0-9_/]*$")
_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)


@cache
def load_query(dialect: str, name: str) -> str:
    """The text of query `name` for `dialect`, comments stripped."""
    if not _NAME.fullmatch(name) or not _NAME.fullmatch(dialect):
        raise StoreError(f"invalid query name {dialect}/{name}")
    root = data_dir("cypher")
    for path in (root / dialect / f"{name}.cypher", root / f"{name}.cypher"):
        if path.is_file():
            text = _COMMENT.sub("", path.read_text(encoding="utf-8")).strip()
            if not text:
                raise StoreError(f"{path} is empty")
            return text
    raise StoreError(f"no Cypher query {name!r} for dialect {dialect!r} under {root}")


def split_statements(text: str) -> list[str]:
    """Split a schema file into its `;`-terminated statements."""
    return [part.strip() for part in text.split(";") if part.strip()]

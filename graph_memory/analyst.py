"""Cypher for analysts: saved queries from `cypher/analyst/`, and ad-hoc read-only Cypher.

Read-only is the engine's own guarantee, not a guess from the query text: FalkorDB runs the
query with GRAPH.RO_QUERY (which refuses any write), Neo4j in a READ access-mode transaction
that is always rolled back (the server refuses any write in it, and stops it at the timeout
and at its transaction memory limit). Every query runs against one graph, the caller's
tenant's, within limits the engine enforces (time, memory, and rows: the store stops the
engine producing rows past the limit, so no oversized result crosses the wire). Here: the
`range()` sizes checked before the engine builds them, and `AnalystSlots`, how many queries
may run at once (README, Operations).

A saved query declares its parameters in its header, one per line:
`// @param entity_id: string` (required) or `// @param limit: int = 100` (with a default).
"""

from __future__ import annotations

import contextlib
import math
import re
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from graph_memory.errors import InvalidInputError, StoreError
from graph_memory.resources import data_dir
from graph_memory.store.cypher_text import range_calls

ParamType = Literal["string", "int", "float", "bool"]
RejectKind = Literal[
    "unknown_query", "bad_params", "syntax", "write", "timeout", "too_many_rows", "disabled",
    "too_much_memory", "busy", "unavailable",
]
QUERY_NAME = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
PARAM_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
MAP_KEY = re.compile(r"^[^`]+$")
MAX_QUERY_CHARS = 20_000
_PARAM_LINE = re.compile(
    r"^//\s*@param\s+(?P<name>\w+)\s*:\s*(?P<type>string|int|float|bool)"
    r"(?:\s*=\s*(?P<default>.+?))?\s*$"
)
_COMMENT = re.compile(r"^\s*//.*$", re.MULTILINE)
# Properties no analyst wants in a row: 384 floats, and FalkorDB's fulltext user token. Nodes
# and relationships come without them; `RETURN n.embedding` asks for one and gets it.
HIDDEN_PROPERTIES = frozenset({"embedding", "user_key"})
# FalkorDB builds a list value in full before it checks the query's memory: range() over
# 400M integers took 6 GB and 8 s before QUERY_MEM_CAPACITY stopped it (FalkorDB 4.16).
BYTES_PER_LIST_ELEMENT = 16


class CypherRejected(InvalidInputError):
    """The query was refused or stopped; nothing was changed. `kind` says why."""

    def __init__(self, kind: RejectKind, message: str, retry_after_s: int | None = None) -> None:
        super().__init__(message)
        self.kind: RejectKind = kind
        # busy, unavailable: when a retry may succeed.
        self.retry_after_s = retry_after_s


class ParamSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    type: ParamType
    required: bool
    default: JsonValue = None


class SavedQuery(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    description: str
    params: tuple[ParamSpec, ...]
    text: str = Field(repr=False)


class CypherResult(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    query: str | None = Field(description="The saved query's name; None for ad-hoc Cypher.")
    columns: list[str]
    rows: list[list[JsonValue]]
    elapsed_ms: float


class ReadOnlyGraph(Protocol):
    """One graph, queried read-only: (columns, rows of JSON values) or CypherRejected."""

    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]: ...


# --- saved queries ---------------------------------------------------------------------------


def _parse_default(spec_type: ParamType, raw: str | None) -> JsonValue:
    if raw is None or raw == "null":
        return None
    return coerce_text(spec_type, raw, "default")


@cache
def saved_queries() -> dict[str, SavedQuery]:
    """Every saved query of `cypher/analyst/`, by name."""
    found: dict[str, SavedQuery] = {}
    for path in sorted((data_dir("cypher") / "analyst").glob("*.cypher")):
        name = path.stem
        if not QUERY_NAME.fullmatch(name):
            raise StoreError(f"saved query file {path.name}: name must match {QUERY_NAME.pattern}")
        source = path.read_text(encoding="utf-8")
        params: list[ParamSpec] = []
        description: list[str] = []
        for line in source.splitlines():
            m = _PARAM_LINE.match(line.strip())
            if m:
                kind: ParamType = m.group("type")  # type: ignore[assignment]
                raw = m.group("default")
                params.append(
                    ParamSpec(
                        name=m.group("name"),
                        type=kind,
                        required=raw is None,
                        default=_parse_default(kind, raw),
                    )
                )
            elif line.startswith("//") and not params:
                description.append(line.lstrip("/ ").strip())
        text = _COMMENT.sub("", source).strip()
        found[name] = SavedQuery(
            name=name, description=" ".join(description), params=tuple(params), text=text
        )
    return found


def saved_query(name: str) -> SavedQuery:
    if not QUERY_NAME.fullmatch(name):
        raise CypherRejected("unknown_query", f"no saved query {name[:80]!r}: not a query name")
    found = saved_queries().get(name)
    if found is None:
        known = ", ".join(sorted(saved_queries()))
        raise CypherRejected("unknown_query", f"no saved query {name!r}; known: {known}")
    return found


def coerce_text(kind: ParamType, raw: str, name: str) -> JsonValue:
    """A value given as text (the CLI's `--param k=v`) as the declared type."""
    try:
        if kind == "int":
            return int(raw)
        if kind == "float":
            return float(raw)
    except ValueError:
        raise CypherRejected("bad_params", f"parameter {name}: {raw!r} is not a {kind}") from None
    if kind == "bool":
        if raw.lower() in ("true", "1", "yes"):
            return True
        if raw.lower() in ("false", "0", "no"):
            return False
        raise CypherRejected("bad_params", f"parameter {name}: {raw!r} is not true or false")
    return raw


def _check_type(spec: ParamSpec, value: JsonValue) -> JsonValue:
    ok = {
        "string": isinstance(value, str),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "float": isinstance(value, int | float) and not isinstance(value, bool),
        "bool": isinstance(value, bool),
    }[spec.type]
    if value is None and not spec.required:
        return None
    if not ok:
        raise CypherRejected(
            "bad_params", f"parameter {spec.name}: expected a {spec.type}, got {value!r:.80}"
        )
    return float(value) if spec.type == "float" and isinstance(value, int) else value


def bind(query: SavedQuery, given: Mapping[str, JsonValue], *, from_text: bool = False) -> dict[
    str, JsonValue
]:
    """The full parameter map of a saved query: declared names only, types checked, defaults
    filled in. `from_text`: values are strings to convert (CLI)."""
    specs = {spec.name: spec for spec in query.params}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise CypherRejected(
            "bad_params",
            f"{query.name} takes no parameter {', '.join(repr(u[:64]) for u in unknown)}; "
            f"it takes: {', '.join(specs) or 'none'}",
        )
    bound: dict[str, JsonValue] = {}
    for name, spec in specs.items():
        if name not in given:
            if spec.required:
                raise CypherRejected("bad_params", f"{query.name} needs parameter {name}")
            bound[name] = spec.default
            continue
        value = given[name]
        if from_text and isinstance(value, str):
            value = coerce_text(spec.type, value, name)
        bound[name] = _check_type(spec, value)
    return bound


def check_params(params: Mapping[str, JsonValue]) -> dict[str, JsonValue]:
    """Ad-hoc query parameters: names must be identifiers (they are `$name` in the query), and
    the keys of maps within them non-empty and without a backtick (MAP_KEY: FalkorDB writes a
    map parameter into the query text as `key`: value, and cannot escape a backtick)."""
    for name, value in params.items():
        if not PARAM_NAME.fullmatch(name):
            raise CypherRejected("bad_params", f"parameter name {name[:64]!r} is not an identifier")
        _check_map_keys(name, value)
    return dict(params)


def _check_map_keys(name: str, value: JsonValue) -> None:
    if isinstance(value, list):
        for item in value:
            _check_map_keys(name, item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if not MAP_KEY.fullmatch(key):
                raise CypherRejected(
                    "bad_params", f"parameter {name}: map key {key[:64]!r} is empty or holds a "
                    "backtick"
                )
            _check_map_keys(name, item)


# --- running ----------------------------------------------------------------------------------


def read_only_graph(store: object) -> ReadOnlyGraph:
    """The store's own read-only query method (each backend uses its engine's read-only
    mode and limits)."""
    if callable(getattr(store, "read_only", None)):
        return store  # type: ignore[return-value]
    raise StoreError(f"{type(store).__name__} cannot run read-only Cypher")


def run_cypher(
    store: object,
    *,
    name: str | None = None,
    query: str | None = None,
    params: Mapping[str, JsonValue] | None = None,
    timeout_ms: int,
    max_rows: int,
    max_memory_mb: int | None = None,
    params_as_text: bool = False,
) -> CypherResult:
    """Run a saved query (`name`) or ad-hoc Cypher (`query`), read-only, within the limits.
    `max_memory_mb`: the engine's per-query memory limit, for refusing up front what would
    blow through it before the engine checks."""
    if (name is None) == (query is None):
        raise CypherRejected("bad_params", "give either a saved query name or a query, not both")
    given = dict(params or {})
    if name is not None:
        saved = saved_query(name)
        text, bound = saved.text, bind(saved, given, from_text=params_as_text)
    else:
        assert query is not None
        text, bound = query.strip(), check_params(given)
        if not text:
            raise CypherRejected("syntax", "the query is empty")
        if len(text) > MAX_QUERY_CHARS:
            raise CypherRejected("bad_params", f"the query is over {MAX_QUERY_CHARS} characters")
        if max_memory_mb is not None:
            check_list_sizes(text, bound, max_memory_mb)
    started = time.perf_counter()
    columns, rows = read_only_graph(store).read_only(
        text, bound, timeout_ms=timeout_ms, max_rows=max_rows
    )
    elapsed = (time.perf_counter() - started) * 1000
    return CypherResult(query=name, columns=columns, rows=rows, elapsed_ms=round(elapsed, 2))


def check_list_sizes(query: str, params: Mapping[str, Any], max_memory_mb: int) -> None:
    """Refuse a `range()` of literal (or parameter) bounds that would take more than the query
    memory limit: the engine would build it in full first (BYTES_PER_LIST_ELEMENT)."""
    limit = max_memory_mb << 20
    for call, size in range_calls(query, params):
        if size * BYTES_PER_LIST_ELEMENT > limit:
            raise CypherRejected(
                "too_much_memory",
                f"{call[:80]} builds a list of {size} elements (about "
                f"{size * BYTES_PER_LIST_ELEMENT >> 20} MiB), over the limit of {max_memory_mb} "
                "MiB per query: use a smaller range",
            )


def too_much_memory(max_memory: str = "the engine's limit") -> CypherRejected:
    return CypherRejected(
        "too_much_memory",
        f"the query needed more memory than {max_memory} and was stopped: narrow it "
        "(fewer rows before aggregating or sorting, smaller lists)",
    )


def too_many_rows(max_rows: int) -> CypherRejected:
    return CypherRejected(
        "too_many_rows",
        f"the result has more than {max_rows} rows: add a LIMIT (or narrow the query)",
    )


def timed_out(timeout_ms: int) -> CypherRejected:
    return CypherRejected(
        "timeout", f"the query ran over the {timeout_ms} ms limit and was stopped"
    )


def clean_properties(props: Mapping[str, Any]) -> dict[str, JsonValue]:
    return {k: to_json(v) for k, v in props.items() if k not in HIDDEN_PROPERTIES}


def to_json(value: Any) -> JsonValue:
    """Engine values as JSON: scalars, lists and maps as they are, anything else as text."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): to_json(v) for k, v in value.items() if k not in HIDDEN_PROPERTIES}
    return str(value)


# --- concurrency ------------------------------------------------------------------------------


class AnalystSlots:
    """How many analyst queries may run at once: `per_tenant` for each tenant, `total` for all
    together. A query beyond either is refused at once (`busy`), never queued: a queue would
    hold a request thread and let one tenant's backlog grow without bound."""

    def __init__(self, per_tenant: int, total: int, retry_after_s: int) -> None:
        self.per_tenant = per_tenant
        self.total = total
        self.retry_after_s = retry_after_s
        self._running: Counter[str] = Counter()
        self._lock = threading.Lock()

    @contextlib.contextmanager
    def hold(self, tenant: str) -> Iterator[None]:
        with self._lock:
            if self._running[tenant] >= self.per_tenant:
                raise CypherRejected(
                    "busy",
                    f"this tenant already runs {self.per_tenant} analyst queries at once (the "
                    f"limit); retry in {self.retry_after_s} s",
                )
            if sum(self._running.values()) >= self.total:
                raise CypherRejected(
                    "busy",
                    f"the service already runs {self.total} analyst queries at once (the "
                    f"limit); retry in {self.retry_after_s} s",
                )
            self._running[tenant] += 1
        try:
            yield
        finally:
            with self._lock:
                self._running[tenant] -= 1
                if not self._running[tenant]:
                    del self._running[tenant]

    @classmethod
    def for_timeout(cls, per_tenant: int, total: int, timeout_ms: int) -> AnalystSlots:
        """Slots whose Retry-After is the query time limit: a slot is free by then."""
        return cls(per_tenant, total, retry_after_s=max(1, math.ceil(timeout_ms / 1000)))

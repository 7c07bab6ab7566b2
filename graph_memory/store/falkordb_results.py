"""A faster parse of FalkorDB's compact result cells, with the client's exact output.

The client (falkordb.query_result) parses every cell through two Python calls (parse_scalar,
then a parser per type) and two isinstance checks per string: a recall at 100k facts reads
about 5,000 cells, mostly strings inside maps, and the parse was about a third of its CPU
on the Python side. `parse_scalar` here handles the common types (null, string, integer,
boolean, double, array, map) in one function, the way the client does, and hands the
others (nodes, edges, paths, points, vectors, temporal values) to the client's parsers.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from falkordb import query_result

_NULL, _STRING, _INTEGER, _BOOLEAN, _DOUBLE, _ARRAY, _MAP = 1, 2, 3, 4, 5, 6, 10
_CLIENT_PARSERS: list[Any] = list(getattr(query_result, "PARSE_SCALAR_TYPES", []))
CLIENT_PARSE_SCALAR: Any = getattr(query_result, "parse_scalar", None)  # before install()


def _text(value: Any) -> str:
    """The client's __parse_string."""
    if isinstance(value, bytes):
        return value.decode()
    if not isinstance(value, str):
        return str(value)
    return value


def parse_scalar(cell: Any, graph: Any) -> Any:
    """The client's parse_scalar, same values and types (a map is an OrderedDict)."""
    kind = int(cell[0])
    value = cell[1]
    if kind == _STRING:
        if isinstance(value, bytes):
            return value.decode()
        return value if isinstance(value, str) else str(value)
    if kind == _MAP:
        out: OrderedDict[str, Any] = OrderedDict()
        for i in range(0, len(value), 2):
            out[_text(value[i])] = parse_scalar(value[i + 1], graph)
        return out
    if kind == _INTEGER:
        return int(value)
    if kind == _DOUBLE:
        return float(value)
    if kind == _ARRAY:
        return [parse_scalar(item, graph) for item in value]
    if kind == _NULL:
        return None
    if kind == _BOOLEAN:
        return _text(value) == "true"
    return _CLIENT_PARSERS[kind](value, graph)


def install() -> bool:
    """Make the client's result parsing use parse_scalar (its records, and the nodes, edges
    and paths it parses, call the module's parse_scalar). Whether it did: a client whose
    parser is not laid out as expected (17 types, the common ones where they are now) keeps
    its own."""
    expected = {_NULL: "__parse_null", _STRING: "__parse_string", _INTEGER: "__parse_integer",
                _BOOLEAN: "__parse_boolean", _DOUBLE: "__parse_double",
                _ARRAY: "__parse_array", _MAP: "__parse_map"}
    if len(_CLIENT_PARSERS) != 17 or not callable(CLIENT_PARSE_SCALAR):
        return False
    if any(_CLIENT_PARSERS[kind].__name__ != name for kind, name in expected.items()):
        return False
    query_result.parse_scalar = parse_scalar
    return True

"""The faster result parse gives exactly the client's values and types."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from falkordb import Edge, Node, Path, query_result

from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb_results import CLIENT_PARSE_SCALAR, parse_scalar

CELLS: list[Any] = [
    [1, None],
    [2, b"caf\xc3\xa9 \xe5\x8e\x9f"],
    [2, "already text"],
    [3, 42],
    [3, -7],
    [4, b"true"],
    [4, b"false"],
    [5, b"0.125"],
    [5, b"-1e-05"],
    [6, []],
    [6, [[2, b"a"], [3, 1], [6, [[5, b"2.5"], [1, None]]]]],
    [10, []],
    [10, [b"name", [2, b"x"], b"tags", [6, [[2, b"t1"], [2, b"t2"]]],
          b"inner", [10, [b"ok", [4, b"true"], b"n", [3, 3]]]]],
]


@pytest.fixture()
def client_parse(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The client's own parse (its nested calls too), whatever is installed."""

    def parse(cell: Any, graph: Any) -> Any:
        with monkeypatch.context() as m:
            m.setattr(query_result, "parse_scalar", CLIENT_PARSE_SCALAR)
            return CLIENT_PARSE_SCALAR(cell, graph)

    yield parse


def _typed(value: Any) -> Any:
    """A value with the type of every part, to compare types as well as values."""
    if isinstance(value, dict):
        return (type(value), [(k, _typed(v)) for k, v in value.items()])
    if isinstance(value, list):
        return (list, [_typed(v) for v in value])
    if isinstance(value, Node):
        return (Node, value.id, value.labels, _typed(value.properties))
    if isinstance(value, Edge):
        return (Edge, value.id, value.relation, value.src_node, value.dest_node,
                _typed(value.properties))
    if isinstance(value, Path):
        return (Path, _typed(value.nodes()), _typed(value.edges()))
    return (type(value), value)


@pytest.mark.parametrize("cell", CELLS)
def test_cells_parse_as_the_client_parses_them(cell: Any, client_parse: Any) -> None:
    assert _typed(parse_scalar(cell, None)) == _typed(client_parse(cell, None))


def test_a_real_result_set_reads_the_same(engine: EmbeddedEngine,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import graph_memory.store.falkordb  # noqa: F401  (installs the fast parse)

    assert query_result.parse_scalar is parse_scalar
    graph = engine.connect().select_graph("parse")
    graph.query("CREATE (:A {name: 'ä', n: 1, x: 0.5, ok: true, tags: ['a', 'b'], "
                "v: vecf32([0.25, -1.5])})-[:R {w: 2}]->(:B {d: date('2024-01-02')})")
    query = ("MATCH p = (a:A)-[r:R]->(b:B) RETURN a, r, b, p, {name: a.name, tags: a.tags, "
             "nested: {n: a.n, x: a.x, ok: a.ok, none: null}}, a.v, b.d, point({latitude: 1.5, "
             "longitude: 2.5}), [1, 'two', 3.0, [false]]")
    fast = graph.query(query).result_set
    with monkeypatch.context() as m:
        m.setattr(query_result, "parse_scalar", CLIENT_PARSE_SCALAR)
        slow = graph.query(query).result_set
    assert len(fast) == 1
    assert _typed(fast) == _typed(slow)
    assert [type(cell) for cell in fast[0]][:4] == [Node, Edge, Node, Path]

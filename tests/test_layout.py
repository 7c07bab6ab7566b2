"""The layout shows the pipeline (issue 12, item 8): the write path is a package whose modules
are named after their stage, the files say what they are, tenants and telemetry live outside
the REST transport for every transport to use, and features reach the store only through its
contract: no private member of a store, and no backend class check, outside graph_memory/store/.
Read from the source itself (ast), so a regression names the file and line."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "graph_memory"
# What a store keeps to itself (FalkorDBStore, Neo4jStore, CypherStore).
STORE_PRIVATE = frozenset({"_run", "_graph", "_client", "_replica", "_driver", "_graph_name"})
BACKENDS = frozenset({"FalkorDBStore", "Neo4jStore", "CypherStore"})


def _modules_outside_the_store() -> list[Path]:
    return [path for path in PACKAGE.rglob("*.py")
            if "store" not in path.relative_to(PACKAGE).parts]


def test_the_file_list_reads_as_the_pipeline() -> None:
    write = {path.name for path in (PACKAGE / "write").glob("*.py")}
    assert {"plan.py", "conflict_policy.py", "restate.py"} <= write
    top = {path.name for path in PACKAGE.glob("*.py")}
    assert {"graphml.py", "backup.py", "tenants.py", "telemetry.py"} <= top
    assert not {"resolve.py", "export.py", "transfer.py"} & (top | write)
    assert not {"tenants.py", "telemetry.py"} & {p.name for p in (PACKAGE / "api").glob("*.py")}
    # Every transport uses the shared modules, not the REST package's.
    mcp = "\n".join(path.read_text() for path in (PACKAGE / "mcp").glob("*.py"))
    assert "graph_memory.telemetry" in mcp and "graph_memory.tenants" in mcp


def contract_breaches(source: str, where: str) -> list[str]:
    """A store's private members used on anything but `self`, and isinstance checks naming a
    backend class, in `source`."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Attribute) and node.attr in STORE_PRIVATE
                and not (isinstance(node.value, ast.Name) and node.value.id == "self")):
            found.append(f"{where}:{node.lineno} .{node.attr}")
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance" and len(node.args) == 2):
            named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            named |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            if named & BACKENDS:
                found.append(f"{where}:{node.lineno} isinstance(..., {sorted(named)})")
    return found


def test_features_reach_the_store_only_through_its_contract() -> None:
    found = [breach for path in _modules_outside_the_store()
             for breach in contract_breaches(path.read_text(), str(path.relative_to(PACKAGE)))]
    assert found == []


def test_the_guard_finds_a_private_store_call_and_a_backend_check() -> None:
    source = ("def f(memory, self):\n    memory.store._run('x')\n    self._graph.query('y')\n"
              "    return isinstance(memory.store, (store.Neo4jStore, dict))\n")
    assert sorted(contract_breaches(source, "f.py")) == [
        "f.py:2 ._run", "f.py:4 isinstance(..., ['Neo4jStore', 'dict', 'store'])"]

"""The built wheel carries ontology/ and cypher/ and finds them once installed elsewhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from graph_memory.ontology import load_ontology
from graph_memory.resources import data_dir

REPO = Path(__file__).resolve().parents[1]

# Runs from the install target: must import graph_memory from there, never from the repo.
PROBE = """
import json, sys
import graph_memory
from graph_memory.resources import data_dir
from graph_memory.ontology import load_ontology
print(json.dumps({
    "package": graph_memory.__file__,
    "ontology": str(data_dir("ontology")),
    "cypher": str(data_dir("cypher")),
    "relations": len(load_ontology().relations),
    "path": sys.path,
}))
"""


def _run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_source_layout_resolves_to_the_repository() -> None:
    assert data_dir("ontology") == REPO / "ontology"
    assert data_dir("cypher") == REPO / "cypher"
    assert load_ontology().relations


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # --no-isolation: use the hatchling already installed, no download at test time.
    _run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out)], REPO)
    [built] = out.glob("graph_memory-*.whl")
    return built


def test_wheel_contains_every_data_file_and_the_console_script(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {f"graph_memory/_data/{p.relative_to(REPO).as_posix()}"
               for folder in ("ontology", "cypher") for p in (REPO / folder).rglob("*")
               if p.is_file() and p.suffix in (".yaml", ".cypher")}
    assert "graph_memory/_data/ontology/default.yaml" in shipped
    assert "graph_memory/_data/cypher/falkordb/schema.cypher" in shipped
    assert shipped <= names, sorted(shipped - names)
    assert "graph_memory/cli.py" in names
    [entry_points] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    assert "graph-memory = graph_memory.cli:app" in zipfile.ZipFile(wheel).read(
        entry_points
    ).decode()


def test_wheel_ships_the_explorer_and_the_docs_assets(wheel: Path) -> None:
    """/ui, /docs and /redoc are served from the package: every static file, the vendored
    libraries and their licences must be in the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    static = REPO / "graph_memory" / "ui" / "static"
    shipped = {p.relative_to(REPO).as_posix() for p in static.rglob("*") if p.is_file()}
    for needed in ("index.html", "app.css", "js/main.js", "vendor/cytoscape/LICENSE",
                   "vendor/cytoscape/cytoscape.esm.min.js", "vendor/swagger-ui/LICENSE",
                   "vendor/swagger-ui/swagger-ui-bundle.js", "vendor/redoc/LICENSE",
                   "vendor/redoc/redoc.standalone.js"):
        assert f"graph_memory/ui/static/{needed}" in shipped
    assert shipped <= names, sorted(shipped - names)


def test_installed_wheel_finds_its_data_inside_the_package(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-index", "--quiet",
          "--target", str(target), str(wheel)], tmp_path)
    # The target plus the venv's site-packages (dependencies); -P keeps cwd off sys.path.
    path = os.pathsep.join([str(target), sysconfig.get_path("purelib")])
    env = {**os.environ, "PYTHONPATH": path}
    probe = json.loads(_run([sys.executable, "-P", "-c", PROBE], tmp_path, env))
    package = target / "graph_memory"
    assert Path(probe["package"]).parent == package
    assert Path(probe["ontology"]) == package / "_data" / "ontology"
    assert Path(probe["cypher"]) == package / "_data" / "cypher"
    assert probe["relations"] == len(load_ontology().relations)
    # An editable install may also put the checkout on sys.path; what matters is that the
    # installed copy (first on the path) was imported and found its data inside itself.

    # The installed console script runs (`ontology` loads no models, so this stays fast).
    script = target / "bin" / "graph-memory"
    relations = json.loads(_run([str(script), "ontology", "--json"], tmp_path, env))["relations"]
    assert "ALLERGIC_TO" in relations

"""docker-compose.yml, Dockerfile, .env.example and .dockerignore, checked statically (no Docker
engine can run here): the shape `docker compose up -d` needs, and that every GRAPH_MEMORY_*
variable the service gets is a setting graph-memory knows and accepts."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml

from graph_memory.config import Settings

REPO = Path(__file__).resolve().parents[1]
_VAR = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:-|:\?)(?P<arg>[^}]*))?\}")


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((REPO / "docker-compose.yml").read_text())
    return loaded


@pytest.fixture(scope="module")
def env_example() -> dict[str, str]:
    values = {}
    for line in (REPO / ".env.example").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value.strip()
    return values


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} ($$ is a literal $)."""

    def one(m: re.Match[str]) -> str:
        name, op, arg = m.group("name"), m.group("op"), m.group("arg")
        if env.get(name):
            return env[name]
        if op == ":-":
            return arg
        raise AssertionError(f"{name} is required: {arg}")

    return _VAR.sub(one, value.replace("$$", "\0")).replace("\0", "$")


def dockerfile_stages() -> list[list[tuple[str, str]]]:
    text = (REPO / "Dockerfile").read_text().replace("\\\n", " ")
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.upper() == "FROM":
            stages.append([])
        stages[-1].append((word.upper(), rest.strip()))
    return stages


def test_neo4j_5_with_healthcheck_volumes_memory_and_password_from_env(
    compose: dict[str, Any],
) -> None:
    neo4j = compose["services"]["neo4j"]
    assert neo4j["image"] == "neo4j:5"
    env = neo4j["environment"]
    assert env["NEO4J_AUTH"].startswith("neo4j/${NEO4J_PASSWORD:?")
    for setting in ("heap_initial__size", "heap_max__size", "pagecache_size"):
        assert f"NEO4J_server_memory_{setting}" in env
    assert {v.split(":")[1] for v in neo4j["volumes"]} == {"/data", "/logs"}
    assert set(compose["volumes"]) >= {v.split(":")[0] for v in neo4j["volumes"]}
    check = neo4j["healthcheck"]
    assert "cypher-shell" in " ".join(check["test"]) and check["retries"] >= 3
    assert "ports" not in neo4j, "Bolt stays on the compose network"


def test_service_waits_for_a_healthy_neo4j_and_has_its_own_healthcheck(
    compose: dict[str, Any],
) -> None:
    service = compose["services"]["graph-memory"]
    assert service["build"] == "."
    assert service["depends_on"] == {"neo4j": {"condition": "service_healthy"}}
    assert "/readyz" in " ".join(service["healthcheck"]["test"])
    [port] = service["ports"]
    assert port.endswith(":8080") and port.startswith("${PUBLISH_ADDRESS:-127.0.0.1}:")


def test_every_service_variable_is_a_known_setting_and_they_validate(
    compose: dict[str, Any], env_example: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    environment = compose["services"]["graph-memory"]["environment"]
    fields = set(Settings.model_fields)
    for name in environment:
        assert name.startswith("GRAPH_MEMORY_"), name
        assert name.removeprefix("GRAPH_MEMORY_").lower() in fields, f"unknown setting {name}"
    for name in list(Settings.model_fields):
        monkeypatch.delenv(f"GRAPH_MEMORY_{name.upper()}", raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, interpolate(str(value), env_example))
    settings = Settings()
    assert settings.backend == "neo4j" and settings.neo4j_uri == "bolt://neo4j:7687"
    assert settings.neo4j_password == env_example["NEO4J_PASSWORD"]
    assert settings.api_keys, "binding 0.0.0.0 in the container needs API keys"
    with pytest.raises(AssertionError, match="NEO4J_PASSWORD is required"):
        interpolate(str(environment["GRAPH_MEMORY_NEO4J_PASSWORD"]), {})


def test_env_example_covers_every_variable_compose_reads(
    compose: dict[str, Any], env_example: dict[str, str]
) -> None:
    text = (REPO / "docker-compose.yml").read_text()
    used = {m.group("name") for m in _VAR.finditer(text.replace("$$", ""))}
    assert used <= set(env_example), sorted(used - set(env_example))
    # The password only ever comes from .env: never written into the compose file.
    services = compose["services"]
    for secret in (services["neo4j"]["environment"]["NEO4J_AUTH"],
                   services["graph-memory"]["environment"]["GRAPH_MEMORY_NEO4J_PASSWORD"]):
        assert "${NEO4J_PASSWORD:?" in secret
    assert env_example["NEO4J_PASSWORD"] not in text


def test_dockerfile_runs_as_non_root_with_healthcheck_and_serves_8080() -> None:
    stages = dockerfile_stages()
    final = stages[-1]
    base = final[0][1]
    python = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert base.startswith("python:3.11") and ">=3.11" in python
    users = [arg for word, arg in final if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("root", "0")
    assert any(word == "HEALTHCHECK" and "/readyz" in arg for word, arg in final)
    assert ("EXPOSE", "8080") in final
    [cmd] = [arg for word, arg in final if word == "CMD"]
    assert cmd.startswith('["graph-memory", "serve", "--host", "0.0.0.0", "--port", "8080"')
    for word, arg in (step for stage in stages for step in stage):
        if word == "COPY" and "--from" not in arg:
            *sources, _dest = arg.split()
            for source in sources:
                assert (REPO / source).exists(), f"COPY of a missing {source}"


def test_dockerfile_pins_the_cpu_torch_of_pyproject() -> None:
    deps = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    [torch] = [d for d in deps if d.startswith("torch")]
    text = (REPO / "Dockerfile").read_text()
    assert f"pip install {torch} --index-url https://download.pytorch.org/whl/cpu" in text


def test_dockerignore_keeps_secrets_data_and_venvs_out() -> None:
    ignored = {line.strip() for line in (REPO / ".dockerignore").read_text().splitlines()
               if line.strip() and not line.startswith("#")}
    assert {".env", ".git", ".venv", "graph-memory-data"} <= ignored
    for needed in ("graph_memory", "ontology", "cypher", "pyproject.toml", "README.md"):
        assert needed not in ignored

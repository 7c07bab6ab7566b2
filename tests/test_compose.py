"""docker-compose.yml, Dockerfile, .env.example and .dockerignore, checked statically (no Docker
engine can run here), and the service run with compose's environment and the image's command
against a real Neo4j 5.26: the shape `docker compose up -d` needs, and that every GRAPH_MEMORY_*
variable the service gets is a setting graph-memory knows and accepts."""

from __future__ import annotations

import json
import re
import sys
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
    assert neo4j["image"] == "neo4j:5.26-community"  # what scripts/neo4j runs in the tests
    env = neo4j["environment"]
    assert env["NEO4J_AUTH"].startswith("neo4j/${NEO4J_PASSWORD:?")
    for setting in ("heap_initial__size", "heap_max__size", "pagecache_size"):
        assert f"NEO4J_server_memory_{setting}" in env
    assert "NEO4J_db_memory_transaction_max" in env  # analyst queries cannot exhaust the heap
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


# --- the compose path for real: the service's environment and command on a real Neo4j 5.26 --


def test_the_service_runs_with_the_compose_environment_and_the_dockerfile_command(
    compose: dict[str, Any], env_example: dict[str, str], neo4j_server: Any, tmp_path: Path
) -> None:
    """What `docker compose up` starts, run here without Docker: the graph-memory service's
    environment exactly as compose interpolates it from .env.example (with the test server's
    password as .env's NEO4J_PASSWORD), but for the two names that only exist inside the
    containers (the `neo4j` host, the /data volume); the Dockerfile's CMD as the command, its
    port moved to a free one. Then a write / recall / forget round with the .env API key."""
    import httpx
    from neo4j_server import ServiceProcess, free_port

    neo4j_server.wipe()
    dotenv = env_example | {"NEO4J_PASSWORD": neo4j_server.password}
    environment = {name: interpolate(str(value), dotenv)
                   for name, value in compose["services"]["graph-memory"]["environment"].items()}
    assert environment["GRAPH_MEMORY_NEO4J_URI"] == "bolt://neo4j:7687"
    assert environment["GRAPH_MEMORY_DATA_DIR"] == "/data"
    environment["GRAPH_MEMORY_NEO4J_URI"] = neo4j_server.bolt_uri
    environment["GRAPH_MEMORY_DATA_DIR"] = str(tmp_path / "data")
    venv_bin = str(Path(sys.executable).parent)
    env = {"PATH": f"{venv_bin}:/usr/bin:/bin", "HOME": str(tmp_path), **environment}
    [cmd] = [arg for word, arg in dockerfile_stages()[-1] if word == "CMD"]
    argv: list[str] = json.loads(cmd)
    port = free_port()
    argv[argv.index("--port") + 1] = str(port)
    [key] = json.loads(environment["GRAPH_MEMORY_API_KEYS"])
    auth = {"Authorization": f"Bearer {key}"}
    with (ServiceProcess(argv, env, port, tmp_path / "service.log") as service,
          httpx.Client(base_url=service.url, headers=auth, timeout=120) as client):
        written = client.post("/v1/memories", json={
            "user_id": "emi", "speaker": "Emi", "text": "I live in Lisbon."})
        assert written.status_code == 201, written.text
        [fact_id] = written.json()["fact_ids"]
        recalled = client.post("/v1/recall", json={"user_id": "emi",
                                                   "query": "where do I live?"}).json()
        assert recalled["results"][0]["id"] == fact_id
        assert client.delete(f"/v1/memories/{fact_id}",
                             params={"user_id": "emi"}).status_code == 200
        again = client.post("/v1/recall", json={"user_id": "emi",
                                                "query": "where do I live?"}).json()
        assert fact_id not in {r["id"] for r in again["results"]}
        assert client.get(f"/v1/memories/{fact_id}").status_code == 404
        assert httpx.post(f"{service.url}/v1/recall", json={
            "user_id": "emi", "query": "where?"}).status_code == 401  # the key is needed
    assert neo4j_server.query("MATCH (f:Fact {id: $id}) RETURN f.status AS s",
                              id=fact_id)[0]["s"] == "forgotten"

"""A real Neo4j Community 5.26 server for the tests, started by the project's own
`scripts/neo4j` (jars from Maven Central, cached; java on 127.0.0.1, a free Bolt port, auth on
with a generated password, as in production). One server per test session: Community has one
user database (`neo4j`, CREATE DATABASE is Enterprise-only), so tests share it and the
fixtures wipe it between cases (`wipe`), keeping the schema: every store re-applies it with
IF NOT EXISTS."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path
from types import TracebackType

import neo4j

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "scripts" / "neo4j"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def fetch_jars() -> None:
    """The jar cache filled once (mvn, Maven Central); a no-op when it is there."""
    subprocess.run([str(SCRIPT), "fetch"], check=True, capture_output=True, timeout=900)


class Neo4jServer:
    user, database = "neo4j", "neo4j"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.port = free_port()
        self.bolt_uri = f"bolt://127.0.0.1:{self.port}"
        self.password = ""
        self.wipes = 0  # how many times the database was emptied (seeded fixtures re-seed)
        self._driver: neo4j.Driver | None = None

    def start(self) -> None:
        done = subprocess.run(
            [str(SCRIPT), "start", str(self.root), "--port", str(self.port)],
            capture_output=True, text=True, timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"scripts/neo4j start failed: {done.stderr[-2000:]}")
        self.password = (self.root / "password").read_text(encoding="utf-8").strip()
        self._driver = neo4j.GraphDatabase.driver(self.bolt_uri, auth=(self.user, self.password))
        self._driver.verify_connectivity()

    @property
    def driver(self) -> neo4j.Driver:
        if self._driver is None:
            raise RuntimeError("the Neo4j server is not started")
        return self._driver

    def query(self, text: str, **params: object) -> list[neo4j.Record]:
        records, _, _ = self.driver.execute_query(text, params, database_=self.database)
        return list(records)

    def wipe(self) -> None:
        """Every node and relationship deleted (the schema stays), in batches: one transaction
        over a large graph would pass the server's transaction memory limit."""
        with self.driver.session(database=self.database) as session:
            session.run(
                "MATCH (n) CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 10000 ROWS"
            ).consume()
        self.wipes += 1

    def drop_schema(self) -> None:
        """Every constraint and index dropped (but the built-in token lookups)."""
        for row in self.query("SHOW CONSTRAINTS YIELD name RETURN name"):
            self.query(f"DROP CONSTRAINT `{row['name']}` IF EXISTS")
        for row in self.query("SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN name"):
            self.query(f"DROP INDEX `{row['name']}` IF EXISTS")

    def stop(self) -> None:
        if self._driver is not None:
            self._driver.close()
            self._driver = None
        subprocess.run([str(SCRIPT), "stop", str(self.root)], check=True, timeout=120)

    def __enter__(self) -> Neo4jServer:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


class ServiceProcess:
    """A real `graph-memory serve` process (argv as given, e.g. the Dockerfile's command),
    ready once its /readyz answers 200; stopped with SIGTERM, as an orchestrator does."""

    def __init__(self, argv: list[str], env: dict[str, str], port: int, log: Path) -> None:
        self.argv, self.env, self.port, self.log = argv, env, port, log
        self.url = f"http://127.0.0.1:{port}"
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout_s: float = 300.0) -> None:
        self.launch()
        self.wait_ready(timeout_s)

    def launch(self) -> None:
        with self.log.open("wb") as out:
            self._proc = subprocess.Popen(self.argv, env=self.env, stdout=out,
                                          stderr=subprocess.STDOUT, start_new_session=True)

    def wait_ready(self, timeout_s: float = 300.0) -> None:
        import httpx

        assert self._proc is not None
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"{self.argv} exited: {self.log.read_text()[-3000:]}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        self.stop()
        tail = self.log.read_text()[-3000:]
        raise RuntimeError(f"{self.argv} not ready in {timeout_s} s: {tail}")

    def stop(self) -> int | None:
        if self._proc is None:
            return None
        self._proc.terminate()
        try:
            code = self._proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            code = self._proc.wait()
        self._proc = None
        return code

    def __enter__(self) -> ServiceProcess:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

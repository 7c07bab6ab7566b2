"""An ArcadeDB server for the tests: the Bolt stand-in for Neo4j 5 (no Neo4j 5 server can run
here). The java runtime and jars come with the `arcadedb-embedded` PyPI package; the server is
a separate java process on 127.0.0.1 with free ports, started and stopped by the fixtures."""

from __future__ import annotations

import base64
import json
import secrets
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from types import TracebackType
from typing import Any

START_TIMEOUT_S = 120.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ArcadeDBServer:
    user = "root"

    def __init__(self, root: Path) -> None:
        import arcadedb_embedded

        self.package = Path(arcadedb_embedded.__file__).resolve().parent
        self.root = root
        self.password = secrets.token_hex(12)
        self.http_port, self.bolt_port = _free_port(), _free_port()
        self.http_uri = f"http://127.0.0.1:{self.http_port}"
        self.bolt_uri = f"bolt://127.0.0.1:{self.bolt_port}"
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        java = self.package / "jre" / "bin" / "java"
        log = (self.root / "server.log").open("wb")
        command = [
            str(java), "-Xmx1g",
            f"-Darcadedb.server.rootPath={self.root}",
            f"-Darcadedb.server.rootPassword={self.password}",
            "-Darcadedb.server.httpIncomingHost=127.0.0.1",
            f"-Darcadedb.server.httpIncomingPort={self.http_port}",
            "-Darcadedb.server.plugins=Bolt:com.arcadedb.bolt.BoltProtocolPlugin",
            "-Darcadedb.bolt.host=127.0.0.1",
            f"-Darcadedb.bolt.port={self.bolt_port}",
            "-cp", f"{self.package / 'jars'}/*",
            "com.arcadedb.server.ArcadeDBServer",
        ]
        self._proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                      cwd=self.root, start_new_session=True)
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"ArcadeDB exited; see {self.root / 'server.log'}")
            try:
                with socket.create_connection(("127.0.0.1", self.bolt_port), timeout=1):
                    pass
                self.server_command("list databases")
                return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"ArcadeDB did not open Bolt in {START_TIMEOUT_S} s")

    def stop(self) -> None:
        if self._proc is None:
            return
        self._proc.terminate()
        try:
            self._proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._proc = None

    def __enter__(self) -> ArcadeDBServer:
        self.start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    def server_command(self, command: str) -> Any:
        token = base64.b64encode(f"{self.user}:{self.password}".encode()).decode()
        request = urllib.request.Request(
            f"{self.http_uri}/api/v1/server",
            data=json.dumps({"command": command}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Basic {token}"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{command}: {e.read()[:300]!r}") from e

    def create_database(self) -> str:
        name = f"t{uuid.uuid4().hex[:12]}"
        self.server_command(f"create database {name}")
        return name

    def drop_database(self, name: str) -> None:
        self.server_command(f"drop database {name}")

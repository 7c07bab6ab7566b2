"""A persistent worker process that embeds large batches, so a write's episode embeddings run
on the other core in parallel with spaCy instead of contending with it for the GIL.

The parent talks to the child over its stdin / stdout pipes:

    request:  u32 length + UTF-8 JSON list of texts
    reply:    b"V" + u32 length + float32 rows    (vectors)
              b"E" + u32 length + UTF-8 message    (the batch failed; the worker lives on)
    on start: b"R" + u32 dimension                 (model loaded, ready)

The child computes exactly what the parent would (same code, same torch settings). The parent
stops it on close; it also exits when its stdin closes, which is how it notices the parent
dying in any way. (Not PR_SET_PDEATHSIG: that fires when the forking *thread* exits, and the
worker is started by whichever thread first embeds a large batch.)
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import select
import struct
import subprocess
import sys
import threading
import traceback
import weakref
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

import numpy as np
import numpy.typing as npt

from graph_memory.errors import GraphMemoryError

log = logging.getLogger(__name__)
_HEADER = struct.Struct("<I")
Vectors = npt.NDArray[np.float32]
_STOP_TIMEOUT_S = 5.0


class EmbeddingWorkerError(GraphMemoryError):
    """The embedding worker process failed; nothing was written. The next call restarts it."""


def _read_exactly(stream: IO[bytes], size: int) -> bytes:
    data = stream.read(size)
    if data is None or len(data) != size:
        raise EOFError
    return data


def _send(stream: IO[bytes], tag: bytes, payload: bytes) -> None:
    """A framed message; requests have no tag."""
    stream.write(tag + _HEADER.pack(len(payload)) + payload)
    stream.flush()


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the child now: it holds no state worth a graceful exit (it may still be loading)."""
    for stream in (proc.stdin, proc.stdout):
        try:
            if stream is not None:
                stream.close()
        except OSError:
            pass
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(timeout=_STOP_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class EmbeddingWorker:
    """The parent's handle on one worker process (started on demand, restarted after a failure).

    Thread-safe: one request at a time; `try_embed` returns None instead of waiting when the
    worker is busy or still loading its model, so the caller can compute in-process instead.
    """

    def __init__(
        self, model_path: Path, *, threads: int, precision: str, batch_size: int, cache_dir: Path
    ) -> None:
        self._config = {
            "model_path": str(model_path),
            "threads": threads,
            "precision": precision,
            "batch_size": batch_size,
            "cache_dir": str(cache_dir),
        }
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._ready = False
        self._disabled = False
        self._closed = False
        self._finalizer: weakref.finalize[Any, EmbeddingWorker] | None = None
        self.dimension = 0

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def start(self) -> None:
        """Start the child (without waiting for its model to load)."""
        with self._lock:
            self._start()

    def wait_ready(self, timeout_s: float = 120.0) -> bool:
        """Block until the worker has loaded its model; False if it failed or is disabled."""
        with self._lock:
            self._start()
            return self._poll_ready(timeout_s)

    def try_embed(self, texts: Sequence[str]) -> Vectors | None:
        """Vectors from the worker, or None when it is busy, loading, disabled or closed.

        Raises EmbeddingWorkerError when the worker fails during the request."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            self._start()
            if not self._poll_ready(0.0):
                return None
            return self._request(texts)
        finally:
            self._lock.release()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            self._discard()

    # --- internals (called with the lock held) --------------------------------------------
    def _start(self) -> None:
        if self._proc is not None or self._disabled or self._closed:
            return
        package_root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "graph_memory.embed_worker", json.dumps(self._config)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=True,  # a terminal's Ctrl-C goes to the parent, which closes us
        )
        self._ready = False
        # Stops the child when this handle is collected or the interpreter exits.
        self._finalizer = weakref.finalize(self, _stop, self._proc)

    def _poll_ready(self, timeout_s: float) -> bool:
        if self._ready:
            return True
        proc = self._proc
        if proc is None or proc.stdout is None:
            return False
        readable, _, _ = select.select([proc.stdout], [], [], timeout_s)
        if not readable:
            return False
        try:
            tag = _read_exactly(proc.stdout, 1)
            (self.dimension,) = _HEADER.unpack(_read_exactly(proc.stdout, _HEADER.size))
        except (EOFError, OSError):
            tag = b""
        if tag != b"R":
            # Could not even load the model: embedding in-process still works, so say so once
            # and stop trying rather than failing writes.
            code = self._discard()
            self._disabled = True
            log.error(
                "the embedding worker failed to start (exit code %s); embedding in-process", code
            )
            return False
        self._ready = True
        return True

    def _request(self, texts: Sequence[str]) -> Vectors:
        proc = self._proc
        assert proc is not None and proc.stdin is not None and proc.stdout is not None
        try:
            _send(proc.stdin, b"", json.dumps(list(texts)).encode())
            tag = _read_exactly(proc.stdout, 1)
            (size,) = _HEADER.unpack(_read_exactly(proc.stdout, _HEADER.size))
            payload = _read_exactly(proc.stdout, size)
        except (EOFError, OSError) as e:
            code = self._discard()
            raise EmbeddingWorkerError(
                f"the embedding worker died (exit code {code}) while embedding "
                f"{len(texts)} texts; it restarts on the next batch"
            ) from e
        except BaseException:
            self._discard()  # interrupted mid-reply: the stream is out of step, start afresh
            raise
        if tag == b"E":
            raise EmbeddingWorkerError(f"the embedding worker failed: {payload.decode()}")
        if tag != b"V" or size != len(texts) * self.dimension * 4:
            self._discard()
            raise EmbeddingWorkerError(
                f"the embedding worker answered {size} bytes tagged {tag!r} for {len(texts)} texts"
            )
        vectors = np.frombuffer(payload, dtype=np.float32).reshape(len(texts), self.dimension)
        return vectors.copy()  # writable, like the in-process result

    def _discard(self) -> int | None:
        """Stop and forget the child; its exit code."""
        proc, self._proc, self._ready = self._proc, None, False
        if proc is None:
            return None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        _stop(proc)
        return proc.returncode


def _serve(config: dict[str, Any]) -> None:
    """The child: load the model, announce readiness, embed requests until stdin closes."""
    # The protocol owns the real stdout; anything a library prints goes to stderr instead.
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    requests = sys.stdin.buffer
    from graph_memory.embed import SentenceTransformerEmbedder

    embedder = SentenceTransformerEmbedder(
        Path(config["model_path"]),
        threads=int(config["threads"]),
        batch_size=int(config["batch_size"]),
        precision=config["precision"],
        cache_dir=Path(config["cache_dir"]),
        cache_size=0,
        onnx=False,
        worker=False,
    )
    out.write(b"R" + _HEADER.pack(embedder.dimension))
    out.flush()
    while True:
        try:
            (size,) = _HEADER.unpack(_read_exactly(requests, _HEADER.size))
            texts = json.loads(_read_exactly(requests, size))
        except EOFError:
            return  # the parent closed us, or died
        try:
            vectors = embedder.encode_batch(texts)
        except Exception as e:
            message = "".join(traceback.format_exception_only(type(e), e)).strip()
            _send(out, b"E", message.encode())
            continue
        _send(out, b"V", np.ascontiguousarray(vectors, dtype=np.float32).tobytes())


if __name__ == "__main__":
    with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):  # the parent went away
        _serve(json.loads(sys.argv[1]))

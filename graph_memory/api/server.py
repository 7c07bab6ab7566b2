"""Run the REST service with uvicorn on the embedded default engine.

Memory is opened before the server starts listening, so a locked data directory or an engine
that cannot start fails fast with graph-memory's own error (the CLI maps it to an exit code)
instead of a lifespan traceback from uvicorn.
"""

from __future__ import annotations

import copy
import logging
import logging.config
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

import uvicorn
from fastapi import FastAPI

from graph_memory.api.app import create_app
from graph_memory.config import Settings
from graph_memory.memory import Memory

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
log = logging.getLogger("graph_memory.api")


def logging_config() -> dict[str, Any]:
    """uvicorn's console logging, extended to graph-memory's own loggers."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["loggers"]["graph_memory"] = {
        "handlers": ["default"],
        "level": "INFO",
        "propagate": False,
    }
    return config


def build_server(app: FastAPI, host: str = "127.0.0.1", port: int = 8080) -> uvicorn.Server:
    """A uvicorn server for `app`; `.run()` blocks, setting `.should_exit` stops it."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,  # serve() configures logging before the (slow) Memory.open
        server_header=False,
        timeout_graceful_shutdown=10,
    )
    return uvicorn.Server(config)


@contextmanager
def _exit_on_sigterm() -> Iterator[None]:
    """Make SIGTERM unwind like Ctrl-C, so Memory.close() stops the engine cleanly.

    uvicorn handles SIGTERM itself while serving, then re-raises it with the handler found at
    start; Python's default would end the process before the `with Memory` block exits.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def leave(signum: int, frame: FrameType | None) -> NoReturn:
        raise SystemExit(0)

    previous = signal.signal(signal.SIGTERM, leave)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8080) -> None:
    """Open Memory from `settings`, serve the REST API until SIGINT/SIGTERM, then close it.

    Binds to 127.0.0.1 by default: there is no authentication yet.
    """
    logging.config.dictConfig(logging_config())
    if host not in LOOPBACK:
        log.warning(
            "listening on %s: there is no authentication yet, so anyone who can reach this "
            "port can read, change and forget memories",
            host,
        )
    data_dir = settings.data_dir.expanduser().resolve()
    log.info("starting the embedded FalkorDB engine (the default) in %s", data_dir)
    with _exit_on_sigterm(), Memory.open(settings) as memory:
        shown = f"[{host}]" if ":" in host else host
        log.info("data dir %s ready; API on http://%s:%d (docs at /docs)", data_dir, shown, port)
        build_server(create_app(settings, memory), host, port).run()

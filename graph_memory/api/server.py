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
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

import uvicorn
from fastapi import FastAPI

from graph_memory.api.app import create_app
from graph_memory.config import Settings
from graph_memory.errors import InvalidInputError
from graph_memory.memory import Memory
from graph_memory.telemetry import JsonFormatter, RequestIdFilter

LOOPBACK = frozenset({"127.0.0.1", "::1", "localhost"})
log = logging.getLogger("graph_memory.api")


def logging_config(log_format: str = "json") -> dict[str, Any]:
    """uvicorn's console logging, extended to graph-memory's own loggers: one JSON object per
    line with the request id (`log_format="json"`), or text with the request id."""
    config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    config["filters"] = {"request_id": {"()": RequestIdFilter}}
    if log_format == "json":
        config["formatters"]["service"] = {"()": JsonFormatter}
    else:
        config["formatters"]["service"] = {
            "format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"
        }
    config["handlers"]["service"] = {
        "class": "logging.StreamHandler",
        "formatter": "service",
        "filters": ["request_id"],
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["graph_memory"] = {
        "handlers": ["service"],
        "level": "INFO",
        "propagate": False,
    }
    # The SDK logs refused tool arguments and failures; the same stream, same format.
    config["loggers"]["mcp"] = {"handlers": ["service"], "level": "WARNING", "propagate": False}
    # graph-memory writes one access line per request itself (with request id and route).
    config["loggers"]["uvicorn"]["handlers"] = ["service"]  # uvicorn.error propagates here
    config["loggers"]["uvicorn.access"] = {"handlers": [], "level": "WARNING", "propagate": False}
    return config


def build_server(app: FastAPI, host: str = "127.0.0.1", port: int = 8080) -> uvicorn.Server:
    """A uvicorn server for `app`; `.run()` blocks, setting `.should_exit` stops it."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_config=None,  # serve() configures logging before the (slow) Memory.open
        access_log=False,  # RequestContext logs each request with its id
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
    """Open Memory from `settings`, serve REST (/v1) and MCP (/mcp) until SIGINT/SIGTERM, then
    close it.

    Without API keys (local single-user mode) only a loopback address may be bound.
    """
    if not settings.api_keys and host not in LOOPBACK:
        raise InvalidInputError(
            f"refusing to listen on {host} without authentication: set GRAPH_MEMORY_API_KEYS "
            "(API key -> tenant) or bind 127.0.0.1"
        )
    logging.config.dictConfig(logging_config(settings.log_format))
    tenants = sorted(set(settings.api_keys.values()))
    if tenants:
        log.info("API keys configured for %d tenant(s): %s", len(tenants), ", ".join(tenants))
    else:
        log.info("no API keys configured: local single-user mode")
    data_dir = settings.data_dir.expanduser().resolve()
    log.info("starting the embedded FalkorDB engine (the default) in %s", data_dir)
    with _exit_on_sigterm(), Memory.open(settings) as memory:
        shown = f"[{host}]" if ":" in host else host
        log.info(
            "data dir %s ready; REST on http://%s:%d/v1 (docs at /docs), MCP at /mcp",
            data_dir, shown, port,
        )
        build_server(create_app(settings, memory), host, port).run()


@contextmanager
def serving_in_thread(app: FastAPI, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Run `app` under uvicorn on a background thread; yield its base URL (port 0 picks a free
    one) and stop it on exit. For tests and benchmarks: a real server on a real socket."""
    server = build_server(app, host, port)
    thread = threading.Thread(target=server.run, name="graph-memory-server", daemon=True)
    thread.start()
    try:
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the server stopped while starting; see its log")
            time.sleep(0.01)
        bound_host, bound_port = server.servers[0].sockets[0].getsockname()[:2]
        shown = f"[{bound_host}]" if ":" in bound_host else bound_host
        yield f"http://{shown}:{bound_port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)

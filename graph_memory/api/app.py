"""The FastAPI application: one Memory per app, opened once in the lifespan and injected.

    uvicorn --factory graph_memory.api.app:create_app   # or: graph_memory.api.server.serve
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph_memory import __version__
from graph_memory.api.errors import error_response, install_error_handlers
from graph_memory.api.routes import health, router
from graph_memory.config import Settings, get_settings
from graph_memory.memory import Memory

MIB = 1 << 20


def body_limit(settings: Settings) -> int:
    """Request body limit in bytes: 1 MiB, or more when one maximal text needs it.

    JSON may spell one character as a 12-byte surrogate pair escape, so a single write of
    `max_text_chars` always fits; a batch is bounded by bytes as well as by item count.
    """
    return max(MIB, 12 * settings.max_text_chars + 64 * 1024)


class BodyLimit:
    """Refuse request bodies over `max_bytes` with the API's 413 error shape.

    Not FastAPI's `max_body_size`: it replaces any response to an oversized Content-Length
    with a plain-text 413. A declared length over the limit is refused before reading; a
    streamed body raises once it passes the limit, inside the route, where the handler shapes it.
    """

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        message = f"request body over the limit of {self.max_bytes} bytes"
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await error_response(413, "payload_too_large", message)(scope, receive, send)
            return
        received = 0

        async def limited() -> Message:
            nonlocal received
            chunk = await receive()
            if chunk["type"] == "http.request":
                received += len(chunk.get("body", b""))
                if received > self.max_bytes:
                    raise HTTPException(413, message)
            return chunk

        await self.app(scope, limited, send)


def create_app(settings: Settings | None = None, memory: Memory | None = None) -> FastAPI:
    """The REST app over `memory` if given (its owner closes it), else over a Memory the app
    opens from `settings` (default: the environment) at startup and closes at shutdown."""
    if settings is None:
        settings = memory.settings if memory is not None else get_settings()
    config = settings

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if memory is not None:
            app.state.memory = memory
            yield
            return
        # Off the event loop: starting the engine and loading the models takes seconds.
        opened = await run_in_threadpool(Memory.open, config)
        app.state.memory = opened
        try:
            yield
        finally:
            await run_in_threadpool(opened.close)

    app = FastAPI(
        title="graph-memory",
        version=__version__,
        summary="Self-hosted, explainable knowledge-graph memory for LLM agents.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, max_bytes=body_limit(settings))
    install_error_handlers(app)
    app.include_router(router)
    app.include_router(health)
    return app

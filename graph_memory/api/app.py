"""The FastAPI application: the REST API and the MCP server (streamable HTTP at /mcp) over
the same Memory. The engine and models are opened once, in the lifespan; each tenant's Memory
(a graph of its own in that engine) is opened on first use.

    uvicorn --factory graph_memory.api.app:create_app   # or: graph_memory.api.server.serve
"""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import cast
from urllib.parse import urlsplit

from fastapi import FastAPI
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.server.transport_security import TransportSecuritySettings
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from graph_memory import __version__
from graph_memory.api.errors import error_response, install_error_handlers
from graph_memory.api.openapi import document_validation
from graph_memory.api.routes import health, router
from graph_memory.config import Settings, get_settings
from graph_memory.memory import Memory
from graph_memory.ontology import load_ontology
from graph_memory.telemetry import RequestContext, Telemetry
from graph_memory.tenants import AuthError, Tenants
from graph_memory.ui.router import install_ui

MIB = 1 << 20
LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1"})


def body_limit(settings: Settings) -> int:
    """Request body limit in bytes: `max_request_bytes` if set, else 1 MiB, or more when one
    maximal text needs it.

    JSON may spell one character as a 12-byte surrogate pair escape, so a single write of
    `max_text_chars` always fits; a batch is bounded by bytes as well as by item count.
    """
    if settings.max_request_bytes is not None:
        return settings.max_request_bytes
    return max(MIB, 12 * settings.max_text_chars + 64 * 1024)


def _host_name(host: str) -> str:
    return urlsplit(f"//{host}").hostname or ""


class LoopbackOnly:
    """Local mode (no API keys) has no authentication, so it answers only requests addressed to
    a loopback name, and refuses browsers' cross-origin requests: a web page the user visits
    must not reach the memory through DNS rebinding or a form post."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        origin = headers.get("origin")
        if _host_name(host) not in LOOPBACK_NAMES:
            message = (
                f"Host {host!r} refused: with no API keys configured the service answers only "
                "to 127.0.0.1, localhost and [::1]"
            )
            await error_response(400, "bad_request", message)(scope, receive, send)
            return
        if origin is not None and urlsplit(origin).hostname not in LOOPBACK_NAMES:
            message = f"Origin {origin!r} refused: cross-origin requests need API keys"
            await error_response(403, "forbidden", message)(scope, receive, send)
            return
        await self.app(scope, receive, send)


class TenantGate:
    """Authenticate every /v1 and /mcp request before anything else is read: no key, no
    answer about the body either (401 in the API's error shape). The tenant is put in the
    request state for the routes, the MCP tools and the access log."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path == "/mcp" or path.startswith(("/v1/", "/mcp/")):
            tenants = cast(Tenants, cast(FastAPI, scope["app"]).state.tenants)
            try:
                tenant = tenants.authenticate(Headers(scope=scope))
            except AuthError as e:
                response = error_response(
                    401, "unauthorized", str(e),
                    headers={"WWW-Authenticate": 'Bearer realm="graph-memory"'},
                )
                await response(scope, receive, send)
                return
            scope.setdefault("state", {})["tenant"] = tenant
        await self.app(scope, receive, send)


class EngineGate:
    """While the embedded engine is down (being restarted, or given up on), answer /v1 and
    /mcp at once with 503 and Retry-After instead of letting each request fail on the socket;
    and give every other 503 (a request the engine died under) a Retry-After too."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        tenants = cast(Tenants | None, getattr(cast(FastAPI, scope["app"]).state, "tenants", None))
        engine = tenants.root.engine if tenants is not None else None
        if engine is None:
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        status = engine.status()
        if status.state in ("restarting", "failed") and (
            path == "/mcp" or path.startswith(("/v1/", "/mcp/"))
        ):
            message = (
                "the graph engine is being restarted; retry shortly"
                if status.state == "restarting"
                else "the graph engine is down and could not be restarted"
            )
            response = error_response(
                503, "unavailable", message, headers={"Retry-After": str(status.retry_after_s)}
            )
            await response(scope, receive, send)
            return

        async def send_with_retry_after(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] == 503:
                headers = MutableHeaders(scope=message)
                if "retry-after" not in headers:
                    headers["Retry-After"] = str(engine.status().retry_after_s)
            await send(message)

        await self.app(scope, receive, send_with_retry_after)


class McpEndpoint:
    """/mcp: the SDK's streamable HTTP handler of the current app run (TenantGate has
    authenticated the caller). A class, so that Starlette routes to it as an ASGI app."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        handler = cast(StreamableHTTPASGIApp, cast(FastAPI, scope["app"]).state.mcp_http)
        await handler(scope, receive, send)


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
    """The REST + MCP app over `memory` if given (its owner closes it), else over a Memory the
    app opens from `settings` (default: the environment) at startup and closes at shutdown.
    API keys come from `settings`; with none, the app runs in local single-user mode."""
    # Here, not at the top: graph_memory.mcp imports the api package's tenants and telemetry.
    from graph_memory.mcp.server import build_mcp_server, tenant_resolver

    if settings is None:
        settings = memory.settings if memory is not None else get_settings()
    config = settings
    telemetry = Telemetry(settings.recall_log)
    mcp_server = build_mcp_server(
        tenant_resolver(lambda: cast(Tenants, app.state.tenants)),  # opened in the lifespan
        telemetry,
        default_user=settings.mcp_default_user,
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Off the event loop: starting the engine and loading the models takes seconds.
        root = memory if memory is not None else await run_in_threadpool(Memory.open, config)
        if memory is None:
            # The models loaded above are ~600k long-lived objects that every full collection
            # walks again (270-850 ms pauses, once every few hundred recalls): park them in
            # the permanent generation. Only here, once per process: a caller's Memory is theirs.
            gc.freeze()
        tenants = Tenants(root, config.api_keys)
        app.state.tenants = tenants
        app.state.memory = root
        # A fresh session manager per run: the SDK's can run only once. Stateless JSON
        # responses: every call carries its API key, and no session outlives a request.
        mcp_server.streamable_http_app(
            streamable_http_path="/mcp",
            stateless_http=True,
            json_response=True,
            max_request_body_size=body_limit(config),
            # Hosts and origins are checked for all routes by LoopbackOnly in local mode.
            transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
        )
        app.state.mcp_http = StreamableHTTPASGIApp(mcp_server.session_manager)
        try:
            async with mcp_server.session_manager.run():
                yield
        finally:
            await run_in_threadpool(tenants.close)
            if memory is None:
                await run_in_threadpool(root.close)

    app = FastAPI(
        title="graph-memory",
        version=__version__,
        summary="Self-hosted, explainable knowledge-graph memory for LLM agents.",
        lifespan=lifespan,
        # Served by graph_memory.ui from the package: FastAPI's own pages load from a CDN.
        docs_url=None,
        redoc_url=None,
    )
    app.state.telemetry = telemetry
    # Outermost last: request ids and latency see every answer, refusals included.
    app.add_middleware(BodyLimit, max_bytes=body_limit(settings))
    app.add_middleware(TenantGate)
    app.add_middleware(EngineGate)
    if not settings.api_keys:
        app.add_middleware(LoopbackOnly)
    app.add_middleware(RequestContext, telemetry=telemetry)
    install_error_handlers(app)
    app.include_router(router)
    app.include_router(health)
    install_ui(app)  # /ui, /docs, /redoc: the package's own files, offline
    document_validation(  # its ontology's names, and the text rules of its validation
        app, memory.ontology if memory is not None else load_ontology(settings.ontology_file),
        settings.max_text_chars,
    )
    app.router.routes.append(Route("/mcp", endpoint=McpEndpoint(), include_in_schema=False))
    return app

"""The MCP server (official SDK, `mcp` 2.x): the memory tools over stdio or streamable HTTP.

    graph-memory mcp --user emi          # stdio, for a local agent
    graph-memory serve                   # streamable HTTP at /mcp, next to the REST API

Over HTTP the tenant comes from the request's API key, exactly as for REST; over stdio the
process owns its data directory and serves one tenant (local mode by default).
"""

from __future__ import annotations

import contextlib
import logging
import sys
from collections.abc import Callable, Mapping
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent

from graph_memory import __version__
from graph_memory.config import Settings
from graph_memory.errors import InvalidInputError
from graph_memory.mcp.tools import MemoryTools, Resolver
from graph_memory.memory import Memory
from graph_memory.telemetry import Telemetry
from graph_memory.tenants import LOCAL_TENANT, Tenants
from graph_memory.validation import check_scope_id

log = logging.getLogger("graph_memory.mcp")

INSTRUCTIONS = """\
Long-term memory about the people you talk with, kept as a knowledge graph.
- Before answering anything personal or making a recommendation, call memory_search (or
  memory_summarize at the start of a conversation) and respect the returned `constraints`.
- When the user states a durable fact, preference, constraint, goal or a change of mind, call
  memory_write with their sentence (names, not bare pronouns) and speaker = their name.
- Keep task state for the current conversation with working_memory_set / working_memory_get.
- Ids returned by one tool (fact_..., ep_..., ent_...) are what memory_update, memory_forget and
  memory_feedback take.
"""


class RejectUnknownArguments:
    """A misspelt argument ('sesion_id') is a tool error naming the accepted ones, not silently
    dropped (the SDK's argument models ignore unknown keys)."""

    def __init__(self, server: MCPServer) -> None:
        self._server = server
        self._accepted: dict[str, set[str]] | None = None

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        if ctx.method == "tools/call" and isinstance(ctx.params, Mapping):
            if self._accepted is None:
                self._accepted = {
                    tool.name: set(tool.input_schema.get("properties", {}))
                    for tool in await self._server.list_tools()
                }
            name = ctx.params.get("name")
            arguments = ctx.params.get("arguments") or {}
            accepted = self._accepted.get(name) if isinstance(name, str) else None
            if accepted is not None and isinstance(arguments, Mapping):
                unknown = sorted(str(key) for key in arguments if key not in accepted)
                if unknown:
                    message = (
                        f"{name}: unknown argument(s) {', '.join(unknown)}; "
                        f"accepted: {', '.join(sorted(accepted))}"
                    )
                    return CallToolResult(
                        content=[TextContent(type="text", text=message)], is_error=True
                    )
        return await call_next(ctx)


def build_mcp_server(
    resolve: Resolver, telemetry: Telemetry, *, default_user: str | None = None
) -> MCPServer:
    """An MCPServer with the memory tools; `resolve` maps a call's HTTP headers (None over
    stdio) to the caller's tenant and Memory."""
    server: MCPServer = MCPServer(
        "graph-memory", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING"
    )
    MemoryTools(resolve, telemetry, default_user).register(server)
    server.middleware.append(RejectUnknownArguments(server))
    return server


def tenant_resolver(tenants: Callable[[], Tenants]) -> Resolver:
    """Over HTTP: the tenant of the call's API key, among `tenants()` (the running app's)."""

    def resolve(headers: Mapping[str, str] | None) -> tuple[str, Memory]:
        current = tenants()
        tenant = current.authenticate(headers or {})
        return tenant, current.memory(tenant)

    return resolve


def run_stdio(
    settings: Settings, *, tenant: str | None = None, default_user: str | None = None
) -> None:
    """Open Memory from `settings` and serve the tools over stdin/stdout until EOF."""
    if tenant is not None and tenant not in settings.api_keys.values():
        raise InvalidInputError(
            f"unknown tenant {tenant!r}: name one of the tenants in GRAPH_MEMORY_API_KEYS"
        )
    default_user = default_user or settings.mcp_default_user
    if default_user is not None:
        check_scope_id(default_user, field="--user")
    # stdout is the protocol channel: anything a library prints while loading goes to stderr.
    with contextlib.redirect_stdout(sys.stderr):
        root = Memory.open(settings)
    with root:
        tenants = Tenants(root, settings.api_keys)
        served = tenant or LOCAL_TENANT
        try:
            memory = tenants.memory(served)

            def resolve(headers: Mapping[str, str] | None) -> tuple[str, Memory]:
                return served, memory

            server = build_mcp_server(
                resolve, Telemetry(settings.recall_log), default_user=default_user
            )
            server.run("stdio")
        finally:
            tenants.close()

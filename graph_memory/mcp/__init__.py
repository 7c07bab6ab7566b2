"""MCP transport over Memory: `build_mcp_server()` (tools), `run_stdio()` (`graph-memory mcp`)."""

from graph_memory.mcp.server import build_mcp_server, run_stdio

__all__ = ["build_mcp_server", "run_stdio"]

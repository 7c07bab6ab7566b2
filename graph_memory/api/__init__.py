"""REST transport over Memory (FastAPI). `create_app()` builds the app; `server.serve()` runs it."""

from graph_memory.api.app import create_app

__all__ = ["create_app"]

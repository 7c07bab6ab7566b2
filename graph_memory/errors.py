"""The error hierarchy. Transports map these to HTTP statuses, MCP tool errors and CLI exit
codes."""

from __future__ import annotations


class GraphMemoryError(Exception):
    """Base class of every error graph-memory raises on purpose."""


class InvalidInputError(GraphMemoryError, ValueError):
    """The caller sent something graph-memory will not store or act on. Nothing was changed."""


class NotFoundError(GraphMemoryError, LookupError):
    """The memory, entity or slot asked for does not exist (or was forgotten)."""


class OntologyError(GraphMemoryError):
    """An ontology file is missing, malformed or inconsistent."""


class StoreError(GraphMemoryError):
    """The graph engine failed or answered something unexpected."""


class EngineError(StoreError):
    """The embedded engine process could not be started, reached or stopped."""


class DataDirLockedError(EngineError):
    """Another live process already owns the data directory."""

"""Tenants: API keys name a tenant, and each tenant's memories live in a graph of their own.

One embedded engine serves every tenant; each gets its own FalkorDB graph (named after the
validated tenant id) and so its own indexes, and a tenant's Memory never sees another graph.
The models (spaCy, MiniLM) are loaded once and shared. With no API keys configured the service
runs in local single-user mode: no authentication, the one graph of `settings.graph_name`.
"""

from __future__ import annotations

import contextlib
import hmac
import threading
from collections.abc import Mapping

from graph_memory.analyst import AnalystSlots
from graph_memory.memory import Memory

LOCAL_TENANT = "local"


class AuthError(Exception):
    """The caller named no tenant, or an unknown API key (HTTP 401, never a tool error)."""


def api_key_from(headers: Mapping[str, str]) -> str | None:
    """`Authorization: Bearer <key>`, else `X-API-Key: <key>`; None when neither is sent."""
    authorization = headers.get("authorization", "")
    scheme, _, credentials = authorization.partition(" ")
    if scheme.lower() == "bearer" and credentials.strip():
        return credentials.strip()
    key = headers.get("x-api-key", "").strip()
    return key or None


class Tenants:
    """Maps API keys to tenants and tenants to their Memory (opened on first use, cached)."""

    def __init__(self, root: Memory, api_keys: Mapping[str, str]) -> None:
        self.root = root
        self._keys = {key.encode(): tenant for key, tenant in api_keys.items()}
        self._memories: dict[str, Memory] = {}
        self._lock = threading.Lock()
        settings = root.settings
        # Analyst Cypher is the one way a tenant can make the shared engine work for seconds.
        self.analyst_slots = AnalystSlots.for_timeout(
            settings.cypher_max_concurrent,
            settings.cypher_max_concurrent_total,
            settings.cypher_timeout_ms,
        )

    @property
    def keyed(self) -> bool:
        """True when API keys are configured (multi-tenant mode)."""
        return bool(self._keys)

    def authenticate(self, headers: Mapping[str, str]) -> str:
        """The caller's tenant; AuthError without a valid key (always LOCAL_TENANT when no
        keys are configured)."""
        if not self.keyed:
            return LOCAL_TENANT
        key = api_key_from(headers)
        if key is None:
            raise AuthError(
                "missing API key: send 'Authorization: Bearer <key>' or 'X-API-Key: <key>'"
            )
        offered = key.encode("utf-8", "replace")
        tenant = None
        for known, owner in self._keys.items():  # every key compared, in constant time each
            if hmac.compare_digest(known, offered):
                tenant = owner
        if tenant is None:
            raise AuthError("unknown API key")
        return tenant

    def graph_name(self, tenant: str) -> str:
        return f"{self.root.settings.graph_name}_tenant_{tenant}"

    def memory(self, tenant: str) -> Memory:
        """The tenant's Memory: the root one in local mode, else one over the tenant's graph."""
        if tenant == LOCAL_TENANT and not self.keyed:
            return self.root
        if tenant not in self._keys.values():
            raise AuthError(f"unknown tenant {tenant!r}")
        with self._lock:
            found = self._memories.get(tenant)
            if found is None:
                found = self.root.open_graph(self.graph_name(tenant))
                self._memories[tenant] = found
            return found

    def opened(self) -> dict[str, Memory]:
        """Every Memory in use, by tenant (for health checks and metrics)."""
        with self._lock:
            if not self.keyed:
                return {LOCAL_TENANT: self.root}
            return dict(self._memories)

    def close(self) -> None:
        """Close the tenants' Memories (not the root one: its opener closes it). Each one is
        closed even when another fails, and nothing is raised (Memory.close logs)."""
        with self._lock:
            memories, self._memories = list(self._memories.values()), {}
        with contextlib.ExitStack() as closing:
            for memory in memories:
                closing.callback(memory.close)

"""Settings: the only place that reads the environment (variables prefixed `GRAPH_MEMORY_`)."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# A tenant's data lives in its own graph, named after the tenant: keep the id graph-name safe.
TENANT_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_]{0,31}$"
MIN_API_KEY_CHARS = 16
_API_KEY = re.compile(r"^[\x21-\x7e]+$")  # printable ASCII, no spaces: it travels in a header


class Settings(BaseSettings):
    """Every tunable of the service. Constructor arguments override the environment."""

    model_config = SettingsConfigDict(env_prefix="GRAPH_MEMORY_", extra="forbid", frozen=True)

    data_dir: Path = Field(
        default=Path("./graph-memory-data"),
        description="Where the embedded engine keeps its files (AOF, snapshots, lock, socket).",
    )
    graph_name: str = Field(default="graph_memory", pattern=r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
    ontology_file: Path | None = Field(
        default=None,
        description="A user ontology YAML that extends or overrides ontology/default.yaml.",
    )
    extractor: str = Field(
        default="rules",
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]{0,63}$",
        description="The extractor by name: 'rules' (built in: spaCy rules over the ontology's "
        "patterns) or one registered in the 'graph_memory.extractors' entry-point group.",
    )
    appendfsync: Literal["always", "everysec"] = Field(
        default="always",
        description="'always': a write that returned survives kill -9 of the engine.",
    )
    engine_start_timeout_s: float = Field(
        default=600.0,
        gt=0,
        description="How long to wait for the engine to answer; reloading a large data set "
        "rebuilds its vector indexes (about 2.5 minutes at 100k facts on 2 cores).",
    )
    embedding_threads: int = Field(default=1, ge=1, le=64)
    multilingual_embedding: Literal["chinese", "all", "off"] = Field(
        default="chinese",
        description="Multilingual vectors (multilingual-e5-small, beside MiniLM) for recall of "
        "Chinese text and across Chinese and English: 'chinese' embeds Chinese and mixed "
        "messages (English writes keep MiniLM's speed; an English question finds Chinese "
        "memories); 'all' embeds every message (a Chinese question also finds English ones; "
        "writes at the multilingual model's ~70 messages/s); 'off': English only.",
    )
    entity_match_threshold: float = Field(
        default=0.85,
        ge=0.0,
        le=1.0,
        description="Cosine similarity from which two differently written entity names of one "
        "type are merged, when graph_memory.entities.names_match allows it at all (chosen on "
        "bench/data/entity_pairs.yaml: see README, Entity canonicalisation).",
    )
    max_text_chars: int = Field(default=8000, ge=1)
    max_batch_size: int = Field(default=1000, ge=1)
    working_memory_capacity: int = Field(default=50, ge=1)
    working_memory_ttl_seconds: dict[str, int] = Field(
        default_factory=dict,
        description='Per memory type working-memory TTL overrides, e.g. {"todo": 600}.',
    )
    api_keys: dict[str, str] = Field(
        default_factory=dict,
        repr=False,
        description='API key -> tenant, e.g. {"<32 random characters>": "acme"}. Each tenant '
        "has its own graph; several keys may name one tenant. Empty: local single-user mode, "
        "no authentication, loopback only.",
    )
    max_request_bytes: int | None = Field(
        default=None,
        ge=1024,
        description="Largest accepted HTTP request body; default 1 MiB, or more when one "
        "maximal text (max_text_chars) needs it.",
    )
    recall_log: Path | None = Field(
        default=None,
        description="Opt-in: append every recall (query, results, timings) as a JSON line here.",
    )
    log_format: Literal["json", "text"] = Field(
        default="json", description="Service logs: one JSON object per line, or plain text."
    )
    mcp_default_user: str | None = Field(
        default=None,
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_.:@\-]{0,127}$",
        description="user_id the MCP tools use when a call names none.",
    )
    url: str | None = Field(
        default=None,
        pattern=r"^https?://[^\s/]+(/\S*)?$",
        description="CLI: a running service (e.g. http://127.0.0.1:8080) that the memory "
        "commands talk to instead of opening data_dir, which that service holds.",
    )
    api_key: str | None = Field(
        default=None, repr=False, description="CLI with url: the API key to send, if any."
    )
    embedding_worker: bool = Field(
        default=True,
        description="Embed large write batches in a worker process on the other core, in "
        "parallel with spaCy (false: in-process, in a thread; one process less, slower).",
    )
    embedding_precision: Literal["int8", "bfloat16", "float32"] = Field(
        default="int8",
        description="How batches (a write's messages, entity names, fact texts) are embedded: "
        "'int8': texts of more than 10 tokens through MiniLM quantized to int8 under ONNX "
        "Runtime (about 1.2x faster than bfloat16; cosine to float32 0.993 on average; "
        "checked at load, bfloat16 when the check fails), shorter ones (entity names) as "
        "bfloat16; 'bfloat16': torch, in bfloat16 where the CPU computes it natively "
        "(AVX512-BF16 / AMX), else float32; 'float32': torch, exact. Single texts (a recall "
        "query) are embedded in float32 in every case.",
    )
    # --- consolidation into semantic memory (graph_memory/consolidate) ------------------------
    consolidation_min_evidence: int = Field(
        default=3,
        ge=2,
        le=1000,
        description="Statements of one fact (near-duplicates included) that make a semantic "
        "memory; reaching it by a repeated statement consolidates at once.",
    )
    consolidation_merge_threshold: float = Field(
        default=0.90,
        ge=0.5,
        le=1.0,
        description="Cosine similarity of two object names from which facts that otherwise "
        "agree are near-duplicates, merged by consolidation (reversibly).",
    )
    consolidation_idle_seconds: float = Field(
        default=1800,
        ge=0,
        description="A session written through this process and then idle this long is "
        "consolidated; 0 turns the idle trigger off.",
    )
    # --- backend, Cypher for analysts (added with the Neo4j backend) --------------------------
    backend: Literal["falkordb", "neo4j"] = Field(
        default="falkordb",
        description="'falkordb': the embedded engine in data_dir; 'neo4j': a Neo4j 5 server "
        "at neo4j_uri.",
    )
    neo4j_uri: str = Field(default="bolt://127.0.0.1:7687", pattern=r"^(bolt|neo4j)(\+s|\+ssc)?://")
    neo4j_user: str = Field(default="neo4j")
    neo4j_password: str = Field(default="", repr=False)
    neo4j_database: str = Field(
        default="neo4j",
        pattern=r"^[A-Za-z][A-Za-z0-9.\-]{0,62}$",
        description="The Neo4j database of the default graph.",
    )
    neo4j_tenant_databases: bool = Field(
        default=False,
        description="Multi-tenant mode on Neo4j: one database per tenant, named after its graph "
        "('_' as '-'; Neo4j Enterprise or a server that has them). False: a single tenant, "
        "stored in neo4j_database.",
    )
    cypher_enabled: bool = Field(
        default=True, description="Serve POST /v1/cypher (read-only, the caller's graph only)."
    )
    cypher_timeout_ms: int = Field(
        default=5000, ge=10, le=600_000, description="Longest a read-only Cypher query may run."
    )
    cypher_max_rows: int = Field(
        default=1000, ge=1, le=1_000_000, description="Most rows a read-only query may return."
    )
    cypher_max_concurrent: int = Field(
        default=1, ge=1, le=64,
        description="Analyst queries one tenant may run at once; more get 429 with Retry-After. "
        "A long query keeps one core busy: on a small machine one tenant gets one core.",
    )
    cypher_max_concurrent_total: int = Field(
        default=2, ge=1, le=256,
        description="Analyst queries all tenants together may run at once (429 beyond); the "
        "embedded engine gets four worker threads more than this, for everything else.",
    )
    cypher_read_replica: bool = Field(
        default=True,
        description="Embedded engine: run analyst queries on a read replica, a second engine "
        "process at the lowest CPU priority, started on the first analyst query (its reads hold "
        "no lock of the graphs the service writes; it takes as much memory as the engine). "
        "False: on the engine itself.",
    )
    query_memory_limit_mb: int = Field(
        default=1024, ge=16, le=1_048_576,
        description="Most memory one query may allocate in the graph engine; a query over it is "
        "stopped (FalkorDB: QUERY_MEM_CAPACITY, set at engine start, for every query; Neo4j: "
        "the transaction memory limit).",
    )
    # --- self-healing embedded engine (graph_memory/store/engine.py) --------------------------
    engine_restart_attempts: int = Field(
        default=5, ge=0, le=100,
        description="Restarts of a dead embedded engine tried in a row before giving up "
        "(/healthz then answers 503); 0: never restart.",
    )
    engine_restart_backoff_s: float = Field(
        default=0.5, gt=0, le=60,
        description="Wait before the first restart of a dead engine; doubled for each further "
        "attempt (at most 30 s).",
    )

    @field_validator("api_keys")
    @classmethod
    def _check_api_keys(cls, keys: dict[str, str]) -> dict[str, str]:
        for key, tenant in keys.items():
            if len(key) < MIN_API_KEY_CHARS or not _API_KEY.fullmatch(key):
                # Never echo the key itself: the message ends up in logs.
                raise ValueError(
                    f"an API key of tenant {tenant!r} is not {MIN_API_KEY_CHARS}+ printable "
                    "ASCII characters without spaces"
                )
            if not re.fullmatch(TENANT_PATTERN, tenant):
                raise ValueError(
                    f"tenant {tenant!r}: 1-32 letters, digits or _, starting with a letter or digit"
                )
        return keys

    @model_validator(mode="after")
    def _check_neo4j_tenants(self) -> Settings:
        tenants = set(self.api_keys.values())
        if self.backend == "neo4j" and not self.neo4j_tenant_databases and len(tenants) > 1:
            raise ValueError(
                f"{len(tenants)} tenants on the neo4j backend need one database each: set "
                "GRAPH_MEMORY_NEO4J_TENANT_DATABASES=true (Neo4j Enterprise), or use one tenant"
            )
        return self


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings read from the environment (cached)."""
    return Settings()

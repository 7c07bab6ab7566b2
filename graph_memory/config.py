"""Settings: the only place that reads the environment (variables prefixed `GRAPH_MEMORY_`)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings read from the environment (cached)."""
    return Settings()

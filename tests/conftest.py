"""Shared fixtures: the real embedding model, the real spaCy extractor and a real embedded
FalkorDB engine per test (engines start in ~50 ms; models load once per session); and one
real Neo4j 5.26 server per session (tests/neo4j_server.py), its database emptied per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.ontology import Ontology, load_ontology
from graph_memory.store.engine import EmbeddedEngine
from graph_memory.store.falkordb import FalkorDBStore


@pytest.fixture(scope="session")
def ontology() -> Ontology:
    return load_ontology()


@pytest.fixture(scope="session")
def embedder() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder()


@pytest.fixture(scope="session")
def extractor(ontology: Ontology) -> Extractor:
    from graph_memory.extract.rules import RuleExtractor

    return RuleExtractor(ontology)


@pytest.fixture()
def settings(tmp_path: Path) -> Settings:
    return Settings(data_dir=tmp_path / "data")


@pytest.fixture()
def engine(tmp_path: Path) -> Iterator[EmbeddedEngine]:
    with EmbeddedEngine(tmp_path / "engine") as running:
        yield running


@pytest.fixture()
def falkordb_store(engine: EmbeddedEngine) -> Iterator[FalkorDBStore]:
    falkor = FalkorDBStore(engine.connect(), "contract")
    falkor.ensure_schema(384)
    yield falkor
    falkor.close()


@pytest.fixture()
def store(falkordb_store: FalkorDBStore) -> FalkorDBStore:
    """The FalkorDB store; tests/test_store_contract.py parametrises it over every backend."""
    return falkordb_store


@pytest.fixture()
def memory(
    settings: Settings, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened


# --- Neo4j 5.26 over Bolt (the Neo4j store's server: tests/neo4j_server.py) ----------------


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One real Neo4j Community server for the session (scripts/neo4j: java, 127.0.0.1, a
    free port, a generated password). Skipped only where no Java runtime is installed."""
    if shutil.which("java") is None and "JAVA_HOME" not in os.environ:
        pytest.skip("no Java runtime: Neo4j cannot run here")
    from neo4j_server import Neo4jServer

    with Neo4jServer(tmp_path_factory.mktemp("neo4j")) as server:
        yield server


@pytest.fixture()
def neo4j_store(neo4j_server: Any) -> Iterator[Any]:
    """A Neo4jStore over the emptied database, schema created."""
    from graph_memory.store.neo4j import Neo4jStore

    neo4j_server.wipe()
    neo = Neo4jStore.connect(neo4j_server.bolt_uri, neo4j_server.user, neo4j_server.password,
                             neo4j_server.database)
    neo.ensure_schema(384)
    yield neo
    neo.close()


def neo4j_settings_for(server: Any, data_dir: Path, **extra: Any) -> Settings:
    """Settings of a Memory on the neo4j backend of the test server."""
    fields: dict[str, Any] = {
        "data_dir": data_dir,
        "backend": "neo4j",
        "neo4j_uri": server.bolt_uri,
        "neo4j_user": server.user,
        "neo4j_password": server.password,
        "neo4j_database": server.database,
    }
    return Settings(**(fields | extra))


@pytest.fixture()
def neo4j_settings(tmp_path: Path, neo4j_server: Any) -> Settings:
    """Settings of a Memory on the neo4j backend, over the emptied database."""
    neo4j_server.wipe()
    return neo4j_settings_for(neo4j_server, tmp_path / "data")


@pytest.fixture()
def neo4j_memory(
    neo4j_settings: Settings, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    with Memory.open(neo4j_settings, embedder=embedder, extractor=extractor) as opened:
        yield opened

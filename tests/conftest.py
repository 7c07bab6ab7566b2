"""Shared fixtures: the real embedding model, the real spaCy extractor and a real embedded
FalkorDB engine per test (engines start in ~50 ms; models load once per session); and one
ArcadeDB server per session (the Bolt stand-in for Neo4j 5, from the `arcadedb-embedded`
package of the dev extra), with a fresh database per test."""

from __future__ import annotations

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


# --- ArcadeDB over Bolt (the Neo4j store's CI server) ----------------------------------------


@pytest.fixture(scope="session")
def arcadedb(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One ArcadeDB server for the session (java, 127.0.0.1, free ports). Skipped only when
    the `arcadedb-embedded` package is missing (the dev extra installs it)."""
    pytest.importorskip("arcadedb_embedded", reason="arcadedb-embedded is not installed")
    from arcadedb_server import ArcadeDBServer

    with ArcadeDBServer(tmp_path_factory.mktemp("arcadedb")) as server:
        yield server


@pytest.fixture()
def arcadedb_store(arcadedb: Any) -> Iterator[Any]:
    """A Neo4jStore over a fresh ArcadeDB database, schema created."""
    from graph_memory.store.neo4j import Neo4jStore

    database = arcadedb.create_database()
    neo = Neo4jStore.connect(arcadedb.bolt_uri, arcadedb.user, arcadedb.password, database,
                             http_url=arcadedb.http_uri)
    neo.ensure_schema(384)
    yield neo
    neo.close()
    arcadedb.drop_database(database)


@pytest.fixture()
def arcadedb_settings(tmp_path: Path, arcadedb: Any) -> Settings:
    """Settings of a Memory on the neo4j backend, over a fresh ArcadeDB database."""
    return Settings(
        data_dir=tmp_path / "data",
        backend="neo4j",
        neo4j_uri=arcadedb.bolt_uri,
        neo4j_user=arcadedb.user,
        neo4j_password=arcadedb.password,
        neo4j_database=arcadedb.create_database(),
        neo4j_http_uri=arcadedb.http_uri,
    )


@pytest.fixture()
def arcadedb_memory(
    arcadedb_settings: Settings,
    arcadedb: Any,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    with Memory.open(arcadedb_settings, embedder=embedder, extractor=extractor) as opened:
        yield opened
    arcadedb.drop_database(arcadedb_settings.neo4j_database)

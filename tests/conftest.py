"""Shared fixtures: the real embedding model, the real spaCy extractor and a real embedded
FalkorDB engine per test (engines start in ~50 ms; models load once per session)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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
def store(engine: EmbeddedEngine) -> Iterator[FalkorDBStore]:
    """One per backend when more backends exist (the contract suite is parametrised here)."""
    falkor = FalkorDBStore(engine.connect(), "contract")
    falkor.ensure_schema(384)
    yield falkor
    falkor.close()


@pytest.fixture()
def memory(
    settings: Settings, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        yield opened

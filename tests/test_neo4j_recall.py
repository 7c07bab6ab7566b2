"""The recall scenarios of tests/test_recall.py and the Memory behaviours of
tests/test_memory.py and tests/test_consolidate.py, unchanged, on the Neo4j store over a real
Bolt server (ArcadeDB, the stand-in for Neo4j 5 here): Memory built by Memory.open from neo4j
settings."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import test_consolidate
import test_memory
import test_recall

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.store.neo4j import Neo4jStore

# The scenarios themselves: collected here again, with this module's `memory` fixture.
globals().update({name: test for name, test in vars(test_recall).items()
                  if name.startswith("test_")})
MEMORY_API = {f"{name}_memory_api": test for name, test in vars(test_memory).items()
              if name.startswith("test_")}
# The consolidation behaviours that run on the `memory` fixture (the others open their own).
MEMORY_API.update({
    f"{name}_on_bolt": test for name, test in vars(test_consolidate).items()
    if name.startswith("test_") and "memory" in inspect.signature(test).parameters
})
globals().update(MEMORY_API)


def neo4j_settings(arcadedb: Any, data: Path) -> Settings:
    return Settings(
        data_dir=data, backend="neo4j", neo4j_uri=arcadedb.bolt_uri, neo4j_user=arcadedb.user,
        neo4j_password=arcadedb.password, neo4j_database=arcadedb.create_database(),
        neo4j_http_uri=arcadedb.http_uri,
    )


@pytest.fixture()
def memory(request: pytest.FixtureRequest, arcadedb: Any, tmp_path: Path,
           embedder: SentenceTransformerEmbedder, extractor: Extractor) -> Iterator[Memory]:
    """The recall scenarios share one seeded Memory (module scope in test_recall.py); the
    Memory behaviours each get a fresh database."""
    if request.function in MEMORY_API.values():
        settings = neo4j_settings(arcadedb, tmp_path / "data")
        with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
            yield opened
        arcadedb.drop_database(settings.neo4j_database)
    else:
        yield request.getfixturevalue("seeded_recall_memory")


@pytest.fixture(scope="module")
def seeded_recall_memory(tmp_path_factory: pytest.TempPathFactory, arcadedb: Any,
                         embedder: SentenceTransformerEmbedder,
                         extractor: Extractor) -> Iterator[Memory]:
    settings = neo4j_settings(arcadedb, tmp_path_factory.mktemp("neo4j-recall"))
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        assert isinstance(opened.store, Neo4jStore) and opened.store.flavour.name == "arcadedb"
        opened.write_batch([
            {"text": text, "user_id": "emi", "speaker": "Emi", "session_id": "s1",
             "timestamp": test_recall.T0 + timedelta(minutes=i), "source_id": f"D1:{i + 1}"}
            for i, text in enumerate(test_recall.CHAT)
        ])
        opened.write("I love sushi.", user_id="bob", speaker="Bob", timestamp=test_recall.T0)
        yield opened
    arcadedb.drop_database(settings.neo4j_database)

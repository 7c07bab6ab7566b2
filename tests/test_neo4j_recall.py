"""The recall scenarios of tests/test_recall.py and the Memory behaviours of
tests/test_memory.py and tests/test_consolidate.py, unchanged, on the Neo4j store over a real
Neo4j 5.26 (tests/neo4j_server.py): Memory built by Memory.open from neo4j settings."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
import test_consolidate
import test_memory
import test_recall
from conftest import neo4j_settings_for

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


@pytest.fixture()
def memory(request: pytest.FixtureRequest, neo4j_server: Any, tmp_path: Path,
           embedder: SentenceTransformerEmbedder, extractor: Extractor) -> Iterator[Memory]:
    """The recall scenarios share one seeded Memory (module scope in test_recall.py); the
    Memory behaviours each get the emptied database."""
    if request.function in MEMORY_API.values():
        neo4j_server.wipe()
        settings = neo4j_settings_for(neo4j_server, tmp_path / "data")
        with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
            yield opened
    else:
        yield request.getfixturevalue("seeded_recall_memory")()


def seed(memory: Memory) -> None:
    memory.write_batch([
        {"text": text, "user_id": "emi", "speaker": "Emi", "session_id": "s1",
         "timestamp": test_recall.T0 + timedelta(minutes=i), "source_id": f"D1:{i + 1}"}
        for i, text in enumerate(test_recall.CHAT)
    ])
    memory.write("I love sushi.", user_id="bob", speaker="Bob", timestamp=test_recall.T0)


@pytest.fixture(scope="module")
def seeded_recall_memory(tmp_path_factory: pytest.TempPathFactory, neo4j_server: Any,
                         embedder: SentenceTransformerEmbedder,
                         extractor: Extractor) -> Iterator[Callable[[], Memory]]:
    """The seeded Memory, seeded again when a test emptied the one database since (Community
    has a single database: the Memory behaviours of this module share it)."""
    neo4j_server.wipe()
    settings = neo4j_settings_for(neo4j_server, tmp_path_factory.mktemp("neo4j-recall"))
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        assert isinstance(opened.store, Neo4jStore)
        seed(opened)
        seeded_at = neo4j_server.wipes

        def current() -> Memory:
            nonlocal seeded_at
            if neo4j_server.wipes != seeded_at:
                opened.store.ensure_schema(opened.embedder.dimension)
                seed(opened)
                seeded_at = neo4j_server.wipes
            return opened

        yield current

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

# The scenarios themselves: collected here again, with this module's `memory` and `changed`
# fixtures (the scenarios that open a Memory of their own stay FalkorDB's).
NEO4J_FIXTURES = {"memory", "changed"}
globals().update({name: test for name, test in vars(test_recall).items()
                  if name.startswith("test_")
                  and NEO4J_FIXTURES & set(inspect.signature(test).parameters)})
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


def seed_changes(memory: Memory) -> None:
    for i, (text, at) in enumerate(test_recall.CHANGES):
        memory.write(text, user_id="sam", speaker="Sam", timestamp=test_recall.T1 + at,
                     source_id=f"m{i + 1}")


def reseeding(server: Any, memory: Memory, seed: Callable[[Memory], None]) -> Callable[[], Memory]:
    """`memory` seeded now, and again whenever a test emptied the one database since
    (Community has a single database: the Memory behaviours of this module share it)."""
    seed(memory)
    seeded_at = server.wipes

    def current() -> Memory:
        nonlocal seeded_at
        if server.wipes != seeded_at:
            seed(memory)
            seeded_at = server.wipes
        return memory

    return current


@pytest.fixture(scope="module")
def neo4j_module_memory(tmp_path_factory: pytest.TempPathFactory, neo4j_server: Any,
                        embedder: SentenceTransformerEmbedder,
                        extractor: Extractor) -> Iterator[Memory]:
    neo4j_server.wipe()
    settings = neo4j_settings_for(neo4j_server, tmp_path_factory.mktemp("neo4j-recall"))
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        assert isinstance(opened.store, Neo4jStore)
        yield opened


@pytest.fixture(scope="module")
def seeded_recall_memory(neo4j_server: Any, neo4j_module_memory: Memory
                         ) -> Callable[[], Memory]:
    return reseeding(neo4j_server, neo4j_module_memory, seed)


@pytest.fixture(scope="module")
def seeded_changes(neo4j_server: Any, neo4j_module_memory: Memory) -> Callable[[], Memory]:
    return reseeding(neo4j_server, neo4j_module_memory, seed_changes)


@pytest.fixture()
def changed(seeded_changes: Callable[[], Memory]) -> Memory:
    """test_recall.py's `changed` (Sam's moves and ended facts), on Neo4j."""
    return seeded_changes()

"""Shared fixtures: the real embedding model, the real spaCy extractor and a real embedded
FalkorDB engine per test (engines start in ~50 ms; models load once per session); and one
real Neo4j 5.26 server per session (tests/neo4j_server.py), its database emptied per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import ExtractionInput, Fact, FactLink, WriteResult
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


Row = tuple[str, str, str, str | None]


def fact_rows(
    extractor: Extractor, text: str, speaker: str = "Emi", addressee: str = "Sam"
) -> list[Row]:
    """(subject, relation, object, key) of each fact extracted from one message."""
    item = ExtractionInput(text=text, speaker=speaker, addressee=addressee)
    return [
        (f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.triple.key)
        for f in extractor.extract([item])[0].facts
    ]


DeniableRow = tuple[str, str, str, str | None, bool]


def deniable_rows(
    extractor: Extractor, text: str, speaker: str = "Emi", addressee: str = "Sam"
) -> list[DeniableRow]:
    """(subject, relation, object, key, negated) of each fact extracted from one message."""
    item = ExtractionInput(text=text, speaker=speaker, addressee=addressee)
    return [
        (f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.triple.key, f.negated)
        for f in extractor.extract([item])[0].facts
    ]


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


# --- chats over one Memory per module (the change-detection tests) ------------------------


@pytest.fixture(scope="module")
def chat_memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    """One Memory for a module whose tests each talk as their own user (Chat), so the
    engine starts once per module."""
    data = Path(tmp_path_factory.mktemp("chats"))
    with Memory.open(Settings(data_dir=data), embedder=embedder, extractor=extractor) as opened:
        yield opened


CHAT_START = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)  # a Monday


def write_dialogue(
    memory: Memory, user_id: str, lines: list[tuple[str, str]], start: datetime
) -> None:
    """A two-person chat written as one batch: (speaker, text) lines a minute apart from
    `start`, in session "s1", with REALTALK-style source ids D1:1, D1:2, ..."""
    memory.write_batch([
        {"text": text, "user_id": user_id, "speaker": speaker, "session_id": "s1",
         "timestamp": start + timedelta(minutes=i), "source_id": f"D1:{i + 1}"}
        for i, (speaker, text) in enumerate(lines)
    ])


class Chat:
    """One user's messages in one session, a day apart unless told otherwise, and what the
    user's facts became."""

    def __init__(self, memory: Memory, user: str, speaker: str = "Emi") -> None:
        self.memory, self.user, self.speaker = memory, user, speaker
        self.at = CHAT_START

    def say(self, text: str, after: timedelta = timedelta(days=1)) -> WriteResult:
        self.at += after
        return self.memory.write(
            text, user_id=self.user, speaker=self.speaker, session_id="s1", timestamp=self.at
        )

    def facts(self, predicate: str | None = None) -> list[Fact]:
        """The user's facts of every status."""
        return self.memory.facts(self.user, statuses=None, predicate=predicate, limit=1000)

    def fact(self, predicate: str, obj: str, subject: str | None = None) -> Fact:
        """The one fact of this relation and object (of the speaker unless told)."""
        [found] = [
            f
            for f in self.facts(predicate)
            if f.object_name == obj and f.subject_name == (subject or self.speaker)
        ]
        return found

    def state(self, predicate: str) -> dict[str, str]:
        """object (and key) -> status, for the facts of one relation."""
        return {
            f"{f.object_name}" + (f" [{f.key}]" if f.key else ""): f.status
            for f in self.facts(predicate)
        }

    def superseded(self) -> list[Fact]:
        return [f for f in self.facts() if f.status == "superseded"]

    def states_after(
        self, messages: list[tuple[str, timedelta]], relations: Iterable[str]
    ) -> dict[str, dict[str, str]]:
        """Each relation's facts and their states once the messages are said, in order."""
        for text, after in messages:
            self.say(text, after)
        return {relation: self.state(relation) for relation in relations}

    def history(self, fact: Fact, kind: str) -> list[FactLink]:
        return [link for link in self.memory.history(fact.id) if link.kind == kind]


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

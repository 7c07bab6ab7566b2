"""The embedders that wrote a graph are recorded; another embedder is refused with a pointer to
`graph-memory reembed`, which recomputes every vector, one transaction per batch. Real engine,
real MiniLM and real multilingual-e5 (the second model that exists here)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from graph_memory import cli
from graph_memory.config import Settings
from graph_memory.embed import (
    E5_ID,
    MINILM_ID,
    MultilingualEmbedder,
    SentenceTransformerEmbedder,
    Vectors,
)
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.reembed import EmbedderMismatchError, reembed
from graph_memory.startup import open_embedded

MESSAGES = [
    ("m1", "I'm allergic to peanuts."),
    ("m2", "My sister Ana lives in Lisbon."),
    ("m3", "我的项目截止日期是下个月15号。"),
    ("m4", "I bought a new road bike last weekend."),
]


@pytest.fixture(scope="module")
def e5() -> MultilingualEmbedder:
    return MultilingualEmbedder()


def _open(settings: Settings, embedder: object, extractor: Extractor, check: bool = True) -> Memory:
    return open_embedded(
        settings,
        embedder=embedder,  # type: ignore[arg-type]
        extractor=extractor,
        check_embedders=check,
    )


def _write(memory: Memory) -> None:
    for source_id, text in MESSAGES:
        memory.write(text, user_id="emi", source_id=source_id, speaker="Emi")


def _episode_vector_cosine(memory: Memory, source_id: str, vector: Vectors) -> float:
    hits = memory.store.search_episodes_by_vector("emi", vector.tolist(), 10)
    return next(s for e, s in hits if e.source_id == source_id)


def test_a_new_graph_records_its_embedders(
    settings: Settings, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with _open(settings, embedder, extractor) as memory:
        assert memory.store.recorded_embedders() == (MINILM_ID, None)


def test_another_embedder_is_refused_naming_reembed_then_reembed_switches(
    settings: Settings,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    e5: MultilingualEmbedder,
) -> None:
    with _open(settings, embedder, extractor) as memory:
        _write(memory)
        assert memory.recall("peanut allergy", user_id="emi", top_k=1).results
    with pytest.raises(EmbedderMismatchError, match="graph-memory reembed") as refused:
        _open(settings, e5, extractor)
    assert MINILM_ID in str(refused.value) and E5_ID in str(refused.value)
    # The refusal closed what it opened: the data directory opens again at once.
    with _open(settings, embedder, extractor) as memory:
        assert memory.store.count("Episode") == len(MESSAGES)

    with _open(settings, e5, extractor, check=False) as memory:
        report = reembed(memory.store, memory.embedder, batch=2)
        assert (report.episodes, report.embedders) == (len(MESSAGES), (E5_ID, None))
        assert report.facts >= 1 and report.entities >= 1
    with _open(settings, e5, extractor) as memory:
        question = e5.embed(["Emi: My sister Ana lives in Lisbon."])[0]
        assert _episode_vector_cosine(memory, "m2", question) == pytest.approx(1.0, abs=1e-4)
        top = memory.recall("Where does my sister live?", user_id="emi", top_k=1)
        assert top.results[0].source_ids == ("m2",)
    with pytest.raises(EmbedderMismatchError):
        _open(settings, embedder, extractor)


class _StopsAfter:
    """The real e5 embedder that fails after `calls` calls: an interrupted re-embed."""

    def __init__(self, inner: MultilingualEmbedder, calls: int) -> None:
        self._inner, self._left = inner, calls
        self.dimension = inner.dimension
        self.model_id = inner.model_id

    def embed(self, texts: Sequence[str]) -> Vectors:
        if self._left == 0:
            raise RuntimeError("interrupted")
        self._left -= 1
        return self._inner.embed(texts)


def test_an_interrupted_reembed_keeps_the_graph_refused_until_a_rerun_finishes(
    settings: Settings,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    e5: MultilingualEmbedder,
) -> None:
    with _open(settings, embedder, extractor) as memory:
        _write(memory)
    with _open(settings, e5, extractor, check=False) as memory:
        with pytest.raises(RuntimeError, match="interrupted"):
            reembed(memory.store, _StopsAfter(e5, calls=1), batch=2)  # type: ignore[arg-type]
        # The first batch (m1, m2 in id order) is whole and new; the rest still MiniLM's.
        assert memory.store.recorded_embedders() == (MINILM_ID, None)
        sources = memory.store.embedding_sources("episodes", "", 10)
        first, rest = sources[:2], sources[2:]
        for source in first:
            text = f"{source.speaker}: {source.text}"
            hits = memory.store.search_episodes_by_vector("emi", e5.embed([text])[0].tolist(), 10)
            assert dict((e.id, s) for e, s in hits)[source.id] == pytest.approx(1.0, abs=1e-4)
        for source in rest:
            text = f"{source.speaker}: {source.text}"
            vector = embedder.embed([text])[0].tolist()
            hits = memory.store.search_episodes_by_vector("emi", vector, 10)
            assert dict((e.id, s) for e, s in hits)[source.id] == pytest.approx(1.0, abs=1e-4)
    with pytest.raises(EmbedderMismatchError):
        _open(settings, e5, extractor)
    with _open(settings, e5, extractor, check=False) as memory:
        reembed(memory.store, memory.embedder, batch=2)
    with _open(settings, e5, extractor) as memory:
        assert memory.store.recorded_embedders() == (E5_ID, None)


def test_turning_multilingual_vectors_on_for_every_language_reembeds_english_messages(
    settings: Settings, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with _open(settings, embedder, extractor) as memory:
        for source_id, text in MESSAGES:
            if source_id != "m3":  # English only
                memory.write(text, user_id="emi", source_id=source_id, speaker="Emi")
        assert not memory.store.has_multilingual_episodes("emi")
    every = SentenceTransformerEmbedder(multilingual=MultilingualEmbedder(every_language=True))
    # No model changed (MiniLM's vectors stay valid): opened, and the new scope recorded.
    with _open(settings, every, extractor) as memory:
        assert memory.store.recorded_embedders() == (MINILM_ID, f"{E5_ID}:all")
        assert not memory.store.has_multilingual_episodes("emi")
        reembed(memory.store, memory.embedder)
        assert memory.store.has_multilingual_episodes("emi")
        # A Chinese question now reaches the English message.
        top = memory.recall("我姐姐住在哪个城市？", user_id="emi", top_k=1)
        assert top.results[0].source_ids == ("m2",)
        vector = np.asarray(every.embed(["Emi: My sister Ana lives in Lisbon."])[0])
        assert _episode_vector_cosine(memory, "m2", vector) == pytest.approx(1.0, abs=1e-4)


def test_cli_reembed_and_the_refusal_it_fixes(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    e5: MultilingualEmbedder,
) -> None:
    data = tmp_path / "data"
    with _open(Settings(data_dir=data), embedder, extractor) as memory:
        _write(memory)
    # The CLI now runs with e5 as its embedder.
    monkeypatch.setattr(cli, "open_memory", lambda s: _open(s, e5, extractor))
    monkeypatch.setattr(cli, "open_memory_unchecked", lambda s: _open(s, e5, extractor, False))
    runner = CliRunner()
    refused = runner.invoke(cli.app, ["--data-dir", str(data), "recall", "bike", "--user", "emi"])
    assert refused.exit_code == 1
    assert "graph-memory reembed" in refused.output
    done = runner.invoke(cli.app, ["--data-dir", str(data), "reembed"])
    assert done.exit_code == 0, done.output
    assert f"re-embedded {len(MESSAGES)} episodes" in done.output
    recalled = runner.invoke(
        cli.app, ["--data-dir", str(data), "recall", "road bike", "--user", "emi", "--json"]
    )
    assert recalled.exit_code == 0, recalled.output
    assert "m4" in recalled.output

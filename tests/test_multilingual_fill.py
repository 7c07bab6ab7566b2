"""Cross-lingual recall in the default mode (multilingual_embedding 'chinese'): a bilingual
user's English messages get their multilingual-e5 vector in the background, off the write
path (graph_memory/crosslingual.py). Real embedded FalkorDB, MiniLM and multilingual-e5."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

ENGLISH = [
    ("en1", "My sister works as a nurse in Boston."),
    ("en2", "I bought a new road bike last weekend."),
    ("en3", "The dentist appointment is on Friday morning."),
    ("en4", "Our team switched the build server to Jenkins."),
]
CHINESE = ("zh1", "我养了一只叫豆豆的猫。")
NURSE_IN_CHINESE = "我姐姐做什么工作？"


@pytest.fixture(scope="module")
def bilingual() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(multilingual=MultilingualEmbedder())


def _open(tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor) -> Memory:
    return Memory.open(Settings(data_dir=tmp_path / "data"), embedder=embedder, extractor=extractor)


def _write_english(memory: Memory, user: str = "li") -> None:
    memory.write_batch(
        [{"text": t, "user_id": user, "source_id": s, "speaker": "Li"} for s, t in ENGLISH]
    )


def _ids_with_vector(memory: Memory, user: str = "li") -> set[str]:
    """Source ids of the user's messages that have a multilingual vector."""
    episodes = [
        e
        for e, _ in memory.store.search_episodes_by_multilingual_vector(
            user, [1.0] + [0.0] * 383, 100
        )
    ]
    return {e.source_id for e in episodes if e.source_id}


def _sources(memory: Memory, query: str, user: str = "li") -> list[str]:
    response = memory.recall(query, user_id=user, top_k=3, include_constraints=False)
    return [s for r in response.results for s in r.source_ids]


@pytest.fixture()
def memory(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    with _open(tmp_path, bilingual, extractor) as opened:
        yield opened


def test_a_chinese_message_makes_the_users_english_messages_findable_in_chinese(
    memory: Memory,
) -> None:
    _write_english(memory)
    assert _ids_with_vector(memory) == set()  # English writes embed with MiniLM only
    memory.write(CHINESE[1], user_id="li", source_id=CHINESE[0], speaker="Li")
    assert memory.crosslingual.wait_idle(timeout=60)
    assert _ids_with_vector(memory) == {"zh1", "en1", "en2", "en3", "en4"}
    assert _sources(memory, NURSE_IN_CHINESE)[0] == "en1"
    # English messages written later for this user are filled too.
    memory.write("I moved to Seattle in March.", user_id="li", source_id="en5", speaker="Li")
    assert memory.crosslingual.wait_idle(timeout=60)
    assert "en5" in _ids_with_vector(memory)
    assert _sources(memory, "我搬到了哪个城市？")[0] == "en5"


def test_a_chinese_question_alone_starts_the_fill(memory: Memory) -> None:
    _write_english(memory)
    memory.recall(NURSE_IN_CHINESE, user_id="li", include_constraints=False)
    assert memory.crosslingual.wait_idle(timeout=60)
    assert _ids_with_vector(memory) == {"en1", "en2", "en3", "en4"}
    assert _sources(memory, NURSE_IN_CHINESE)[0] == "en1"


def test_an_english_only_user_gets_no_multilingual_vector_and_no_fill(memory: Memory) -> None:
    _write_english(memory, user="sam")
    memory.write(CHINESE[1], user_id="li", source_id=CHINESE[0], speaker="Li")
    assert memory.crosslingual.wait_idle(timeout=60)
    # The other user's Chinese message changes nothing for sam.
    assert memory.crosslingual.has_multilingual("sam") is False
    assert _ids_with_vector(memory, user="sam") == set()
    assert memory.crosslingual.has_multilingual("li") is True
    assert _sources(memory, "Where does my sister work?", user="sam")[0] == "en1"


def test_a_forgotten_message_is_never_filled(memory: Memory) -> None:
    _write_english(memory)
    bike = memory.recall("road bike", user_id="li", top_k=1, include_constraints=False)
    assert bike.results[0].source_ids == ("en2",)
    memory.forget(user_id="li", memory_id=bike.results[0].episode_ids[0])
    memory.write(CHINESE[1], user_id="li", source_id=CHINESE[0], speaker="Li")
    assert memory.crosslingual.wait_idle(timeout=60)
    assert _ids_with_vector(memory) == {"zh1", "en1", "en3", "en4"}


def test_a_vector_lands_only_on_the_text_it_was_computed_from(memory: Memory) -> None:
    """A message redacted (or changed) between the fill's read and its write keeps no vector
    of its old text: the store sets it only where the text is still the one embedded."""
    _write_english(memory)
    [source] = memory.store.episodes_without_multilingual("li", "", 1)
    vector = [1.0] + [0.0] * 383
    memory.store.set_multilingual_embeddings([(source.id, source.text + " (before)", vector)])
    assert _ids_with_vector(memory) == set()
    memory.store.set_multilingual_embeddings([(source.id, source.text, vector)])
    assert len(_ids_with_vector(memory)) == 1


def test_a_fill_stopped_by_a_restart_resumes_on_the_users_next_recall(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with _open(tmp_path, bilingual, extractor) as first:
        _write_english(first)
        first.write(CHINESE[1], user_id="li", source_id=CHINESE[0], speaker="Li")
        # Closed at once: the fill may have done part of its work, or none.
    with _open(tmp_path, bilingual, extractor) as second:
        assert "zh1" in _ids_with_vector(second)
        second.recall("What does my sister do?", user_id="li", include_constraints=False)
        assert second.crosslingual.wait_idle(timeout=60)
        assert _ids_with_vector(second) == {"zh1", "en1", "en2", "en3", "en4"}
        assert _sources(second, NURSE_IN_CHINESE)[0] == "en1"


def test_the_fill_works_on_neo4j(
    neo4j_settings: Settings, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with Memory.open(neo4j_settings, embedder=bilingual, extractor=extractor) as memory:
        _write_english(memory)
        assert _ids_with_vector(memory) == set()
        memory.write(CHINESE[1], user_id="li", source_id=CHINESE[0], speaker="Li")
        assert memory.crosslingual.wait_idle(timeout=60)
        assert _ids_with_vector(memory) == {"zh1", "en1", "en2", "en3", "en4"}
        assert _sources(memory, NURSE_IN_CHINESE)[0] == "en1"

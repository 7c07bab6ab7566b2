"""Chinese memories end to end on the real embedded engine, MiniLM and multilingual-e5: the
language stored on each message, segmented keyword search, and recall across Chinese and
English."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory

CHINESE = [
    ("zh1", "我对花生过敏，吃了会起疹子。"),
    ("zh2", "我的项目截止日期是下个月15号。"),
    ("zh3", "我住在上海浦东，每天坐地铁上班。"),
    ("zh4", "周末我喜欢去公园跑步。"),
    ("zh5", "我养了一只叫豆豆的猫。"),
]
ENGLISH = [
    ("en1", "My sister works as a nurse in Boston."),
    ("en2", "I bought a new road bike last weekend."),
    ("en3", "My favourite dish is spicy hotpot."),
    ("en4", "The dentist appointment is on Friday morning."),
]


@pytest.fixture(scope="module")
def multilingual() -> MultilingualEmbedder:
    return MultilingualEmbedder()


@pytest.fixture(scope="module")
def bilingual(multilingual: MultilingualEmbedder) -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(multilingual=multilingual)


def _open(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> Memory:
    return Memory.open(Settings(data_dir=tmp_path / "data"), embedder=embedder, extractor=extractor)


@pytest.fixture()
def memory_zh(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    with _open(tmp_path, bilingual, extractor) as memory:
        for source_id, text in CHINESE + ENGLISH:
            memory.write(text, user_id="li", source_id=source_id, speaker="Li")
        yield memory


def _sources(memory: Memory, query: str, top_k: int = 3) -> list[str]:
    response = memory.recall(query, user_id="li", top_k=top_k, include_constraints=False)
    return [s for r in response.results for s in r.source_ids]


def test_each_message_stores_its_language(memory_zh: Memory) -> None:
    written = memory_zh.write("I love 火锅", user_id="li", source_id="mixed1")
    languages = {}
    for source_id, text in [*CHINESE[:1], *ENGLISH[:1], ("mixed1", "I love 火锅")]:
        del text
        result = memory_zh.recall(
            source_id, user_id="li", top_k=1, include_constraints=False
        )  # warm path; the stored episode is what counts
        del result
    for episode_id, source_id in [(written.episode_id, "mixed1")]:
        episode = memory_zh.store.get_episode(episode_id)
        assert episode is not None
        languages[source_id] = episode.language
    assert languages == {"mixed1": "mixed"}


def test_a_chinese_question_finds_the_chinese_message(memory_zh: Memory) -> None:
    assert _sources(memory_zh, "我对什么过敏？")[0] == "zh1"
    assert _sources(memory_zh, "项目什么时候截止？")[0] == "zh2"
    assert _sources(memory_zh, "我平时怎么去上班？")[0] == "zh3"


def test_an_english_question_finds_the_chinese_message(memory_zh: Memory) -> None:
    assert "zh1" in _sources(memory_zh, "What food am I allergic to?")
    assert "zh5" in _sources(memory_zh, "What is the name of my cat?")


def test_english_memories_still_answer_english_questions(memory_zh: Memory) -> None:
    assert _sources(memory_zh, "What does my sister do for work?")[0] == "en1"


def test_keyword_search_finds_chinese_words_in_the_engine(memory_zh: Memory) -> None:
    hits = memory_zh.store.search_episodes_by_text("li", "花生", 10)
    assert [e.source_id for e, _ in hits] == ["zh1"]
    assert memory_zh.store.search_episodes_by_text("li", "road bike", 10)[0][0].source_id == "en2"


def test_every_language_mode_lets_a_chinese_question_find_an_english_memory(
    tmp_path: Path, extractor: Extractor
) -> None:
    embedder = SentenceTransformerEmbedder(
        multilingual=MultilingualEmbedder(every_language=True)
    )
    with _open(tmp_path, embedder, extractor) as memory:
        for source_id, text in CHINESE + ENGLISH:
            memory.write(text, user_id="li", source_id=source_id, speaker="Li")
        assert _sources(memory, "我姐姐是做什么工作的？")[0] == "en1"
        assert _sources(memory, "我上周买了什么？")[0] == "en2"


def test_without_a_multilingual_embedder_english_recall_is_as_before(
    memory: Memory,
) -> None:
    for source_id, text in ENGLISH:
        memory.write(text, user_id="li", source_id=source_id, speaker="Li")
    assert not memory.store.has_multilingual_episodes("li")
    assert _sources(memory, "What does my sister do for work?")[0] == "en1"


def test_chinese_recall_and_reembed_on_neo4j(
    neo4j_settings: Settings, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    """The Neo4j store: multilingual vectors written, searched (exact scan), re-embedded."""
    from graph_memory.reembed import reembed
    from graph_memory.startup import open_neo4j

    with Memory.open(neo4j_settings, embedder=bilingual, extractor=extractor) as memory:
        for source_id, text in CHINESE + ENGLISH:
            memory.write(text, user_id="li", source_id=source_id, speaker="Li")
        assert memory.store.has_multilingual_episodes("li")
        assert _sources(memory, "我对什么过敏？")[0] == "zh1"
        assert "zh5" in _sources(memory, "What is the name of my cat?")
        assert memory.store.recorded_embedders() == (
            "all-MiniLM-L6-v2", "multilingual-e5-small-q4:chinese"
        )
    with open_neo4j(
        neo4j_settings, embedder=bilingual, extractor=extractor, check_embedders=False
    ) as memory:
        report = reembed(memory.store, memory.embedder, batch=3)
        assert report.episodes == len(CHINESE + ENGLISH)
        assert _sources(memory, "我对什么过敏？")[0] == "zh1"


def test_keyword_search_finds_chinese_words_on_neo4j(
    neo4j_settings: Settings, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    """Neo4j's fulltext channel reads a Chinese message's words as cut (episode_words): 花生
    finds the peanut message and not the birthday one that shares a character (the english
    analyzer cuts Chinese into characters); English searches are the english index's."""
    with Memory.open(neo4j_settings, embedder=bilingual, extractor=extractor) as memory:
        for source_id, text in [*CHINESE, ("zh6", "下周是我妹妹的生日。"), *ENGLISH]:
            memory.write(text, user_id="li", source_id=source_id, speaker="Li")
        hits = memory.store.search_episodes_by_text("li", "花生", 10)
        assert [e.source_id for e, _ in hits] == ["zh1"]
        birthday = memory.store.search_episodes_by_text("li", "我妹妹的生日是哪天？", 10)
        assert birthday[0][0].source_id == "zh6"
        assert memory.store.search_episodes_by_text("li", "road bike", 10)[0][0].source_id == "en2"
        mixed = memory.store.search_episodes_by_text("li", "我的 nurse 姐姐", 10)
        assert "en1" in [e.source_id for e, _ in mixed]


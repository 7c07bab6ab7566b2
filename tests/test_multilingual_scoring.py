"""Scoring of Chinese queries: the "chinese" preset and keyword feedback from the best first hit
(graph_memory/recall/score.py, candidates.py). Real embedded FalkorDB, MiniLM, multilingual-e5
and jieba."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import Episode
from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.score import PRESETS
from graph_memory.recall.subquestions import sub_questions

MESSAGES = [
    ("uncle-phone", "我叔叔的电话号是18486487257。"),
    ("uncle-hobby", "我叔叔特别喜欢旅游。"),
    ("cousin-phone", "我表哥的电话号是13912345678。"),
    ("cousin-hobby", "我表哥特别喜欢钓鱼。"),
    ("aunt-hobby", "我婶婶平时喜欢养花。"),
    ("boss-job", "我的上司是做设计的。"),
]


@pytest.fixture(scope="module")
def bilingual() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(multilingual=MultilingualEmbedder())


@pytest.fixture()
def memory(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> Iterator[Memory]:
    settings = Settings(data_dir=tmp_path / "data")
    with Memory.open(settings, embedder=bilingual, extractor=extractor) as opened:
        opened.write_batch(
            [{"text": t, "user_id": "li", "source_id": s} for s, t in MESSAGES]
            + [{"text": "I moved to Seattle in March.", "user_id": "li", "source_id": "en"}]
        )
        assert opened.crosslingual.wait_idle(timeout=60)
        yield opened


def _weights(memory: Memory, query: str, **options: object) -> dict[str, float]:
    response = memory.recall(query, user_id="li", top_k=1, include_constraints=False, **options)
    assert response.results[0].why is not None
    return {s.name: s.weight for s in response.results[0].why.signals}


def test_a_chinese_query_is_scored_with_the_chinese_preset_unless_one_is_chosen(
    memory: Memory,
) -> None:
    chinese, default = PRESETS["chinese"], PRESETS["default"]
    assert (chinese.semantic, chinese.keyword) != (default.semantic, default.keyword)
    weights = _weights(memory, "我叔叔喜欢什么？")
    assert (weights["semantic"], weights["keyword"]) == (chinese.semantic, chinese.keyword)
    weights = _weights(memory, "Where did I move?")
    assert (weights["semantic"], weights["keyword"]) == (default.semantic, default.keyword)
    # A preset the caller names, and per-request overrides, win.
    assert _weights(memory, "我叔叔喜欢什么？", preset="keyword")["keyword"] == 1.0
    assert _weights(memory, "我叔叔喜欢什么？", weights={"keyword": 0.2})["keyword"] == 0.2


def test_a_two_hop_question_finds_the_answer_through_the_first_hit(memory: Memory) -> None:
    response = memory.recall(
        "那个电话号是18486487257的人，他平时喜欢干点啥？",
        user_id="li",
        top_k=6,
        include_constraints=False,
    )
    ranked = [s for r in response.results for s in r.source_ids]
    assert ranked[0] == "uncle-phone"  # the hop's first step: the number names the uncle
    # The uncle's hobby comes before the other relatives' hobbies: it shares the first hit's
    # word (叔叔), not the question's.
    assert ranked.index("uncle-hobby") < ranked.index("cousin-hobby")
    assert ranked.index("uncle-hobby") < ranked.index("aunt-hobby")


def _episode(memory_id: str, text: str) -> Candidate:
    episode = Episode(
        id=memory_id,
        user_id="li",
        text=text,
        timestamp=datetime(2024, 5, 1, tzinfo=UTC),
        language="zh",
    )
    return Candidate(id=memory_id, episode=episode)


def test_feedback_keyword_is_the_mean_of_the_query_and_the_first_hits_words() -> None:
    pool = CandidatePool()
    for c in (
        _episode("ep_1", "我叔叔的电话号是18486487257。"),
        _episode("ep_2", "我叔叔特别喜欢旅游。"),
        _episode("ep_3", "我表哥特别喜欢钓鱼。"),
    ):
        pool.by_id[c.id] = c
    query = "电话号是18486487257的人喜欢什么"
    pool.score_keywords(query)
    before = {c.id: c.keyword for c in pool.by_id.values()}
    assert before["ep_1"] == 1.0 and before["ep_2"] == before["ep_3"]  # 喜欢 in both
    pool.add_feedback(query, [(pool.by_id["ep_1"], 1.0)])
    after = {c.id: c.keyword for c in pool.by_id.values()}
    # ep_1 matches its own words best; ep_2 shares 叔叔 with it, ep_3 nothing new.
    assert after["ep_1"] == pytest.approx(1.0)
    assert after["ep_2"] > after["ep_3"] == pytest.approx(before["ep_3"] / 2)


def test_a_query_of_several_sentences_is_split_into_its_questions() -> None:
    assert sub_questions("我的手机是哪款？另外，趣跑购物节在哪儿办？") == [
        "我的手机是哪款？",
        "另外，趣跑购物节在哪儿办？",
    ]
    # A question after chat is ranked by itself too; a single sentence is the whole query.
    assert sub_questions("今天天气真好。我居住的小区怎么样？") == ["我居住的小区怎么样？"]
    assert sub_questions("我的手机是哪款？") == []
    assert sub_questions("我的手机是哪款") == []


COMPOUND = [
    ("phone-1", "我的手机是苹果iPhone13，用着特别顺手。"),
    ("phone-2", "我的手机拍照很好看，苹果的iPhone13确实不错。"),
    ("phone-3", "我的旧手机是华为的，现在换成苹果手机了。"),
    ("festival-place", "趣跑购物节在上海的南京路举办。"),
    ("festival-size", "趣跑购物节的规模是五千人。"),
]


def test_each_question_of_a_compound_query_finds_its_own_evidence(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with Memory.open(
        Settings(data_dir=tmp_path / "data"), embedder=bilingual, extractor=extractor
    ) as memory:
        memory.write_batch([{"text": t, "user_id": "li", "source_id": s} for s, t in COMPOUND])
        response = memory.recall(
            "我手里这部手机是苹果的哪一款？另外，活动在哪里举办？",
            user_id="li",
            top_k=2,
            include_constraints=False,
        )
    ranked = [s for r in response.results for s in r.source_ids]
    # Without the split the phone messages, which match most of the query, take both slots.
    assert "festival-place" in ranked
    assert ranked[0].startswith("phone") or ranked[1].startswith("phone")

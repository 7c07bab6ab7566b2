"""A Chinese query's questions (graph_memory/recall/subquestions.py): a quotation is part of
its sentence; and the slots shared among a compound query's questions (recall/
question_slots.py): each question's best evidence gets its share of the top k, however much
better the other question's evidence scores. Real embedded FalkorDB, MiniLM, multilingual-e5
and jieba for the end-to-end cases."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import MultilingualEmbedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import Episode
from graph_memory.recall.candidates import Candidate
from graph_memory.recall.question_slots import Scored, best_ranks, share_slots
from graph_memory.recall.subquestions import sub_questions


def test_a_quotation_is_part_of_its_sentence_whatever_marks_it_holds() -> None:
    # One question that quotes a sentence: not split into the quote and a fragment.
    assert sub_questions('主要内容是"招聘会：分享职业经验，共创辉煌。"的活动，持续多久？') == []
    assert sub_questions("内容是「展示作品。交流技巧。」的活动在哪？另外，我同事多高？") == [
        "内容是「展示作品。交流技巧。」的活动在哪？",
        "另外，我同事多高？",
    ]
    assert sub_questions("他说“你好！”就走了。我的手机是哪款？") == ["我的手机是哪款？"]


def test_an_opening_quote_without_its_closing_one_is_plain_text() -> None:
    assert sub_questions('有个"没关的引号。我的手机是哪款？') == ["我的手机是哪款？"]


def _scored(memory_id: str, total: float) -> Scored:
    episode = Episode(
        id=memory_id, user_id="li", text=memory_id, timestamp=datetime(2024, 5, 1, tzinfo=UTC)
    )
    return ((total, {}), Candidate(id=memory_id, episode=episode))


def _ids(scored: list[Scored]) -> list[str]:
    return [c.id for _, c in scored]


def test_each_question_is_owed_its_share_of_the_top_k() -> None:
    # Fused, the event's four messages outrank the colleague's height.
    fused = [_scored(i, s) for i, s in [("e1", 0.9), ("e2", 0.8), ("e3", 0.7), ("e4", 0.6),
                                         ("h1", 0.5), ("h2", 0.4)]]
    rankings = [["e1", "e2", "e3", "e4"], ["h1", "h2", "e1"]]
    shared = share_slots(fused, rankings, top_k=4)
    # Each question's two best are lifted to the fused scores of their ranks: they alternate.
    assert set(_ids(shared)[:4]) == {"e1", "e2", "h1", "h2"}
    scores = {c.id: total for (total, _), c in shared}
    assert scores["h1"] == 0.9 and scores["h2"] == 0.8
    # Below the shares the fused order stands, and no score is lowered.
    assert _ids(shared)[4:] == ["e3", "e4"]
    assert all(scores[c.id] >= total for (total, _), c in fused)


def test_a_query_of_one_question_keeps_the_fused_order() -> None:
    fused = [_scored("a", 0.9), _scored("b", 0.5), _scored("c", 0.4)]
    assert _ids(share_slots(fused, [["c", "b", "a"]], top_k=2)) == ["a", "b", "c"]


def test_a_candidate_takes_its_best_rank_over_the_questions() -> None:
    assert best_ranks([["a", "b"], ["b", "c"]]) == {"a": 0, "b": 0, "c": 1}


MESSAGES = [
    ("event-time", "模型艺术盛宴的时间是下周一晚上七点。"),
    ("event-length", "模型艺术盛宴的持续时间是八个周。"),
    ("event-place", "模型艺术盛宴的地点是北京。"),
    ("event-size", "模型艺术盛宴的规模是九百人。"),
    ("event-content", "模型艺术盛宴的主要内容是展示精选模型作品，交流制作技巧。"),
    ("colleague-height", "我同事身高164厘米。"),
    ("cousin-job", "我表妹是当老师的。"),
]


@pytest.fixture(scope="module")
def bilingual() -> SentenceTransformerEmbedder:
    return SentenceTransformerEmbedder(multilingual=MultilingualEmbedder())


def _ranked(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor, query: str
) -> list[str]:
    with Memory.open(
        Settings(data_dir=tmp_path / "data"), embedder=bilingual, extractor=extractor
    ) as memory:
        memory.write_batch([{"text": t, "user_id": "li", "source_id": s} for s, t in MESSAGES])
        response = memory.recall(query, user_id="li", top_k=2, include_constraints=False)
    return [s for r in response.results for s in r.source_ids]


def test_the_weaker_question_of_a_compound_query_keeps_a_slot(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    ranked = _ranked(
        tmp_path, bilingual, extractor, "模型艺术盛宴的时间是什么？另外，我同事有多高来着？"
    )
    assert "colleague-height" in ranked
    assert "event-time" in ranked


def test_a_single_question_after_chat_is_not_split_into_shares(
    tmp_path: Path, bilingual: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    # One question: both slots go to the event, as ranked before.
    ranked = _ranked(tmp_path, bilingual, extractor, "今天天气真好。模型艺术盛宴的时间是什么？")
    assert ranked[0] == "event-time"
    assert "colleague-height" not in ranked

"""Keyword feedback from the first hits of a Chinese query (graph_memory/recall/candidates.py
feedback_scores, score.py FEEDBACK_HITS): each of the best few first hits lends the words the
query lacks, each on its own. Real jieba (the recall end to end: bench/recall_zh.py)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph_memory.models import Episode
from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.score import FEEDBACK_HITS

PHONES = [
    ("named-oppo", "我的手机是OPPOReno7。"),
    ("named-huawei", "我用的手机是华为Mate60。"),
    ("opinion-oppo", "OPPOReno7的设计真的挺简洁时尚，拍照效果也让我满意。"),
    ("opinion-huawei", "华为Mate60性能超级给力，处理复杂运算都不成问题。"),
    ("cooker", "美的电饭煲用起来真方便，做出来的米饭味道也好。"),
    ("park", "儿童公园这个地方真是活力满满，设施也挺全的。"),
]


def _pool() -> CandidatePool:
    pool = CandidatePool()
    for memory_id, text in PHONES:
        episode = Episode(
            id=memory_id, user_id="li", text=text, timestamp=datetime(2024, 5, 1, tzinfo=UTC)
        )
        pool.by_id[memory_id] = Candidate(id=memory_id, episode=episode)
    return pool


def test_each_first_hit_lends_its_own_words() -> None:
    pool = _pool()
    hits = [(pool.by_id["named-oppo"], 1.0), (pool.by_id["named-huawei"], 1.0)]
    feedback = pool.feedback_scores("我的手机是什么？", hits)
    # Both phones' opinions follow the hit that names them (the hits themselves, shorter,
    # match their own words best).
    assert feedback["named-oppo"] == feedback["named-huawei"] == pytest.approx(1.0)
    assert feedback["opinion-oppo"] > 0.5 and feedback["opinion-huawei"] > 0.5
    # A message that shares no word with any hit gets none.
    assert feedback["cooker"] == feedback["park"] == 0.0


def test_one_hit_lends_only_its_own_words() -> None:
    pool = _pool()
    feedback = pool.feedback_scores("我的手机是什么？", [(pool.by_id["named-oppo"], 1.0)])
    assert feedback["opinion-oppo"] > 0.5
    assert feedback["opinion-huawei"] == 0.0
    assert FEEDBACK_HITS > 1


def test_a_later_hit_in_another_script_than_the_query_lends_none() -> None:
    # A question over memories in another language matches none of their words: only the
    # best hit lends its words, as the others' would rank by common words.
    pool = _pool()
    query = "What phone do I use?"
    hits = [(pool.by_id["named-oppo"], 1.0), (pool.by_id["named-huawei"], 1.0)]
    feedback = pool.feedback_scores(query, hits)
    assert feedback["opinion-oppo"] > 0.0
    assert feedback["opinion-huawei"] == 0.0
    # Hits in the query's script lend, whether or not they share its words (found by meaning).
    feedback = pool.feedback_scores("我用的家电是什么？", hits)
    assert feedback["opinion-huawei"] > 0.0


def test_a_hit_that_scored_lower_lends_less() -> None:
    # Two-hop: the hit with the asked number leads; another relative's phone, a weaker hit,
    # must not lend its words as much.
    pool = _pool()
    hits = [(pool.by_id["named-oppo"], 1.2), (pool.by_id["named-huawei"], 0.6)]
    feedback = pool.feedback_scores("我的手机是什么？", hits)
    assert feedback["opinion-huawei"] == pytest.approx(feedback["opinion-oppo"] / 2, rel=0.3)
    assert feedback["opinion-huawei"] < feedback["opinion-oppo"]

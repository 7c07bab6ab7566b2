"""Keyword words of Chinese text: jieba segmentation, Chinese stopwords, BM25 over them; and
English text cut exactly as it always was."""

from __future__ import annotations

import re

from graph_memory.recall.score import bm25
from graph_memory.text import content_words, keyword_terms, segmented_text, words


def test_chinese_runs_are_cut_into_words() -> None:
    assert words("我对花生过敏") == ["我", "对", "花生", "过敏"]
    assert content_words("我对花生过敏。") == ["花生", "过敏"]


def test_keyword_terms_of_chinese_are_its_content_words() -> None:
    assert keyword_terms("我对花生过敏。") == ["花生", "过敏"]


def test_chinese_stopwords_and_question_words_are_dropped() -> None:
    terms = content_words("那个只有高中学历的人，他们现在是在哪儿上班来着？")
    assert "高中" in terms and "学历" in terms and "上班" in terms
    for stop in ("那个", "的", "他们", "是", "在", "哪儿"):
        assert stop not in terms


def test_mixed_text_keeps_both_scripts_and_single_letter_names() -> None:
    assert content_words("我喜欢用Python写代码") == ["喜欢", "python", "写", "代码"]
    # Beside Chinese, "A" names a plan; in English text it stays the article (a stopword).
    assert "a" in content_words("用户偏好方案 A")
    assert "a" not in keyword_terms("I prefer a window seat")


def test_identifiers_survive_segmentation() -> None:
    assert {"订单号", "20240512", "8891"} <= set(keyword_terms("订单号 ORD-20240512-8891"))


def test_english_text_is_cut_as_before() -> None:
    english = [
        "I'm allergic to peanuts, so please pick a Thai place without them.",
        "Kate's sister went hiking in the Alps last summer!",
        "My order ORD-20240512-8891 is late; café naïve résumé",
    ]
    for text in english:
        assert words(text) == re.findall(r"[^\W_]+", text.lower())
        assert segmented_text(text) is None


def test_segmented_text_is_space_joined_content_words() -> None:
    assert segmented_text("我的项目截止日期是下个月15号") == "项目 截止 日期 下个月 15 号"


def test_bm25_ranks_the_chinese_message_that_shares_words() -> None:
    documents = ["我对花生过敏", "我喜欢靠窗的座位", "我住在上海浦东"]
    scores = bm25("我对什么过敏？", documents)
    assert scores[0] > 0 and scores[1] == 0 and scores[2] == 0
    scores = bm25("我喜欢什么座位", documents)
    assert max(range(3), key=scores.__getitem__) == 1

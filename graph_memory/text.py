"""Words of a text for keyword search: one tokeniser, stopword list and stemmer for all of it.

The fulltext channel's query, the BM25 ranking of the candidate pool and the test for a terse
query all read words through here, so a memory and a query are always cut the same way.

Chinese has no spaces between words: runs of Chinese characters are cut into words by jieba
(search mode, its bundled dictionary), everything else by the English tokeniser. A text
without a Chinese character is cut exactly as before Chinese support (English ranking is
unchanged). Chinese words are not stemmed; Chinese function words are stopwords.
"""

from __future__ import annotations

import logging
import re
import threading
from functools import lru_cache
from typing import Any

import snowballstemmer

from graph_memory.language import HAN, has_han

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
# English function words and chat filler: they match nearly every message and rank nothing.
STOPWORDS = frozenset(
    """
    a an the and or but if of to in on at by for with about as is are was were be been being
    am do does did doing have has had having i me my mine myself you your yours yourself he
    him his himself she her hers herself it its itself we us our ours ourselves they them
    their theirs themselves this that these those what which who whom whose when where why
    how there here not no nor so than then too very can could would should will shall may
    might must just also any some all each both more most other such only own same into over
    under again further once from up down out off above below between through during before
    after while until because now yes yeah ok okay please one ones go went said say tell
    really get got s t d ll m re ve don didn doesn isn wasn aren weren haven hasn hadn
    wouldn couldn shouldn im
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
# Chinese function words, pronouns, question words and chat particles: the same role as the
# English list (a question's 什么 / 哪里 must not match every message holding one).
CHINESE_STOPWORDS = frozenset(
    """
    的 地 得 了 着 过 是 在 有 和 与 及 或 而 且 并 也 都 就 又 还 才 再 很 太 更 最 挺 好像
    我 你 您 他 她 它 我们 你们 他们 她们 它们 咱们 自己 大家 人家 这 那 这个 那个 这些 那些
    这里 那里 这儿 那儿 这样 那样 这么 那么 什么 怎么 怎样 怎么样 为什么 哪 哪个 哪些 哪里 哪儿
    谁 多少 几 吗 呢 吧 啊 呀 哦 嗯 哈 啦 嘛 哇 喔 么 把 被 让 给 对 向 从 到 于 为 以 跟 比
    关于 因为 所以 但是 但 可是 不过 如果 虽然 然后 而且 之 其 此 个 一个 一些 一下 一点 一直
    吗 来着 还是 是不是 有没有 请问 知道 记得 告诉 说 问 想问 一 去 来 会 能 可以 要 做 用 让 平时
    """.split()  # noqa: SIM905 (a word list reads better as text)
)
_HAN_RUN = re.compile(rf"(?:{HAN.pattern})+")
# A Snowball stemmer keeps the word being stemmed in its own fields: one instance shared by
# threads returned wrong stems (and raised IndexError) under concurrent recalls, and the cache
# below then kept the wrong stem. One stemmer per thread; the cache holds only correct stems.
_STEMMERS = threading.local()


def _stemmer() -> snowballstemmer.stemmer:
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return stemmer


_JIEBA_LOCK = threading.Lock()
_JIEBA: Any = None


def _jieba() -> Any:
    """jieba's default tokenizer, loaded once (its dictionary takes ~1 s; the extractor's
    part-of-speech tagger shares it). Loading under a lock: threads never see half of it."""
    global _JIEBA
    if _JIEBA is None:
        with _JIEBA_LOCK:
            if _JIEBA is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                jieba.dt.initialize()
                _JIEBA = jieba.dt
    return _JIEBA


def chinese_words(run: str) -> list[str]:
    """A run of Chinese characters cut into words by jieba: search mode (a long word also
    yields its dictionary sub-words, "截止日期" -> "截止", "日期", "截止日期", so a query that
    cuts it otherwise still matches: +1 point of BM25 recall@10 over accurate mode on MemDaily),
    without HMM guesses of new words (the same text always gives the same words)."""
    return [w for w in _jieba().lcut_for_search(run, HMM=False) if w.strip()]


def words(text: str) -> list[str]:
    """Lower-case word tokens; apostrophes split ("Kate's" -> "kate", "s"); Chinese runs are
    cut into words ("我对花生过敏" -> "我", "对", "花生", "过敏")."""
    lowered = text.lower()
    if not has_han(lowered):
        return _WORD.findall(lowered)
    out: list[str] = []
    start = 0
    for run in _HAN_RUN.finditer(lowered):
        out.extend(_WORD.findall(lowered[start : run.start()]))
        out.extend(chinese_words(run.group()))
        start = run.end()
    out.extend(_WORD.findall(lowered[start:]))
    return out


def content_words(text: str) -> list[str]:
    """The words of `text` that are not stopwords (English or Chinese), in order. Beside Chinese
    a single Latin letter is a name ("方案 A"), not the article: it is kept."""
    if not has_han(text):
        return [w for w in words(text) if w not in STOPWORDS]
    return [
        w for w in words(text) if w not in CHINESE_STOPWORDS and (len(w) == 1 or w not in STOPWORDS)
    ]


def segmented_text(text: str) -> str | None:
    """The content words of a text holding Chinese, space-joined: what the stores index beside
    the raw text (fulltext engines cut on spaces and punctuation, not between Chinese words).
    None for a text without Chinese characters, whose raw text is indexed as it is."""
    if not has_han(text):
        return None
    return " ".join(content_words(text))


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    return str(_stemmer().stemWord(word))


def keyword_terms(text: str) -> list[str]:
    """Content words, English ones Snowball-stemmed ("hiking", "hikes" -> "hike"): the terms
    BM25 counts. Chinese words are kept as cut (not also cut into characters: that gained 1
    point of fused recall@10 on the MemDaily tune split, but made one shared character, "上"
    of 上海 and 上周, the best keyword match of a small memory)."""
    return [w if has_han(w) else _stem(w) for w in content_words(text)]


def episode_search_text(text: str, speaker: str | None) -> str:
    """What an episode is embedded and keyword-ranked as: who said it, then what was said.
    Questions name people ("What did Kate cook?"); with the speaker in the text both the
    embedding and BM25 can tell her messages apart (+2 points of recall@10 and +4 of MRR on
    REALTALK, bench/recall_quality.py)."""
    return f"{speaker}: {text}" if speaker else text

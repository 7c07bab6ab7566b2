"""The keyword pipeline gives every thread the answers a single thread gets (issue 12 item 4).

The words are stemmed uncached first (a fresh Snowball stemmer per word, one thread) so the
expected stems do not come from the code under test's shared state; then many threads stem and
segment the same words at once, and every answer must match.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
import snowballstemmer

from graph_memory import text

_ENGLISH = (
    "hiking hikes hiked running generously relational conditional happiness organization "
    "sensational universities cooking cooked allergies allergic peanuts vegetarian deadlines "
    "components depends ordering ordered preferences preferring lives living working worked "
    "marathons photography photographs photographer traveling travelled cautiously"
)


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Switch threads every microsecond so that unsafe interleavings actually happen."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def _vocabulary() -> list[str]:
    rng = random.Random(7)
    extra = {
        "".join(rng.choice("abcdefghilmnoprstu") for _ in range(rng.randint(4, 12)))
        for _ in range(3000)
    }
    return sorted(set(_ENGLISH.split()) | extra)


def test_many_threads_stem_as_one_thread_does(fast_switching: None) -> None:
    vocabulary = _vocabulary()
    expected = {w: snowballstemmer.stemmer("english").stemWord(w) for w in vocabulary}
    assert expected["hiking"] == "hike" and expected["universities"] == "universiti"
    text._stem.cache_clear()  # every thread stems for real, racing to fill the cache

    def stem_all(seed: int) -> dict[str, str]:
        words = vocabulary[:]
        random.Random(seed).shuffle(words)
        return {w: text.keyword_terms(w)[0] for w in words}

    with ThreadPoolExecutor(max_workers=16) as pool:
        results = list(pool.map(stem_all, range(32)))
    for result in results:
        assert result == expected
    # And what the cache kept afterwards is right too.
    assert {w: text.keyword_terms(w)[0] for w in vocabulary} == expected


def test_many_threads_get_the_single_thread_keyword_terms(fast_switching: None) -> None:
    sentences = [
        "I'm allergic to peanuts and I have been hiking every weekend since May.",
        "我对花生过敏，下个月15号之前要完成方案 A 的组件 X。",
        "我喜欢用Python写代码, but my sister prefers cooking 四川菜.",
        "订单号 ORD-20240512-8891 已经发货了，我们周末去上海看望父母。",
    ] * 25
    single = [text.keyword_terms(s) for s in sentences]
    assert "花生" in single[1] and "hike" in single[0]

    def terms(seed: int) -> list[list[str]]:
        order = list(range(len(sentences)))
        random.Random(seed).shuffle(order)
        got = {i: text.keyword_terms(sentences[i]) for i in order}
        return [got[i] for i in range(len(sentences))]

    text._stem.cache_clear()
    with ThreadPoolExecutor(max_workers=12) as pool:
        for result in pool.map(terms, range(24)):
            assert result == single

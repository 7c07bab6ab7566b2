"""Words of a text for keyword search: one tokeniser, stopword list and stemmer for all of it.

The fulltext channel's query, the BM25 ranking of the candidate pool and the test for a terse
query all read words through here, so a memory and a query are always cut the same way.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

import snowballstemmer

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
# A Snowball stemmer keeps the word being stemmed in its own fields: one instance shared by
# threads returned wrong stems (and raised IndexError) under concurrent recalls, and the cache
# below then kept the wrong stem. One stemmer per thread; the cache holds only correct stems.
_STEMMERS = threading.local()


def _stemmer() -> snowballstemmer.stemmer:
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return stemmer


def words(text: str) -> list[str]:
    """Lower-case word tokens; apostrophes split ("Kate's" -> "kate", "s")."""
    return _WORD.findall(text.lower())


def content_words(text: str) -> list[str]:
    """The words of `text` that are not stopwords, in order."""
    return [w for w in words(text) if w not in STOPWORDS]


@lru_cache(maxsize=65_536)
def _stem(word: str) -> str:
    return str(_stemmer().stemWord(word))


def keyword_terms(text: str) -> list[str]:
    """Content words, Snowball-stemmed ("hiking", "hikes" -> "hike"): the terms BM25 counts."""
    return [_stem(w) for w in content_words(text)]


def episode_search_text(text: str, speaker: str | None) -> str:
    """What an episode is embedded and keyword-ranked as: who said it, then what was said.
    Questions name people ("What did Kate cook?"); with the speaker in the text both the
    embedding and BM25 can tell her messages apart (+2 points of recall@10 and +4 of MRR on
    REALTALK, bench/recall_quality.py)."""
    return f"{speaker}: {text}" if speaker else text

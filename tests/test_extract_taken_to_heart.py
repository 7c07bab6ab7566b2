"""One who takes a kind to heart, said of oneself ("I'm a dog lover", "a history buff", issue
11), with sentences written for it (not the benchmark's), and the near misses that stay
out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("We're both huge sci-fi junkies", "PREFERS", "sci-fi"),
        ("I'm a cat lover through and through", "PREFERS", "cat"),
        ("I'm a total history buff", "PREFERS", "history"),
        ("I'm a big fitness enthusiast", "PREFERS", "fitness"),
    ],
)  # fmt: skip
def test_one_who_takes_a_kind_to_heart(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert ("Emi", relation, thing) in [r[:3] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I'm a huge tea drinker these days",  # a drinker: a habit as often as a liking
        "I'm such a picky eater",  # how, not what
        "Wow you're a real fitness enthusiast!",  # a remark on the other
        "Are you a big coffee lover?",  # a question
        "If I were a wine connoisseur I'd know this",  # a hypothetical
    ],
)  # fmt: skip
def test_no_kind_taken_to_heart(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []

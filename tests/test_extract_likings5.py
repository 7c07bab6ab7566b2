"""Likings, fifth round (issue 11): chat's "fav" / "fave" for "favorite", each with sentences
written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS", "HAS_HOBBY")]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("My fav drink is boba", "boba", "drink"),
        ("my fave food is sushi", "sushi", "food"),
        ("pizza is my fav food", "pizza", "food"),
        ("Dune is one of my faves", "Dune", None),
        ("Ramen is my fave", "Ramen", None),
    ],
)  # fmt: skip
def test_fav_and_fave_are_favorite(
    extractor: RuleExtractor, text: str, thing: str, key: str | None
) -> None:
    assert ("Emi", "PREFERS", thing, key) in fact_rows(extractor, text)


def test_faves_listed_are_each_a_favorite(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "My faves are sushi and ramen")
    assert {("Emi", "PREFERS", "sushi", None), ("Emi", "PREFERS", "ramen", None)} <= set(rows)


@pytest.mark.parametrize(
    "text",
    [
        "whats your fav cereal?",  # a question
        "Her fav color is blue",  # someone else's
        "If I had to choose, my fave food would be sushi",  # a hypothetical
    ],
)  # fmt: skip
def test_no_fave_of_the_speaker(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi"] == []

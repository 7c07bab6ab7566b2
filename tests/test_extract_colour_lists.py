"""Favorite colours listed under a plural key are one PREFERS each, as any other listed favorite
("my favorite foods are sushi and ramen"): the parser hangs the second colour on the first as
a conjunct adjective, which the colour value's check once took for a clause and dropped."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "colours"),
    [
        ("My favorite colors are red and yellow.", ["red", "yellow"]),
        ("My favourite colours are teal, orange and black.", ["teal", "orange", "black"]),
        ("My favorite color is purple.", ["purple"]),
    ],
)  # fmt: skip
def test_each_listed_colour_is_a_favorite(extractor: RuleExtractor, text: str,
                                         colours: list[str]) -> None:
    rows = fact_rows(extractor, text)
    assert [(r, o) for _, r, o, _ in rows] == [("PREFERS", c) for c in colours]
    assert all(s == "Emi" for s, *_ in rows)


@pytest.mark.parametrize(
    "text",
    [
        "Are your favorite colors red and yellow?",  # a question
        "My favorite colors aren't red and yellow.",  # denied: no liking, no dislike either
        "Her favorite colors are red and yellow.",  # whose? no name
    ],
)  # fmt: skip
def test_no_favorite_colours(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "PREFERS"] == []

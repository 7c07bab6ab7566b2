"""A goal's object is what is wanted (issue 11, precision sweep): spans that say nothing of
it go ("in the future", "in my lifetime", "in general"); a time told stays."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I would love to invest into some art pieces later on in the future!",
         ("Emi", "HAS_GOAL", "invest into some art pieces", None)),
        ("I wanna see the northern lights in my lifetime",
         ("Emi", "HAS_GOAL", "see the northern lights", None)),
        ("I want to go to Japan in the spring.",
         ("Emi", "HAS_GOAL", "go to Japan in the spring", None)),
        # a place or a field after "in" is the goal's own
        ("I want to work in the game industry.",
         ("Emi", "HAS_GOAL", "work in the game industry", None)),
        ("I want to live in the city.", ("Emi", "HAS_GOAL", "live in the city", None)),
        ("I want to fall in love.", ("Emi", "HAS_GOAL", "fall in love", None)),
    ],
)  # fmt: skip
def test_goal_objects_leave_out_their_span(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I wanna see the northern lights in my lifetime",
         "see the northern lights in Emi's lifetime"),
        ("I want to get just be better in general", "be better in general"),
    ],
)  # fmt: skip
def test_goal_spans_are_not_objects(extractor: RuleExtractor, text: str, wrong: str) -> None:
    assert wrong not in {obj for _, _, obj, _ in fact_rows(extractor, text)}

"""Work, people and chat classes: a relationship status told with the children one has ("I'm
happily married with two kids"). Each with its negatives."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor

_MARRIED = ("Emi", "HAS_ATTRIBUTE", "married", "relationship status")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm happily married with two kids.",
         [_MARRIED, ("Emi", "HAS_RELATIVE", "two kids", "kids")]),
        ("I'm married with kids.", [_MARRIED, ("Emi", "HAS_RELATIVE", "kids", "kids")]),
        ("I'm married with a young daughter.", [_MARRIED]),
        ("I'm divorced with three grown children.",
         [("Emi", "HAS_ATTRIBUTE", "divorced", "relationship status")]),
        ("im married with 2 kids", [_MARRIED]),
    ],
)  # fmt: skip
def test_a_status_told_with_the_children_is_kept(extractor: RuleExtractor, text: str,
                                                expected: list[Row]) -> None:
    rows = fact_rows(extractor, text)
    for row in expected:
        assert row in rows


@pytest.mark.parametrize(
    "text",
    [
        "I'm engaged with a client right now.",  # busy, no status
        "I'm married with a mortgage.",  # a "with" of no child: left out as before
        "I'm engaged with the project.",
        "When I'm married with kids I'll move.",  # a time to come
    ],
)
def test_a_with_of_no_child_tells_no_status(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_ATTRIBUTE"]

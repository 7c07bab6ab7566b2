"""A thing pointed at with "those" / "these" and an adjective, which the parser splits off the
noun as an object of its own ("I love those catchy jingles", issue 11): what the chat told of,
no liking to store; the same noun without the pointer stays."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    "text",
    [
        "I love those catchy jingles",
        "honestly I hate those annoying popups",
        "I love these cozy blankets.",
    ],
)  # fmt: skip
def test_a_pointed_thing_split_off_is_no_liking(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")] == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I love catchy jingles", "catchy jingle"),
        ("I love spicy tacos.", "spicy taco"),
    ],
)  # fmt: skip
def test_the_same_things_unpointed_are_liked(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    rows = [r for r in fact_rows(extractor, text) if r[:2] == ("Emi", "PREFERS")]
    assert [r[2].lower() for r in rows] == [thing]

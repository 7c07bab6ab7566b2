"""A doing a past time was spent on was done, by the one who spent it: "I spent the morning
exploring a gallery" is read as "I explored a gallery" (carriers.spent_doing), so the place
explored or visited is VISITED; a time to be spent is a plan, and a span of work no visit."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str | None]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key) of each fact of one message said by Emi to Sam, but the
    relatives it names."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.predicate, f.triple.object.name, f.triple.key)
            for f in extractor.extract([item])[0].facts if f.triple.predicate != "HAS_RELATIVE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I spent the afternoon exploring a tiny art gallery in the old town",
         [("VISITED", "tiny art gallery", None)]),
        ("We spent the weekend visiting my aunt in Vermont", [("VISITED", "Vermont", None)]),
        ("I spent a whole day exploring Lisbon", [("VISITED", "Lisbon", None)]),
    ],
)  # fmt: skip
def test_a_place_a_past_time_was_spent_visiting_is_visited(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    assert _facts(extractor, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to spend the day exploring Lisbon",  # a plan
        "Did you spend the weekend exploring Lisbon?",  # a question
        "I spent years working at a bank in Lisbon",  # a span of work, no visit
    ],
)
def test_a_time_not_spent_visiting_is_no_visit(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in _facts(extractor, text) if row[0] == "VISITED"] == []

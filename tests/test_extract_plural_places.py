"""Places named in the plural only ("the hot springs", "the ruins", "the woods") are places one
visits like "the beach": the parser's lemma is their singular ("hot spring", "ruin", "wood"),
so the ontology's place list names that form too (VISITED, as "I went to the museum" is)."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str | None]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key) of each fact of one message said by Emi to Sam."""
    return [(relation, obj, key) for _, relation, obj, key in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We visited the hot springs near Banff last winter", [("VISITED", "hot spring", None)]),
        ("I went to the hot springs with my cousins", [("VISITED", "hot spring", None)]),
        ("We explored the old Mayan ruins in Tulum", [("VISITED", "old Mayan ruin", None)]),
        ("We went to the woods behind the lake over the weekend", [("VISITED", "wood", None)]),
    ],
)  # fmt: skip
def test_a_place_named_in_the_plural_is_visited(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    assert [row for row in _facts(extractor, text) if row[0] != "HAS_RELATIVE"] == expected


@pytest.mark.parametrize(
    "text",
    [
        "Have you been to the hot springs?",  # a question
        "I want to go to the hot springs someday",  # a wish: no visit yet
        "I've never been to the ruins",  # denied
    ],
)
def test_a_plural_place_not_visited_is_no_visit(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in _facts(extractor, text) if row[0] == "VISITED"] == []

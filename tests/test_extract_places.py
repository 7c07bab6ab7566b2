"""Places told in passing (issue 11): where the speaker lives said by "here in <place>", each
class with sentences written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _places(extractor: RuleExtractor, text: str, relation: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == relation]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("It's a rainy day here in Seattle!", "Seattle"),
        ("I teach math here in Denver, it's my fifth year.", "Denver"),
        ("Here in Chicago the winters are brutal.", "Chicago"),
        ("We tried a new taco place here in Austin last night.", "Austin"),
        ("Honestly, here in Boston we take our clam chowder seriously.", "Boston"),
    ],
)  # fmt: skip
def test_here_in_a_place_is_where_the_speaker_lives(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert ("Emi", "LIVES_IN", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "We're here in Lisbon on vacation.",  # a trip
        "I'm staying here in Rome for a week.",  # a stay
        "Just landed, so excited to visit my cousin here in Dublin!",  # a visit
        "I'll be here in Boston until Friday.",  # a stay with an end
        "If I were here in Paris I'd eat croissants every day.",  # a hypothetical
        "Is it cold here in Denver?",  # a question
        "My food should be here in a minute.",  # no place
        "It's so sunny here today.",  # "here" names no place
    ],
)  # fmt: skip
def test_here_in_a_place_visited_or_asked_is_no_home(
    extractor: RuleExtractor, text: str
) -> None:
    assert _places(extractor, text, "LIVES_IN") == []

"""What is next (up) on one's bucket list or wishlist is on it, a goal (issue 11, plans): "Zip
lining in Hawaii is next up on my bucket list" -> HAS_GOAL zip lining, as "... is on my bucket
list". A bare "list" with "next" stays out, as "at the top of my list" does (a ranking or a list
of likings), and so do questions and denials."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Zip lining is next up on my bucket list!", ("Emi", "HAS_GOAL", "zip lining", None)),
        ("honestly skydiving is next on my bucket list",
         ("Emi", "HAS_GOAL", "skydiving", None)),
        ("Bungee jumping is next on my travel wishlist.",
         ("Emi", "HAS_GOAL", "Bungee jumping", None)),
    ],
)  # fmt: skip
def test_what_is_next_on_a_bucket_list_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Greece is next on my list.",
        "Ramen is next on my list of favorites.",
        "Is Peru next on your bucket list?",
        "Skydiving is not next on my bucket list.",
    ],
)
def test_next_on_other_lists_stays_empty(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"] == []

"""A choice said in the simple present ("I pick lemon for fruit", "I choose the blue one") is
one of the moment, a game's or a poll's answer, as "I'd rather" is: the open fallback keeps no
fact of it; a choice made (past or perfect) stands, and a routine stays a habit."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I picked Lisbon for our honeymoon.", "Lisbon"),
        ("We've chosen a small venue in Porto for the wedding.", "small venue"),
    ],
)  # fmt: skip
def test_a_choice_made_stands(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[0] == "Emi" and r[2] == thing]


def test_a_chosen_routine_stays_a_habit(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I always pick the window seat on flights.")
    assert [r for r in rows if r[1] == "HAS_HABIT"], rows


@pytest.mark.parametrize(
    "text",
    [
        "I pick mango for the fruit round and carrots for the vegetables.",  # a game's answers
        "I choose the red one, it looks tastier.",  # a poll's answer
        "Ok I pick pancakes because they are easy to share.",
    ],
)  # fmt: skip
def test_a_choice_of_the_moment_is_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[0] == "Emi"] == []

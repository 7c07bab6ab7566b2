"""Pastimes told by their own verb (graph_memory/extract/pastimes.py): a phrase says the doing
is a pastime ("a lot", "in my spare time", "for years", "for fun"), or leisure time is spent
on it; a doing of the moment, a thing done and a denial are none."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.pastimes import gerund
from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I hike a lot.", ("Emi", "HAS_HOBBY", "hiking", None)),
        ("I paint in my spare time.", ("Emi", "HAS_HOBBY", "painting", None)),
        ("I've been knitting for years.", ("Emi", "HAS_HOBBY", "knitting", None)),
        ("I swim for fun.", ("Emi", "HAS_HOBBY", "swimming", None)),
        ("I've been running a lot lately.", ("Emi", "HAS_HOBBY", "running", None)),
        ("I spend my weekends hiking.", ("Emi", "HAS_HOBBY", "hiking", None)),
        ("I spend my free time reading manga.", ("Emi", "HAS_HOBBY", "reading manga", None)),
        ("My sister bakes a lot.", ("Emi's sister", "HAS_HOBBY", "baking", None)),
    ],
)  # fmt: skip
def test_pastimes_told_by_their_verb(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm painting the fence.",  # a doing of the moment, with its object
        "I cook a lot of pasta.",  # a thing done a lot, no pastime of its own
        "I spend time cooking.",  # no leisure time said
        "I ran a lot yesterday.",  # past, once
        "Personally I do not read a lot.",  # denied
        "I have heard and read a lot for Juventus.",  # the tense is the first verb's
        "Do you hike a lot?",  # a question
        "I think a lot.",  # no pastime verb
    ],
)
def test_no_pastime_without_its_telling(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "HAS_HOBBY"], found


def test_the_doing_is_spelled_as_its_gerund() -> None:
    assert [gerund(v) for v in ("hike", "run", "ski", "knit", "tie", "paint", "see")] == [
        "hiking", "running", "skiing", "knitting", "tying", "painting", "seeing"
    ]  # fmt: skip

"""A club, choir or band one belongs to now is a pastime (HAS_HOBBY): "I'm in a book club", "I
sing in a choir", "I've been part of the chess club for years"; sentences written for these
tests. The near misses stay out: a club said with no kind (a night out), a past, a denial, a
question, a hypothetical, a team of one's work."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


def _hobbies(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(r[0], r[2]) for r in fact_rows(extractor, text) if r[1] == "HAS_HOBBY"]


@pytest.mark.parametrize(
    ("text", "subject", "club"),
    [
        ("I'm in a book club with some coworkers.", "Emi", "book club"),
        ("I sing in a gospel choir.", "Emi", "gospel choir"),
        ("I play in a jazz band on weekends.", "Emi", "jazz band"),
        ("I've been part of the chess club for a while now.", "Emi", "chess club"),
        ("I'm a member of a hiking club.", "Emi", "hiking club"),
        ("My sister is in a book club.", "Emi's sister", "book club"),
    ],
)  # fmt: skip
def test_club_one_belongs_to(extractor: RuleExtractor, text: str, subject: str, club: str) -> None:
    assert (subject, club) in _hobbies(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm in a club right now.",  # a night out: which club, it does not say
        "I was in a band in high school.",  # a past
        "I'm not in a book club.",  # a denial
        "Are you in a book club?",  # a question
        "If I were in a band I would play drums.",  # a hypothetical
        "I'm part of the marketing team.",  # a team of one's work
        "I'm in a good mood.",
    ],
)  # fmt: skip
def test_no_club_hobby(extractor: RuleExtractor, text: str) -> None:
    assert _hobbies(extractor, text) == []

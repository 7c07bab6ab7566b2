"""Work, study and what recaps carry, second wave: a liking the addressee told, which the
small model misreads after "you" ("You told me you like action movies": like/IN). A hedge's
"like", a third person's words and a question are none."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You told me you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("I remember you told me you like action and comedy movies more.",
         ("Sam", "PREFERS", "comedy movie", None)),
        ("You said you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("I remember you said you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("You mentioned you like hiking.", ("Sam", "PREFERS", "hiking", None)),
    ],
)  # fmt: skip
def test_a_liking_the_addressee_told_is_theirs(extractor: RuleExtractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I told you like five times.",  # a hedge's "like": "you" is the one told
        "I told you like a million times, Sam.",
        "Did you say you like jazz?",  # a question
        "My friend told me she likes jazz.",  # someone else's words of herself, unnamed
    ],
)
def test_no_liking_from_a_hedge_or_a_question(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "PREFERS"]

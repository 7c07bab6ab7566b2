"""A clause the speaker disowns as they say it is no statement (issue 11, precision sweep):
under a denied "say", "mean" or "think", or a likeness ("it's (not) like I'm ...")."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    "text",
    [
        "That's not to say I'm an angry old man who yells at kids.",
        "It's not like I'm a professional chef.",
        "That doesn't mean I love sushi.",
        "I'm not saying I love hiking.",
        "I wouldn't say I'm a runner.",
        "I don't think I'm a gamer.",
        "It's like I'm a kid again.",
    ],
)
def test_disowned_clauses_make_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the speaker's own "I think", "I'd say", "I mean" still state it
        ("I think I'm a gamer.", ("Emi", "IS_A", "gamer", None)),
        ("I'd say I'm a runner.", ("Emi", "IS_A", "runner", None)),
        ("I mean, I love sushi.", ("Emi", "PREFERS", "sushi", None)),
        # a denial of the clause itself is kept as one
        ("Not that I'm a nurse or anything.", ("Emi", "IS_A", "nurse", None)),
    ],
)
def test_owned_clauses_still_state(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)

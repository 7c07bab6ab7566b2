"""A verb whose past is spelt as its present ("read"), placed in the past by its clause's time,
is past: the work read is a deed (DID [read]), as "I watched Dune last year" is
(same_form_pasts.py); with no time gone by it keeps the model's reading."""

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
        ("I read Piranesi last summer", [("DID", "Piranesi", "read")]),
        ("Recently I read \"The Midnight Library\" by Matt Haig, and it stayed with me",
         [("DID", "The Midnight Library", "read")]),
        ("We read Beloved two years ago in my book club", [("DID", "Beloved", "read")]),
    ],
)  # fmt: skip
def test_a_same_form_verb_at_a_past_time_is_past(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    assert [row for row in _facts(extractor, text) if row[0] in ("DID", "STATES")] == expected


@pytest.mark.parametrize(
    "text",
    [
        "I read before bed",  # a routine, no time gone by
        "Do you read much?",  # a question
        "I haven't read Piranesi yet",  # denied
    ],
)
def test_a_same_form_verb_with_no_past_time_tells_no_deed(
    extractor: RuleExtractor, text: str
) -> None:
    assert [row for row in _facts(extractor, text) if row[0] == "DID"] == []

"""A job named with its role, "a job as a cashier at Target": the parser hangs the workplace on
the role, not on "job", so WORKS_AT reads the preposition there too (as "I work as a nurse at
Mercy Hospital" is read); a time is no workplace ("a job at night")."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor


def _workplaces(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    """The workplaces the message affirms (a denied one is stored denied, not affirmed)."""
    return [(s, o) for s, r, o, _, negated in deniable_rows(extractor, text)
            if r == "WORKS_AT" and not negated]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got a job as a barista at Blue Bottle.", [("Emi", "Blue Bottle")]),
        ("I just landed a position as a data analyst with Deloitte.", [("Emi", "Deloitte")]),
        ("My brother got a job as a mechanic at Ford.", [("Emi's brother", "Ford")]),
        ("I have a job at Google.", [("Emi", "Google")]),
    ],
)  # fmt: skip
def test_the_workplace_of_a_job_named_with_its_role(extractor: RuleExtractor, text: str,
                                                    expected: list[tuple[str, str]]) -> None:
    assert _workplaces(extractor, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I got a job at night.",  # a time, not a place
        "I got a job as a cashier at night.",
        "Did you get a job as a cashier at Target?",  # a question
        "I didn't get the job as a cashier at Target.",  # denied (stored denied)
    ],
)  # fmt: skip
def test_no_workplace(extractor: RuleExtractor, text: str) -> None:
    assert _workplaces(extractor, text) == []

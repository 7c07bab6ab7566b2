"""What one signed up, registered or enrolled for, set ahead of the day, is a plan (issue 11,
plans; the guidelines' "one ahead ('... next week') -> HAS_GOAL"): "I signed up for a pottery
class next month" -> HAS_GOAL pottery class, no DID. Signed up for with no time, or done in a
month told of the past ("in April"), it stays a deed (DID [sign up]); questions, conditions and
pronouns say nothing."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I signed up for a watercolor class next month!",
         ("Emi", "HAS_GOAL", "watercolor class", None)),
        ("We registered for a half marathon next weekend.",
         ("Emi", "HAS_GOAL", "half marathon", None)),
        ("I just enrolled in a coding bootcamp for next semester.",
         ("Emi", "HAS_GOAL", "coding bootcamp", None)),
        ("Guess what, I signed up for a salsa workshop tomorrow",
         ("Emi", "HAS_GOAL", "salsa workshop", None)),
    ],
)  # fmt: skip
def test_what_is_signed_up_for_ahead_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert [row for row in rows if row[1] == "DID"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I signed up for a watercolor class.", ("Emi", "DID", "watercolor class", "sign up")),
        ("I signed up for a spin class yesterday.", ("Emi", "DID", "spin class", "sign up")),
        # a month told of a past verb may be when it was done
        ("I registered for the Chicago marathon in April.",
         ("Emi", "DID", "Chicago marathon", "register")),
    ],
)  # fmt: skip
def test_what_was_signed_up_for_stays_a_deed(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert [row for row in rows if row[1] == "HAS_GOAL"] == []


@pytest.mark.parametrize(
    "text",
    [
        "Did you sign up for the race next month?",
        "If I sign up for a class next week I'll let you know.",
        "I signed up for it next month.",
        "My sister signed up for it next week.",
    ],
)
def test_sign_ups_that_state_no_plan_stay_empty(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"] == []

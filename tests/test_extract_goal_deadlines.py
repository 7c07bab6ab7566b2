"""A goal's deadline or term is no part of what is wanted (issue 11, plans): "by the end of the
year", "by next summer", "during this semester", "after a long while" go, and the goal that was
too long to store with them is stored without them; a "by" of means stays ("travel by train"),
and a plan of the day stays out, however it is timed."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I want to improve my deadlift and my bench press by the end of the year, it's my big"
         " push at the gym!",
         ("Emi", "HAS_GOAL", "improve Emi's deadlift and Emi's bench press", None)),
        ("I'm hoping to learn Portuguese by next summer.",
         ("Emi", "HAS_GOAL", "learn Portuguese", None)),
        ("I hope to finish a half marathon by the time I turn thirty.",
         ("Emi", "HAS_GOAL", "finish a half marathon", None)),
        ("I've decided to take a minor in art history during this semester.",
         ("Emi", "HAS_GOAL", "take a minor in art history", None)),
        ("I've been trying to get back into painting after a long while of not painting.",
         ("Emi", "HAS_GOAL", "get back into painting", None)),
        # a "by" that says how, not when, is the goal's own
        ("I want to travel across Europe by train.",
         ("Emi", "HAS_GOAL", "travel across Europe by train", None)),
    ],
)  # fmt: skip
def test_goal_objects_leave_out_their_deadline(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I'm hoping to learn Portuguese by next summer.", "learn Portuguese by next summer"),
        ("I want to pass my driving test by the end of the month.",
         "pass Emi's driving test by the end of the month"),
    ],
)  # fmt: skip
def test_goal_deadlines_are_not_objects(extractor: RuleExtractor, text: str, wrong: str) -> None:
    assert wrong not in {obj for _, _, obj, _ in fact_rows(extractor, text)}


@pytest.mark.parametrize(
    "text",
    [
        # plans of the day stay out, with or without their time
        "I'm thinking of taking a long walk in the park later in the afternoon.",
        "Im thinking about going to the park in the morning with my family.",
        # a deadline cut from a goal that names nothing leaves nothing
        "I want to get it done by the end of the week.",
        "I need to finish my homework by tonight.",
    ],
)
def test_timed_plans_of_the_day_stay_empty(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"] == []

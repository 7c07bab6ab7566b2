"""Routines told through a verb of keeping at them ("I always make sure to", "I try to", "I
have to ... every day", "I tend to ..."): the routine is the verb below the carrier,
with the carrier's tense, subject and frequency; sentences written for these tests. The near
misses stay out: one day's duty, a past try, a plan, a question, advice, a denial, a condition."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


def _habits(extractor: RuleExtractor, text: str) -> list[tuple[str, str, str | None]]:
    return [(r[0], r[2], r[3]) for r in fact_rows(extractor, text) if r[1] == "HAS_HABIT"]


@pytest.mark.parametrize(
    ("text", "subject", "thing", "key"),
    [
        ("I always make sure to stretch before bed.", "Emi", "stretch", "before bed"),
        ("I try to go to the gym every morning.", "Emi", "go to the gym", "every morning"),
        ("I have to feed the chickens every day before school.", "Emi", "feed the chickens", None),
        ("I usually have to take the train to school.", "Emi", "take the train", "to school"),
        ("I tend to walk to work every day.", "Emi", "walk", "to work"),
        ("I always continue to journal before bed.", "Emi", "journal", "before bed"),
        ("I have to wake up at 6 am every day.", "Emi", "wake up", "every day"),
        ("My sister always makes sure to water her plants every Sunday.", "Emi's sister",
         "water her plants", "every Sunday"),
    ],
)  # fmt: skip
def test_routine_kept_at(
    extractor: RuleExtractor, text: str, subject: str, thing: str, key: str | None
) -> None:
    habits = _habits(extractor, text)
    assert any(h[0] == subject and h[1] == thing for h in habits), habits
    if key is not None:
        assert (subject, thing, key) in habits


@pytest.mark.parametrize(
    "text",
    [
        "I have to go to work.",  # one day's duty, no frequency or recurring time
        "I have to go to the dentist today.",  # one day
        "I tried to bike to work every day last year.",  # a past try
        "I'll try to run every morning.",  # a plan
        "I try to eat healthy.",  # no mark of routine
        "Do you always make sure to stretch?",  # a question
        "You should always try to stretch before a run.",  # advice
        "I don't always make sure to stretch before bed.",  # a denial
        "If I have time I always try to swim on weekends.",  # a condition
        "I had to wake up at 6 every day that week.",  # a past
    ],
)  # fmt: skip
def test_no_routine_kept_at(extractor: RuleExtractor, text: str) -> None:
    assert _habits(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("I swim almost every day.", "swim", "every day"),
        ("I continue to train almost every day.", "train", "every day"),
        ("I stretch nearly every morning.", "stretch", "every morning"),
    ],
)  # fmt: skip
def test_almost_every_day_recurs(extractor: RuleExtractor, text: str, thing: str, key: str) -> None:
    # the parser reads the "every" of "almost every day" a number: still a recurring time
    assert ("Emi", thing, key) in _habits(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I trained almost every day last summer.",  # a past
        "I'm training almost every day this week.",  # one week
    ],
)  # fmt: skip
def test_almost_every_day_of_a_past_or_one_week(extractor: RuleExtractor, text: str) -> None:
    assert _habits(extractor, text) == []

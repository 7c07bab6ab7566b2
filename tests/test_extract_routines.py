"""Routines the habit rules missed (issue 11), each class with sentences written for it (not
the benchmark's), and the near misses that stay out: a one-time deed, a denial, a question,
a hypothetical, someone else's routine."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


def _habits(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(r[0], r[2]) for r in fact_rows(extractor, text) if r[1] == "HAS_HABIT"]


@pytest.mark.parametrize(
    ("text", "subject", "thing"),
    [
        ("I usually get a mango lassi, it's a classic.", "Emi", "get a mango lassi"),
        ("I always just get the miso soup", "Emi", "get the miso soup"),
        ("I usually get oat milk in my coffee", "Emi", "get oat milk"),
        ("my brother always gets the spicy ramen", "Emi's brother", "get the spicy ramen"),
    ],
)  # fmt: skip
def test_what_one_gets_as_a_rule(
    extractor: RuleExtractor, text: str, subject: str, thing: str
) -> None:
    assert (subject, thing) in _habits(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I got a mango lassi today",  # one time
        "I usually don't get the ramen",  # a denial
        "Do you usually get the ramen?",  # a question
        "I would usually get the ramen if they had it",  # a hypothetical
        "You usually get the ramen",  # the addressee's, told by the speaker
        "My friend usually gets the ramen",  # someone else's, unnamed
        "I always get super anxious before exams",  # a change of state, no object
        "I usually get up at 7",  # a particle verb
        "I usually get it",  # a pronoun
        "I always get my nails done",  # a deed done to the object
    ],
)  # fmt: skip
def test_get_that_is_no_routine(extractor: RuleExtractor, text: str) -> None:
    assert not [h for h in _habits(extractor, text) if h[1].startswith("get")]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("I go to the gym twice a week", "go to the gym", "twice a week"),
        ("I use the blue shampoo once a week", "use the blue shampoo", "once a week"),
        ("I swim 3 times a week", "swim", "3 times a week"),
        ("I work out 3 days a week", "work out", "3 days a week"),
        ("I go to the gym everyday", "go to the gym", "every day"),
        ("I run everyday", "run", "every day"),
    ],
)  # fmt: skip
def test_a_rate_or_everyday_keys_a_routine(
    extractor: RuleExtractor, text: str, thing: str, key: str
) -> None:
    assert ("Emi", "HAS_HABIT", thing, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I went to the gym twice last week",  # done, not kept
        "I worked out 3 days last week",
        "I don't go to the gym everyday",  # a denial
        "Do you go to the gym twice a week?",  # a question
        "You should go to the gym twice a week",  # advice
        "I would go to the gym twice a week if I had time",  # a hypothetical
        "My friend goes to the gym twice a week",  # someone else's, unnamed
    ],
)  # fmt: skip
def test_a_rate_that_tells_no_routine(extractor: RuleExtractor, text: str) -> None:
    assert not _habits(extractor, text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I have been going to the Carillon Spa for massages for the past few years.",
         "go to the Carillon Spa"),
        ("I've been going to therapy for 2 months", "go to therapy"),
        ("I've been going to the local library for years", "go to the local library"),
    ],
)  # fmt: skip
def test_a_place_gone_to_for_years(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", thing) in _habits(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I've been going to Paris for a week",  # one stay
        "I'm going to the gym for two months",  # a plan
        "I've been working on it for years",  # how long, not how often
        "I've been going to that gym for years",  # which gym, the chat knows
        "Have you been going to therapy for years?",  # a question
        "I haven't been going to the gym for months",  # a denial
    ],
)  # fmt: skip
def test_a_span_that_tells_no_routine(extractor: RuleExtractor, text: str) -> None:
    assert not [h for h in _habits(extractor, text) if h[1].startswith("go")]


def test_a_hyphenated_modifier_stays_whole(extractor: RuleExtractor) -> None:
    assert ("Emi", "get dairy-free yogurt") in _habits(extractor, "I usually get dairy-free yogurt")
    # a dash between clauses is no modifier's hyphen
    text = "I usually take the bus to work - it's cheap"
    assert ("Emi", "take the bus") in _habits(extractor, text)

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

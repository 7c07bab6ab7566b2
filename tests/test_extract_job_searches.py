"""A search under way for a job or a home is a goal of the speaker's ("I'm looking for a new
job", "I'm job hunting", chat's subjectless "Did some more studying and job hunting", "as for
my job search"), named as "I'll begin looking for a new apartment" is; a search for anything
else, one past, denied, supposed, for someone else or over is none."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(subject, relation, object, negated) of each fact of one message by Emi to Sam."""
    return [(s, r, o, negated) for s, r, o, _, negated in deniable_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I'm looking for a job.", "look for a job"),
     ("I have been looking for a job all day, but didn't find anything yet.", "look for a job"),
     ("I'm looking for a new job.", "look for a new job"),
     ("im looking for a new apartment", "look for a new apartment"),
     ("I've been searching for an internship for months.", "look for an internship"),
     ("I'm still looking for work.", "look for work"),
     ("I've been job hunting.", "look for a job"),
     ("im house hunting rn", "look for a house"),
     ("Did some more studying and job hunting", "look for a job"),
     ("As for my job search, I appreciate your support.", "look for a job")],
)  # fmt: skip
def test_a_search_for_a_job_or_a_home_is_a_goal(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("Emi", "HAS_GOAL", goal, False) in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I'm looking for my keys.", "I'm looking for something to watch.",
     "I was looking for a job last year.", "I'm not looking for a job.",
     "Are you looking for a job?", "If I'm looking for a job, I'll call you.",
     "My brother is looking for a job.", "I'm looking for a job for my brother.",
     "You're looking for a job, right?", "My friend is job hunting.",
     "My job search is over, I got hired!", "I'm looking for a home for the kittens.",
     "I'm looking for some work to do today."],
)  # fmt: skip
def test_no_other_search_is_a_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] == "HAS_GOAL"]

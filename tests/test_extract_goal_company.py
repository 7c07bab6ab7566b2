"""Who comes along is no part of a goal: a goal too long to store whole that names its thing
drops its "with my ..." company ("I'm gonna try to plan an outing to Jurassic Fight Night
with my buddies" -> "plan an outing to Jurassic Fight Night"); a long goal naming nothing
stays refused, a short one keeps its company, and a question is no goal."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor


def _goals(extractor: RuleExtractor, text: str) -> list[str]:
    """The objects of each HAS_GOAL of one message said by Emi to Sam."""
    return [o for _, r, o, _, _ in deniable_rows(extractor, text) if r == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [("Im gonna try to plan an outing to Jurassic Fight Night with my buddies",
      "plan an outing to Jurassic Fight Night"),
     ("I'm gonna go to a Taylor Swift concert in Chicago with my best friend",
      "go to a Taylor Swift concert in Chicago"),
     ("I want to go see a kpop concert with a friend", "go see a kpop concert with a friend")],
)  # fmt: skip
def test_a_long_named_goal_drops_its_company(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert goal in _goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["Im thinking about going to the park in the morning with my family and soaking up some sun",
     "Are you gonna plan an outing to Jurassic Fight Night with your buddies?"],
)  # fmt: skip
def test_a_long_goal_naming_nothing_or_a_question_is_no_goal(
    extractor: RuleExtractor, text: str
) -> None:
    assert _goals(extractor, text) == []

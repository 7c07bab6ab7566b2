"""What the speaker aims or strives to do is the goal itself, as what they try to do is: "I'm
going to aim to run a marathon" -> HAS_GOAL "run a marathon" (not "aim to run a marathon");
a denial, a question and a hollow aim stay out."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor


def _goals(extractor: RuleExtractor, text: str) -> list[tuple[str, bool]]:
    """(object, negated) of each HAS_GOAL of one message said by Emi to Sam."""
    return [(o, n) for _, r, o, _, n in deniable_rows(extractor, text) if r == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I'm going to aim to run a marathon", "run a marathon"),
     ("I'm gonna aim to be an amazing chef", "be an amazing chef"),
     ("I'm gonna try to make a tiramisu", "make a tiramisu")],
)  # fmt: skip
def test_the_goal_aimed_at_is_the_goal(extractor: RuleExtractor, text: str, goal: str) -> None:
    assert (goal, False) in _goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I'm not gonna aim to run a marathon", "Are you going to aim to run a marathon?",
     "I'm gonna strive to be better"],
)  # fmt: skip
def test_an_aim_denied_asked_or_hollow_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert [g for g in _goals(extractor, text) if not g[1]] == []

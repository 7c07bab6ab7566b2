"""Plans of the evening that name a specific thing are goals (HAS_GOAL): a dish made ("tonight
I'm making lasagna", "I'm gonna cook some pasta tonight"), a skill learned ("tonight we'll be
learning to make homemade pasta"), a named thing taken in ("I'm watching Oppenheimer tonight").
A passing plan of the day (a meal, a movie, a pronoun), a question, a plan on a condition, a
plan denied, another's plan and the addressee's plan told back stay no fact of the speaker's."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor


def _goals(extractor: RuleExtractor, text: str) -> list[tuple[str, str, bool]]:
    """(subject, object, negated) of each HAS_GOAL of one message said by Emi to Sam."""
    return [(s, o, n) for s, r, o, _, n in deniable_rows(extractor, text) if r == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [("tonight I'm making lasagna", "make lasagna"),
     ("I'm making lasagna tonight", "make lasagna"),
     ("I'm baking banana bread later", "bake banana bread"),
     ("I'm gonna cook some pasta tonight", "cook some pasta"),
     ("Tonight, we'll be learning to make homemade pasta from scratch.",
      "learn to make homemade pasta from scratch"),
     ("I'm watching Oppenheimer tonight", "watch Oppenheimer")],
)  # fmt: skip
def test_an_evening_plan_with_a_specific_thing_is_a_goal(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("Emi", goal, False) in _goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I'm cooking dinner tonight", "I'm gonna cook dinner tonight", "I'm making dinner tonight",
     "I'm watching a movie tonight", "I'm playing games tonight", "I'm making plans tonight",
     "I'm making something later", "I'm making a call later", "I'm gonna make it tonight",
     "I'm making that recipe tonight", "I'm going to the store later", "I'm seeing Sam tonight"],
)  # fmt: skip
def test_a_passing_plan_of_the_evening_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert _goals(extractor, text) == []


@pytest.mark.parametrize(
    "text",
    ["Are you making lasagna tonight?", "Are we making lasagna tonight?",
     "If I have time I'm making lasagna tonight", "I might make lasagna tonight",
     "Sam is making lasagna tonight", "You're making lasagna tonight!"],
)  # fmt: skip
def test_a_question_a_condition_or_another_s_plan_is_no_goal_of_the_speaker(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [g for g in _goals(extractor, text) if g[0] == "Emi"]


def test_an_evening_plan_denied_is_no_goal(extractor: RuleExtractor) -> None:
    assert not [g for g in _goals(extractor, "I'm not making lasagna tonight") if not g[2]]

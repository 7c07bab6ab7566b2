"""An outing or a visit planned is named by where it goes, as a trip is: "I'm planning an
outing to Jurassic Fight Night" -> HAS_GOAL "outing to Jurassic Fight Night", "a visit to
Japan"; a bare "an outing", "a visit" says nothing (which?) and is no goal, nor is a question."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor


def _goals(extractor: RuleExtractor, text: str) -> list[str]:
    """The objects of each HAS_GOAL of one message said by Emi to Sam."""
    return [o for _, r, o, _, _ in deniable_rows(extractor, text) if r == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I'm planning an outing to Jurassic Fight Night", "outing to Jurassic Fight Night"),
     ("I'm planning an outing to the zoo", "outing to zoo"),
     ("I'm planning a visit to Japan", "visit to Japan"),
     ("I'm planning a trip to Japan", "trip to Japan")],
)  # fmt: skip
def test_an_outing_planned_is_named_by_where_it_goes(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert goal in _goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I'm planning an outing", "I'm planning a visit", "Are you planning a visit to Japan?"],
)  # fmt: skip
def test_a_bare_outing_or_a_question_is_no_goal(
    extractor: RuleExtractor, text: str
) -> None:
    assert _goals(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I'm planning a small get-together with some friends", "small get-together"),
     ("We're planning a big get-together for the holidays", "big get-together")],
)  # fmt: skip
def test_a_hyphenated_gathering_with_its_modifier_is_still_a_planned_gathering(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    # the parser heads "get-together" with "together": the listed word is the hyphenated one
    assert goal in _goals(extractor, text)


def test_a_gathering_asked_about_is_no_goal(extractor: RuleExtractor) -> None:
    assert _goals(extractor, "Are you planning a small get-together?") == []

"""An event or a trip ahead that the speaker calls upcoming is a plan of theirs: "my upcoming
spring break vacation", "I've been going to the gym for an upcoming body building competition"
-> HAS_GOAL the event; not the other's ("your upcoming trip"), one of no one ("there's an
upcoming concert", "the upcoming season"), a supposition or a question."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(subject, relation, object, negated) of each fact of one message by Emi to Sam."""
    return [(s, r, o, negated) for s, r, o, _, negated in deniable_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "event"),
    [("Today, I spent some time planning my upcoming spring break vacation, and I'm beyond "
      "excited about it.", "spring break vacation"),
     ("ive been going to the gym to build up some muscle for an upcoming body building "
      "competition, itll be my first time", "body building competition"),
     ("I'm so nervous about my upcoming recital.", "recital"),
     ("I bought a new dress for my upcoming wedding.", "wedding")],
)  # fmt: skip
def test_an_upcoming_event_of_the_speakers_is_a_goal(
    extractor: RuleExtractor, text: str, event: str
) -> None:
    assert ("Emi", "HAS_GOAL", event, False) in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["Your upcoming road trip through the southwestern USA sounds exciting.",
     "Good luck on your upcoming semester.", "There's an upcoming concert in town.",
     "I can't wait for the upcoming season.", "Are you ready for your upcoming exam?",
     "If my upcoming concert gets cancelled I'll cry."],
)  # fmt: skip
def test_no_other_upcoming_thing_is_a_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] == "HAS_GOAL"]

"""Pastimes, likings and routines said in chat's own ways (issue 11): classes of phrasing the
earlier rounds left open, each with sentences written for it (not the benchmark's), and the
near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor

_HOBBY = ("PREFERS", "HAS_HOBBY", "HAS_HABIT")


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...] = _HOBBY) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I usually jog.", "jogging"),
        ("I often swim at the lake near my house.", "swimming"),
        ("I hike regularly.", "hiking"),
        ("I also usually bake with my kids.", "baking"),
        ("I normally paint in the garage.", "painting"),
        # chat's run-on, read as a relative clause of the laugh
        ("nice lol i usually jog or go to the gym", "jogging"),
    ],
)  # fmt: skip
def test_a_pastime_verb_told_with_how_often(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("Emi", "HAS_HOBBY", doing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I usually run late.",  # an idiom of the day, no pastime
        "I often run out of time.",
        "I always cook too much.",
        "I usually run into trouble with that.",
        "Do you usually jog?",  # a question
        "I don't usually swim.",  # a denial
        "If I'm stressed I usually bake.",  # a routine of a mood, not a pastime told
        "When I'm bored I usually draw.",
        "That's the trail I usually hike.",  # the trail's clause
        "She usually runs.",  # who, the chat knows
        "I sometimes swim.",  # too seldom said to be a pastime
    ],
)  # fmt: skip
def test_no_pastime_from_how_often(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _rows(extractor, text) if r[1] == "HAS_HOBBY"] == []


@pytest.mark.parametrize(
    ("text", "obj", "key"),
    [
        # a recurring time or a routine context stays the routine's key, read as a habit
        ("I usually paint on weekends.", "paint", "every weekend"),
        ("I always read before bed.", "read", "before bed"),
    ],
)  # fmt: skip
def test_a_timed_pastime_stays_a_keyed_habit(
    extractor: RuleExtractor, text: str, obj: str, key: str
) -> None:
    assert _rows(extractor, text) == [("Emi", "HAS_HABIT", obj, key)]

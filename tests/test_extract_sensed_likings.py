"""A thing liked or disliked through a sense ("I love the smell of rain", "I hate the texture of
tofu", issue 11), with sentences written for it (not the benchmark's), and the near misses
that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I love the smell of fresh cut grass.", "PREFERS", "smell of fresh cut grass"),
        ("I really like the taste of matcha", "PREFERS", "taste of matcha"),
        ("I hate the texture of tofu.", "AVOIDS", "texture of tofu"),
        ("I can't stand the sound of chewing", "AVOIDS", "sound of chewing"),
        ("I kind of hate the feeling of wet socks", "AVOIDS", "feeling of wet sock"),
    ],
)  # fmt: skip
def test_a_thing_liked_through_a_sense(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert ("Emi", relation, thing) in [r[:3] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I love the sound of that!",  # a reaction
        "That sounds fun, I love the sound of it.",  # a pronoun
        "I love the smell of your candles.",  # the other's
        "I love the taste of the soup you made.",  # one of the chat's
        "Do you like the taste of olives?",  # a question
        "I love the sweet taste of victory.",  # an idiom: the sense described
    ],
)  # fmt: skip
def test_no_sensed_thing(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []

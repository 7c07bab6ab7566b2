"""A favorite marked "go to" with a space ("Chai is my go to drink") and a thing named alone
and then called a favorite ("Pho! That's my favorite soup", issue 11), with sentences written
for them (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("Ramen is my go to dish when it's cold out.", "Ramen", "dish"),
        ("Chai is honestly my go to drink", "Chai", "drink"),
        ("Board games and Mario Kart are my go to games for parties.", "Mario Kart", "game"),
        ("a veggie wrap is my usual go to", "veggie wrap", None),
    ],
)  # fmt: skip
def test_go_to_with_a_space_is_a_favorite(
    extractor: RuleExtractor, text: str, thing: str, key: str | None
) -> None:
    assert ("Emi", "PREFERS", thing, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I go to the park to read most days.",  # the verb, no favorite
        "What's your go to breakfast?",  # a question
    ],
)  # fmt: skip
def test_go_to_stays_a_verb_or_asks(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("Turkey club with extra pickles. It's my go to sandwich", "Turkey club", "sandwich"),
        ("Pho! That's my favorite soup.", "Pho", "soup"),
        ("Peanut butter cookies. They're my go-to snack", "Peanut butter cookie", "snack"),
        ("Autumn. It's my favorite season by far.", "autumn", "season"),
    ],
)  # fmt: skip
def test_a_thing_named_alone_then_called_a_favorite(
    extractor: RuleExtractor, text: str, thing: str, key: str | None
) -> None:
    rows = fact_rows(extractor, text)
    assert any(r[:2] == ("Emi", "PREFERS") and r[2].lower() == thing.lower() and r[3] == key
               for r in rows), rows


@pytest.mark.parametrize(
    "text",
    [
        "Good evening! It's my favorite time of day.",  # a greeting
        "Thanks so much! It's my favorite.",  # a thanks
        "That pie. It's my favorite.",  # pointed at in the chat
        "Same here. It's my favorite.",  # nothing named
        "Your lasagna. It's my favorite dish.",  # the other's
        "Pancakes. It's not my favorite breakfast.",  # denied: no favorite
    ],
)  # fmt: skip
def test_no_favorite_from_a_fragment_that_names_nothing(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in _likings(extractor, text) if r[1] == "PREFERS"] == []

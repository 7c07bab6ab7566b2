"""Likings whose value the small model misreads (issue 11): a favorite's value read as a passive
participle ("my favorite topping is salsa"), and a definite work named by a proper noun ("I love
the Harry Potter books"); each with sentences written for it and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "things", "key"),
    [
        ("My favorite toppings are salsa and lime", {"salsa", "lime"}, "topping"),
        ("My favorite topping is salsa lol", {"salsa"}, "topping"),
        ("my favourite toppings are salsa and lime", {"salsa", "lime"}, "topping"),
    ],
)  # fmt: skip
def test_a_favorite_read_as_a_participle(
    extractor: RuleExtractor, text: str, things: set[str], key: str
) -> None:
    rows = _likings(extractor, text)
    assert {r[2].lower() for r in rows if r[1] == "PREFERS" and r[3] == key} == things


@pytest.mark.parametrize(
    "text",
    [
        "My favorite band is called Radiohead",  # a true participle: the name, not "called"
        "my favorite store is closed",
        "is your favorite topping salsa?",  # a question
        "the pizza is salsa",  # no favorite
    ],
)  # fmt: skip
def test_a_true_participle_stays(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in _likings(extractor, text) if r[2].lower() in ("called", "closed",
                                                                          "salsa")]


@pytest.mark.parametrize(
    ("text", "subject", "relation", "thing"),
    [
        ("I love the Harry Potter books", "Emi", "PREFERS", "harry potter book"),
        ("My sister loves the Harry Potter books", "Emi's sister", "PREFERS", "harry potter book"),
        ("I really like the Marvel movies", "Emi", "PREFERS", "marvel movie"),
        ("I don't like the Marvel movies", "Emi", "AVOIDS", "marvel movie"),
    ],
)  # fmt: skip
def test_a_work_named_with_the(
    extractor: RuleExtractor, text: str, subject: str, relation: str, thing: str
) -> None:
    rows = _likings(extractor, text)
    assert (subject, relation, thing) in [(r[0], r[1], r[2].lower()) for r in rows]


@pytest.mark.parametrize(
    "text",
    [
        "I love the books",  # no name: the chat's books
        "I love the books you sent",  # the chat's
        "I love the first books",  # which, unnamed
        "Do you like the Harry Potter books?",  # a question
        "If I had time I would read the Harry Potter books",  # a hypothetical
        "I love the vibe",
    ],
)  # fmt: skip
def test_no_work_named_with_the(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "subject", "relation", "thing", "key"),
    [
        ("There's a coffee shop I love called Blue Bottle", "Emi", "PREFERS", "Blue Bottle",
         "coffee shop"),
        ("I love a little bakery called Tartine", "Emi", "PREFERS", "Tartine", "bakery"),
        ("I really like this game called hollow knight", "Emi", "PREFERS", "hollow knight",
         "game"),
        ("My sister loves a bakery called Tartine", "Emi's sister", "PREFERS", "Tartine",
         "bakery"),
    ],
)  # fmt: skip
def test_a_liking_named_with_called(
    extractor: RuleExtractor, text: str, subject: str, relation: str, thing: str, key: str
) -> None:
    assert (subject, relation, thing, key) in _likings(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Do you like a coffee shop called Blue Bottle?",  # a question
        "If I went there I would love a bakery called Tartine",  # a hypothetical
        "I want a ball python named Bernie",  # wanted: not had yet
        "I'd love a dog called Max",
        "I love coffee shops",  # no name: the kind stays, with no key
    ],
)  # fmt: skip
def test_no_liking_named_with_called(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in _likings(extractor, text) if r[2] in ("Blue Bottle", "Tartine")]


def test_a_routine_keeps_a_name_split_as_an_apposition(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I always order the pad thai")
    assert ("Emi", "HAS_HABIT", "order the pad thai", None) in rows


@pytest.mark.parametrize(
    "text",
    [
        "Do you always order the pad thai?",  # a question
        "I always call my sister, Ana",  # an apposition set off by a comma: a person's name
    ],
)  # fmt: skip
def test_no_routine_with_an_apposition(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_HABIT" and (
        "thai" in r[2] or "Ana" in r[2])]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I loved the movie Inception", "Inception"),
        ("I like the movie Inception", "Inception"),
    ],
)  # fmt: skip
def test_a_name_after_its_kind(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", "PREFERS", thing) in [r[:3] for r in _likings(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I love the movie theater",  # no name: a place
        "Do you like the movie Inception?",  # a question
        "My friend thinks I'd like the movie Inception",  # someone else's guess
    ],
)  # fmt: skip
def test_no_name_after_its_kind(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in _likings(extractor, text) if r[0] == "Emi" and r[1] == "PREFERS"]

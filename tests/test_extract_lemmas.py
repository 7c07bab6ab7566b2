"""Plural nouns in "-ies" (issue 11): the singular is "-y" ("berries" -> berry) or "-ie"
("cookies" -> cookie); where the lemmatizer's tables know both singulars ("cooky" and
"cookie") they are one word, and the object takes the "-ie" spelling people write now."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.lemmas import ie_singular
from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I love cookies", "cookie"),
        ("I am a big fan of smoothies!", "smoothie"),
        ("I like brownies a lot", "brownie"),
        ("I really like hoodies", "hoodie"),
    ],
)  # fmt: skip
def test_an_ie_plural_keeps_its_ie(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I love berries", "berry"),
        ("I love parties", "party"),
        ("I love puppies", "puppy"),
    ],
)  # fmt: skip
def test_a_y_plural_keeps_its_y(extractor: RuleExtractor, text: str, thing: str) -> None:
    rows = [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]
    assert ("PREFERS", thing) in rows
    assert ("PREFERS", thing[:-1] + "ie") not in rows


def test_the_ie_singular_needs_both_a_y_lemma_and_a_known_ie_noun() -> None:
    nouns = {"cookie", "cooky", "berry"}
    assert ie_singular("cookies", "cooky", nouns) == "cookie"
    assert ie_singular("berries", "berry", nouns) is None  # no noun "berrie"
    assert ie_singular("cookies", "cookie", nouns) is None  # the lemmatizer had it right


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("I love cookies, brownies, smoothies and zombie movies",
         {"cookie", "brownie", "smoothie", "zombie movie"}),
        ("I like hiking, biking and board games", {"hiking", "biking", "board game"}),
    ],
)  # fmt: skip
def test_a_lists_last_item_keeps_its_modifier(
    extractor: RuleExtractor, text: str, things: set[str]
) -> None:
    # the model split the last item at its first word ("board" an item, "games" a 2nd object)
    assert {r[2].lower() for r in fact_rows(extractor, text) if r[1] == "PREFERS"} == things


def test_a_real_verb_after_the_list_is_left(extractor: RuleExtractor) -> None:
    rows = [(r[1], r[2].lower()) for r in fact_rows(extractor, "I love cookies and watch movies")]
    assert ("PREFERS", "cookie") in rows
    assert ("PREFERS", "watch movie") not in rows

"""Generic objects (issue 11): a plural kind counted by "many" or "several", or "some" things
said only to be new, names nothing done or liked ("I learned some new techniques", "I've
watched many football matches"); a name, a phrase that says which, a dish made, things owned
stay."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        # "many", "several", "numerous" count a kind without saying which
        ("I've watched many football matches.", "DID"),
        ("Yes I've watched many football matches, mainly with my dad.", "DID"),
        ("I watched several documentaries.", "DID"),
        ("I've read many novels.", "DID"),
        ("I've attended many concerts.", "ATTENDED"),
        ("I love many cuisines.", "PREFERS"),
        ("I've visited many countries.", "STATES"),
        ("We played numerous board games.", "DID"),
        # "some" things said only to be new
        ("I learned some new techniques and tried my hand at making pasta.", "DID"),
        ("I learned some new skills at the workshop.", "DID"),
        ("I learned some new words.", "DID"),
    ],
)
def test_counted_or_new_kinds_make_no_fact(
    extractor: RuleExtractor, text: str, relation: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == relation] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name in the phrase says which
        ("I watched many Juventus matches.", ("Emi", "DID", "Juventus match", "watch")),
        # a dish made with "some" is one made, as the guidelines' "cooked some pasta"
        ("I made some very delicious tacos.", ("Emi", "DID", "very delicious taco", "make")),
        ("I came home and cooked some pasta.", ("Emi", "DID", "pasta", "cook")),
        # a thing praised, not only new, says what was done
        ("I tried some new hydrating creams.", ("Emi", "DID", "new hydrating cream", "try")),
        # one new thing is one thing
        ("I tried a new latte with peppermint.", ("Emi", "DID", "new latte", "try")),
        # things had or bought are owned, however many
        ("I bought some new shoes.", ("Emi", "OWNS", "shoe", "buy")),
        ("I have several cats.", ("Emi", "HAS_PET", "cats", "cats")),
        # a place that says which stays
        ("I have visited several museums in Rome.", ("Emi", "VISITED", "museum", None)),
    ],
)  # fmt: skip
def test_kinds_that_say_which_stay(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a hike gone on that day, with nothing but a time of day or praise beside it
        "Went on a hike today",
        "I went on a hike this morning.",
        "I've had a pretty good day so far. I went for a morning hike, and now I'm relaxing.",
        "Yesterday we went for a quick hike.",
    ],
)
def test_a_hike_of_the_day_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "DID"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # not told of the day: an outing made
        ("We went on a hike last summer.", ("Emi", "DID", "hike", "go")),
        ("I went on a hike.", ("Emi", "DID", "hike", "go")),
        # a hike that says which, or an outing that is no round of the day
        ("I went on a 10 mile hike today.", ("Emi", "DID", "mile hike", "go")),
        ("I did the Inca Trail hike today.", ("Emi", "DID", "Inca Trail hike", "do")),
        ("I went on a road trip today.", ("Emi", "DID", "road trip", "go")),
        ("Today I went on a first date with a colleague.", ("Emi", "DID", "first date", "go")),
    ],
)  # fmt: skip
def test_outings_that_say_which_or_are_not_of_the_day_stay(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a generic thing whose field is only pointed at: which field, the chat knows
        "I'm taking a class in that field next semester.",
        "I want to get a job in that industry.",
        "I want to learn more about that topic.",
    ],
)
def test_a_goal_in_a_field_pointed_at_is_none(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_GOAL"] == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        # the field named, or a thing of its own that says what it is
        ("I want to take a class in marine biology next semester.",
         "take a class in marine biology"),
        ("I want to get a degree in computer science.", "get a degree in computer science"),
        ("I want to start a bakery in this town.", "start a bakery in this town"),
        # a thing beside the goal may point: the goal is the refund
        ("I want to get a refund for these shoes.", "get a refund for these shoes"),
    ],
)  # fmt: skip
def test_a_goal_with_its_field_named_stays(extractor: RuleExtractor, text: str, goal: str) -> None:
    assert ("Emi", "HAS_GOAL", goal, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a mix pointed at, of a bare generic kind: the chat's dish, no liking of the kind
        "That sounds like a great amount of flavour in that burger! Love the mix of ingredients.",
        "I love the variety of dishes.",
        "I love the mix of music.",
    ],
)
def test_the_mix_of_a_generic_kind_is_no_liking(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"] == []


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        # "a variety of" is the kind liked; a mix that says which or where stays
        ("I love a variety of dishes.", "dish"),
        ("I love the mix of fresh ingredients.", "fresh ingredient"),
        ("I love the variety of food in Japan.", "food"),
    ],
)
def test_a_mix_that_says_which_stays(extractor: RuleExtractor, text: str, liked: str) -> None:
    assert ("Emi", "PREFERS", liked, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "liked"),
    [
        # a lower-case full name the parser cut after its first word is kept whole
        ("Like i love gordon ramsay", "gordon ramsay"),
        ("i love gordon ramsay", "gordon ramsay"),
        # a name the phrase already holds, and a capitalised one, are unchanged
        ("I love taylor swift.", "taylor swift"),
        ("I love Gordon Ramsay.", "Gordon Ramsay"),
    ],
)
def test_a_lower_case_full_name_is_kept_whole(
    extractor: RuleExtractor, text: str, liked: str
) -> None:
    assert ("Emi", "PREFERS", liked, None) in fact_rows(extractor, text)



def test_a_lower_case_pet_name_stays_the_pets(extractor: RuleExtractor) -> None:
    # "i love my dog max": the name is the pet's (lowercase_names), no person's name grows
    assert ("Emi", "HAS_PET", "Max", "dog") in fact_rows(extractor, "i love my dog max")


@pytest.mark.parametrize(
    "text",
    [
        # parts of a place heightened only ("crystal clear", "ice cold"): no one thing judged
        "The crystal clear waters are nice but many people prefer the Caribbean.",
        "The crystal clear waters are nice.",
        "The ice cold drinks were great.",
    ],
)
def test_heightened_parts_are_no_topic(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The crystal clear waters of Santorini are nice.",
         ("Emi", "HAS_OPINION", "crystal clear water of Santorini", "nice")),
        ("The new Batman movie was great.", ("Emi", "HAS_OPINION", "new Batman movie", "great")),
        ("The Harry Potter books are amazing.",
         ("Emi", "HAS_OPINION", "Harry Potter book", "amazing")),
    ],
)  # fmt: skip
def test_named_things_judged_stay(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)

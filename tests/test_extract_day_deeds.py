"""A day's deeds that name a specific thing are facts (the guidelines: "a specific thing done
or planned counts"): a deed done is DID keyed by its verb, one under way as it is told a plain
open statement; a day's doings with nothing specific in them stay out (day_deeds.py)."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str | None]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key) of each fact of one message said by Emi to Sam, but the
    relatives the message names."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.predicate, f.triple.object.name, f.triple.key)
            for f in extractor.extract([item])[0].facts if f.triple.predicate != "HAS_RELATIVE"]


# --- a meal that names a dish ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just had a costco hot dog", [("DID", "costco hot dog", "have")]),
        ("I ate steak today which was nice", [("DID", "steak", "eat")]),
        ("I had a shawarma wrap from this new place near my house",
         [("DID", "shawarma wrap", "have")]),
        ("I just ate soup and appetizers", [("DID", "soup", "eat"), ("DID", "appetizer", "eat")]),
        ("I had some bbq today.", [("DID", "bbq", "have")]),
        # the praise before a dish is no part of it
        ("Anyway i had some good pizza earlier", [("DID", "pizza", "have")]),
        ("I had a pretty great burrito today", [("DID", "burrito", "have")]),
    ],
)  # fmt: skip
def test_a_meal_that_names_a_dish_is_a_deed(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    assert _facts(extractor, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # a meal by its time, or food, coffee and a snack with nothing specific
        "I just ate dinner",
        "Yeah but i had way too much food outside lol",
        "Just ate some diner food",
        "I had some nice hot coffee",
        # "have" with no dish is no meal
        "Today I had school and then a surprise quiz",
        "I had a group project at work today",
        "I had 3 packs on the train trip",
        "Had a really wild dream today",
        # a denial of the day; a clause of one's youth tells no day
        "I haven't eaten anything today",
        "I had a fish when I was a kid",
    ],
)  # fmt: skip
def test_a_meal_with_nothing_specific_is_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _facts(extractor, text) if r[0] in ("DID", "STATES")] == []


# --- a doing of the day that names a thing ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hey I just found a stray cat and shes super chill", ("DID", "stray cat", "find")),
        ("I just finished playing some volleyball with my friends!",
         ("DID", "volleyball", "play")),
        ("Today I played tennis with my brother.", ("DID", "tennis", "play")),
        ("Heres a picture of the field me and my friends played football at today!",
         ("DID", "football", "play")),
        ("Today was a fantastic day for me - I hit the golf course and had a blast.",
         ("DID", "golf course", "hit")),
        # what was going on at a moment told, done by now
        ("I was deep frying some corn dogs", ("DID", "corn dog", "fry")),
    ],
)  # fmt: skip
def test_a_doing_of_the_day_that_names_a_thing_is_a_deed(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = _facts(extractor, text)
    assert expected in rows
    assert [r for r in rows if r[0] == "STATES"] == []  # a deed, no plain statement besides


@pytest.mark.parametrize(
    "text",
    [
        # coming and going, a light doing, a reading or a recipe of the day
        "Just got back from the gym",
        "I ran to the dry cleaning to drop off some clothes.",
        "I just left the office not too long ago",
        "I was just mostly taking a breather and not doing anything",
        "I was just finishing up some reading",
        "I followed an online recipe this time",
        # a work unnamed, generic things, a new thing of a kind with no name
        "I'm just sitting at a cafe with a smoothie and reading a magazine!",
        "I was watching a documentary",
        "Today I saw some stray cats outside my apartment.",
        "I played some games with my friends today.",
        "I played the new dlc yesterday.",
        # a chore of the home
        "I cleaned up my room today",
        # a name the parser cut short is no thing named
        "I played some league of legends today.",
        "Right now I'm playing brahms intermezzo op 118 no. 2",
    ],
)  # fmt: skip
def test_a_doing_of_the_day_with_nothing_specific_is_no_fact(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in _facts(extractor, text) if r[0] in ("DID", "STATES")] == []


# --- a deed under way as it is told -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm painting some pottery right now", ("STATES", "pottery", "paint")),
        ("I'm eating some pistachios.", ("STATES", "pistachio", "eat")),
        ("Im eating popcorn rn so idk", ("STATES", "popcorn", "eat")),
        ("Im having some fruit lassi right now", ("STATES", "fruit lassi", "have")),
        ("I am a bit sick today. Now I am hanging out with friends. We are playing truth or "
         "dare.", ("STATES", "truth or dare", "play")),
    ],
)  # fmt: skip
def test_a_deed_under_way_is_a_plain_statement_not_yet_done(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = _facts(extractor, text)
    assert expected in rows
    assert [r for r in rows if r[0] == "DID"] == []


@pytest.mark.parametrize(
    "text",
    ["Morning im cooking some food rn", "I'm eating some food.", "Right now I'm cleaning my room.",
     "I'm having a coffee right now", "I'm wearing a hoodie right now",
     "I'm writing an essay right now"],
)  # fmt: skip
def test_a_doing_under_way_with_nothing_specific_is_no_fact(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in _facts(extractor, text) if r[0] in ("DID", "STATES")] == []


# --- a dish got ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got a caramel latte from a local coffee shop!", ("DID", "caramel latte", "get")),
        ("Nice i got some ice cream", ("DID", "ice cream", "get")),
        ("I got a sandwich", ("DID", "sandwich", "get")),
    ],
)  # fmt: skip
def test_a_dish_got_is_a_deed(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["Nah i got an iron gut", "I got some food and it wasnt even good", "I got a coffee",
     "I got a flu and a back pain", "I'm getting a latte",
     "I got some carrots, peppers and some chicken for the soup."],
)  # fmt: skip
def test_a_thing_got_that_is_no_dish_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _facts(extractor, text) if r[0] in ("DID", "STATES")] == []

"""Precision of what is stored, second pass, by class of phrasing: a means of travel taken is
how one went, no deed; a meal of the day made is its passing business; an ex, unnamed, and
friends counted are no relationship; a pronoun set off in quotes is no title, and a quoted title
keeps its case; videos watched and a part of a game played are no open fact; a meal or
supplies ordered name no item; a bare run or stroll is the round of a day; knowing one's own
kind ("you know your cats") is an expertise, no pet; what one feels will happen is no goal;
a level of skill ("not an expert", "a newbie") is no identity."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


def _relations(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(relation, obj) for _, relation, obj, _ in fact_rows(extractor, text)]


# --- a means of travel taken -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I took the bus to work.",
        "I took my car to work today.",
        "We took the train across Europe.",
        "I caught a cab home after the party.",
        "I took an uber to the airport.",
    ],
)  # fmt: skip
def test_a_means_of_travel_taken_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    vehicles = {"bus", "car", "Emi's car", "train", "cab", "uber"}
    assert not [row for row in _relations(extractor, text) if row[1] in vehicles]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I took a pottery class last week.", ("DID", "pottery class")),
        ("I bought a new car.", ("OWNS", "car")),
    ],
)  # fmt: skip
def test_other_things_taken_or_a_car_bought_stay(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- a meal of the day made ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["I made some breakfast.", "I made lunch before work.", "I cooked brunch today."]
)
def test_a_meal_of_the_day_made_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] in ("DID", "STATES")]


def test_a_dish_cooked_stays_a_deed(extractor: RuleExtractor) -> None:
    assert ("DID", "pasta") in _relations(extractor, "I came home and cooked some pasta.")


# --- relationships: an ex, friends counted -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I saw my ex today driving near my house.",
        "I've unfollowed my ex on social media.",
        "I realistically only have 11 or 12 friends who would show up.",
        "I have three close friends.",
        "I have a lot of good friends at work.",
    ],
)  # fmt: skip
def test_an_unnamed_ex_or_friends_counted_are_no_relationship(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_RELATIVE"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("My ex Tom called me yesterday.", ("HAS_RELATIVE", "Tom")),
        ("I have two roommates.", ("HAS_RELATIVE", "two roommates")),
        ("I have 3 kids.", ("HAS_RELATIVE", "3 kids")),
        ("My best friend lives in Ohio.", ("HAS_RELATIVE", "best friend")),
        ("I have two best friends.", ("HAS_RELATIVE", "two best friends")),
    ],
)  # fmt: skip
def test_a_named_ex_roommates_and_kids_counted_stay(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- words in quotes -----------------------------------------------------------------------


def test_a_pronoun_in_quotes_is_no_title(extractor: RuleExtractor) -> None:
    assert _relations(extractor, 'I love "it".') == []


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ('I enjoyed "Up".', ("PREFERS", "Up")),
        ('I recently enjoyed "Where the Crawdads Sing".', ("PREFERS", "Where the Crawdads Sing")),
        ('I started reading "Dune".', ("STATES", "Dune")),
    ],
)  # fmt: skip
def test_a_quoted_title_keeps_its_case(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- videos watched, a part of a game played -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I started watching some YouTube videos.",
        "I've been playing the expansion for the Capcom game Monster Hunter World.",
        "I played the new dlc yesterday.",
    ],
)  # fmt: skip
def test_videos_watched_and_a_part_of_a_game_are_no_open_fact(
    extractor: RuleExtractor, text: str
) -> None:
    objects = [obj.lower() for _, obj in _relations(extractor, text)]
    assert not [obj for obj in objects if "video" in obj or "expansion" in obj or "dlc" in obj]


def test_a_game_played_stays(extractor: RuleExtractor) -> None:
    assert ("DID", "Elden Ring") in _relations(extractor, "I played Elden Ring yesterday.")


# --- a meal or supplies ordered ------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["Just ordered some lunch", "I ordered some food.", "I order more supplies to fix it."]
)
def test_a_meal_or_supplies_ordered_name_no_item(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "ORDER_CONTAINS"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I ordered a blue kettle and two mugs.", ("ORDER_CONTAINS", "blue kettle")),
        ("I ordered pizza for dinner.", ("ORDER_CONTAINS", "pizza")),
    ],
)  # fmt: skip
def test_a_thing_ordered_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- the round of a day: a run, a jog, a stroll ---------------------------------------------


@pytest.mark.parametrize(
    "text", ["I went on a run as usual.", "I went for a jog.", "We went on a stroll after dinner."]
)
def test_a_bare_run_or_stroll_is_no_open_fact(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "STATES"]


def test_a_business_run_stays(extractor: RuleExtractor) -> None:
    assert ("STATES", "small bakery") in _relations(extractor, "I run a small bakery.")


# --- knowing one's own kind --------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["You really know your cats.", "Wow you know your dogs!", "I know my wines."]
)
def test_knowing_ones_own_kind_is_no_pet_or_person(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text)
                if row[0] in ("HAS_PET", "HAS_RELATIVE")]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I love my cats.", ("HAS_PET", "cats")),
        ("You know your mom loves you.", ("HAS_RELATIVE", "mom")),
    ],
)  # fmt: skip
def test_ones_own_pet_or_kin_otherwise_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- what one feels will happen; a level of skill ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I feel like im gonna turn into a psychopath but i need to stay calm",
        "I feel like I'm going to fail the exam.",
    ],
)  # fmt: skip
def test_what_one_feels_will_happen_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I'm going to visit Japan next year.", ("HAS_GOAL", "visit Japan")),
        ("Im gonna buy new shoes", ("HAS_GOAL", "buy new shoes")),
    ],
)  # fmt: skip
def test_a_plan_said_plainly_stays_a_goal(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "As for me, I'm not an expert in planes, but I'm interested in aviation.",
        "im still a newbie in building muscle",
        "I'm a total beginner at chess.",
    ],
)  # fmt: skip
def test_a_level_of_skill_is_no_identity(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "IS_A"]


@pytest.mark.parametrize(
    ("text", "role"), [("I'm a nurse.", "nurse"), ("I'm a writer myself.", "writer")]
)
def test_an_occupation_stays_an_identity(extractor: RuleExtractor, text: str, role: str) -> None:
    assert ("IS_A", role) in _relations(extractor, text)


# --- a list written with bullets -----------------------------------------------------------


def test_words_across_a_bullet_are_no_object(extractor: RuleExtractor) -> None:
    text = ("Ingredients are your choice, but I like the following: • Tomato, diced • Onion , "
            "diced or sliced • Garlic, whole cloves or sliced, however you like them")
    assert not [obj for _, obj in _relations(extractor, text) if "•" in obj]


def test_a_liking_beside_a_list_stays(extractor: RuleExtractor) -> None:
    assert ("PREFERS", "garlic") in _relations(extractor, "I love garlic.")


# --- a set phrase joined by "or" -----------------------------------------------------------


def test_trick_or_treating_is_one_doing(extractor: RuleExtractor) -> None:
    rows = _relations(extractor, "We went trick or treating last year.")
    assert ("DID", "trick or treating") in rows
    assert ("DID", "trick") not in rows


def test_two_doings_joined_by_or_stay_two(extractor: RuleExtractor) -> None:
    rows = _relations(extractor, "I love hiking or swimming.")
    assert ("PREFERS", "hiking") in rows

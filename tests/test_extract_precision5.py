"""Precision of what is stored, third pass, by class of phrasing: a modal typed with a doubled
letter still hedges; a goal of a light verb and hollow words ("be better", "give more of a dark
vibe") and a daydream of trading lives name nothing to do; a hollow noun alone and a kind
pointed at ("that kind of software") name nothing liked; things and topics are no field
studied; short videos scrolled through are no deed; a partner of school work, the addressee's
relative in a supposition and a pet had once are no one had now."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.chat_spelling import typed_modal
from graph_memory.extract.rules import RuleExtractor


def _relations(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(relation, obj) for _, relation, obj, _ in fact_rows(extractor, text)]


# --- a modal typed with a doubled letter ---------------------------------------------------


@pytest.mark.parametrize(
    ("word", "modal"),
    [("mightt", "might"), ("woulld", "would"), ("mayy", "may"), ("couldd", "could"),
     ("willl", "will"), ("might", None), ("mighty", None), ("hill", None), ("cannon", None)],
)  # fmt: skip
def test_a_modal_typed_with_a_doubled_letter_is_told(word: str, modal: str | None) -> None:
    assert typed_modal(word) == modal


@pytest.mark.parametrize(
    "text",
    [
        "now that you mention it I mightt try and make some pasta tomorrow.",
        "I mightt go to Japan next year.",
        "I mayy visit Rome in the spring.",
    ],
)  # fmt: skip
def test_a_hedge_typed_with_a_doubled_letter_is_no_goal(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_GOAL"]


def test_a_wish_typed_with_a_doubled_letter_stays(extractor: RuleExtractor) -> None:
    assert ("HAS_GOAL", "visit Rome") in _relations(extractor, "I woulld love to visit Rome.")


# --- a hollow goal ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I don't have anything in particular but I want to get just be better in general",
        "I wanna give more of a dark vibe you know",
        "If I can pull this off I'm definitely gonna try my best",
        "I want to have fun this year",
        "I'd like to switch lives with a food critic",
        "I wish I could swap places with my cat",
    ],
)  # fmt: skip
def test_a_goal_of_hollow_words_or_a_daydream_is_none(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("Im trying to become a better gift giver", "become a better gift giver"),
        ("I want to get better at chess", "get better at chess"),
        ("I want to be famous and rich", "be famous and rich"),
        ("I'm going to give Emsibeth a try", "give Emsibeth a try"),
        ("I want to make more money", "make more money"),
        ("I want to switch careers next year", "switch careers"),
    ],
)  # fmt: skip
def test_a_goal_with_a_thing_of_its_own_stays(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("HAS_GOAL", goal) in _relations(extractor, text)


# --- a hollow noun alone, a kind pointed at ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I'm glad we both found activities that we enjoy.",
        "Yeah I'm not a fan of that kind of software.",
        "I like those kinds of games.",
        "I hate this type of weather.",
    ],
)  # fmt: skip
def test_a_hollow_noun_or_a_kind_pointed_at_is_no_liking(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I love outdoor activities.", ("PREFERS", "outdoor activity")),
        ("I love all kinds of music.", ("PREFERS", "music")),
        ("I love space.", ("PREFERS", "space")),
        ("I'm not a fan of horror movies.", ("AVOIDS", "horror movie")),
    ],
)  # fmt: skip
def test_a_named_kind_is_a_liking(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- things studied ---------------------------------------------------------------------------


def test_things_and_topics_are_no_field_studied(extractor: RuleExtractor) -> None:
    text = "Lately I've been studying topics like technology, art, and even some fun facts."
    studied = {obj for relation, obj in _relations(extractor, text) if relation == "STUDIES"}
    assert studied == {"technology", "art"}


# --- short videos -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Because I watched so many youtube shorts and tiktoks.",
        "I watched a clip of the game.",
        "I've been watching reels all night.",
    ],
)  # fmt: skip
def test_short_videos_watched_are_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] in ("DID", "STATES")]


def test_a_work_watched_is_still_a_deed(extractor: RuleExtractor) -> None:
    assert ("DID", "Selma") in _relations(extractor, "I watched Selma last night.")


# --- a partner of school work -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Me and my partner had to do a presentation for our math class",
        "My lab partner is great.",
        "My study partner and I met at the library.",
    ],
)  # fmt: skip
def test_a_partner_of_school_work_is_no_relationship(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_RELATIVE"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("Me and my partner went to Paris.", ("HAS_RELATIVE", "partner")),
        ("I live with my partner.", ("HAS_RELATIVE", "partner")),
        ("My business partner Tom is smart.", ("HAS_RELATIVE", "Tom")),
    ],
)  # fmt: skip
def test_a_partner_in_life_or_named_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- the addressee's relative in a supposition ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "think about it though, if your kid came across a fish and killed it, it would be fine.",
        "If your boyfriend cheated on you, would you forgive him?",
    ],
)  # fmt: skip
def test_the_addressees_relative_in_a_supposition_is_no_one(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_RELATIVE"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("If my sister visits, we will go hiking.", ("Emi", "HAS_RELATIVE", "sister")),
        ("Your kid is so cute!", ("Sam", "HAS_RELATIVE", "kid")),
    ],
)  # fmt: skip
def test_ones_own_relative_in_a_supposition_or_a_plain_one_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str, str]
) -> None:
    assert row in [(s, r, o) for s, r, o, _ in fact_rows(extractor, text)]


# --- a pet had once ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "they looked at me funny when I told them I only had dogs before",
        "I had a dog when I was a kid.",
        "I've had cats before.",
    ],
)  # fmt: skip
def test_a_pet_had_once_is_no_pet_now(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_PET"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("I had dogs before but now I have a cat.", ("HAS_PET", "cat")),
        ("I've had my dog for 5 years.", ("HAS_PET", "dog")),
        ("I got a puppy last week.", ("HAS_PET", "puppy")),
        ("I used to have a dog.", ("HAS_PET", "dog")),
    ],
)  # fmt: skip
def test_a_pet_had_now_or_got_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- a reason given for a guess, a virtue practised --------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I dunno maybe she was just shy and gave in because I exuded confidence",
        "Perhaps he left early because I mentioned the budget.",
        "I'm proceeding step by step and practicing patience with myself.",
        "I've been practicing gratitude lately.",
    ],
)  # fmt: skip
def test_a_guessed_reason_or_a_virtue_practised_is_no_open_fact(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "STATES"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("She was upset because I exuded confidence.", ("STATES", "confidence")),
        ("I've been practicing the violin lately.", ("HAS_HOBBY", "violin")),
    ],
)  # fmt: skip
def test_a_reason_told_as_so_or_a_skill_practised_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "My partner and I took a dance class last week.",
        "My partner and I are working on a home renovation project.",
    ],
)  # fmt: skip
def test_a_partner_beside_a_class_or_a_project_of_any_kind_stays(
    extractor: RuleExtractor, text: str
) -> None:
    assert ("HAS_RELATIVE", "partner") in _relations(extractor, text)


# --- a relative or a pet to come ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I have covid and I dont want my future wife to get sick",
        "My future kids will love this.",
        "My ideal partner would be kind.",
    ],
)  # fmt: skip
def test_a_relative_to_come_is_no_one_had(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] in ("HAS_RELATIVE", "HAS_PET")]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("My wife is a nurse.", ("HAS_RELATIVE", "wife")),
        ("My older brother lives in Ohio.", ("HAS_RELATIVE", "older brother")),
    ],
)  # fmt: skip
def test_a_relative_had_now_stays(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)


# --- a practice finished ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "As for me, I finished my soccer practice like I've told you before",
        "I just finished basketball practice.",
    ],
)  # fmt: skip
def test_a_practice_finished_is_the_round_of_a_day(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] in ("DID", "STATES")]


def test_a_work_finished_stays(extractor: RuleExtractor) -> None:
    assert ("DID", "Emi's thesis") in _relations(extractor, "I finished my thesis.")


# --- a state of the moment or a judgement as an attribute ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Man my room is freezing right now, I should put on a sweater",
        "My room is freezing today.",
        "Our cities alone are such a difficult concept to grasp",
    ],
)  # fmt: skip
def test_a_state_of_the_moment_or_a_judgement_is_no_attribute(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in _relations(extractor, text) if row[0] == "HAS_ATTRIBUTE"]


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("My shoe size is 9.", ("HAS_ATTRIBUTE", "9")),
        ("My car is a Honda.", ("HAS_ATTRIBUTE", "Honda")),
        ("My shoe size is now 10.", ("HAS_ATTRIBUTE", "10")),
    ],
)  # fmt: skip
def test_a_lasting_value_is_an_attribute(
    extractor: RuleExtractor, text: str, row: tuple[str, str]
) -> None:
    assert row in _relations(extractor, text)

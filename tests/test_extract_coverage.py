"""Lasting facts in messages that gave none (issue 11: coverage of fact-less REALTALK
messages), with the real spaCy model, a class of phrasing each, positive and negative: an
effort under way ("I'm trying to ..."), a return told with "back", what one uses, a doing
looked into or long worked on, a doing gone to ("go skydiving"), a weekday in the plural as a
routine's time, a name followed by "my favorite", an interest gained, a thing one keeps."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor


def goals_of(extractor: Extractor, text: str) -> list[str]:
    return [obj for _, rel, obj, _ in fact_rows(extractor, text) if rel == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("Yeah I'm trying to get a gameboy but I don't wanna pay that much.", "get a gameboy"),
        ("I've been trying to save money for a car.", "save money for a car"),
        ("I'm trying to become stronger.", "become stronger"),
        ("Im trying to lose weight.", "lose weight"),
        ("I am really trying my best to get into a job at Google.", "get into a job at Google"),
        # a time the chat alone knows is no part of the goal
        ("I am trying to rush to gold before then.", "rush to gold"),
    ],
)
def test_an_effort_under_way_is_a_goal(extractor: Extractor, text: str, goal: str) -> None:
    assert goal in goals_of(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I tried to fix the sink.",  # past: done or given up, no goal now
        "I try to eat healthy.",  # a habit, not an effort under way
        "I'm trying to think of what else to make.",  # a moment's thought
        "I'm trying to print out some forms right now.",  # an errand of the moment
        "I'm trying to enjoy a cup of tea before bed.",
        "I've been trying to play games to distract myself.",
        "I'm not trying to be rude.",
        "You're trying to resolve the issue.",  # the addressee's effort, told by the speaker
        "I've been trying to harvest it regularly.",  # what "it" is, the chat knows
    ],
)
def test_an_effort_of_the_moment_or_of_someone_else_is_no_goal(
    extractor: Extractor, text: str
) -> None:
    assert goals_of(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'm thinking of going back to school myself.", "go back to school"),
        ("I want to get back into reading.", "get back into reading"),
        ("I've been trying to get back into running.", "get back into running"),
        ("I want to go back to Japan.", "go back to Japan"),
    ],
)
def test_a_return_told_with_back_keeps_where_it_goes(
    extractor: Extractor, text: str, goal: str
) -> None:
    assert goal in goals_of(extractor, text)


@pytest.mark.parametrize("text", ["I want to go back.", "I'm trying to go back now."])
def test_back_without_a_place_names_no_goal(extractor: Extractor, text: str) -> None:
    assert goals_of(extractor, text) == []


def owned_by(extractor: Extractor, text: str) -> list[tuple[str, str]]:
    return [(subject, obj) for subject, rel, obj, _ in fact_rows(extractor, text) if rel == "OWNS"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Instead of lotion, I use liquid coconut oil to moisturize after a shower.",
         "liquid coconut oil"),
        ("I use Cetaphil cleanser every morning.", "Cetaphil cleanser"),
        ("I also use sheet masks as they are hydrating.", "sheet mask"),
        ("I sometimes use an aluminum pan as a temporary litter box.", "aluminum pan"),
    ],
)
def test_what_the_speaker_uses_as_a_habit_is_owned(
    extractor: Extractor, text: str, thing: str
) -> None:
    assert ("Emi", thing) in owned_by(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm using the computer right now.",  # the moment's use
        "I used a grill for the burgers.",  # one use, past
        "I don't use Facebook.",
        "I use the bathroom a lot.",
        "I only use it when I'm sick.",  # what "it" is, the chat knows
        "I've been using your tips and tricks for blonde hair.",  # advice, no thing
        "Kandinsky uses colors to show spirituality.",  # how a painter paints
        "Do you use Spotify?",
    ],
)
def test_a_use_of_the_moment_a_denied_one_or_someone_elses_owns_nothing(
    extractor: Extractor, text: str
) -> None:
    assert owned_by(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'm looking into adopting a cat.", "adopt a cat"),
        ("We're looking into getting a dog.", "get a dog"),
        ("I've been working on improving my cooking.", "improve Emi's cooking"),
        ("My resolution is to go to the gym more.", "go to the gym"),
    ],
)
def test_a_doing_looked_into_or_long_worked_on_is_a_goal(
    extractor: Extractor, text: str, goal: str
) -> None:
    assert goal in goals_of(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm working on finishing my homework right now.",  # a task of the day
        "I'm working on it.",
        "I've been working on it.",
        "I'm looking into the problem.",  # no doing
        "I looked into buying a house but it was too expensive.",  # weighed and done with
    ],
)
def test_a_task_of_the_day_or_a_thing_looked_into_is_no_goal(
    extractor: Extractor, text: str
) -> None:
    assert goals_of(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I've always wanted to go skydiving.", "go skydiving"),
        ("I want to go surfing someday.", "go surfing"),
        ("I'm going to go skydiving next month.", "go skydiving"),
    ],
)
def test_a_doing_gone_to_is_the_goal_whatever_the_parser_tags_it(
    extractor: Extractor, text: str, goal: str
) -> None:
    assert goal in goals_of(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I want to go shopping today.",  # a plan of the day
        "I'm gonna go shopping today.",
        "I don't want to go skydiving.",
        "Do you want to go surfing?",
        "If I had money I'd go skydiving.",
    ],
)
def test_a_doing_gone_to_today_denied_asked_or_supposed_is_no_goal(
    extractor: Extractor, text: str
) -> None:
    assert goals_of(extractor, text) == []


def habits_of(extractor: Extractor, text: str) -> list[tuple[str, str | None]]:
    return [(obj, key) for _, rel, obj, key in fact_rows(extractor, text) if rel == "HAS_HABIT"]


@pytest.mark.parametrize(
    "text", ["I always cook on Sundays.", "I cook on Sundays.", "I cook every Sunday."]
)
def test_a_weekday_in_the_plural_is_a_recurring_time(extractor: Extractor, text: str) -> None:
    assert ("cook", "every Sunday") in habits_of(extractor, text)


@pytest.mark.parametrize("text", ["I cooked on Sunday.", "I'm cooking on Sunday."])
def test_one_weekday_is_no_routine(extractor: Extractor, text: str) -> None:
    assert habits_of(extractor, text) == []


def liked(extractor: Extractor, text: str) -> list[tuple[str, str | None]]:
    return [(obj, key) for _, rel, obj, key in fact_rows(extractor, text) if rel == "PREFERS"]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("We went to Nobu, my favorite restaurant.", "Nobu", "restaurant"),
        ("I watched Inception, one of my favorite movies, again.", "Inception", "movie"),
        ("I had dinner at Nobu, my favorite.", "Nobu", None),
        ('I have watched a lot, but one of my favorites its "The Hangover".', "The Hangover", None),
    ],
)
def test_a_name_followed_by_my_favorite_is_liked(
    extractor: Extractor, text: str, thing: str, key: str | None
) -> None:
    assert (thing, key) in liked(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Thanks, my favorite person!",  # no name
        "Nobu isn't my favorite restaurant.",
        "I'll see you soon, Sam, my favorite!",  # the one spoken to
    ],
)
def test_my_favorite_without_a_name_or_to_the_addressee_likes_nothing(
    extractor: Extractor, text: str
) -> None:
    assert liked(extractor, text) == []


def test_a_bare_favorite_names_no_common_noun_after_it(extractor: Extractor) -> None:
    text = 'This is what I had at "Jack\'s Wife Freda", my favorite: Poached egg and salmon bagel!'
    assert "poached egg" not in [obj.lower() for obj, _ in liked(extractor, text)]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("After watching the show I did develop a certain interest in law.", "law"),
        ("I developed an interest in law.", "law"),
        ("I took an interest in birds.", "bird"),
    ],
)
def test_an_interest_gained_is_liked(extractor: Extractor, text: str, thing: str) -> None:
    assert thing in [obj for obj, _ in liked(extractor, text)]


@pytest.mark.parametrize(
    "text", ["I had a passion for cooking.", "Did you develop an interest in law?"]
)
def test_an_interest_had_once_or_asked_about_is_not_liked(
    extractor: Extractor, text: str
) -> None:
    assert liked(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I have a car.", "car"),
        ("We have a beach house.", "beach house"),
        ("I have a new laptop.", "laptop"),
        ("I have two cars.", "car"),
    ],
)
def test_a_thing_one_keeps_is_owned(extractor: Extractor, text: str, thing: str) -> None:
    assert ("Emi", thing) in owned_by(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I have a question.",  # no thing kept
        "I have a lot of work.",
        "I had a car.",  # history
        "I don't have a particular boat in mind.",
        "Do you have a car?",
        "If I had a boat I'd sail.",
    ],
)
def test_a_thing_not_kept_now_is_not_owned(extractor: Extractor, text: str) -> None:
    assert owned_by(extractor, text) == []

"""Deeds of note told in chat (issue 11, events): an outing made and a notable thing done are
DID facts keyed by the verb; the round of a day, plans and denials are not."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor


def deeds(extractor: Extractor, text: str) -> list[tuple[str, str | None]]:
    return [(obj, key) for _, relation, obj, key in fact_rows(extractor, text) if relation == "DID"]


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("I went on a road trip with my friends last week.", ("road trip", "go")),
        # (a bare hike of the day is no deed: test_extract_generic_objects)
        ("Went on a hike last weekend", ("hike", "go")),
        ("I went for a morning hike, and now I'm just relaxing at home.", ("morning hike", "go")),
        ("We went on a camping trip in the summer.", ("camping trip", "go")),
    ],
)
def test_an_outing_gone_on_is_a_deed(extractor: Extractor, text: str,
                                     deed: tuple[str, str]) -> None:
    assert deed in deeds(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I went for a morning jog.",  # the round of a day
        "I went on a run as usual.",
        "I'm going on a road trip next week.",  # a plan
        "I didn't go on the trip.",  # denied
        "Did you go on a hike today?",  # a question
    ],
)
def test_a_jog_a_plan_or_a_denied_outing_is_no_deed(extractor: Extractor, text: str) -> None:
    assert deeds(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("I found a photo of when I did a short internship at Microsoft!",
         ("short internship", "do")),
        ("I did a marathon last year.", ("marathon", "do")),
        ("I did the helicopter tour from Las Vegas.", ("helicopter tour", "do")),
    ],
)
def test_a_notable_thing_done_is_a_deed(extractor: Extractor, text: str,
                                        deed: tuple[str, str]) -> None:
    assert deed in deeds(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I did the dishes.",
        "I did a lot of work today.",
        "I did a similar project last semester.",
        "I didn't do the marathon.",
        "I'm doing a marathon next month.",
    ],
)
def test_the_round_of_a_day_done_is_no_deed(extractor: Extractor, text: str) -> None:
    assert deeds(extractor, text) == []


def attended(extractor: Extractor, text: str) -> list[str]:
    return [obj for _, relation, obj, _ in fact_rows(extractor, text) if relation == "ATTENDED"]


@pytest.mark.parametrize(
    ("text", "show"),
    [
        ("I saw a play last night.", "play"),
        ("We went to see a concert last night.", "concert"),
        ("Yesterday I went to go see a high school play that my sister was in.",
         "high school play"),
        ("We caught a play on Broadway.", "play"),
    ],
)
def test_a_live_show_seen_or_gone_to_see_is_attended(extractor: Extractor, text: str,
                                                     show: str) -> None:
    assert show in attended(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I saw the game last night.",  # a game on a screen
        "I'm going to go see a play.",  # a plan
        "I didn't go to see the concert.",  # denied
        "I want to see a play someday.",
        "Did you see the concert?",
    ],
)
def test_a_show_planned_denied_or_asked_about_is_not_attended(extractor: Extractor,
                                                              text: str) -> None:
    assert attended(extractor, text) == []


def test_what_one_went_to_visit_was_visited(extractor: Extractor) -> None:
    rows = fact_rows(extractor, "I went to visit Japan last year.")
    assert ("Emi", "VISITED", "Japan", None) in rows
    assert [r for r in fact_rows(extractor, "I'm going to visit Japan.") if r[1] == "VISITED"] == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I've been to the museum a few times.", "museum"),
        ("I've been to the Grand Canyon.", "Grand Canyon"),
    ],
)
def test_a_place_been_to_is_visited(extractor: Extractor, text: str, place: str) -> None:
    assert ("Emi", "VISITED", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I've never been to the zoo.", "Have you been to the beach?", "I've been to the gym today."],
)
def test_a_place_not_been_to_or_asked_about_is_not_visited(extractor: Extractor,
                                                           text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "VISITED"] == []


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("I volunteered at the animal shelter last weekend.", ("animal shelter", "volunteer")),
        ("I performed at an open mic last night.", ("open mic", "perform")),
    ],
)
def test_where_one_volunteered_or_performed_is_a_deed(extractor: Extractor, text: str,
                                                      deed: tuple[str, str]) -> None:
    assert deed in deeds(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I haven't volunteered at a church specifically.",
        "I'm performing at the festival next week.",
        "I performed at my best.",
        "Have you ever volunteered at a shelter?",
    ],
)
def test_volunteering_denied_planned_or_asked_about_is_no_deed(extractor: Extractor,
                                                               text: str) -> None:
    assert deeds(extractor, text) == []


def test_a_celebration_gone_to_is_attended(extractor: Extractor) -> None:
    text = "I went to a New Years celebration with my friends."
    assert "New Years celebration" in attended(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I had a really great time at a party yesterday.", ("Emi", "ATTENDED", "party", None)),
        ("I also had an amazing time at a rooftop lounge in Barcelona.",
         ("Emi", "VISITED", "rooftop lounge", None)),
        ("We had a blast at the zoo.", ("Emi", "VISITED", "zoo", None)),
        ("We had so much fun at the concert.", ("Emi", "ATTENDED", "concert", None)),
    ],
)
def test_a_good_time_had_at_an_event_or_a_place_says_one_was_there(
    extractor: Extractor, text: str, expected: tuple[str, str, str, None]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I haven't had fun at a party in ages.",
        "I'm having a great time at the beach.",  # now, not told as past
        "Did you have fun at the concert?",
        # a meal or an errand had there is the round of a day (`direct_objects`)
        "I had lunch at the park.",
        "We had a meeting at the library.",
    ],
)
def test_a_time_not_had_or_asked_about_says_nothing_of_being_there(extractor: Extractor,
                                                                   text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("ATTENDED", "VISITED")] == []


def test_a_flight_is_named_by_where_it_went(extractor: Extractor) -> None:
    assert ("flight to Chicago", "take") in deeds(extractor, "I took a flight to Chicago.")
    assert deeds(extractor, "I took a flight last week.") == []  # a bare flight names nothing

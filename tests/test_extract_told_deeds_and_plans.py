"""Deeds and plans told in phrasings beside the plain clause (issue 11), with the real spaCy
model: an event or a place named by the relative clause that went to it, and a plan told as
something the speaker has decided on, means to do or has yet to do."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor


def relations_of(extractor: Extractor, text: str, relation: str) -> list[str]:
    return [obj for _, rel, obj, _ in fact_rows(extractor, text) if rel == relation]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("They saved my life during the recent concert I went to.", "ATTENDED", "recent concert"),
        ("This is the party I went to after dinner with my family.", "ATTENDED", "party"),
        ("I loved the festival that I went to last summer.", "ATTENDED", "festival"),
        ("The museum we went to was huge.", "VISITED", "museum"),
    ],
)
def test_the_event_or_place_a_relative_clause_went_to_is_attended_or_visited(
    extractor: Extractor, text: str, relation: str, thing: str
) -> None:
    assert thing in relations_of(extractor, text, relation)


@pytest.mark.parametrize(
    ("text", "attended", "not_done"),
    [
        # the preposition has its own object: the noun is where or when it was
        ("That was the festival where I went to my first concert.", "Emi's first concert",
         "festival"),
        ("The festival when I went to the concert was fun.", "concert", "festival"),
        ("Last year the festival I went to the concert at was fun.", "concert", "festival"),
    ],
)
def test_a_relative_clause_with_its_own_object_does_not_name_the_noun(
    extractor: Extractor, text: str, attended: str, not_done: str
) -> None:
    rows = fact_rows(extractor, text)
    assert attended in [obj for _, rel, obj, _ in rows if rel == "ATTENDED"]
    assert not_done not in [obj for _, _, obj, _ in rows]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        # decided on (in the present perfect: the choice stands)
        ("I've decided to learn Spanish.", "learn Spanish"),
        ("I have decided to explore Banff National Park.", "explore Banff National Park"),
        # meant to do for a while
        ("I've been meaning to learn Spanish.", "learn Spanish"),
        # not done yet, and meant
        ("I have yet to see Dune.", "see Dune"),
        ("I still have yet to visit Japan.", "visit Japan"),
        # hoped for in the progressive ("hoping" is hope, not hop)
        ("I'm hoping to visit Japan next spring.", "visit Japan"),
        # a place in a series with its name says which
        ("I want to watch the last season of The Office.", "watch the last season of The Office"),
        ("I want to learn a second language.", "learn a second language"),
    ],
)
def test_a_plan_decided_meant_or_yet_to_do_is_a_goal(extractor: Extractor, text: str,
                                                    goal: str) -> None:
    assert goal in relations_of(extractor, text, "HAS_GOAL")


@pytest.mark.parametrize(
    "text",
    [
        "I decided to learn Spanish.",  # a choice told in the past: done or dropped, no plan
        "I have to learn Spanish.",  # an obligation, not "yet to"
        "I haven't decided to learn Spanish.",  # denied
        "Have you decided to learn Spanish?",  # a question to the other
        "I have yet to hear back from them.",  # a chat move, nothing to do
        "I meant to tell you about Spanish.",  # politeness in the past
        "Next time I decide to learn a language, I'll ask you.",  # a time, no decision
        "I mean to be fair it is a hard language.",  # a filler
        "I have yet to watch the third movie.",  # which movie? a place in a series, pointed at
        "I want to read the next book.",
    ],
)
def test_no_goal_from_a_past_choice_an_obligation_a_denial_or_a_question(
    extractor: Extractor, text: str
) -> None:
    assert relations_of(extractor, text, "HAS_GOAL") == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        # a deed in the future or the present progressive, set ahead of the day by its time
        ("I'll start a new job next month.", "start a new job"),
        ("I will visit my parents next week.", "visit Emi's parents"),
        ("I'm starting a new job next week.", "start a new job"),
        ("We're adopting a puppy tomorrow.", "adopt a puppy"),
        ("I'm taking a class in Economics next semester.", "take a class in Economics"),
        ("I'm visiting my aunt this weekend.", "visit Emi's aunt"),
        # the month it is set in is its time, no part of the goal
        ("I'll be moving to Denver in June.", "move to Denver"),
        ("I'm going to Japan in March.", "go to Japan"),
    ],
)
def test_a_deed_set_ahead_by_its_time_is_a_goal(extractor: Extractor, text: str,
                                               goal: str) -> None:
    assert goal in relations_of(extractor, text, "HAS_GOAL")


@pytest.mark.parametrize(
    "text",
    [
        "I'll talk to you tomorrow!",  # a chat move
        "I'll see you next week.",
        "I'll start a new job.",  # no time: a chatty will, no plan told
        "I'm playing basketball today.",  # the day's activity
        "If I have time I will visit Japan next year.",  # on a condition
        "You will start school next week.",  # the other's, foretold
        "Will you visit Japan next year?",  # a question
        "I'll read it next week.",  # a pronoun
        "I started a new job in May.",  # done, no plan
        "I'm leaving for work tomorrow.",  # the day's errand
        "I'll take a look tomorrow.",  # a chat move
        "I've spent a lot of hours this week playing video games.",  # done by now
        "I'm taking two workout classes this semester.",  # the time one is in, no plan
    ],
)
def test_no_goal_from_chat_undated_conditional_or_past_futures(extractor: Extractor,
                                                             text: str) -> None:
    assert relations_of(extractor, text, "HAS_GOAL") == []


@pytest.mark.parametrize(
    ("text", "states"),
    [
        # a verb a dated-plan pattern lists stays the open fallback's in a plain present clause
        ("Yeah I drive a ford f150.", "ford f150"),
        ("But I do play easier games with my girlfriend of course.", "easier game"),
    ],
)
def test_a_narrow_plan_pattern_leaves_plain_clauses_to_the_open_fallback(
    extractor: Extractor, text: str, states: str
) -> None:
    assert states in relations_of(extractor, text, "STATES")


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'm so excited for the concert next week.", "concert"),
        ("I'm excited about my trip to Japan.", "Emi's trip to Japan"),
    ],
)
def test_an_event_or_trip_one_is_excited_about_is_a_goal(extractor: Extractor, text: str,
                                                         goal: str) -> None:
    assert goal in relations_of(extractor, text, "HAS_GOAL")


@pytest.mark.parametrize(
    "text",
    [
        "I was excited about the concert but it got cancelled.",  # past
        "Are you excited for your trip to Japan?",  # a question
        "I'm excited for you!",  # a reaction
        "I'm excited for the trip.",  # a bare trip names nothing
        "I'm excited about my new job.",  # no trip or event ahead
    ],
)
def test_no_goal_from_past_excitement_questions_reactions_or_other_things(
    extractor: Extractor, text: str
) -> None:
    assert relations_of(extractor, text, "HAS_GOAL") == []


def test_a_class_planned_for_the_day_is_no_errand(extractor: Extractor) -> None:
    assert relations_of(extractor, "I'm planning on taking a cooking class today!",
                        "HAS_GOAL") == ["take a cooking class"]
    assert relations_of(extractor, "I'm gonna go to the gym today.", "HAS_GOAL") == []
    assert relations_of(extractor, "I'm gonna take a nap today.", "HAS_GOAL") == []


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I just got back from Hawaii.", "Hawaii"),
        ("I just got back from Tokyo.", "Tokyo"),
        ("I came back from Paris yesterday.", "Paris"),
        ("We returned from Japan last night.", "Japan"),
        ("We spent a week in Italy.", "Italy"),
        ("I spent the weekend in Chicago.", "Chicago"),
    ],
)
def test_a_named_place_come_back_from_or_spent_time_in_is_visited(
    extractor: Extractor, text: str, place: str
) -> None:
    assert place in relations_of(extractor, text, "VISITED")


@pytest.mark.parametrize(
    "text",
    [
        "I got a package from Japan.",  # got, not come back
        "I got back from work.",  # no named place
        "I just got back from Target.",  # a store, no place visited
        "Did you get back from Hawaii?",  # a question
        "I didn't spend any time in Paris.",  # denied
        "I'm spending a week in Italy next month.",  # ahead: no visit yet
    ],
)
def test_no_visit_from_things_got_errands_questions_denials_or_plans(
    extractor: Extractor, text: str
) -> None:
    assert relations_of(extractor, text, "VISITED") == []


def test_a_goal_denied_in_its_own_clause_is_no_goal(extractor: Extractor) -> None:
    # "decided not to" gives a wish up (a retraction), it sets none
    for text in ("I've decided not to buy a car.",
                 "i want to not think about gymming till tomorrow"):
        assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_GOAL"] == []
    assert ("Emi", "HAS_GOAL", "buy a car", None) in fact_rows(
        extractor, "I've decided to buy a car.")

"""Plans and events told in chat (issue 11: what speakers did, do and plan), with the real spaCy
model: a trip or an event ahead is a goal, a journey is named by where it goes, and questions,
advice, conditions, errands and bare trips stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.base import Extractor


def goals(extractor: Extractor, text: str) -> list[str]:
    return [obj for _, relation, obj, _ in fact_rows(extractor, text) if relation == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        # an event ahead, gone to
        ("I'm going to a concert next week.", "concert"),
        ("We're heading to a wedding in June.", "wedding"),
        # a trip planned, booked, gone on, awaited: named by where it goes
        ("We're planning a trip to Japan next spring.", "trip to Japan"),
        ("I'm going on a road trip with my friends in July.", "road trip"),
        ("I booked my Maldives trip for next year.", "Emi's Maldives trip"),
        ("I'm looking forward to the trip to Japan.", "trip to Japan"),
        ("As for me, I'm looking forward to a weekend hiking trip.", "weekend hiking trip"),
        ("I can't wait for the concert next week!", "concert"),
        ("I'm planning a party for my sister.", "party"),
    ],
)
def test_a_trip_or_an_event_ahead_is_a_goal(extractor: Extractor, text: str,
                                            goal: str) -> None:
    assert goal in goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Are you going on a trip soon?",  # a question
        "You're planning a trip to Japan?",  # the other's plan, asked
        "You should plan a trip to Japan.",  # advice to the other
        "If I go on a trip I will tell you.",  # a condition
        "I'm planning a trip.",  # which trip? a bare trip names nothing
        "I'm going to the store.",  # an errand, no event
        "I can't wait for the weekend.",  # a time, no event
        "I'm looking forward to it.",  # a pronoun
        "I'm going on a walk.",  # a passing moment of the day
    ],
)
def test_no_goal_from_questions_advice_errands_or_bare_trips(extractor: Extractor,
                                                             text: str) -> None:
    assert goals(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I took a trip to Italy last year.", ("Emi", "DID", "trip to Italy", "take")),
        ("I went on a trip to the beach with my family.",
         ("Emi", "DID", "trip to beach", "go")),
        # a trip come back from visited its place (test_extract_recall3)
        ("We just got back from our trip to Italy.", ("Emi", "VISITED", "Italy", None)),
    ],
)
def test_a_journey_is_named_by_where_it_goes(extractor: Extractor, text: str,
                                             expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_a_bare_trip_taken_is_no_deed(extractor: Extractor) -> None:
    assert [r for r in fact_rows(extractor, "I took a trip last year.") if r[1] == "DID"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a gathering held
        ("We had a picnic at the park on Sunday.", ("Emi", "DID", "picnic", "have")),
        ("We threw a surprise party for my mom.", ("Emi", "DID", "surprise party", "throw")),
        ("I had the craziest NYE party last year", ("Emi", "DID", "craziest NYE party", "have")),
        # a talk given
        ("I gave a talk at my school about mental health.", ("Emi", "DID", "talk", "give")),
        # a skill learned without "how"
        ("I learned to play the guitar last year.", ("Emi", "STATES", "guitar", "learn to play")),
        ("I've been learning to play the violin.", ("Emi", "STATES", "violin", "learn to play")),
    ],
)
def test_gatherings_talks_and_skills_are_deeds(extractor: Extractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I had lunch with my friend.",  # a meal, no gathering
        "I'm having a party next week.",  # ahead, not done
        "Did you have a party?",  # a question
        "I gave it a try.",  # a pronoun
        "We took the kids to the museum.",  # the kids were taken, no deed done to them
        "I took my dog to the vet.",
        "I learned to be patient.",  # a way of being, no skill
        "Did you learn to play the guitar?",  # a question
    ],
)
def test_no_deed_from_meals_plans_people_taken_or_ways_of_being(extractor: Extractor,
                                                                text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("DID", "STATES")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a journey or an event is notable even on its day; an errand is not (below)
        ("I just got back from a camping trip with my family.",
         ("Emi", "STATES", "camping trip", "get back from")),
        # an event from ATTENDED's list come back from is ATTENDED (test_extract_events3.py)
        ("yeah I just got back from a funeral.", ("Emi", "ATTENDED", "funeral", None)),
        # what one went to do is done
        ("I went to see a play with my sister.", ("Emi", "ATTENDED", "play", None)),
        ("I went to see the new Batman movie last night.",
         ("Emi", "STATES", "new Batman movie", "see")),
        # a pastime begun or taken back
        ("I started painting again.", ("Emi", "HAS_HOBBY", "painting", None)),
        ("I've started running again.", ("Emi", "HAS_HOBBY", "running", None)),
        # or tried lightly
        ("I dabble in art and drawing.", ("Emi", "HAS_HOBBY", "drawing", None)),
        ("I've been dabbling in photography.", ("Emi", "HAS_HOBBY", "photography", None)),
    ],
)
def test_outings_and_pastimes_begun(extractor: Extractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I just got back from the gym.",  # an errand of the day
        "I was going to start a game called ooblets!",  # a plan, maybe never done
        "Did you go to see the play?",  # a question
        "I started crying.",  # no pastime
        "Have you started painting?",  # a question
        "I might start knitting.",  # a guess
    ],
)
def test_no_outing_or_pastime_from_errands_plans_or_questions(extractor: Extractor,
                                                               text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("STATES", "HAS_HOBBY")] == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("We're going camping next weekend.", "camping"),
        ("I'm going hiking with friends this weekend.", "hiking"),
        ("I'm taking a trip to Japan in April.", "trip to Japan"),
        ("I'm traveling to Japan next month.", "travel to Japan"),
    ],
)
def test_an_outing_in_the_progressive_is_a_plan(extractor: Extractor, text: str,
                                                goal: str) -> None:
    found = fact_rows(extractor, text)
    assert goal in [obj for _, relation, obj, _ in found if relation == "HAS_GOAL"]
    assert [r for r in found if r[1] == "HAS_HOBBY"] == []  # a plan, not yet a pastime


@pytest.mark.parametrize(
    "text",
    [
        "I've been traveling to Japan a lot.",  # what one keeps doing
        "I used to travel to Japan every year.",  # a past habit
        "I've been going hiking a lot.",
        "I used to go boating with my dad.",
        "I'm going shopping.",  # an errand
        "Are you going camping?",  # a question
    ],
)
def test_no_plan_from_habits_past_or_present_or_errands(extractor: Extractor,
                                                         text: str) -> None:
    assert goals(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "hobby"),
    [("I go hiking on weekends.", "hiking"), ("I've been going hiking a lot.", "hiking"),
     ("I used to go boating with my dad.", "boating")],
)
def test_going_out_as_a_habit_is_a_pastime(extractor: Extractor, text: str,
                                           hobby: str) -> None:
    assert ("Emi", "HAS_HOBBY", hobby, None) in fact_rows(extractor, text)


def test_what_one_was_thinking_of_doing_is_a_plan(extractor: Extractor) -> None:
    assert "move to Denver" in goals(extractor, "I was thinking about moving to Denver next year.")
    assert "join a book club" in goals(extractor, "I was also thinking of joining a book club.")


@pytest.mark.parametrize(
    "text",
    [
        "I never thought about going to Miami.",  # denied
        "Were you thinking about going to Miami?",  # a question
        "I was thinking of catching a movie anyways.",  # a passing plan
        "Hmm I was thinking of playing some video games",
        "I was thinking of sending her to a shelter",  # a pronoun
    ],
)
def test_no_plan_from_denials_questions_passing_plans_or_pronouns(extractor: Extractor,
                                                                  text: str) -> None:
    assert goals(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a place explored is one visited, as "I explored a local art gallery" is
        ("I spent the morning exploring a local art gallery.",
         ("Emi", "VISITED", "local art gallery", None)),
        ("I spent some time working on a personal project.",
         ("Emi", "STATES", "personal project", "work on")),
    ],
)
def test_what_a_time_was_spent_doing_is_done(extractor: Extractor, text: str,
                                             expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'll spend some time practicing the guitar.",  # ahead, not done
        "Did you spend the morning exploring the gallery?",  # a question
        "You should spend the weekend exploring the city.",  # advice
    ],
)
def test_no_deed_from_time_to_be_spent(extractor: Extractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "STATES"] == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'm training for a half marathon next month.", "half marathon"),
        ("I'm training for my first triathlon in May.", "Emi's first triathlon"),
    ],
)
def test_a_race_trained_for_is_a_goal(extractor: Extractor, text: str, goal: str) -> None:
    assert goal in goals(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Are you training for a marathon?",  # a question
        "I trained for a marathon last year.",  # past, no goal now
        "You should train for a marathon.",  # advice
        "I'm preparing for my exam.",  # no race or contest
        "I've been preparing for the tournament.",  # which? the chat knows
    ],
)
def test_no_race_goal_from_questions_past_advice_or_the_chats_things(extractor: Extractor,
                                                                      text: str) -> None:
    assert goals(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love hiking, what about you?", ("Emi", "PREFERS", "hiking", None)),
        ("I went to Japan last year, have you been?", ("Emi", "VISITED", "Japan", None)),
        ("I'm planning a trip to Japan, any tips?", ("Emi", "HAS_GOAL", "trip to Japan", None)),
        ("I just adopted a puppy, how about you?", ("Emi", "HAS_PET", "puppy", "puppy")),
        # chat's echo tag without its comma
        ("I adopted a dog last week and you?", ("Emi", "HAS_PET", "dog", "dog")),
        ("I love sushi wbu?", ("Emi", "PREFERS", "sushi", None)),
    ],
)
def test_a_statement_with_a_question_tag_is_stated(extractor: Extractor, text: str,
                                                   expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # ("I love sushi, do you like ramen?" states sushi since questions.stated_end: the
        # question after the comma asks ramen, test_extract_recall4)
        "Do you like sushi, what do you think?",  # the statement part asks
        "You love hiking, right?",  # the addressee's, asked
        "Do you like sushi what about you?",  # asks before its echo tag
        "You love hiking and you?",  # the addressee's, asked
    ],
)
def test_a_question_with_a_comma_stays_a_question(extractor: Extractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


def test_a_question_the_splitter_cut_in_two_is_a_question(extractor: Extractor) -> None:
    # the splitter makes "Like I love one band" a sentence of its own; it runs on to the "?"
    from graph_memory.extract.questions import is_question

    doc = extractor._nlp("Like I love one band and I hate the rest?")  # type: ignore[attr-defined]
    assert len(list(doc.sents)) == 2, "the splitter no longer cuts it: pick another sentence"
    assert all(is_question(sent) for sent in doc.sents)
    assert fact_rows(extractor, "Like I love one band and I hate the rest?") == []
    # the same said with a full stop is stated
    assert ("Emi", "PREFERS", "band", None) in fact_rows(
        extractor, "Like I love one band and I hate the rest.")


@pytest.mark.parametrize(
    "text",
    [
        "I love one band and I hate the rest so what do you think?",
        "Like I love one band and I hate the rest what do you think?",
        "Like I love one band and I hate the rest, what about you?",
    ],
)
def test_a_cut_statement_before_a_question_of_its_own_is_stated(extractor: Extractor,
                                                                 text: str) -> None:
    doc = extractor._nlp(text)  # type: ignore[attr-defined]
    assert len(list(doc.sents)) == 2, "the splitter no longer cuts it: pick another sentence"
    assert ("Emi", "PREFERS", "band", None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a statement, then a question of its own
        ("I love hiking. What about you?", ("Emi", "PREFERS", "hiking", None)),
        ("I play guitar. Do you?", ("Emi", "HAS_HOBBY", "guitar", None)),
        ("I just adopted a puppy!\nHow about you?", ("Emi", "HAS_PET", "puppy", "puppy")),
    ],
)
def test_a_statement_before_a_question_of_its_own_is_stated(extractor: Extractor, text: str,
                                                            expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I was in Europe a few years ago.", [("Emi", "VISITED", "Europe", None)]),
        ("We were in Lisbon last week.", [("Emi", "VISITED", "Lisbon", None)]),
        # not a named place, not now, not a hypothetical
        ("I was in a toxic relationship.", []),
        ("I am in Paris now.", []),
        ("If I was in Paris I would eat croissants.", []),
        ("I was in college.", []),
    ],
)  # fmt: skip
def test_a_named_place_one_was_in_is_visited(extractor: Extractor, text: str,
                                              expected: list[Row]) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "VISITED"] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My trip to Japan was amazing.", [("Emi", "VISITED", "Japan", None)]),
        ("Our vacation in Hawaii was the best.", [("Emi", "VISITED", "Hawaii", None)]),
        # a judgement denied still tells of the trip
        ("My trip to Japan wasn't great.", [("Emi", "VISITED", "Japan", None)]),
        # a trip ahead, an errand, someone else's: no visit of the speaker's
        ("My trip to Japan is next month.", []),
        ("My trip to the store was quick.", []),
        ("My sister's trip to Paris was fun.", []),
    ],
)  # fmt: skip
def test_a_trip_told_as_past_is_a_visit(extractor: Extractor, text: str,
                                        expected: list[Row]) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "VISITED"] == expected

"""The open fallback on ordinary chat (issue 11, REALTALK coverage), with the real spaCy model:
what a speaker says about their day becomes a STATES fact keyed by its verb, and chit-chat,
plans, passives and times stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.base import Extractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what the speaker is doing these days (the progressive, not a plan)
        # (a course one is taking is STUDIES: test_extract_work_study)
        ("I'm writing a novel.", ("Emi", "STATES", "novel", "write")),
        # a verb with its preposition when it has no direct object
        ("I listened to a podcast on the way home.", ("Emi", "DID", "podcast", "listen to")),
        # (a named place come back from is VISITED: test_extract_told_deeds_and_plans)
        ("I just got back from a camping trip.",
         ("Emi", "STATES", "camping trip", "get back from")),
        # a state of the speaker's and what it is about
        ("I'm so nervous about my driving test.",
         ("Emi", "STATES", "Emi's driving test", "nervous about")),
        # where the speaker was: a named place
        ("I was at Wembley Stadium for a soccer match.",
         ("Emi", "STATES", "Wembley Stadium", "be at")),
        # a work named by what it is about
        ("I'm reading a book about the Roman empire.",
         ("Emi", "STATES", "book about Roman empire", "read")),
        # an embedded clause that still tells what the speaker did
        ("I think I downed five hot dogs when I was there.", ("Emi", "STATES", "hot dog", "down")),
        ("After I finished the report I went home.", ("Emi", "DID", "report", "finish")),
    ],
)
def test_chat_statements_become_facts(extractor: Extractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm glad to hear that you're better.",  # politeness, no state of the speaker
        "I'm sorry about your loss.",
        "I'm flying to Denver tomorrow.",  # a plan, not a state (HAS_GOAL reads those it can)
        "That song has been stuck in my head all day.",  # passive
        "I slept for ten hours.",  # a duration is no object
        "I run every morning for my health.",  # a purpose is no object
        "I do not believe I have ever seen the movie.",  # a denied report
        "I'm not busy with work.",  # negated
        # passing things of the day (issue 11 guidelines): a generic book, work, a meal, the
        # gym, a bare exam, a common place of the moment
        "I'm reading a book.",
        "I just got back from the gym.",
        "I'm so nervous about my exam.",
        "I was at the stadium for a soccer match.",
        "I've been super busy with work.",
        "I ate sushi for dinner yesterday.",
        "We had some lovely drinks at the bar.",
    ],
)
def test_chat_chitchat_makes_no_open_fact(extractor: Extractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "STATES"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My friends and I listened to a jazz band.", ("Emi", "DID", "jazz band", "listen to")),
        ("We chartered a yacht for the weekend.", ("Emi", "STATES", "yacht", "charter")),
        ("im watching a movie series", ("Emi", "STATES", "movie series", "watch")),
    ],
)
def test_chat_subjects_and_bare_states(
    extractor: Extractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


def test_coordinated_objects_each_become_a_fact(extractor: Extractor) -> None:
    found = fact_rows(extractor, "I'm repainting the fence, the gate and the shed this month.")
    assert {r[2] for r in found if r[1] == "STATES"} == {"fence", "gate", "shed"}


@pytest.mark.parametrize(
    "text",
    ["My friends and I enjoy exploring new neighborhoods.",
     "I'm not bored.", "I'm fine.", "I've been super busy all day.", "I wish I had a car.",
     "I have a question.", "I had a lot of fun.", "I had a great time with my family."],
)
def test_reactions_and_denials_are_no_states(extractor: Extractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "STATES"] == []

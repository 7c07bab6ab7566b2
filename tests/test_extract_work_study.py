"""Work, study, languages and taking part, as chat says them: a course one is in now is
STUDIES, an event taken part in ATTENDED, a language spoken SPEAKS, a job or a workplace
told by getting, starting or teaching there IS_A / WORKS_AT, and not working a work status.
A plan, a class taken in the past, a break or a nap, a job wished for and a question are none
of these."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm taking Data Analytics.", ("Emi", "STUDIES", "Data Analytics", None)),
        ("I'm taking Data Analytics, Microeconomics and Statistics this semester.",
         ("Emi", "STUDIES", "Microeconomics", None)),
        ("I'm taking a pottery class.", ("Emi", "STUDIES", "pottery class", None)),
        ("I take piano lessons.", ("Emi", "STUDIES", "piano lesson", None)),
        ("I've been taking Spanish classes.", ("Emi", "STUDIES", "Spanish class", None)),
        ("I'm enrolled in a coding bootcamp.", ("Emi", "STUDIES", "coding bootcamp", None)),
        ("My sister is taking a pottery class.",
         ("Emi's sister", "STUDIES", "pottery class", None)),
        ("I'm enrolled at UCLA.", ("Emi", "STUDIES_AT", "UCLA", None)),
        # a named item of a list with a listed course in it is a course too
        ("This semester I'm taking Biology, Ethics and World Religions.",
         ("Emi", "STUDIES", "World Religions", None)),
    ],
)  # fmt: skip
def test_a_course_one_is_in_now_is_studied(extractor: RuleExtractor, text: str,
                                           expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm taking a break.",
        "I'm taking a nap.",
        "I'm taking Tylenol.",  # a medicine, no course
        "I'm taking Tylenol and Advil.",  # a list of names with no course in it
        "I'm taking a class.",  # which class, it does not say
        "I'm taking two classes this semester.",
        "I'm enrolled in a course.",
        "I'm taking a trip to Japan.",  # a plan
        "I'm taking a pottery class next week.",  # a plan, not a course one is in
        "I took a pottery class.",  # done: DID
        "Are you taking any classes?",  # a question
        "I'm not taking any classes this semester.",  # denied
        "I want to take a pottery class.",  # a wish
    ],
)
def test_no_course_studied_without_one_taken_now(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "STUDIES"], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I participated in a hackathon.", ("Emi", "ATTENDED", "hackathon", None)),
        ("I took part in the marathon.", ("Emi", "ATTENDED", "marathon", None)),
        ("I competed in a chess tournament.", ("Emi", "ATTENDED", "chess tournament", None)),
        ("I've participated in a few amateur competitions for the fun of it.",
         ("Emi", "ATTENDED", "amateur competition", None)),
        ("We took part in a charity walk last month.", ("Emi", "ATTENDED", "charity walk", None)),
        ("I entered a baking competition.", ("Emi", "ATTENDED", "baking competition", None)),
        ("I'm participating in a hackathon next week.",
         ("Emi", "HAS_GOAL", "participate in a hackathon", None)),
        ("I competed in the Boston Marathon last year.",
         ("Emi", "ATTENDED", "Boston Marathon", None)),
    ],
)  # fmt: skip
def test_an_event_taken_part_in_is_attended(extractor: RuleExtractor, text: str,
                                            expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I participated in the discussion.",  # no event
        "I didn't participate in the hackathon.",  # denied
        "I will take part in the race next week.",  # ahead
        "Did you compete in the tournament?",  # a question
        "I took a part in the play.",  # a part taken, no "take part"
        "I compete in tournaments.",  # a habit, no event attended
        "I entered the room.",  # no contest entered
        "I'm participating in a hackathon next week.",  # ahead: a plan
    ],
)
def test_no_event_attended_without_one_taken_part_in(extractor: RuleExtractor,
                                                     text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "ATTENDED"], found


@pytest.mark.parametrize(
    ("text", "objects"),
    [
        ("I speak Spanish.", ["Spanish"]),
        ("I can speak a little French.", ["French"]),
        ("I speak fluent Japanese.", ["Japanese"]),
        ("I speak very good English.", ["English"]),
        ("I speak English and Bengali.", ["English", "Bengali"]),
        ("I'm fluent in Spanish and Italian.", ["Spanish", "Italian"]),
        ("My native language is Bengali.", ["Bengali"]),
        ("I know a little Japanese.", ["Japanese"]),
    ],
)
def test_a_language_spoken_is_spoken(extractor: RuleExtractor, text: str,
                                     objects: list[str]) -> None:
    found = fact_rows(extractor, text)
    assert [r[2] for r in found if r[1] == "SPEAKS"] == objects, found


@pytest.mark.parametrize(
    "text",
    [
        "I speak my mind.",  # no language
        "I spoke to my boss.",
        "Do you speak Spanish?",  # a question
        "I'm learning Japanese.",  # learned: STUDIES
        "I know Python.",  # no language one speaks
        "I want to speak French.",  # a wish
    ],
)
def test_no_language_spoken_without_one(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "SPEAKS"], found


def test_the_addressees_language_is_theirs(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "You speak great English!")
    assert ("Sam", "SPEAKS", "English", None) in found


def test_a_language_denied_is_a_negated_fact(extractor: RuleExtractor) -> None:
    item = ExtractionInput(text="I don't speak German.", speaker="Emi", addressee="Sam")
    facts = extractor.extract([item])[0].facts
    assert [(f.triple.predicate, f.triple.object.name, f.negated) for f in facts] == [
        ("SPEAKS", "German", True)
    ]
    assert facts[0].triple.object.type == "Language"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got a job as a barista.", ("Emi", "IS_A", "barista", None)),
        ("I got promoted to manager.", ("Emi", "IS_A", "manager", None)),
        ("I just got hired at Starbucks.", ("Emi", "WORKS_AT", "Starbucks", None)),
        ("I just started at Google.", ("Emi", "WORKS_AT", "Google", None)),
        ("I teach math at a high school.", ("Emi", "WORKS_AT", "high school", None)),
        ("I teach at Lincoln Elementary.", ("Emi", "WORKS_AT", "Lincoln Elementary", None)),
        ("I'm retired.", ("Emi", "HAS_ATTRIBUTE", "retired", "work status")),
        ("I'm officially retired!", ("Emi", "HAS_ATTRIBUTE", "retired", "work status")),
        ("I'm self-employed.", ("Emi", "HAS_ATTRIBUTE", "self-employed", "work status")),
        ("I just retired from teaching.", ("Emi", "HAS_ATTRIBUTE", "retired", "work status")),
    ],
)  # fmt: skip
def test_work_told_by_getting_starting_or_teaching(extractor: RuleExtractor, text: str,
                                                   expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I started at the gym last week.",  # no workplace named
        "I started at 9am.",
        "I got promoted to the next level.",  # no rank
        "I got a job offer.",
        "I want to be a nurse.",  # a job wished for: a goal
        "I'm not retired yet.",  # denied
        "When I'm retired I'll travel.",  # a time to come
        "I retired my old car.",  # a thing retired, not the speaker
        "Are you retired?",  # a question
    ],
)
def test_no_work_fact_without_a_job_or_place(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    work = {"IS_A", "WORKS_AT", "HAS_ATTRIBUTE"}
    assert not [r for r in found if r[1] in work], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm in college.", ("Emi", "STUDIES_AT", "college", None)),
        ("I'm in nursing school.", ("Emi", "STUDIES_AT", "nursing school", None)),
        ("My son is in high school.", ("Emi's son", "STUDIES_AT", "high school", None)),
        ("I'm a sophomore in college.", ("Emi", "STUDIES_AT", "college", None)),
        ("I'm a grad student in nursing school.", ("Emi", "STUDIES_AT", "nursing school", None)),
        ("I have a master's in economics.", ("Emi", "STUDIES", "economics", None)),
        ("I'm getting my masters in psychology.", ("Emi", "STUDIES", "psychology", None)),
        ("While my major is in computer science, I've decided to explore business.",
         ("Emi", "STUDIES", "computer science", None)),
        ("My sister's degree is in nursing.", ("Emi's sister", "STUDIES", "nursing", None)),
        ("I'm studying to become a doctor.", ("Emi", "HAS_GOAL", "become a doctor", None)),
        ("I'm training to be a pilot.", ("Emi", "HAS_GOAL", "be a pilot", None)),
        ("I'm bilingual in English and Spanish.", ("Emi", "SPEAKS", "Spanish", None)),
        ("I'm a native Spanish speaker.", ("Emi", "SPEAKS", "Spanish", None)),
    ],
)  # fmt: skip
def test_school_degree_and_what_one_studies_for(extractor: RuleExtractor, text: str,
                                                expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "When I was in college I played soccer.",  # then, not now
        "I was in college.",
        "I'm in the school gym right now.",  # a room, no school one is in
        "Are you in college?",
        "I'm not in school anymore.",
        "I studied to become a nurse.",  # past: no goal now
        "I'm a public speaker.",  # no language
        "I'm a master of procrastination.",  # no degree
        "My degree is in my bag.",  # a place, no field
    ],
)
def test_no_school_goal_or_language_without_one(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("STUDIES_AT", "STUDIES", "HAS_GOAL", "SPEAKS")], found


def test_a_school_is_no_field_studied(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I'm a grad student in nursing school.")
    assert not [r for r in found if r[1] == "STUDIES"], found

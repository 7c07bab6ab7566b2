"""Work, study and what recaps carry, second wave: a liking the addressee told, which the
small model misreads after "you" ("You told me you like action movies": like/IN); a job
begun in the past, which is held now ("I started working at Amazon last month"); a deed
congratulated ("Congrats on finishing your first marathon!": the addressee's); a doing of
study or work told on one's role ("I'm a student studying computer science"). A hedge's
"like", a third person's words, a question, a denial, a job begun and left, work on a thing,
a past role and a school got into ("I got into Stanford": no hobby) are none of these."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You told me you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("I remember you told me you like action and comedy movies more.",
         ("Sam", "PREFERS", "comedy movie", None)),
        ("You said you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("I remember you said you like action movies.", ("Sam", "PREFERS", "action movie", None)),
        ("You mentioned you like hiking.", ("Sam", "PREFERS", "hiking", None)),
    ],
)  # fmt: skip
def test_a_liking_the_addressee_told_is_theirs(extractor: RuleExtractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I told you like five times.",  # a hedge's "like": "you" is the one told
        "I told you like a million times, Sam.",
        "Did you say you like jazz?",  # a question
        "My friend told me she likes jazz.",  # someone else's words of herself, unnamed
    ],
)
def test_no_liking_from_a_hedge_or_a_question(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "PREFERS"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I started working at Amazon last month.", ("Emi", "WORKS_AT", "Amazon", None)),
        ("I began working at a coffee shop.", ("Emi", "WORKS_AT", "coffee shop", None)),
        ("I started working as a barista last month.", ("Emi", "IS_A", "barista", None)),
        ("My sister started working as a nurse in May.", ("Emi's sister", "IS_A", "nurse", None)),
    ],
)  # fmt: skip
def test_a_job_begun_is_held(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I started working on my thesis.",  # work on a thing, no job
        "I started working out.",
        "I didn't start working at Google.",  # a denial
        "Did you start working at Google?",  # a question
        "I had started working at Google before the pandemic.",  # begun and gone before
        "I want to start working at Google.",  # a wish
    ],
)
def test_no_job_from_work_on_a_thing_a_denial_or_a_wish(extractor: RuleExtractor,
                                                        text: str) -> None:
    rows = fact_rows(extractor, text)
    assert not [row for row in rows if row[1] in ("WORKS_AT", "IS_A")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I am a college student majoring in economics.", ("Emi", "STUDIES", "economics", None)),
        ("I'm a student studying computer science at NYU.",
         ("Emi", "STUDIES", "computer science", None)),
        ("I'm a nurse working at Mercy Hospital.", ("Emi", "WORKS_AT", "Mercy Hospital", None)),
        ("My sister is a teacher working at Lincoln Elementary.",
         ("Emi's sister", "WORKS_AT", "Lincoln Elementary", None)),
    ],
)  # fmt: skip
def test_a_doing_told_on_ones_role_is_ones_own(extractor: RuleExtractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I was a student studying law.",  # a past
        "I'm not a nurse working at Mercy Hospital.",  # a denial
        "Are you a student studying biology?",  # a question
        "If I were a student studying art, I'd be happy.",  # a hypothetical
        "It's a movie starring Tom Hanks.",  # no doing of study or work
    ],
)
def test_no_doing_from_a_past_or_denied_role(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert not [row for row in rows if row[1] in ("STUDIES", "WORKS_AT", "STUDIES_AT")]


@pytest.mark.parametrize(
    "text",
    [
        "I got into Stanford.",  # an admission
        "I finally got into Harvard!",
        "We got into Denver late last night.",  # a place arrived at
        "I got into Taylor Swift recently.",  # a person: no pastime
    ],
)
def test_a_school_place_or_person_got_into_is_no_hobby(extractor: RuleExtractor,
                                                      text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_HOBBY"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I got into knitting last year.", ("Emi", "HAS_HOBBY", "knitting", None)),
        ("I've gotten into podcasts lately.", ("Emi", "HAS_HOBBY", "podcast", None)),
    ],
)
def test_a_pastime_got_into_stays_a_hobby(extractor: RuleExtractor, text: str,
                                          expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Congrats on finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Congratulations on running your first marathon.",
         ("Sam", "DID", "Sam's first marathon", "run")),
    ],
)  # fmt: skip
def test_a_deed_congratulated_is_the_addressees(extractor: RuleExtractor, text: str,
                                                expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Congrats on finishing your first marathon?",  # a question
        "Good luck on running your first marathon!",  # a wish, not a deed done
        "I'm running my first marathon on Sunday.",  # no congratulation: no deed of Sam's
    ],
)
def test_no_deed_without_a_congratulation(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[0] == "Sam"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm currently interning at Google.", ("Emi", "WORKS_AT", "Google", None)),
        ("I'm currently interning for Deloitte.", ("Emi", "WORKS_AT", "Deloitte", None)),
    ],
)
def test_an_internship_under_way_is_where_one_works(extractor: RuleExtractor, text: str,
                                                    expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I interned at Google last summer.",  # a past internship
        "I'm not currently interning at Google.",  # a denial
        "Are you currently interning at Google?",  # a question
    ],
)
def test_no_workplace_from_a_past_or_denied_internship(extractor: RuleExtractor,
                                                       text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "WORKS_AT"]

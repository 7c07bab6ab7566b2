"""Who people are (issue 11): a nationality or heritage told of oneself, a relative or a named
person ("I'm half Korean" -> IS_A half Korean), and routines the speaker shares with others ("me
and my brother go fishing every summer", "we usually make lava cake"), each with sentences
written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...]) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "subject", "heritage"),
    [
        ("I'm Mexican so I grew up eating tacos", "Emi", "Mexican"),
        ("I am half Korean", "Emi", "half Korean"),
        ("im mexican lol", "Emi", "Mexican"),
        ("I'm Chinese-American", "Emi", "Chinese-American"),
        ("I'm Korean American", "Emi", "Korean American"),
        ("I'm Puerto Rican", "Emi", "Puerto Rican"),
        ("As an Indian I love spicy food", "Emi", "Indian"),
        ("my parents are Filipino", "Emi's parents", "Filipino"),
        ("My wife is half Japanese but she's never been there", "Emi's wife", "half Japanese"),
        ("My brother and I are Mexican", "Emi's brother", "Mexican"),
        ("My brother and I are Mexican", "Emi", "Mexican"),
        ("I'm an American", "Emi", "American"),
        ("I'm a Korean-American", "Emi", "Korean-American"),
        ("I'm of Irish descent", "Emi", "Irish"),
        ("my mom is of Mexican descent", "Emi's mom", "Mexican"),
        ("I have Korean roots", "Emi", "Korean"),
        ("I come from a Filipino family", "Emi", "Filipino"),
        ("I'm also Filipino, like you", "Emi", "Filipino"),
    ],
)  # fmt: skip
def test_a_heritage_is_who_one_is(
    extractor: RuleExtractor, text: str, subject: str, heritage: str
) -> None:
    assert (subject, "IS_A", heritage) in [r[:3] for r in fact_rows(extractor, text)]


def test_each_heritage_of_a_mixed_one(extractor: RuleExtractor) -> None:
    found = [r[2] for r in _rows(extractor, "I'm half Japanese, half Korean", ("IS_A",))]
    assert found == ["half Japanese", "half Korean"]


@pytest.mark.parametrize(
    "text",
    [
        "I love Mexican food",  # a kind of food
        "I speak Korean",  # a language
        "Are you Korean?",  # a question
        "If I were Italian I'd eat pasta every day",  # a hypothetical
        "I'm not British",  # a denial
        "I'm basically Italian now lol",  # a joke
        "I'm Spanish speaking",  # a language spoken, no heritage
        "I'm Indian food obsessed",  # a liking
        "My mom says I'm Irish",  # hearsay
        "you're Italian, right",  # a guess about the addressee
        "my friend is Korean",  # an unnamed friend is no one the memory can name
        "My grandpa was Italian",  # told in the past
        "The food there is Mexican",  # no person
        "I have a Korean family",  # whose heritage?
        "Are you of Irish descent?",  # a question
        "If I had Irish roots I'd visit Dublin",  # a hypothetical
        "My mom says I'm of Irish descent",  # hearsay
        "I'm not of Irish descent",  # a denial
    ],
)  # fmt: skip
def test_no_heritage(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("IS_A", "FROM")) == []


def test_a_relatives_heritage_stays_theirs(extractor: RuleExtractor) -> None:
    rows = _rows(extractor, "my parents are Filipino", ("IS_A",))
    assert rows == [("Emi's parents", "IS_A", "Filipino", None)]


@pytest.mark.parametrize(
    ("text", "subject", "routine"),
    [
        ("Me and my brother usually make lava cake.", "Emi", "make lava cake"),
        ("Me and my brother usually make lava cake.", "Emi's brother", "make lava cake"),
        ("My brother and I usually make lava cake.", "Emi", "make lava cake"),
        ("My brother and I usually make lava cake.", "Emi's brother", "make lava cake"),
        ("My friends and I usually make lava cake.", "Emi", "make lava cake"),
        ("We usually make lava cake.", "Emi", "make lava cake"),
        ("In my family we always make tamales at Christmas", "Emi", "make tamales"),
        ("me and Tom always walk to school", "Tom", "walk"),
    ],
)  # fmt: skip
def test_a_routine_shared_is_the_speakers(
    extractor: RuleExtractor, text: str, subject: str, routine: str
) -> None:
    assert (subject, "HAS_HABIT", routine) in [r[:3] for r in fact_rows(extractor, text)]


def test_unnamed_friends_share_no_routine(extractor: RuleExtractor) -> None:
    rows = _rows(extractor, "My friends and I usually make lava cake.", ("HAS_HABIT",))
    assert [r[0] for r in rows] == ["Emi"]


@pytest.mark.parametrize(
    "text",
    [
        "We all need to drink water every day",  # everyone's "we"
        "People are weird, we always want more stuff",  # a message about people at large
        "Do we usually make lava cake?",  # a question
        "In America we usually tip 20 percent",  # a custom of a country
        "We made lava cake yesterday",  # once
        "If we usually made lava cake, we'd be happier",  # a hypothetical
        "On weekends, we sometimes opt for outdoor activities like bike rides",  # a choice, no deed
        "I used his theories to develop weapons",  # a thing used once, no "used to"
    ],
)  # fmt: skip
def test_no_shared_routine(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_HABIT",)) == []


def test_a_doing_gone_to_read_as_a_noun(extractor: RuleExtractor) -> None:
    # the model tags "fishing" a noun after "Me and my brother go": still the pastime gone to
    rows = _rows(extractor, "Me and my brother go fishing every summer", ("HAS_HOBBY",))
    assert {r[:3] for r in rows} == {
        ("Emi", "HAS_HOBBY", "fishing"),
        ("Emi's brother", "HAS_HOBBY", "fishing"),
    }


def test_no_doing_gone_to_in_a_place(extractor: RuleExtractor) -> None:
    assert _rows(extractor, "I go to the building every day", ("HAS_HOBBY",)) == []

"""Opinions (HAS_OPINION), second round of chat phrasing (issue 11): each class of phrasing
with sentences written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _opinions(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"]


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "I thought it was <judgement>" right after a named thing watched, read or visited
        ("I watched Inception last week. I thought it was really good.", "Inception", "good"),
        ("I saw Oppenheimer. I think it's a masterpiece.", "Oppenheimer", "masterpiece"),
        ("We went to Lisbon in May and I think it was the best.", "Lisbon", "best"),
        ("I played Hades all weekend. I feel like it is so addictive.", "Hades", "addictive"),
    ],
)  # fmt: skip
def test_a_thought_of_it_judges_the_thing_just_experienced(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I think it was really good.",  # nothing named before
        "I watched a movie. I thought it was good.",  # nothing named: a hollow "it"
        "I watched Inception and Dune. I thought it was good.",  # which one?
        "I watched Inception. I don't think it was good.",  # negated: stored as no judgement
        "I watched Inception. I think it will be good.",  # a guess
        "You watched Inception. I think it was good.",  # not the speaker's experience
        "I watched Inception. I think it's good to rest sometimes.",  # "it" of a clause
    ],
)  # fmt: skip
def test_a_thought_of_it_with_nothing_experienced_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I watched Inception. It's good to rest sometimes.",  # "it" of the clause after
        "I watched Inception. It's great that you liked it.",
        "I watched Inception. I think it's great that you liked it.",
    ],
)  # fmt: skip
def test_it_of_a_clause_after_the_judgement_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I watched Inception. It was so boring to watch.",  # how: still the film
        "I watched Inception. It was so boring, I fell asleep.",  # a clause run on
    ],
)  # fmt: skip
def test_it_judged_with_a_bare_how_or_a_run_on_clause_is_an_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert ("Emi", "HAS_OPINION", "Inception", "boring") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "that movie", "the city": the kind of a thing just named, pointing back at it
        ("I watched Inception. That movie was so good.", "Inception", "good"),
        ("I went to Kyoto last spring. The city was beautiful.", "Kyoto", "beautiful"),
        ("I just read Dune. This book is incredible.", "Dune", "incredible"),
    ],
)  # fmt: skip
def test_a_kind_pointing_back_judges_the_thing_just_named(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "That movie was so good.",  # nothing named
        "I watched a film. That movie was so good.",  # nothing named before either
        "I watched Inception and Alien. That movie was so good.",  # which one?
        "I watched Inception. The first movie was so good.",  # another movie, described
        "I went to Kyoto. The temples were beautiful.",  # parts, no kind of Kyoto
    ],
)  # fmt: skip
def test_a_kind_with_nothing_to_point_back_at_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "a <kind> called <Name>": the name is what "it" judges
        ("I watched a show called Severance. It was amazing.", "Severance", "amazing"),
        ('I read a book titled "Pachinko". I think it was wonderful.', "Pachinko", "wonderful"),
    ],
)  # fmt: skip
def test_it_judges_the_name_a_kind_was_called(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


def test_a_thing_called_by_name_that_someone_else_watched_is_not_judged(
    extractor: RuleExtractor,
) -> None:
    assert _opinions(extractor, "My friend watched a show called Severance. It was amazing.") == []


@pytest.mark.parametrize(
    ("text", "deed"),
    [
        ("I watched Inception. It was amazing.", ("Emi", "DID", "Inception", "watch")),
        ("I watched Inception. I thought it was amazing.", ("Emi", "DID", "Inception", "watch")),
        ("I watched Inception. That movie was amazing.", ("Emi", "DID", "Inception", "watch")),
    ],
)  # fmt: skip
def test_a_judgement_of_a_thing_named_before_keeps_the_naming_fact(
    extractor: RuleExtractor, text: str, deed: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert deed in rows
    assert ("Emi", "HAS_OPINION", "Inception", "amazing") in rows


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "the <thing> there" of the one named place just visited
        ("I went to Nobu last week. The food there is amazing.", "food in Nobu", "amazing"),
        ("We went to Kyoto. The temples there were beautiful.", "temple in Kyoto", "beautiful"),
        # "found it" after a named thing
        ("I watched Severance and found it to be a fascinating series.", "Severance",
         "fascinating"),
    ],
)  # fmt: skip
def test_a_thing_there_judges_it_at_the_place_just_visited(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The food there is amazing.",  # no place named
        "I went to a small cafe. The coffee there was great.",  # a place, unnamed
        "I went to Nobu and Zuma. The food there is amazing.",  # which one?
        "My sister went to Nobu. The food there is amazing.",  # not the speaker's visit
    ],
)  # fmt: skip
def test_a_thing_there_with_no_one_named_place_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a named thing the speaker urges on the addressee, judged by the "it" after it
        ("You should watch Severance, it's amazing.", "Severance", "amazing"),
        ("You need to visit Albania it is amazing!", "Albania", "amazing"),
        ("You should read Pachinko. It's a masterpiece.", "Pachinko", "masterpiece"),
    ],
)  # fmt: skip
def test_it_judges_a_named_thing_the_speaker_urges(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "You should watch Severance if it's good.",  # a condition, no judgement
        "You watched Severance. It was amazing.",  # the addressee's experience, told back
        "You should watch a movie. It's relaxing.",  # nothing named
    ],
)  # fmt: skip
def test_it_after_a_thing_not_urged_or_unnamed_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []

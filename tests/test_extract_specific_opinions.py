"""Opinions (HAS_OPINION) of one specific thing, third round of chat phrasing (issue 11): each
class with sentences written for it (not the benchmark's), and the near misses that stay out:
class judgements, reactions, pronouns the message does not resolve, questions, hypotheticals."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _opinions(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"]


# --- a thing brought up by its name with "called" ------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("I just picked up this game called hollow knight. It's really good.",
         "hollow knight", "good"),
        ("I've been getting into a show called the bear. I hope it gets renewed. It's amazing.",
         "bear", "amazing"),
        ("We started reading a book called the midnight library and it's so interesting.",
         "midnight library", "interesting"),
        ("I got a board game called Wingspan. It's a beautiful game.",
         "Wingspan", "beautiful"),
    ],
)  # fmt: skip
def test_an_it_judges_the_thing_the_speaker_named_with_called(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "My friend recommended a book called the midnight library. It's amazing.",  # theirs
        "I haven't played a game called hollow knight. It's amazing.",  # denied
        "I picked up a game called hollow knight. It's a platformer.",  # no judgement
        "Have you played a game called hollow knight? It's amazing.",  # a question of "you"
        "I picked up a game called hollow knight. It's great that you called.",  # "it" of a clause
        "I picked up a game called hollow knight and a book called dune. It's great.",  # which?
    ],
)  # fmt: skip
def test_no_opinion_of_a_called_thing_not_the_speakers(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


# --- a judging word the parser tags a noun -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("I played Celeste. It's a fun throwback.", "Celeste", "fun"),
        ("Yesterday I played Minecraft. It is a fun throwback.", "Minecraft", "fun"),
    ],
)  # fmt: skip
def test_a_judging_word_tagged_a_noun_still_judges(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Chess is a fun game.",  # a kind of play
        "It's a fun throwback.",  # a pronoun
        "Is Hades a fun game?",  # a question
    ],
)  # fmt: skip
def test_no_opinion_from_a_judging_noun_without_a_topic(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


# --- an agreement the speaker states -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("I agree the Greek islands are gorgeous.", "Greek island", "gorgeous"),
        ("I agree that Dune is a masterpiece.", "Dune", "masterpiece"),
        ("Yeah I totally agree the new Zelda game is amazing", "new Zelda game", "amazing"),
    ],
)  # fmt: skip
def test_an_agreement_states_the_speakers_judgement(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I agree with you.",  # nothing judged
        "I don't agree that Dune is great.",  # denied
        "I agree nature is great.",  # a class of things
        "Do you agree Dune is great?",  # a question
        "I agree it was great.",  # a pronoun
    ],
)  # fmt: skip
def test_no_opinion_from_an_agreement_without_a_specific_topic(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


# --- a ranking with a superlative ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("Dune is one of the most beautiful movies.", "Dune", "one of the most beautiful"),
        ("I think Lisbon is one of the most relaxing cities.", "Lisbon",
         "one of the most relaxing"),
        ("I think the best pizza in town is Luigi's.", "Luigi's", "best"),
        ("The best hiking trail in Utah is Angels Landing.", "Angels Landing", "best"),
        ("One of the most stunning sites for me was the Grand Canyon.", "Grand Canyon",
         "one of the most stunning"),
    ],
)  # fmt: skip
def test_a_ranking_judges_the_named_thing(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Dune is one of the most famous movies.",  # no judging word: a fact of the world
        "The best time to visit is May.",  # a date
        "The best way to relax is Yoga.",  # a way, no thing
        "The best part of the trip was Rome.",  # a part
        "I don't think the best pizza is Luigi's.",  # denied
        "Is the best pizza Luigi's?",  # a question
        "My sister says the best pizza is Luigi's.",  # someone else's
        "It is one of the most beautiful movies.",  # a pronoun
        "The middle section is one of the most beautiful codas.",  # a part pointing back
    ],
)  # fmt: skip
def test_no_opinion_from_a_ranking_of_no_named_thing(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


# --- a product or model named by a code ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("Oh the ps5 is amazing", "ps5", "amazing"),
        ("I think the 747 is great.", "747", "great"),
        ("honestly the 3ds was so fun", "3ds", "fun"),
    ],
)  # fmt: skip
def test_a_code_with_the_names_the_thing_judged(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The 90s were great.",  # a decade
        "The 5k was fun.",  # a measure
        "The 2019 was great.",  # a year
        "Is the ps5 good?",  # a question
        "The ps5 isn't good.",  # denied: no judgement stored
        "My ps5 is great.",  # one's own thing, no name
    ],
)  # fmt: skip
def test_no_opinion_of_a_code_that_names_nothing(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []


# --- a named thing the other chose, that "it" calls a kind of thing ------------------------


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ('So glad you\'re going with "Arrival" tonight! It\'s a brilliant film.', "Arrival",
         "brilliant"),
        ("You decided on Lisbon! It's a beautiful city.", "Lisbon", "beautiful"),
        ("Nice, you picked Hades. It's an addictive game.", "Hades", "addictive"),
    ],
)  # fmt: skip
def test_an_it_called_a_kind_judges_the_thing_the_other_chose(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "You picked Paris? It's great.",  # a bare judgement may be of the choice
        "You might go with Dune. It's a great movie.",  # not chosen yet
        "You didn't pick Dune. It's a great movie.",  # not chosen
        "You went with Sam. It's a great idea.",  # a reaction to the plan
        "You went with Dune and Arrival. It's a great movie.",  # which one?
    ],
)  # fmt: skip
def test_no_opinion_of_a_choice_without_a_kind_or_a_single_thing(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []

"""Opinions (HAS_OPINION) in chat phrasing (issue 11, opinions round): each class of phrasing
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
        # "I think <topic> is a <judging adjective> <noun>"
        ("I think Miyazaki is an incredible director.", "Miyazaki", "incredible"),
        ("I think the new Zelda game is a brilliant sequel.", "new Zelda game", "brilliant"),
        # superlatives: "the best", "the best <noun>", "one of the best <noun>s"
        ("Lisbon is the best.", "Lisbon", "best"),
        ("Elden Ring is the best game ever made.", "Elden Ring", "best"),
        ("Honestly, Arcane is one of the best shows out there.", "Arcane", "one of the best"),
        ("I think Dune is one of the best movies.", "Dune", "one of the best"),
        # judging adjectives of a named thing
        ("The Australian Open was so exciting!", "Australian Open", "exciting"),
        ('"The Grand Budapest Hotel" is such a delightful watch!', "The Grand Budapest Hotel",
         "delightful"),
        ("Chicago is such a nice city.", "Chicago", "nice"),
        ("Harry Potter is definitely peak fiction.", "Harry Potter", "peak"),  # chat's "peak"
        # a part of a named thing: "the ending of Dune"
        ("The ending of Dune was kind of disappointing.", "ending of Dune", "disappointing"),
        # plural things a named kind describes
        ("Honestly, the Greek islands are the best.", "Greek island", "best"),
    ],
)  # fmt: skip
def test_a_judgement_of_a_named_thing_is_an_opinion(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Dune is not the best.",  # negated
        "I don't think Dune is one of the best movies.",
        "I think it is one of the best.",  # a pronoun names nothing
        "Dune is the best choice.",  # a reply to a suggestion
        "Porto is one of the best choices for a trip.",
        "Dogs are the best.",  # a class of things
        "The weather is nice.",  # chit-chat
        "That sounds exciting!",  # politeness
        "The ending of it was disappointing.",  # a part of something pointed back at
        "The ending was disappointing.",  # a bare part points back into the chat
        "Lisbon might be the best.",  # a guess
        "Is Lisbon the best?",  # a question
        "The visual effects were stunning.",  # parts of something, only described
        "The diverse landscapes are truly captivating.",
        "I think the oddest I've ever had is a mexican tripe soup.",  # no judging word
        "I think the chance to just relax is the best part of Lisbon.",  # a part ranked
        "Making Tiramisu was a delightful experience!",  # the making is judged
    ],
)
def test_no_opinion_of_nothing_named(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "it" judges what the speaker went to, enjoyed or recommends in the sentence before,
        # also through a verb it hangs on ("decided to go", "started watching")
        ("Last year we decided to go to Tulum. It was amazing.", "Tulum", "amazing"),
        ('I\'d recommend "The Alchemist" by Paulo Coelho. It\'s a beautiful novel.',
         "The Alchemist", "beautiful"),
        ("I really enjoyed Oppenheimer. It was amazing.", "Oppenheimer", "amazing"),
    ],
)  # fmt: skip
def test_it_judges_what_the_speaker_went_to_or_enjoyed(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "You decided to go to Tulum. It was amazing.",  # the addressee's trip
        "I didn't enjoy Oppenheimer. It was boring.",  # negated: no experience to judge
        "I love the character drama. It's a great movie.",  # a liking of a part, not a work
    ],
)
def test_it_judges_nothing_the_speaker_did_not_experience(
    extractor: RuleExtractor, text: str
) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a thought of a named thing: "I feel like <topic> is ...", a judging noun under think
        ("I feel like Dune is overrated.", "Dune", "overrated"),
        ("I feel like the ending of Dune was a bit boring.", "ending of Dune", "boring"),
        ("I think Inception is a masterpiece.", "Inception", "masterpiece"),
        ("I think the new Batman movie was great.", "new Batman movie", "great"),
        # what one found so was met: the thing found may be only described
        ("I found the book really tedious.", "book", "tedious"),
    ],
)  # fmt: skip
def test_a_thought_of_a_named_thing_is_an_opinion(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I think the movie was good.",  # a bare "the movie" points back into the chat
        "I think the first game is a little outdated.",
        "I think the potato is super versatile.",  # a class of things
        "I feel like the change was necessary.",
        "I feel like it is overrated.",  # a pronoun
        "I don't feel like Dune is overrated.",  # negated
    ],
)
def test_a_thought_of_nothing_named_is_no_opinion(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []


def test_a_judging_noun_under_think_is_no_identity(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I think Dune is a masterpiece.")
    assert [r for r in found if r[1] == "IS_A"] == [], found


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a named thing loved or liked, judged by the "it" after it
        ("I love Dune. It's a masterpiece.", "Dune", "masterpiece"),
        ("I like Seattle, it is beautiful.", "Seattle", "beautiful"),
        # a sentence between that speaks of "it" carries it on
        ("I just finished Pachinko. I think I mentioned it before. It's a wonderful story.",
         "Pachinko", "wonderful"),
    ],
)  # fmt: skip
def test_it_judges_a_named_thing_liked_or_carried_on(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I love the character drama. It's a great movie.",  # a part liked, not named
        "I like my new job. It is amazing.",  # not named
        "I just finished Pachinko. My sister hated the ending. It's a wonderful story.",
    ],
)
def test_it_judges_nothing_unnamed_or_out_of_reach(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a thing named by the place it is at or from
        ("The pasta at Luigi's was delicious.", "pasta at Luigi's", "delicious"),
        ("The food at Nobu is the best.", "food at Nobu", "best"),
        ("The beaches in Thailand are beautiful.", "beach in Thailand", "beautiful"),
        # the parser may hang the thing found as a modifier of the judgement
        ("I found the Barbie movie hilarious.", "Barbie movie", "hilarious"),
    ],
)  # fmt: skip
def test_a_thing_named_by_its_place_is_judged(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The pasta at that place was delicious.",  # a place pointed back at
        "The pasta at home is delicious.",  # no place named
        "The weather in Miami is nice.",  # chit-chat
    ],
)
def test_a_thing_at_no_named_place_is_no_opinion(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []


def test_it_after_a_match_of_two_judges_neither_side(extractor: RuleExtractor) -> None:
    assert _opinions(extractor, "I watched Real Madrid vs Barcelona. It was amazing.") == []
    found = fact_rows(extractor, "I watched Real Madrid last night. It was amazing.")
    assert ("Emi", "HAS_OPINION", "Real Madrid", "amazing") in found

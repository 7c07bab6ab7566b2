"""Recaps: what the speaker tells back of the addressee's own news ("It's great that you went
hiking", "I'm glad you ...", "Sounds like you ...") is the addressee's fact; questions, wishes,
suggestions, hypotheticals, guesses, generic "you" and bare reactions are nobody's (real spaCy
model, speaker Emi, addressee Sam)."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "it's <reaction> that you ..."
        ("It's awesome that you love sushi.", ("Sam", "PREFERS", "sushi", None)),
        ("It's so cool that you work at Google.", ("Sam", "WORKS_AT", "Google", None)),
        ("That's cool that you play the guitar.", ("Sam", "HAS_HOBBY", "guitar", None)),
        # "I'm glad / happy (to hear) (that) you ..."
        ("I'm happy that you work at Google now.", ("Sam", "WORKS_AT", "Google", None)),
        ("I'm glad to hear you work at Google.", ("Sam", "WORKS_AT", "Google", None)),
        # "Glad to hear (that) you ..."
        ("Glad to hear you adopted a puppy.", ("Sam", "HAS_PET", "puppy", "puppy")),
        # "(It) sounds like you ..."
        ("It sounds like you love tennis!", ("Sam", "PREFERS", "tennis", None)),
        ("Sounds like you had fun at the beach.", ("Sam", "VISITED", "beach", None)),
        ("I'm glad to hear you had a great time at the spa!", ("Sam", "VISITED", "spa", None)),
        # "it's <reaction> to hear / see (that) you ...", "good to know (that) you ..."
        ("It's great to see that you love sushi.", ("Sam", "PREFERS", "sushi", None)),
        ("How exciting that you adopted a cat!", ("Sam", "HAS_PET", "cat", "cat")),
        # the frame's word alone, which the small model may read as a name
        ("Nice that you visited Rome!", ("Sam", "VISITED", "Rome", None)),
        ("Awesome that you adopted a cat!", ("Sam", "HAS_PET", "cat", "cat")),
        ("Glad you had fun at the zoo!", ("Sam", "VISITED", "zoo", None)),
        # "(It) seems / looks like you ..."
        ("Seems like you love sushi.", ("Sam", "PREFERS", "sushi", None)),
        ("It looks like you adopted a cat!", ("Sam", "HAS_PET", "cat", "cat")),
        # a wish or a plan told back is the addressee's
        ("It's great that you want to learn Spanish.", ("Sam", "HAS_GOAL", "learn Spanish", None)),
        # what the addressee told, recalled: "I remember you said ..."
        ("I remember you said you love hiking.", ("Sam", "PREFERS", "hiking", None)),
    ],
)
def test_a_recap_is_the_addressees_fact(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a question, or a frame asked
        "Did you enjoy the concert?",
        "Isn't it great that you love sushi?",
        # wishes and farewells
        "I hope you have fun at the beach.",
        "Enjoy your trip!",
        # suggestions
        "You should try sushi.",
        "You could visit Paris.",
        # hypotheticals: the frame's clause under "if" is no recap
        "If you go to Paris, visit the Louvre.",
        "It would be great if you visited Rome.",
        # a frame denied or put as a wish
        "I'm not glad that you work at Google.",
        # guesses
        "You must really like history then.",
        "You probably love hiking.",
        "It sounds like you probably love hiking.",
        # an inference drawn with a closing "then"
        "You much really like history then",
        "You're a big reader then lol",
        # generic "you", and a fragment of the sentence before
        "That you wanna see the video through to the end.",
        "So that you want to learn Spanish.",
        "You go there with a boat and they release a cage into the water.",
        "You can see all there is to see in an afternoon.",
        # recalled words put as a doubt
        "I don't remember if you said you love hiking.",
        # the addressee's reaction to the speaker's own words and things, or to the day
        "I'm glad you found the suggestions helpful.",
        "I'm so glad you enjoyed trying out the yoga poses I recommended.",
        "It's great to hear you're enjoying your day!",
        # a need or advice heard in what was told: a guess, no recap
        "Sounds like you need a vacation!",
        "It sounds like you should try yoga.",
        # generic "you" inside a frame
        "It's great that you get free drinks when you fly business.",
        "It's nice that you can see the whole city from there.",
        # a reaction of no recap word, and bare reactions
        "It's strange that you love sushi.",
        "Strange that you love sushi.",
        "That sounds amazing.",
    ],
)
def test_no_recap_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


def test_a_then_that_tells_the_order_of_things_is_no_inference(extractor: RuleExtractor) -> None:
    assert ("Sam", "VISITED", "Paris", None) in fact_rows(extractor, "Then you went to Paris.")
    assert ("Sam", "PREFERS", "sushi", None) in fact_rows(
        extractor, "You love sushi. Then we can go.")


@pytest.mark.parametrize(
    "text",
    ["Your Olaplex journey, from being skeptical to loving it, is quite a story.",
     "My commute is a nightmare."],
)
def test_a_judgement_of_ones_thing_is_no_attribute(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "HAS_ATTRIBUTE"] == []


@pytest.mark.parametrize(
    "text",
    ["I've taken the leap to start playing the piano again!",
     "That's fantastic to hear that you've taken the leap to start playing the piano again!",
     "I took the plunge last year."],
)
def test_taking_the_leap_is_an_idiom_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[2] in ("leap", "plunge")] == []

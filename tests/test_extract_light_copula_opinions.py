"""Opinions (HAS_OPINION) of one specific thing, fourth round of chat phrasing (issue 11): a
judgement said with "turn out" or "feel", of a trip said which by its place ("that trip to
Lisbon"), of the speaker's own described thing ("my new job"), with a
judging noun ("a hit", "a blast"), a worth ("worth a visit") or a judging participle before the
noun ("a captivating painting"); each with sentences written for it, and the near misses that
stay out: reactions, class judgements, prices, hypotheticals, questions, denials."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _opinions(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"]


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # "turn out" in place of "be"
        ("The homemade mushroom risotto turned out delicious.", "homemade mushroom risotto",
         "delicious"),
        ("The new Spider-Man movie turned out great.", "new Spider-Man movie", "great"),
        ("The lemon cake from Nana's cookbook turned out to be amazing.", "lemon cake", "amazing"),
        ("The new Zelda game turned out to be a fantastic game.", "new Zelda game", "fantastic"),
        # "feel" in place of "be"
        ("The new Zelda game felt rushed.", "new Zelda game", "rushed"),
        ("The Taylor Swift concert felt magical.", "Taylor Swift concert", "magical"),
        # a trip said which by where it went
        ("That trip to Lisbon was spectacular.", "trip to Lisbon", "spectacular"),
        ("Our trip to Japan was amazing.", "Emi's trip to Japan", "amazing"),
        # the speaker's own one thing, said which by its modifier
        ("My new job is pretty stressful.", "Emi's new job", "stressful"),
        ("Our new apartment is amazing.", "Emi's new apartment", "amazing"),
        # a judging noun
        ("The spicy peanut noodles were a hit.", "spicy peanut noodle", "hit"),
        ("The Coldplay concert was a blast.", "Coldplay concert", "blast"),
        # a worth with what it is worth
        ("The Louvre is worth a visit.", "Louvre", "worth a visit"),
        ("The new Dune movie was worth the wait.", "new Dune movie", "worth the wait"),
        # a judging participle before the noun, which the parser tags a verb
        ('"Starry Night" is a captivating painting.', "Starry Night", "captivating"),
    ],
)  # fmt: skip
def test_a_judgement_of_one_specific_thing(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "It turns out that the new Spider-Man movie is long.",  # a clause found out, no judgement
        "If the lemon cake turns out great I'll bring some.",  # hypothetical
        "Did the lemon cake turn out great?",  # a question
        "The lemon cake didn't turn out great.",  # denied
        "Today turned out to be quite nice.",  # the day, chit-chat
        "I felt great after the run.",  # the speaker's state, no thing judged
        "The hotel room I booked felt cramped.",  # no judging word
        "The trip was amazing.",  # which trip? it points back into the chat
        "The road trip was amazing.",  # which one? no place says
        "I went on a trip last month. It was amazing.",  # which trip?
        "I'm glad your risotto turned out delicious.",  # a reaction to the other's dish
        "Your new job is pretty stressful.",  # the other's thing: a reaction
        "His new car is amazing.",  # whose? the message does not say
        "My day was great.",  # chit-chat of the day
        "My job is okay I guess, but my boss is great.",  # no modifier says which: a class
        "The old painting is worth a fortune.",  # a price, no judgement
        "The old painting is worth 20 dollars.",  # a price
        "That song was a big hit in the 90s.",  # a fact of its sales, not the speaker's view
        "Pasta is a hit with kids.",  # a class of things
    ],
)  # fmt: skip
def test_no_opinion_of_these(extractor: RuleExtractor, text: str) -> None:
    assert _opinions(extractor, text) == []

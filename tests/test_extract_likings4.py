"""Likings and pastimes, fourth round (issue 11): classes of phrasing left open by the earlier
rounds (idioms of liking, ...), each with sentences written for it (not the benchmark's), and
the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...]) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("Jazz is right up my alley.", "PREFERS", "jazz"),
        ("Honestly, thrillers are right up my alley", "PREFERS", "thriller"),
        ("I love the cafe, and the pastries are totally up my alley.", "PREFERS", "pastry"),
        ("Hiking is totally my cup of tea.", "PREFERS", "hiking"),
        ("Opera is not my cup of tea.", "AVOIDS", "opera"),
        ("Horror movies aren't really my cup of tea.", "AVOIDS", "horror movie"),
        ("Country music is not up my alley.", "AVOIDS", "country music"),
        ("Country music is not my jam.", "AVOIDS", "country music"),
        ("Horror movies aren't my style.", "AVOIDS", "horror movie"),
        ("Running isn't really my scene.", "AVOIDS", "running"),
        ("Jazz is more my style.", "PREFERS", "jazz"),
        ("Board games are more my speed.", "PREFERS", "board game"),
        # the regex's objects are canonical now, as the parsed likings' are
        ("Horror movies aren't really my thing.", "AVOIDS", "horror movie"),
    ],
)  # fmt: skip
def test_an_idiom_of_liking(extractor: RuleExtractor, text: str, relation: str, thing: str) -> None:
    # a word first in the sentence may keep its capital ("Opera"): the bench compares lower-cased
    assert (relation, thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "That's right up my alley!",  # a pronoun
        "That's more my style.",
        "This dress is not my style.",
        "This sounds right up my alley.",  # a reaction, no thing named
        "Is jazz up your alley?",  # a question
        "If opera is up my alley, I'll buy tickets.",  # a hypothetical
        "Sam thinks opera is up my alley.",  # hearsay
        "Sam said camping isn't for me.",  # hearsay, of the dislike's regex too
        "Opera is not everyone's cup of tea.",  # not the speaker's own
    ],
)  # fmt: skip
def test_no_idiom_of_liking(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        # a work or a game finished is done, as "I read Dune" is
        ("I finished reading Dune last week.", "Dune", "read"),
        ("I finished watching Severance yesterday.", "Severance", "watch"),
        ("I've finished reading Dune.", "Dune", "read"),
        ("I finished playing volleyball with my friends.", "volleyball", "play"),
        # a doing given a try was done
        ("I tried playing Elden Ring.", "Elden Ring", "play"),
        ("I tried watching Severance last week.", "Severance", "watch"),
        ("I tried reading Dune but couldn't get into it.", "Dune", "read"),
    ],
)  # fmt: skip
def test_a_doing_finished_or_tried_is_done(
    extractor: RuleExtractor, text: str, thing: str, key: str
) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", "DID", thing, key) in rows
    assert [r for r in rows if r[1] == "STATES"] == []  # a deed, no plain statement besides


@pytest.mark.parametrize(
    "text",
    [
        "I haven't finished reading Dune.",  # denied
        "I didn't finish reading Dune.",
        "I'm trying to finish reading Dune.",  # under way
        "I'll try playing Elden Ring.",  # a plan
        "I haven't tried playing Elden Ring.",
        "I tried to fix the sink.",  # an attempt, maybe failed
        "I tried calling you.",  # a pronoun
        "I just finished playing some games.",  # a doing of this moment, nothing specific
        "He finished reading Dune.",  # someone unrelated
    ],
)  # fmt: skip
def test_no_doing_finished_or_tried(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("DID",)) == []


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        # a doing after the preposition the parser tags a noun
        ("I'm really big on hiking.", "PREFERS", "hiking"),
        ("I'm not big on hiking.", "AVOIDS", "hiking"),
        ("I'm not really big on reading.", "AVOIDS", "reading"),
    ],
)  # fmt: skip
def test_a_doing_liked_after_a_preposition(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert ("Emi", relation, thing, None) in fact_rows(extractor, text)


def test_no_doing_liked_after_a_preposition(extractor: RuleExtractor) -> None:
    assert _rows(extractor, "Is he big on hiking?", ("PREFERS", "AVOIDS")) == []
    assert _rows(extractor, "My brother is big on hiking.", ("AVOIDS",)) == []


@pytest.mark.parametrize(
    ("text", "game"),
    [
        # a game named is a work, as a show watched is: played, no pastime
        ("I've been playing Hades.", "Hades"),
        ("I play Elden Ring.", "Elden Ring"),
        ("I play League of Legends with my friends.", "League of Legends"),
    ],
)  # fmt: skip
def test_a_game_named_is_played_no_pastime(extractor: RuleExtractor, text: str, game: str) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", "STATES", game, "play") in rows
    assert _rows(extractor, text, ("HAS_HOBBY",)) == []


def test_games_named_and_joined_are_each_played(extractor: RuleExtractor) -> None:
    # the conjunct the parser joins to the name's "of" part is a game of its own
    rows = fact_rows(extractor, "I watch Lord of the Rings and Severance.")
    assert ("Emi", "STATES", "Lord of the Rings", "watch") in rows
    assert ("Emi", "STATES", "Severance", "watch") in rows


def test_a_game_played_and_liked_is_liked(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I've been playing Hades and I really like it.")
    assert ("Emi", "PREFERS", "Hades", None) in rows
    assert ("Emi", "STATES", "Hades", "play") in rows


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I play tennis.", "tennis"),
        ("I play the guitar.", "guitar"),
        ("I've been playing basketball.", "basketball"),
    ],
)  # fmt: skip
def test_a_sport_or_instrument_played_stays_a_pastime(
    extractor: RuleExtractor, text: str, pastime: str
) -> None:
    assert ("Emi", "HAS_HOBBY", pastime, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a pastime's verb whose past is its present, told with a leisure phrase
        "In my free time I knit.",
        "I knit in my spare time.",
        "I knit for fun.",
        "We knit for fun.",
    ],
)  # fmt: skip
def test_a_same_form_pastime_told_with_leisure(extractor: RuleExtractor, text: str) -> None:
    assert ("HAS_HOBBY", "knitting") in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I knit a scarf last week.",  # a past, no leisure phrase
        "He knit for fun.",  # someone unrelated
        "Yesterday I knit in my free time.",  # one day's
    ],
)  # fmt: skip
def test_no_same_form_pastime(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_HOBBY",)) == []


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        # a diet the parser reads as an adverb of "eat"
        ("I eat kosher.", "kosher"),
        ("We eat kosher.", "kosher"),
        ("I only eat kosher.", "kosher"),
        ("I eat strictly kosher.", "kosher"),
        ("I eat kosher food.", "kosher"),
        ("I eat gluten-free.", "gluten-free"),
    ],
)  # fmt: skip
def test_a_diet_eaten(extractor: RuleExtractor, text: str, diet: str) -> None:
    assert ("Emi", "HAS_DIET", diet, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't eat kosher.",  # denied: no diet told
        "I eat vegan food sometimes.",  # now and then, no diet
        "If I eat keto I feel better.",  # a condition
        "Do you eat kosher?",  # a question
    ],
)  # fmt: skip
def test_no_diet_eaten(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_DIET",)) == []


def test_a_diet_gone_on_is_no_deed(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I went vegan last year.")
    assert ("Emi", "HAS_DIET", "vegan", None) in rows
    assert _rows(extractor, "I went vegan last year.", ("DID",)) == []


@pytest.mark.parametrize(
    ("text", "car"),
    [
        # a car driven as a habit, named by its make, is one's own
        ("I drive a Tesla.", "Tesla"),
        ("i drive a Tesla", "Tesla"),
        ("I drive a Honda Civic.", "Honda Civic"),
    ],
)  # fmt: skip
def test_a_car_driven_is_owned(extractor: RuleExtractor, text: str, car: str) -> None:
    assert ("Emi", "OWNS", car, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I drive an Uber.",  # a job
        "I'm driving my dad's Tesla.",  # this moment's, someone else's
        "I drove a Tesla yesterday.",  # once
        "I don't drive a Tesla.",  # denied
        "Do you drive a Tesla?",  # a question
        "I drive to Boston every day.",  # no car named
    ],
)  # fmt: skip
def test_no_car_owned_by_driving(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("OWNS",)) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        # never been into a thing is a dislike still so, as "I've never been a fan of jazz"
        ("I've never been into sports.", "sport"),
        ("I have never really been into anime.", "anime"),
    ],
)  # fmt: skip
def test_never_been_into_is_a_dislike(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", "AVOIDS", thing, None) in fact_rows(extractor, text)


def test_not_been_into_lately_is_no_dislike(extractor: RuleExtractor) -> None:
    assert _rows(extractor, "I haven't been into sports lately.", ("PREFERS", "AVOIDS")) == []
    always = fact_rows(extractor, "I've always been into sports.")
    assert ("Emi", "PREFERS", "sport", None) in always

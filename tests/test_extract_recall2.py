"""Likings and events, second recall round (issue 11): classes of phrasing that tell a liking
or a deed the earlier rounds missed, each with sentences written for it (not the benchmark's),
and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I watched Dune and loved it.", "PREFERS", "Dune"),
        ('I recently watched "La La Land" and absolutely loved it!', "PREFERS", "La La Land"),
        ("We watched Oppenheimer last night and really enjoyed it.", "PREFERS", "Oppenheimer"),
        ("I played Elden Ring and I loved it.", "PREFERS", "Elden Ring"),
        ("I watched the new Batman movie and loved it.", "PREFERS", "new Batman movie"),
        # disliked: a denied liking, or a disliking verb
        ("I tried sushi and didn't like it.", "AVOIDS", "sushi"),
        ("I watched Barbie and hated it.", "AVOIDS", "Barbie"),
        # the liking told in the next sentence, its subject dropped
        ("I played Hades last week. Loved it.", "PREFERS", "Hades"),
        ("I watched Dune last night. Absolutely loved it!", "PREFERS", "Dune"),
        ("I watched Dune. Didn't like it.", "AVOIDS", "Dune"),
        ("I watched Dune last night. I loved it.", "PREFERS", "Dune"),
        ("I watched Dune. I didn't like it.", "AVOIDS", "Dune"),
    ],
)  # fmt: skip
def test_a_deed_liked_as_it_likes_its_object(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", relation, thing, None) in rows
    assert any(r[1] == "DID" and r[2] == thing for r in rows)  # the deed stays


def test_a_read_told_past_by_its_liking_likes_the_book(extractor: RuleExtractor) -> None:
    # "read" may be present or past: the past liking tells it was read
    assert ("Emi", "PREFERS", "Dune", None) in fact_rows(
        extractor, "I read Dune and really liked it a lot.")


@pytest.mark.parametrize(
    "text",
    [
        "I watched Dune with my son and he loved it.",  # someone else liked it
        "I watched Dune and she loved it.",
        "I read Dune and loved how it ended.",  # the 'it' is no object of the liking
        "I didn't watch Dune but I loved it.",  # no deed done
        "I watched Dune and loved the soundtrack.",  # another thing liked
        "I watched Dune. He loved it.",  # the next sentence's own subject
        "I watched Dune. My son loved it.",
        "I watched Dune. Do you like it?",
        "I watched Dune. Loved the soundtrack.",
        "I watched Dune. Liked it?",  # asked
    ],
)
def test_no_liking_of_the_deed_where_it_is_not_what_was_liked(
    extractor: RuleExtractor, text: str
) -> None:
    assert not any(r[1] in ("PREFERS", "AVOIDS") and r[2] == "Dune"
                   for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        # the parser reads "went" as an auxiliary of the gerund
        ("I went fishing with my grandpa.", "fishing"),
        ("I just went fishing with my grandpa last summer.", "fishing"),
        ("Yesterday I went fishing with my grandpa and caught a huge bass.", "fishing"),
        # ... or the gerund as an adverbial clause of "went"
        ("We went camping with my family.", "camping"),
    ],
)
def test_a_doing_gone_to_with_company_is_done(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("Emi", "DID", doing, "go") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "We never went camping with my dad.",  # denied
        "Did you go fishing with him?",  # a question
        "My brother went fishing with his friends.",  # someone else's doing
    ],
)
def test_no_doing_gone_to_where_none_was_done(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[0] == "Emi" and r[1] == "DID" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I've had the opportunity to visit the Pacific Northwest a couple of times.",
         "VISITED", "Pacific Northwest"),
        ("I have had the opportunity to attend the Olympics.", "ATTENDED", "Olympics"),
        ("I've had the chance to visit Japan, but I want to go back.", "VISITED", "Japan"),
    ],
)
def test_a_chance_had_in_the_perfect_was_taken(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert ("Emi", relation, thing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I haven't had the chance to visit Japan yet.",  # not taken
        "I've never had the chance to visit Japan.",
        "I'll have the chance to visit Japan next year.",  # ahead
        "Have you had the chance to visit Japan?",  # a question
    ],
)
def test_no_visit_where_the_chance_was_not_had(extractor: RuleExtractor, text: str) -> None:
    assert ("Emi", "VISITED", "Japan", None) not in fact_rows(extractor, text)


def test_the_addressees_chance_is_no_deed_of_the_speaker(extractor: RuleExtractor) -> None:
    text = "I'm glad to hear you've had the chance to enjoy Greek cuisine!"
    assert not any(r[0] == "Emi" and r[2] == "Greek cuisine" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "event"),
    [
        ("I went to a wine tasting in Sonoma.", "wine tasting"),
        ("I went to a book signing at the mall.", "book signing"),
        ("I went to a movie screening in LA.", "movie screening"),
    ],
)
def test_an_ing_event_before_a_place_is_attended(
    extractor: RuleExtractor, text: str, event: str
) -> None:
    assert ("Emi", "ATTENDED", event, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I saw a man reading a book in the park.",  # a clause indeed
        "I'm going to a wine tasting in Sonoma next week.",  # ahead
    ],
)
def test_no_ing_event_attended_where_none_was(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] == "ATTENDED" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I gave yoga a try.", "yoga"),
        ("I finally gave Duolingo a shot last month.", "Duolingo"),
        ("I gave pottery a try last week and now I'm hooked.", "pottery"),
    ],
)
def test_a_thing_given_a_try_was_tried(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", "DID", thing, "try") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'll give yoga a try.",  # ahead
        "You should give yoga a try.",  # advice
        "I gave my sister a chance.",  # a person given a chance
        "I gave my sister a ride.",  # no try
    ],
)
def test_no_try_where_nothing_was_tried(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[0] == "Emi" and r[1] == "DID" for r in fact_rows(extractor, text))


def test_a_try_planned_keeps_its_words(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I'm going to give Emsibeth a try as well sounds amazing!")
    assert ("Emi", "HAS_GOAL", "give Emsibeth a try", None) in rows

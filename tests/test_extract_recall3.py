"""Likings, favorites and deeds, third recall round (issue 11): classes of phrasing mined from
REALTALK messages that gave no fact, each with sentences written for it (not the mined ones
alone, not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I'm a big coffee guy.", "PREFERS", "coffee"),
        ("I'm more of a tea girl.", "PREFERS", "tea"),
        ("Honestly I'm a car guy.", "PREFERS", "car"),
        ("I'm such a dog gal.", "PREFERS", "dog"),
        ("I'm not really a beer guy.", "AVOIDS", "beer"),
        ("I'm a cat person.", "PREFERS", "cat"),  # the older wording stays
    ],
)  # fmt: skip
def test_a_kind_of_guy_or_girl_one_is_likes_the_kind(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", relation, thing, None) in rows
    assert not any(r[1] == "IS_A" for r in rows)  # a liking, no role


def test_side_by_side_compounds_are_one_thing(extractor: RuleExtractor) -> None:
    # the parser hangs each lower-case compound on the head: one phrase, not "harrison" alone
    rows = fact_rows(extractor, "Im a huge harrison ford history guy")
    assert ("Emi", "PREFERS", "harrison ford history", None) in rows
    assert not [r for r in rows if r[2] == "harrison"]
    assert ("Emi", "ALLERGIC_TO", "tree nut", None) in fact_rows(
        extractor, "I have a tree nut allergy.")


@pytest.mark.parametrize(
    "text",
    [
        "I'm a nice guy.",  # a trait
        "I'm a lucky girl.",
        "I'm a morning guy.",
        "I'm a family guy.",
        "I'm the IT guy.",  # a trade
        "I'm a tech guy.",
        "I'm a numbers guy.",
        "He's a coffee guy.",  # someone else
        "My favorite cat guy is Sam.",  # a guy named, no kind one is
        "My favorite halal cart person is Rafiqi.",
        "Im so hungover dude",  # a vocative
        "Are you a coffee guy?",  # asked
    ],
)
def test_a_trait_a_trade_or_another_guy_is_no_liking(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert not [r for r in rows if r[1] in ("PREFERS", "AVOIDS", "IS_A") and r[3] is None]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("I think the last one I played was red dead redemption.", "red dead redemption", "play"),
        ("The last one I watched was Oppenheimer.", "Oppenheimer", "watch"),
        ("The latest one I've read was Project Hail Mary.", "Project Hail Mary", "read"),
        ("The last movie I saw was Oppenheimer.", "Oppenheimer", "see"),
        ("The most recent show I watched was Severance.", "Severance", "watch"),
    ],
)  # fmt: skip
def test_a_work_told_by_its_place_in_a_series_was_done(
    extractor: RuleExtractor, text: str, thing: str, key: str
) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", "DID", thing, key) in rows
    assert not any("last" in r[2] for r in rows)  # no "last movie" seen


@pytest.mark.parametrize(
    "text",
    [
        "The last one he played was Red Dead Redemption.",  # someone else's
        "What was the last one you played?",  # asked
        "The last one I played was terrible.",  # a judgement, no name
        "The last one I watched was the Dahmer one.",  # a pointer, no name
        "The last one I saw was John.",  # a person seen as well as a work
        "The last one I watched was a thriller.",  # a kind, no one work
    ],
)
def test_a_placed_one_of_another_no_name_or_a_person_is_no_deed(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] in ("DID", "STATES")]


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I spend my free time painting.", "painting"),  # "time" read as a compound of it
        ("I spend most of my free time reading.", "reading"),  # a share of the time
        ("I spend a lot of time gaming.", "gaming"),
        ("I spend all of my weekends fishing.", "fishing"),
        ("I spend my evenings knitting.", "knitting"),  # read as a second object
        ("I spend my weekends hiking.", "hiking"),  # the older wording stays
    ],
)
def test_time_spent_on_a_doing_is_a_pastime(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("Emi", "HAS_HOBBY", doing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I spend a lot of time working.",  # work, no pastime
        "I spend most of my free time studying.",
        "I spend time cooking.",  # no leisure said
        "He spends his free time painting.",  # someone else's
        "Do you spend your free time painting?",  # asked
        "I don't spend much time reading.",  # denied
    ],
)
def test_time_spent_on_work_by_another_or_denied_is_no_pastime(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_HOBBY"]


def test_a_doing_misread_after_the_time_spent_keeps_its_object(
    extractor: RuleExtractor,
) -> None:
    # "afternoon" and "playing" were read as compounds of "football"
    rows = fact_rows(extractor, "I spent the afternoon playing football with my friends.")
    assert any(r[2] == "football" and r[3] == "play" for r in rows)
    assert not any("afternoon" in r[2] for r in rows)


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        ("I'd say Elden Ring is the best game ever.", "Elden Ring", "best"),
        ("I would say Dune is amazing.", "Dune", "amazing"),
        ("Honestly I'd say the new Batman movie was pretty good.", "new Batman movie", "good"),
        ("I think Dune is amazing.", "Dune", "amazing"),  # the plain hedge stays
    ],
)
def test_a_judgement_hedged_with_id_say_is_held(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I wouldn't say Dune is amazing.",  # denied
        "Would you say Dune is amazing?",  # asked
        "If I had to choose I'd say Dune is the best.",  # a condition
        "I can't say Dune was great.",  # another modal
        "People say Lisbon is beautiful.",  # nobody's
        "My friend said Dune was boring.",  # an unnamed friend's
        "I'd say it's great.",  # no topic named
    ],
)
def test_a_denied_asked_or_conditional_say_holds_no_judgement(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"]


def test_what_the_addressee_said_of_a_thing_is_their_judgement(
    extractor: RuleExtractor,
) -> None:
    assert ("Sam", "HAS_OPINION", "Dune", "boring") in fact_rows(
        extractor, "You said Dune was boring.")


@pytest.mark.parametrize(
    ("text", "instrument"),
    [
        ("I practice guitar every day.", "guitar"),
        ("I've been practicing the piano a lot lately.", "piano"),
        ("I practise the violin.", "violin"),
        ("When I get home I practice the violin.", "violin"),
    ],
)
def test_an_instrument_practised_is_a_pastime(
    extractor: RuleExtractor, text: str, instrument: str
) -> None:
    assert ("Emi", "HAS_HOBBY", instrument, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I practiced piano yesterday.",  # once
        "Do you practice guitar?",  # asked
        "I should practice guitar more.",  # a wish
        "I've been practicing my writing.",  # no instrument
    ],
)
def test_an_instrument_practised_once_asked_or_wished_is_no_pastime(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_HOBBY"]


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I took a trip to Greece last summer.", "Greece"),
        ("We went on a trip to Italy.", "Italy"),
        ("We just got back from a trip to Italy.", "Italy"),
        ("I just got back from a road trip to Yellowstone.", "Yellowstone"),
        ("We came back from a vacation in Hawaii.", "Hawaii"),
        ("My trip to Japan was amazing.", "Japan"),  # the older wording stays
    ],
)
def test_a_trip_taken_or_come_back_from_visited_its_place(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert ("Emi", "VISITED", place, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm taking a trip to Greece next month.",  # a plan
        "He took a trip to Greece.",  # someone else's
        "Did you take a trip to Greece?",  # asked
        "I took a trip to the store.",  # an errand
    ],
)
def test_a_trip_planned_of_another_asked_or_an_errand_visited_nothing(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "VISITED"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I'm really loving yoga lately.", "yoga"),
        ("I've been enjoying jazz a lot.", "jazz"),
        ("I've been loving K-dramas lately.", "K-drama"),
        ("I'm loving the new Taylor Swift album.", "new Taylor Swift album"),  # the older one
    ],
)
def test_a_kind_liked_as_going_on_is_a_liking(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", "PREFERS", thing, None) in rows
    assert not any(r[1] == "STATES" for r in rows)


@pytest.mark.parametrize(
    "text",
    [
        "I'm enjoying coffee right now.",  # a moment's
        "I'm enjoying the sun today.",
        "I'm loving this weather.",  # pointing
        "He's loving yoga.",  # someone else's
        "Are you loving yoga?",  # asked
    ],
)
def test_a_liking_of_the_moment_another_or_asked_is_none(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I've grown to love sushi.", "sushi"),
        ("I've really grown to like spicy food.", "spicy food"),
        ("I've come to love jazz.", "jazz"),  # read as a purpose by the parser
        ("I've learned to love running.", "running"),
    ],
)
def test_a_liking_grown_into_is_held(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", "PREFERS", thing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I haven't come to like sushi.",  # denied
        "He's grown to love sushi.",  # someone else's
        "Have you grown to love sushi?",  # asked
        "I came here to enjoy the view.",  # a purpose of a coming
        "I'd grow to love sushi.",  # a guess
        "I've grown to love it.",  # a pronoun
    ],
)
def test_a_liking_not_grown_into_is_none(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"]


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I'm a big reader.", "reading"),
        ("I'm an avid hiker.", "hiking"),
        ("Im a huge gamer", "gaming"),
        ("I'm a competitive swimmer.", "swimming"),
        ("I am a keen cyclist.", "cycling"),
        ("I'm also a big runner.", "running"),
    ],
)
def test_a_keen_doer_has_the_doing_as_a_pastime(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("Emi", "HAS_HOBBY", doing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm not a big reader.",  # denied
        "I'm a runner.",  # no word of keenness: may be a role
        "Are you a big reader?",  # asked
        "He's a big reader.",  # someone else
        "I'm a big boxer fan.",  # a fan of a kind, no doer
    ],
)
def test_a_doer_denied_bare_asked_or_another_has_no_pastime(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_HOBBY"]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I tried making sushi at home.", "sushi"),
        ("I tried making the tiramisu recipe you gave me.", "tiramisu recipe"),
        ("We've just finished making some bagels.", "bagel"),
        ("I just finished making a lasagna.", "lasagna"),
    ],
)
def test_a_doing_finished_or_tried_was_done(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert ("Emi", "DID", thing, "make") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I never tried making sushi.",  # denied
        "Have you tried making sushi?",  # asked
        "He finished making a lasagna.",  # someone else's
        "I'm trying to finish making a lasagna.",  # under way
        "I just made a few dishes for dinner.",  # hollow
    ],
)
def test_a_doing_not_done_another_or_hollow_is_no_deed(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "DID"]

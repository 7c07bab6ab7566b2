"""Chat's contractions written without their apostrophe ("ive", "youre", "shes") read as their
verbs, and the open fallback's errors they exposed, by class of phrasing: a thing said to be
better or worse, a verb misread as the end of a name, a craving had, an impression of the
addressee told back as "sounds like you're a ..."."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str, str | None, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """Each fact of one message by Emi to Sam."""
    return deniable_rows(extractor, text)


def _objects(extractor: RuleExtractor, text: str) -> set[str]:
    return {o for _, _, o, _, _ in _facts(extractor, text)}


# --- "ive", "weve", "youre", "shes": the verb of the contraction ----------------------------


@pytest.mark.parametrize(
    ("text", "relation", "obj"),
    [("ive visited Japan twice", "VISITED", "Japan"),
     ("Ive visited Japan twice", "VISITED", "Japan"),
     ("Ive tried peanut encrusted hot dogs", "STATES", "peanut encrusted hot dog"),
     ("weve visited Japan twice", "VISITED", "Japan")],
)  # fmt: skip
def test_ive_without_its_apostrophe_is_a_perfect(
    extractor: RuleExtractor, text: str, relation: str, obj: str
) -> None:
    assert ("Emi", relation, obj) in {(s, r, o) for s, r, o, _, _ in _facts(extractor, text)}


def test_youre_without_its_apostrophe_is_a_copula(extractor: RuleExtractor) -> None:
    assert ("Sam", "IS_A", "nurse") in {(s, r, o) for s, r, o, _, _ in
                                        _facts(extractor, "youre a nurse")}


def test_shes_without_its_apostrophe_is_a_copula(extractor: RuleExtractor) -> None:
    facts = {(s, r, o) for s, r, o, _, _ in _facts(extractor, "my sister, shes a nurse")}
    assert ("Emi's sister", "IS_A", "nurse") in facts


@pytest.mark.parametrize("text", ["Is a nurse", "ve been a nurse"])
def test_a_piece_not_run_into_a_pronoun_is_left_as_typed(
    extractor: RuleExtractor, text: str
) -> None:
    assert not any(r == "IS_A" for _, r, _, _, _ in _facts(extractor, text))


# --- a thing said to be better or worse ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Ive had better salads at this place", "I've had better salads at this place",
     "I've seen worse movies"],
)  # fmt: skip
def test_a_thing_better_or_worse_than_one_told_is_no_object(
    extractor: RuleExtractor, text: str
) -> None:
    assert not _facts(extractor, text)


def test_a_thing_judged_without_a_comparison_is_still_read(extractor: RuleExtractor) -> None:
    assert "japanese cheese tart" in _objects(
        extractor, "Ive had a japanese cheese tart before and it was out of this world")


# --- a verb misread as the end of a name ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Ive seen dr phil scratch his head plenty of times!",
     "I've seen dr phil scratch his head plenty of times!"],
)  # fmt: skip
def test_a_name_with_a_possessive_phrase_hung_on_it_is_a_misread_clause(
    extractor: RuleExtractor, text: str
) -> None:
    assert not any("scratch" in o for o in _objects(extractor, text))


def test_an_apposition_after_a_comma_still_names(extractor: RuleExtractor) -> None:
    assert "Inception" in _objects(extractor, "I've seen Inception, my favorite movie")


# --- a craving had ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Ive recently had a hankering for cranberry or raspberry",
     "I've had a yearning for the sea lately"],
)  # fmt: skip
def test_a_craving_had_is_no_object(extractor: RuleExtractor, text: str) -> None:
    assert not {"hankering", "yearning"} & _objects(extractor, text)


# --- an impression of the addressee heard back ------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["That just sounds like youre a gambling addict", "It sounds like you're a natural",
     "Seems like you're a pro"],
)  # fmt: skip
def test_sounds_like_youre_a_noun_is_an_impression(extractor: RuleExtractor, text: str) -> None:
    assert not any(r == "IS_A" for _, r, _, _, _ in _facts(extractor, text))


def test_sounds_like_you_do_still_hears_news_back(extractor: RuleExtractor) -> None:
    assert ("Sam", "PREFERS", "tennis") in {
        (s, r, o) for s, r, o, _, _ in _facts(extractor, "Sounds like you love tennis!")}


# --- "id" for "I'd" ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "goal"),
    [("id love to visit Japan someday", "visit Japan"),
     ("Id love to visit Japan someday", "visit Japan"),
     ("Id really like to try sushi", "try sushi")],
)  # fmt: skip
def test_id_before_a_verb_is_i_would(extractor: RuleExtractor, text: str, goal: str) -> None:
    assert ("Emi", "HAS_GOAL", goal) in {(s, r, o) for s, r, o, _, _ in _facts(extractor, text)}


@pytest.mark.parametrize("text", ["my id card expired", "I lost my id at the airport",
                                  "Id probably have to drive to a park"])
def test_an_id_that_is_a_noun_or_a_hypothetical_tells_nothing(
    extractor: RuleExtractor, text: str
) -> None:
    assert not _facts(extractor, text)


# --- "live for years" after a verb of seeing --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["ive seen cats live for like 20ish years", "I've seen dogs live for 15 years",
     "I think on average they live longer lol ive seen cats live for like 20ish years"],
)  # fmt: skip
def test_seen_living_for_years_is_no_thing_seen(extractor: RuleExtractor, text: str) -> None:
    assert not _facts(extractor, text)


def test_a_show_seen_live_is_still_attended(extractor: RuleExtractor) -> None:
    assert ("Emi", "ATTENDED", "Metallica concert") in {
        (s, r, o) for s, r, o, _, _ in _facts(extractor, "We saw Metallica live in Chicago")}

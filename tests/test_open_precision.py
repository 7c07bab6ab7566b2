"""The open fallback's precision on passing days (issue 11, the REALTALK STATES sample's wrong
classes), with the real spaCy model and the whole rule extractor: a doing ended just now or
told as one day's doing in progress is that day's business, not something lasting; a specific
thing done stays a fact, on whatever day it was done (the guidelines: "a specific thing done
or planned counts")."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor

Row = tuple[str, str, str | None]


def states(extractor: Extractor, text: str) -> list[Row]:
    """(subject, object, key) of every STATES fact of `text`, said by Emi to Sam."""
    return [(s, o, k) for s, r, o, k in fact_rows(extractor, text) if r == "STATES"]


def deeds(extractor: Extractor, text: str) -> list[Row]:
    """(subject, object, key) of every STATES or DID fact of `text` (a doing finished is a
    deed done, finished_doings.py; the others stay the open fallback's)."""
    return [(s, o, k) for s, r, o, k in fact_rows(extractor, text) if r in ("STATES", "DID")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a span of a life, or a named work, spent on a doing stays a fact
        ("I've spent years learning the piano.", ("Emi", "piano", "learn")),
        ("I spent the afternoon reading Dune.", ("Emi", "Dune", "read")),
        ("I just finished reading Dune.", ("Emi", "Dune", "read")),
        ("I finished reading a great novel last month.", ("Emi", "great novel", "read")),
        ("I've been exploring some new hiking trails in Idaho.",
         ("Emi", "new hiking trail", "explore")),
        # a specific thing done on one day, or "the other day"
        # (a place explored is VISITED now: test_extract_spent_visits.py)
        ("I spent the morning sketching a sunflower.", ("Emi", "sunflower", "sketch")),
        ("I whittled a wooden spoon the other day.", ("Emi", "wooden spoon", "whittle")),
    ],
)
def test_a_lasting_or_named_doing_stays(extractor: Extractor, text: str,
                                        expected: Row) -> None:
    assert expected in deeds(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a doing ended just now
        "I just finished playing some volleyball with my friends!",
        "We've just finished making some bagels",
    ],
)
def test_a_doing_of_one_day_is_no_fact(extractor: Extractor, text: str) -> None:
    assert states(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an ongoing doing told with no day, or naming what it is, stays
        ("I'm reading a new fantasy book.", ("Emi", "new fantasy book", "read")),
        ("I am a bit sick today. I'm reading Dune.", ("Emi", "Dune", "read")),
    ],
)
def test_an_ongoing_doing_stays(extractor: Extractor, text: str, expected: Row) -> None:
    assert expected in states(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a present progressive in a message that tells of one day is that day's doing, as the
        # perfect progressive already is ("Nothing too exciting today. I've been catching up")
        "I am a bit sick today. Now I am hanging out with friends. We are playing some games.",
        "Today was good. I'm reading a new fantasy book.",
    ],
)
def test_a_progressive_of_a_day_told_is_no_fact(extractor: Extractor, text: str) -> None:
    assert states(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a verb joined with no subject of its own, after the speaker's clause alone, is the
        # speaker's
        ("I called my neighbor and then started painting a mural.", ("Emi", "mural", "paint")),
        ("I thought it was boring but then started reading the Witcher books.",
         ("Emi", "Witcher book", "read")),
    ],
)
def test_a_joined_verb_of_the_speaker_stays(extractor: Extractor, text: str,
                                            expected: Row) -> None:
    assert expected in states(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # someone else's clause comes between: the shared subject may be theirs
        "Today I saw an old lady and thought she was normal but then started shouting "
        "conspiracy theories at the post office",
        "I called my neighbor and thought he was fine but then started painting a mural.",
    ],
)
def test_a_joined_verb_after_someone_elses_clause_is_no_fact(extractor: Extractor,
                                                             text: str) -> None:
    assert states(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lasting thing suffered stays (read by HAS_CONDITION where it is an illness)
        ("I've suffered a lot of rejection in my career.", ("Emi", "rejection", "suffer")),
    ],
)
def test_a_lasting_thing_suffered_stays(extractor: Extractor, text: str,
                                        expected: Row) -> None:
    assert expected in states(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a body's moment suffered or nursed is no lasting thing
        "Currently im suffering a nosebleed",
        "I'm nursing a hangover after the party.",
    ],
)
def test_a_body_moment_is_no_fact(extractor: Extractor, text: str) -> None:
    assert states(extractor, text) == []

"""Whose deed a clause tells (issue 11, real chat): a verb conjoined after a relative clause
is the relative clause's, not the speaker's (a narrative past going on after it stays the
speaker's); chat's dropped "I" of "was" / "had" is the speaker's only with a sign of it; a
"you" of a need of anyone's is not the addressee. Checked on the real parse of the real
model."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor
from graph_memory.extract.match import clause_subject


def _verb(extractor: Extractor, text: str, word: str) -> Any:
    doc = extractor._nlp(text)  # type: ignore[attr-defined]
    return next(t for t in doc if t.text == word)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        # the parser hangs "are" and "move" on "watch"; they are the dancers'
        ("I watch dancers who can hold difficult poses, are so strong, and move with grace.",
         "are"),
        ("I watch dancers who can hold difficult poses, are so strong, and move with grace.",
         "move"),
        ("I follow chefs who can cook amazing meals, are so creative, and bake bread daily.",
         "are"),
    ],
)
def test_a_verb_conjoined_after_a_relative_clause_is_not_the_speakers(
    extractor: Extractor, text: str, word: str
) -> None:
    verb = _verb(extractor, text, word)
    assert verb.dep_ == "conj" and verb.head.i < verb.i  # still the misparse this is about
    assert clause_subject(verb) is None


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("I met a guy who plays guitar, and then went home.", "went"),
        ("I found a cafe that serves great coffee, and stayed there all afternoon.", "stayed"),
        ("I have a sister who lives in Ohio and I visit her.", "visit"),  # its own "I"
    ],
)
def test_the_speakers_own_deed_after_a_relative_clause_stays_theirs(
    extractor: Extractor, text: str, word: str
) -> None:
    subject = clause_subject(_verb(extractor, text, word))
    assert subject is not None and subject.lower_ == "i"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # chat's dropped "I" stays the speaker's
        ("Just finished a new painting.", ("Emi", "DID", "new painting", "finish")),
        ("Went to the botanical gardens today.", ("Emi", "VISITED", "botanical garden", None)),
        # a dropped "I" of "was" / "had": a word of the speaker's, or what only a person has
        ("Was on my way home and saw my sister today.",
         ("Emi", "HAS_RELATIVE", "sister", "sister")),
        ("Had a great time at the fair and bought a new hat.",
         ("Emi", "STATES", "new hat", "buy")),
    ],
)
def test_chats_dropped_i_is_the_speaker(extractor: Extractor, text: str,
                                        expected: tuple[str, str, str, str | None]) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # "it had", "the studio had": a thing spoken of, not the speaker
        "Had like half of a national dex and released a bunch of dlc instead of a good game.",
        "Had some pretty big fish in it and released the rest.",
        "Was very dry and they forgot the sauce.",
        "Maybe hit a bar on Friday.",  # a plan, no deed
        "Gotta eat more vegetables.",  # a need, no past
    ],
)
def test_a_dropped_subject_of_a_thing_spoken_of_is_not_the_speaker(
    extractor: Extractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[0] == "Emi"]


@pytest.mark.parametrize(
    "text",
    [
        "Yeah, you don't want a stomach ache while you're on the road.",
        "You need a new laptop when you go to college.",
    ],
)
def test_a_need_of_anyone_told_with_you_is_not_the_addressees(extractor: Extractor,
                                                               text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[0] == "Sam"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("You love hiking when you're in Denver.", ("Sam", "PREFERS", "hiking", None)),
        ("You want to move to Denver.", ("Sam", "HAS_GOAL", "move to Denver", None)),
    ],
)
def test_the_addressees_own_liking_or_goal_stays_theirs(
    extractor: Extractor, text: str, expected: tuple[str, str, str, str | None]
) -> None:
    assert expected in fact_rows(extractor, text)

"""Whose deed a clause tells (issue 11, real chat): a verb conjoined after a relative clause
is the relative clause's, not the speaker's; a narrative past going on after it stays the
speaker's. Checked on the real parse of the real model."""

from __future__ import annotations

from typing import Any

import pytest

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

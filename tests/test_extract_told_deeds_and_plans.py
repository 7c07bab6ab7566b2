"""Deeds and plans told in phrasings beside the plain clause (issue 11), with the real spaCy
model: an event or a place named by the relative clause that went to it, and a plan told as
something the speaker has decided on, means to do or has yet to do."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor


def relations_of(extractor: Extractor, text: str, relation: str) -> list[str]:
    return [obj for _, rel, obj, _ in fact_rows(extractor, text) if rel == relation]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("They saved my life during the recent concert I went to.", "ATTENDED", "recent concert"),
        ("This is the party I went to after dinner with my family.", "ATTENDED", "party"),
        ("I loved the festival that I went to last summer.", "ATTENDED", "festival"),
        ("The museum we went to was huge.", "VISITED", "museum"),
    ],
)
def test_the_event_or_place_a_relative_clause_went_to_is_attended_or_visited(
    extractor: Extractor, text: str, relation: str, thing: str
) -> None:
    assert thing in relations_of(extractor, text, relation)


@pytest.mark.parametrize(
    ("text", "attended", "not_done"),
    [
        # the preposition has its own object: the noun is where or when it was
        ("That was the festival where I went to my first concert.", "Emi's first concert",
         "festival"),
        ("The festival when I went to the concert was fun.", "concert", "festival"),
        ("Last year the festival I went to the concert at was fun.", "concert", "festival"),
    ],
)
def test_a_relative_clause_with_its_own_object_does_not_name_the_noun(
    extractor: Extractor, text: str, attended: str, not_done: str
) -> None:
    rows = fact_rows(extractor, text)
    assert attended in [obj for _, rel, obj, _ in rows if rel == "ATTENDED"]
    assert not_done not in [obj for _, _, obj, _ in rows]

"""The shared readers of a naming clause ("a game called Hades") and of the places a
preposition names ("my trip to Japan"), and the differences their callers keep on purpose:
a favorite is named by "called" or "named", not "titled"; a trip's place may stand beside
another ("to Santorini, Greece"); a time in a place is read by "in" alone."""

from __future__ import annotations

from typing import Any

import pytest
import spacy

from graph_memory.extract.naming_clauses import NAME_DEPS, naming_clauses, proper_names
from graph_memory.extract.rules import MODEL, RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str | None]


@pytest.fixture(scope="module")
def nlp() -> Any:
    return spacy.load(MODEL)


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key) of each fact of one message said by Emi to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.predicate, f.triple.object.name, f.triple.key)
            for f in extractor.extract([item])[0].facts]


# --- the naming clause -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "noun", "verb", "name"),
    [("I play a game called Hades.", "game", "called", "Hades"),
     ("I found a book titled Pachinko.", "book", "titled", "Pachinko")],
)  # fmt: skip
def test_a_naming_clause_on_the_noun_gives_its_proper_name(
    nlp: Any, text: str, noun: str, verb: str, name: str
) -> None:
    head = next(t for t in nlp(text) if t.text == noun)
    clauses = naming_clauses(head.children)
    assert [c.text for c in clauses] == [verb]
    assert [n.text for n in proper_names(clauses[0], NAME_DEPS)] == [name]


def test_a_clause_of_another_verb_or_a_verb_left_out_names_nothing(nlp: Any) -> None:
    game = next(t for t in nlp("I play a game with Hades.") if t.text == "game")
    assert naming_clauses(game.children) == []
    book = next(t for t in nlp("I found a book titled Pachinko.") if t.text == "book")
    assert naming_clauses(book.children, verbs=frozenset({"call", "name"})) == []


# --- its readers, whole ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fact"),
    [("I have a favorite nail salon called Base Coat.", ("PREFERS", "Base Coat", "nail salon")),
     ("I have a favorite bar named The Tipsy Cow.", ("PREFERS", "Tipsy Cow", "bar")),
     ("I watched a show called Severance. It was amazing.",
      ("HAS_OPINION", "Severance", "amazing")),
     ("I recently picked up this game called TMNT shradder's revenge. It's a pretty fun "
      "throwback", ("HAS_OPINION", "TMNT shradder's revenge", "fun")),
     ("I read this book not too long ago called Vinland Saga.",
      ("STATES", "Vinland Saga", "read"))],
)  # fmt: skip
def test_a_thing_named_by_a_naming_clause_is_read_by_its_name(
    extractor: RuleExtractor, text: str, fact: Row
) -> None:
    assert fact in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I have a favorite restaurant downtown.", "I might try a game called Hades."],
)
def test_no_name_or_a_thing_not_met_gives_no_named_fact(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [f for f in _facts(extractor, text) if f[0] in ("PREFERS", "HAS_OPINION", "STATES")]


# --- the places a preposition names ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "place"),
    [("One of my most memorable trips was to Santorini, Greece.", "Greece"),
     ("My time in Japan was amazing.", "Japan")],
)  # fmt: skip
def test_a_place_of_a_trip_or_a_time_had_there_is_visited(
    extractor: RuleExtractor, text: str, place: str
) -> None:
    assert ("VISITED", place, None) in _facts(extractor, text)


@pytest.mark.parametrize("text", ["Enjoy your stay in Rome!", "My next trip is to Peru."])
def test_a_stay_or_trip_ahead_is_no_visit(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[0] == "VISITED"]

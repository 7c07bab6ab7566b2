"""A title-case name with an "of" part, followed by the kind of work it names: "the Lord of the
Rings trilogy", "the Pirates of the Caribbean movies" ("Caribbean" an adjective), "the Game of
Thrones series". The parser heads the "of" part by the kind ("Rings" a compound of "trilogy"),
so the title finders, which ask for a plain name after "of", leave the first noun alone
("Lord"), which names nothing. Read whole, as written, when every word after "of" is in title
case (or "the") but the last, a kind of work; "the Lord of the new movies" has no title case
to read a name by, and "the end of the Harry Potter series" (a part, no name) is left alone."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import phrase_text
from graph_memory.extract.open_vocabulary import WORK_KINDS

# Kinds of work a title names beside it, with those of a set of works.
_KINDS = WORK_KINDS | {"trilogy", "saga", "franchise", "films", "books", "games", "movies"}
_MAX_TOKENS = 8


def title_before_kind(head: Any) -> tuple[str, list[Any]] | None:
    """The title and its kind ("Lord of the Rings trilogy") headed by `head`, or None."""
    doc = head.doc
    if head.pos_ != "PROPN" or not head.is_title or head.i + 3 >= len(doc):
        return None
    of = doc[head.i + 1]
    if of.lower_ != "of" or of.dep_ != "prep" or of.head.i != head.i:
        return None
    kinds = [c for c in of.children if c.dep_ == "pobj"]
    if len(kinds) != 1 or kinds[0].lower_ not in _KINDS or not kinds[0].is_lower:
        return None
    inner = list(kinds[0].subtree)
    name = [t for t in inner if t.i != kinds[0].i and t.lower_ != "the"]
    if not name or not all(t.is_title and t.pos_ in ("PROPN", "NOUN", "ADJ") for t in name):
        return None  # "the Lord of the kingdom's movies": no title case to read a name by
    if inner[0].i != of.i + 1 or inner[-1].i != kinds[0].i or len(inner) + 2 > _MAX_TOKENS:
        return None
    tokens = list(doc[head.i : kinds[0].i + 1])
    return phrase_text(tokens), tokens

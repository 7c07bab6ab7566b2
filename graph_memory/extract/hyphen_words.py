"""Hyphenated modifiers kept whole: "dairy-free yogurt", "sugar-free soda". The parser hangs
"dairy" on "free" as an adverbial noun and the hyphen as punctuation, both of which a phrase
builder leaves out as asides; without them the object says the opposite ("free yogurt")."""

from __future__ import annotations

from typing import Any


def in_hyphenated_modifier(token: Any) -> bool:
    """Whether `token` is the hyphen, or the word before it, of a modifier written with a
    hyphen ("dairy" and "-" of "dairy-free")."""
    doc = token.doc
    if token.tag_ == "HYPH":
        return bool(0 < token.i < len(doc) - 1)
    return (
        token.dep_ in ("npadvmod", "advmod", "compound")
        and token.i + 2 < len(doc)
        and doc[token.i + 1].tag_ == "HYPH"
        and token.head.i == token.i + 2
    )

"""A value the parse cut short: "My fave was a jimmy deans egg sausage croissant sandwich" reads
"a jimmy deans" as the value and "egg" as the subject of a clause of its own ("egg sausage"),
so the value would be "jimmy dean", a piece of the name. A value straight followed, with no
punctuation or joining word between, by a noun the parser makes the subject or the compound of
something outside the value is such a piece: no value is read (the whole cannot be told)."""

from __future__ import annotations

from typing import Any

_BROKEN_DEPS = frozenset({"nsubj", "compound"})


def cut_short(value: Any) -> bool:
    """Whether the noun right after `value` goes on its phrase in the text but not the parse."""
    doc = value.doc
    end = value.right_edge.i
    if end + 1 >= len(doc) or doc[end].whitespace_ == "":
        return False
    after = doc[end + 1]
    inside = {t.i for t in value.subtree}
    return after.pos_ == "NOUN" and after.dep_ in _BROKEN_DEPS and after.head.i not in inside

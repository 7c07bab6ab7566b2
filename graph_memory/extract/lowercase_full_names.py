"""A lower-case full name the parser cut: "i love gordon ramsay" parses "ramsay" as a verb and
the clause's root, so the object's phrase is "gordon" alone, though the model reads "gordon
ramsay" as one person. The person's whole name is the object: the words of that entity after
the head, when they are plain lower-case words outside the phrase."""

from __future__ import annotations

from typing import Any

_MAX_NAME_WORDS = 3


def rest_of_lowercase_name(head: Any, tokens: list[Any]) -> list[Any]:
    """The words of a lower-case person's name after the head that the phrase left out
    ("ramsay" of "gordon ramsay"); none for a capitalised name, one the phrase holds, or a
    name the head does not begin."""
    for ent in head.doc.ents:
        if ent.label_ != "PERSON" or ent.start != head.i or len(ent) > _MAX_NAME_WORDS:
            continue
        rest = list(ent)[1:]
        inside = {t.i for t in tokens}
        plain = all(t.text.islower() and t.is_alpha and not t.is_stop for t in ent)
        if rest and plain and not any(t.i in inside for t in rest):
            return rest
    return []

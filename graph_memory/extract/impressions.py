"""What a speaker makes of the addressee, told back as "it sounds / seems / looks like you're
a ...": "That just sounds like youre a gambling addict", "Sounds like you're a natural". The
frame hears news back ("sounds like you went hiking": recaps.py), but a copula naming what the
addressee is, there, is the speaker's impression (often a joke), not something the addressee
told."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be


def impression(verb: Any) -> bool:
    """Whether the clause under the frame is a copula with a noun for what the addressee is."""
    return is_be(verb) and any(c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")
                               for c in verb.children)

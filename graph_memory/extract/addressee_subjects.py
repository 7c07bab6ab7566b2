"""The addressee's relatives as subjects of open-fallback facts (open_subjects.py), told back
in a recap (recaps.py): "It's exciting that your best friend has an internship in San
Francisco" -> "<addressee>'s best friend" STATES internship [have]. The declared patterns read
"your sister works at Google" already; the open fallback took only the speaker's people. Only
the recap says the addressee told it: said outright ("your brother fixed the car") the speaker
tells the addressee of their own people, mostly a recall or a guess, and "if your brother got
blocked ...", "I think your mom ..." state nothing.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.people import ADDRESSEE, owner_placeholder
from graph_memory.extract.recaps import recap_clause


def addressee_owned(subject: Any) -> bool:
    """ "your sister", "your best friend": a noun the addressee's possessive owns."""
    return any(c.dep_ == "poss" and owner_placeholder(c) == ADDRESSEE for c in subject.children)


def told_of_addressees_people(verb: Any, subject: Any | None) -> bool:
    """The clause a recap frame tells back, said of the addressee's relative."""
    if subject is None or not addressee_owned(subject):
        return False
    while verb.dep_ == "conj" and verb.head.i != verb.i:
        verb = verb.head
    return recap_clause(verb)

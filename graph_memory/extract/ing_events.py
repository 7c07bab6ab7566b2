"""An event named by a noun in "-ing" that the parser misreads as a participle when a place
or a time follows it: "I went to a wine tasting in Sonoma" hangs "tasting" on "wine" as a
clause ("a wine [that is] tasting in Sonoma"), where "I went to a wine tasting" reads it as
the noun. Mended, in place, to the noun reading (the thing before it its compound), which the
ATTENDED pattern's event list reads ("wine tasting", "book signing")."""

from __future__ import annotations

from typing import Any

# Events named by a "-ing" noun after what they are of: a wine tasting, a movie screening, a
# book signing, a poetry reading.
_ING_EVENTS = frozenset({"tasting", "screening", "signing", "reading"})


def mend_ing_events(doc: Any) -> None:
    """Mend, in place, each "<noun> tasting" read as a noun with a participle clause."""
    for token in doc:
        if token.lower_ not in _ING_EVENTS or token.dep_ != "acl" or token.tag_ != "VBG":
            continue
        of = token.head
        if of.i != token.i - 1 or of.pos_ != "NOUN" or not any(
                c.dep_ == "det" for c in of.children):
            continue
        if any(c.dep_ in ("dobj", "nsubj", "aux") for c in token.children):
            continue  # a clause indeed: "a man reading the news"
        token.head = of.head if of.head.i != of.i else token
        token.dep_ = of.dep_
        token.pos_ = "NOUN"
        token.tag_ = "NN"
        token.lemma_ = token.lower_
        for child in list(of.children):
            child.head = token  # "a", "fancy": of the event
        of.head = token
        of.dep_ = "compound"


# The lower-case words without one of which mend_ing_events changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _ING_EVENTS

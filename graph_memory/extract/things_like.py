"""Examples hung on the verb: "I usually play things like cod or fortnite", "I watch stuff like
anime and documentaries". After a general word ("things", "stuff") the small model hangs "like
<examples>" on the verb, as if it said how one plays; after a kind it hangs it on the kind
("I play games like cod", which objects.examples reads as the examples named). The "like" right
after the verb's own plural object ("things", "games") or "stuff" is mended, in place, onto
that object, so the examples are read as they are after a kind. Only where "like" names
something (a noun, not "like crazy", "like that")."""

from __future__ import annotations

from typing import Any

# The general words chat lists examples after ("things like", "stuff like").
_GENERAL = frozenset({"stuff"})


def mend_things_like(doc: Any) -> None:
    """Hang, in place, each "like <examples>" the parser put on the verb on the verb's object
    right before it."""
    for like in doc[1:]:
        if like.lower_ != "like" or like.dep_ != "prep" or like.head.pos_ not in ("VERB", "AUX"):
            continue
        kind = doc[like.i - 1]
        if kind.head.i != like.head.i or kind.dep_ != "dobj":
            continue
        if kind.tag_ not in ("NNS", "NNPS") and kind.lower_ not in _GENERAL:
            continue
        if any(c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN") for c in like.children):
            like.head = kind


# The lower-case words without one of which mend_things_like changes nothing.
MEND_TRIGGERS = frozenset({"like"})

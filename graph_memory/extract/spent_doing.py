"""Chat's "spend <a time> <doing>" as the parser misreads it: "I spend my free time painting"
makes "time" a compound of the noun "painting", "I spent the afternoon playing football with
my friends" makes "afternoon" and "playing" compounds of "football", "I spend a lot of time
gaming" hangs "gaming" under "of". Mended, in place, to the parse "I spend my weekends hiking"
and "I spent the morning exploring a gallery" get (the time the verb's object, the doing its
open complement), which the HAS_HOBBY [spend] pattern (habitual) and the doing's own patterns
(a deed told in the past) read. Only a time noun right before the doing, under "spend"."""

from __future__ import annotations

from typing import Any

_TIMES = frozenset({
    "time", "day", "days", "morning", "mornings", "afternoon", "afternoons", "evening",
    "evenings", "night", "nights", "weekend", "weekends", "hour", "hours", "summer", "week",
    "weeks", "break",
})  # fmt: skip


def mend_spent_doing(doc: Any) -> None:
    """Mend, in place, each time noun read as a compound before the doing it was spent on, and
    each doing read as a second object ("I spend my evenings knitting")."""
    for time in doc:
        if time.lower_ in _TIMES and time.dep_ == "dobj" and time.i + 1 < len(doc):
            doing = doc[time.i + 1]
            if (doing.dep_ == "dobj" and doing.head.i == time.head.i and doing.tag_ == "NN"
                    and doing.lower_.endswith("ing") and time.head.lemma_.lower() == "spend"):
                doing.dep_ = "xcomp"
                doing.tag_ = "VBG"
                doing.pos_ = "VERB"
            continue
        if time.lower_ not in _TIMES or time.dep_ != "compound" or time.i + 1 >= len(doc):
            continue
        doing = doc[time.i + 1]
        if not doing.lower_.endswith("ing") or doing.tag_ not in ("VBG", "NN"):
            continue
        held = time.head  # "painting" (the doing itself) or "football" (the doing's object)
        spend = _spending_verb(held)
        if spend is None or (doing.i != held.i and doing.head.i != held.i):
            continue
        _raise_time(time, held, spend)
        if doing.i != held.i:
            held.head = doing
            held.dep_ = "dobj"
        doing.head = spend
        doing.dep_ = "xcomp"
        doing.tag_ = "VBG"
        doing.pos_ = "VERB"


def _spending_verb(held: Any) -> Any | None:
    """The "spend" the noun is the object of, directly or through "a lot of" / "most of"."""
    if held.dep_ == "pobj" and held.head.lower_ == "of":
        held = held.head.head
    if held.dep_ == "dobj" and held.head.lemma_.lower() == "spend":
        return held.head
    return None


def _raise_time(time: Any, held: Any, spend: Any) -> None:
    """The time takes the held noun's place, with the words before it ("the", "my free")."""
    for word in list(held.lefts):
        if word.i < time.i:
            word.head = time
    time.head = held.head
    time.dep_ = held.dep_
    if held.head.i == spend.i:
        time.dep_ = "dobj"


# The lower-case words without one of which mend_spent_doing changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _TIMES

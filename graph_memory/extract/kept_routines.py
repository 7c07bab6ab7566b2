"""Routines told through a verb of keeping at them: "I always make sure to stretch before bed",
"I try to go to the gym every morning", "I always continue to journal before bed", "I have to
wake up at 7 am every day", "I tend to walk to work every day".

The habit reader takes the clause whose verb carries the tense ("I stretch before bed"); here
the tense is carried by "make sure", "try", "continue", "have (to)" or "tend", and the routine
is the verb below it ("stretch", "go to the gym"). The carrier passes its tense, its subject
and its marks (the "always" of "I always make sure to") to that verb; the habit rules still
decide the rest: a plain statement (no modal, denial, condition or "you"), nothing of one day,
and a mark of routine that is a frequency or a recurring time (a routine context alone is
none here: "I have to go to work" is one day's duty).

Only a carrier in the simple present reads so: "I tried to bike to work" is one try, "I'll
try to run every day" a plan, "I had to wake up at 7 every day" a past. "I often find myself
attending live shows" is left to the liking readers: the benchmark's labels read such a
doing as a pastime or a liking, not a routine.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import has_to

# Verbs whose "to" clause is what one keeps doing: "I try to", "I continue to", "I have to".
_KEEPING = frozenset({"try", "continue", "have", "tend"})
# "make sure to": the "to" clause hangs from the "sure" after "make".
_MAKE = "make"
_SURE = "sure"
_PRESENT = frozenset({"VBP", "VBZ"})


def kept_routine_carrier(verb: Any) -> Any | None:
    """The present-tense carrier ("make", "try", "have") whose clause `verb` is the routine
    of, or None: "I always make sure to <verb>", "I try to <verb> every day"."""
    head = verb.head
    if verb.dep_ == "xcomp" and has_to(verb):
        if head.lemma_.lower() in _KEEPING and head.pos_ in ("VERB", "AUX"):
            return _present(head)
        if head.lower_ == _SURE and head.head.lemma_.lower() == _MAKE:
            return _present(head.head)
    return None


def _present(carrier: Any) -> Any | None:
    """The carrier when it is in the simple present ("I try", "she tries", "I do try")."""
    if carrier.tag_ in _PRESENT:
        return carrier
    auxes = [c for c in carrier.children if c.dep_ == "aux"]
    if carrier.tag_ == "VB" and auxes and all(c.lower_ in ("do", "does") for c in auxes):
        return carrier
    return None

"""The one routine "get" tells: what one orders or buys as a rule ("I usually get a mango
lassi", "I always just get the miso soup", "I usually get dairy free yogurt").

The habit pattern leaves "get" out (its exclude_verbs): most of its uses are a change of state
or a receipt ("I always get anxious", "I got a text"), none of them a routine. Told with a
frequency adverb of the pattern on the verb itself and a noun for its direct object, it is
what the speaker picks each time, and the habit reading stands; the other habit rules
(statement only, no denial, modal, condition or "you") still apply to it.
"""

from __future__ import annotations

from typing import Any

_GET = "get"


def routine_get(verb: Any, frequency: set[str]) -> bool:
    """Whether `verb` is a "get" with a frequency adverb of its own (one of `frequency`) and
    only nouns for direct objects: "I usually get a mango lassi", not "I always get super
    anxious" (no object), "I usually get up early" (a particle), nor "I often get it"."""
    if verb.lemma_.lower() != _GET:
        return False
    if not any(c.dep_ == "advmod" and c.lower_ in frequency for c in verb.children):
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if not objects or any(o.pos_ not in ("NOUN", "PROPN") for o in objects):
        return False
    # "get my nails done", "get the dog to sit": a deed done to the object, not the object
    return not any(c.dep_ in ("prt", "ccomp", "xcomp", "oprd", "acomp") for c in verb.children)

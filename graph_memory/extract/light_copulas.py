"""A judgement said with a light verb in place of "be": "turn out" ("the homemade stir-fry
turned out delicious", "the new Batman movie turned out to be great", "the lasagna turned out a
hit") and "feel" of a thing ("the new Zelda game felt rushed", "the hotel room feels cramped").
The speaker made, saw or tried the thing and says how it came out or came across; the opinion
grammar (opinions.py) reads it as it reads "<topic> was <judgement>", with its subject and its
polarity on the light verb and its judgement after it (or after "to be"). "I felt great" has
the speaker as its subject, no thing judged; the opinion grammar wants a specific thing."""

from __future__ import annotations

from typing import Any

# What a light verb's judgement is said with: "turned out delicious", "felt rushed".
_COMPLEMENTS = frozenset({"acomp", "oprd", "attr", "xcomp"})


def light_copula(verb: Any) -> bool:
    """ "turned out", "turns out", "felt", "feels" with a noun subject of its own and a
    complement: not "turn out the lights" (an object), "it turns out that ..." (a clause, no
    thing judged), "I feel like ..." (the speaker's thought, opinions.py reads it)."""
    lemma = verb.lemma_.lower()
    if lemma == "turn":
        if not any(c.dep_ == "prt" and c.lower_ == "out" for c in verb.children):
            return False
    elif lemma != "feel":
        return False
    if any(c.dep_ in ("dobj", "ccomp", "expl", "advcl") for c in verb.children):
        return False
    if not any(c.dep_ in _COMPLEMENTS for c in verb.children):
        return False
    return any(c.dep_ == "nsubj" and c.pos_ in ("NOUN", "PROPN") for c in verb.children) or (
        lemma == "turn" and any(c.dep_ == "nsubj" for c in verb.children)  # "it turned out great"
    )


def complement_holder(verb: Any) -> Any:
    """What holds the judgement: "be" of "turned out to be a hit", else the verb itself."""
    if not light_copula(verb):
        return verb
    for child in verb.children:
        if child.dep_ == "xcomp" and child.lemma_ == "be":
            return child
    return verb

"""A going told by what it is for: "I go for a run every morning", "I usually go for long walks
with my dog", "I go for coffee after class". The "for" phrase is what is done (the routine
"go for a run"), not the routine's purpose: "go" alone says nothing done, and "a run" is no
context a later routine replaces. A definite or pointed thing gone for is a choice ("I usually
go for the cheapest option"), a pronoun the chat's ("I go for it"): neither is a doing."""

from __future__ import annotations

from typing import Any

# Determiners that point at one thing: what is chosen, not a doing.
_POINTING = frozenset({"the", "this", "that", "these", "those", "it", "them"})


def gone_for(verb: Any) -> Any | None:
    """The "for" of "go for a run" (its preposition token), or None."""
    if verb.lemma_.lower() != "go":
        return None
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "for":
            continue
        nouns = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]
        if not nouns:
            return None  # "I usually go for very cold", "I go for it"
        marks = [c for c in nouns[0].children if c.dep_ in ("det", "poss")]
        if any(c.dep_ == "poss" or c.lower_ in _POINTING for c in marks):
            return None  # "I usually go for the cheapest option": a choice
        return prep
    return None

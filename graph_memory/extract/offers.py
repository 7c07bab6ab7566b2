"""An offer to the one spoken to: "I have a recipe if you wanna try it", "I've got a spare
ticket if you want it", "I have some tips if you need them". What the speaker holds out is
said for the other's sake, no fact of the speaker's possessions (the annotation guidelines:
an offer is no statement about the speaker)."""

from __future__ import annotations

from typing import Any

# Verbs of holding that an offer is made with.
_HOLDING = frozenset({"have", "get"})
# What the other may wish, in the offer's "if" clause.
_WISHES = frozenset({"want", "wanna", "like", "need", "try", "interest", "fancy", "care"})
_YOU = frozenset({"you", "u", "ya"})


def is_offer(verb: Any) -> bool:
    """Whether the verb holds out something on the other's wish: "have" / "got" with an
    "if you want / need / would like" clause."""
    if verb.lemma_.lower() not in _HOLDING:
        return False
    return any(_wish_of_other(c) for c in verb.children if c.dep_ == "advcl")


def _wish_of_other(clause: Any) -> bool:
    """ "if you wanna try it", "if you'd like", "if you're interested"."""
    if not any(c.dep_ == "mark" and c.lower_ == "if" for c in clause.children):
        return False
    wish = clause
    if clause.lemma_.lower() == "be":  # "if you're interested"
        wish = next((c for c in clause.children if c.dep_ == "acomp"), clause)
    if wish.lemma_.lower() not in _WISHES:
        return False
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _YOU for c in clause.children)

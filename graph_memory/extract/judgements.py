"""Judgements a "<topic> is ..." clause makes without a plain judging adjective after "be":
a judging participle the parser reads as a passive ("Elden Ring is overrated", "Succession is
so well written") and a worth ("Breaking Bad is worth watching", "the trip was worth it").
The opinion grammar (opinions.py) reads the rest of the clause: its topic, its polarity."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_negated

# Participles that judge by themselves: "Dune is overrated".
_RATED = frozenset({"overrated", "underrated", "overhyped", "underappreciated"})
# What a work is made by ("written", "made", "acted"): judged by how well it was done.
_MADE = frozenset(
    {"write", "make", "act", "direct", "animate", "design", "shoot", "produce", "craft", "edit"}
)
_HOW_WELL = frozenset(
    {"well", "beautifully", "brilliantly", "poorly", "badly", "nicely", "masterfully", "perfectly",
     "terribly", "wonderfully", "superbly"}
)


def passive_judgement(be: Any) -> tuple[Any, str] | None:
    """The participle and its key when "be" is the passive auxiliary of a judging one:
    "Elden Ring is overrated" -> (overrated, "overrated"), "Succession is so well written" ->
    (written, "well written"); None for any other passive ("the movie was released in May")."""
    participle = be.head
    if be.dep_ != "auxpass" or participle.tag_ != "VBN" or is_negated(participle):
        return None
    if participle.lower_ in _RATED:
        return participle, str(participle.lower_)
    if participle.lemma_.lower() not in _MADE:
        return None
    how = [c for c in participle.children if c.dep_ == "advmod" and c.lower_ in _HOW_WELL]
    return (participle, f"{how[0].lower_} {participle.lower_}") if how else None


def worth_key(adjective: Any) -> str | None:
    """ "worth watching", "worth it" of "Dune is worth watching", "the trip was worth it"; None
    for a bare "worth" or one with a price ("worth $50")."""
    if adjective.lower_ != "worth" or is_negated(adjective):
        return None
    for child in adjective.children:
        if child.dep_ in ("xcomp", "pcomp") and child.tag_ == "VBG":
            return f"worth {child.lower_}"
        if child.dep_ in ("dobj", "npadvmod", "pobj") and child.lower_ == "it":
            return "worth it"
    return None

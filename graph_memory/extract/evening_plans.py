"""Plans of the evening that name a specific thing: "tonight I'm making lasagna", "I'm gonna
cook some pasta tonight", "tonight we'll be learning to make homemade pasta", "I'm seeing Dune
tonight". The guidelines keep a day's passing plans out ("I'm gonna go to bed", "cooking dinner
tonight", "watching a movie tonight") but count "a specific thing done or planned": a dish
made, or a named film, game or event. passing_plans.py asks `made_thing` before it drops a
day's cooking; kinds.py asks `evening_plan` beside set_ahead for the plan patterns set ahead."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from graph_memory.extract.objects import VAGUE, unwrap_container
from graph_memory.extract.open_vocabulary import (
    DEMONSTRATIVES,
    GENERIC_OBJECTS,
    HOLLOW_OBJECTS,
    NOTABLE_OUTINGS,
)

# Verbs that make a thing to eat or drink: their object is the dish.
_COOKING = frozenset({"cook", "bake", "grill", "roast", "fry", "brew", "make"})
# The meals of a day and what names no dish: "cook dinner", "make something to eat".
_MEALS = frozenset({"breakfast", "brunch", "lunch", "dinner", "supper", "meal", "meals"})
# What "make" makes that is no dish: "make plans", "make a call", "make time", "make sure".
_MADE_NOT_DISHES = frozenset(
    {"plan", "time", "call", "decision", "appointment", "reservation", "money", "sure", "effort",
     "mistake", "move", "sense", "deal", "fun", "noise", "mess", "bed", "room", "friend",
     "video", "post", "content", "playlist", "phone", "booking", "order", "payment"}
)
# Verbs whose evening plan counts only with a named thing or an event: "watch Oppenheimer",
# "play Zelda", "see Hamilton", "go to a concert" (not "watch a movie", "play games").
_TAKING_IN = frozenset({"see", "watch", "read", "play", "attend", "try", "catch"})
# Words that set a plan in the evening ahead: "tonight", "later", "this evening".
_EVENING_WORDS = frozenset({"tonight", "later"})
_EVENING_UNITS = frozenset({"evening", "afternoon", "night"})
_TIME_DEPS = frozenset({"npadvmod", "advmod", "prep"})
_MOTIONS = frozenset({"go", "come"})


def _dish(noun: Any) -> bool:
    """Whether the noun names a thing made to eat: no meal, pronoun, pointing or hollow word."""
    noun = unwrap_container(noun)  # "some pasta", "a batch of cookies"
    lemma = noun.lemma_.lower()
    if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in VAGUE:
        return False
    if lemma in _MEALS | _MADE_NOT_DISHES | HOLLOW_OBJECTS | GENERIC_OBJECTS:
        return False
    return not any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in noun.children)


def made_thing(verb: Any) -> bool:
    """ "cook some pasta", "bake banana bread", "learn to make homemade pasta": a dish made
    (not "cook dinner", "make plans", "make something", "bake it")."""
    if verb.lemma_.lower() == "learn":
        verb = next((c for c in verb.children if c.dep_ == "xcomp"), verb)
    if verb.lemma_.lower() not in _COOKING:
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    return bool(objects) and all(_dish(o) for o in objects)


def _named_thing(verb: Any) -> bool:
    """ "watch Oppenheimer", "play Zelda", "attend a concert": a named thing or an event taken
    in; no person ("see Sam tonight" is a passing meeting)."""
    things = [c for c in verb.children if c.dep_ == "dobj"]
    things += [g for p in verb.children if p.dep_ == "prep" for g in p.children
               if g.dep_ == "pobj"]  # fmt: skip
    for thing in things:
        words = list(thing.subtree)
        if any(t.pos_ == "PROPN" and t.ent_type_ != "PERSON" for t in words):
            return True
        if thing.lemma_.lower() in NOTABLE_OUTINGS:
            return True
    return False


def _evening_time(verb: Any) -> bool:
    """The verb's own time sets it later in the day: "tonight", "later", "this evening"."""
    for child in verb.children:
        if child.dep_ not in _TIME_DEPS:
            continue
        words = [t.lower_ for t in child.subtree]
        if _EVENING_WORDS & set(words):
            return True
        if any(a == "this" and b in _EVENING_UNITS for a, b in pairwise(words)):
            return True
    return False


def _conditional(verb: Any) -> bool:
    """ "if I have time I'm making lasagna tonight": a plan on a condition is no plan."""
    return any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in ("if", "unless")
                                         for m in c.children) for c in verb.children)


def evening_plan(verb: Any) -> bool:
    """Whether the verb is a plan for the evening with a specific thing in it: "tonight I'm
    making lasagna", "we'll be learning to make homemade pasta tonight", "I'm seeing Dune
    tonight" (not "I'm cooking dinner tonight", "I'm watching a movie later")."""
    if _conditional(verb) or not _evening_time(verb):
        return False
    lemma = verb.lemma_.lower()
    if lemma in _TAKING_IN:
        return _named_thing(verb)
    if lemma in _MOTIONS:  # "I'm going to a concert tonight", not "going to the store"
        return _named_thing(verb) and not any(c.dep_ == "xcomp" for c in verb.children)
    return made_thing(verb)

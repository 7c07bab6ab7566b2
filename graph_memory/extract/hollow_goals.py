"""Goals that name nothing to do: a light verb with only a word of betterment ("I want to be
better in general", "I'm gonna try my best", "get better") or with a hollow thing ("I wanna give
more of a dark vibe", "I want to have fun"), and a daydream of trading one's life with someone
("I'd like to switch lives with a food critic"). goal_clauses.py asks these of a goal's words;
a goal with a thing of its own stays ("become a better gift giver", "get into better shape")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import HOLLOW_OBJECTS

# Verbs that say what is done only with what they govern.
_LIGHT = frozenset({"be", "get", "do", "try", "feel", "give", "make", "have", "become", "keep"})
# Words of betterment that say neither in what nor how much.
_BETTERMENT = frozenset({"better", "best", "good", "well", "more", "most"})
# Words that tell no content: determiners, possessives, particles, fillers.
_FRAME_POS = frozenset({"DET", "PRON", "ADP", "PART", "AUX", "CCONJ", "PUNCT", "SPACE"})
# "switch lives with", "swap places with", "trade bodies with": a daydream, no plan.
_TRADES = frozenset({"switch", "swap", "trade", "exchange"})
_TRADED = frozenset({"life", "lives", "place", "places", "body", "bodies", "shoe", "shoes"})


def _hollow_word(token: Any) -> bool:
    """A word of a hollow goal: a betterment, a hollow noun, or an adjective or adverb on one
    ("a dark vibe", "just be better")."""
    word = token.lower_
    if word in _BETTERMENT or token.lemma_.lower() in HOLLOW_OBJECTS:
        return True
    head = token.head
    on_hollow = head.lemma_.lower() in HOLLOW_OBJECTS or head.lower_ in _BETTERMENT
    return token.pos_ in ("ADJ", "ADV") and (on_hollow or token.dep_ == "advmod")


def hollow_goal(verb: Any, tokens: list[Any]) -> bool:
    """The goal's words are a light verb and hollow words only: "be better", "try my best",
    "give more of a dark vibe", "have fun" (not "become a better gift giver", "get top 3", nor a
    named thing: "give Emsibeth a try")."""
    if verb.lemma_.lower() not in _LIGHT:
        return False
    content = [t for t in tokens if t.i != verb.i and t.pos_ not in _FRAME_POS]
    if not content or any(t.pos_ == "PROPN" or t.like_num for t in content):
        return False
    return all(_hollow_word(t) for t in content)


# Determiners that say only that there is one of a kind: "a lesson" (of what?).
_ANY_ONE = frozenset({"a", "an", "one"})


def one_hollow_thing(verb: Any, tokens: list[Any]) -> bool:
    """The goal's only thing is one hollow noun, with "a" and nothing else to say what it is:
    "sign up for a lesson" (a yoga lesson, the chat knows), "find a way", "have an
    experience"; not "sign up for a yoga lesson", "learn the lesson of Dune", "see the world"
    (the one world there is)."""
    content = [t for t in tokens if t.i != verb.i and t.pos_ not in _FRAME_POS]
    if len(content) != 1:
        return False
    thing = content[0]
    if thing.pos_ != "NOUN" or thing.lemma_.lower() not in HOLLOW_OBJECTS:
        return False
    dets = {c.lower_ for c in thing.children if c.dep_ == "det"}
    return bool(dets) and dets <= _ANY_ONE


def gone_for_the(verb: Any) -> bool:
    """A going told only by what it is for, with "the": "go for the sightseeing and the
    food" (in Japan, which the chat named). The place gone to is left to the chat; a going
    for a round ("go for a run", "go for a hike") or to a place ("go to Japan for the food")
    says what it is."""
    preps = [c for c in verb.children if c.dep_ == "prep"]
    if not preps or any(p.lower_ != "for" for p in preps):
        return False
    if any(c.dep_ in ("dobj", "advmod", "npadvmod", "xcomp") for c in verb.children):
        return False
    goals = [g for p in preps for g in p.children if g.dep_ == "pobj"]
    return bool(goals) and all(
        any(c.dep_ == "det" and c.lower_ == "the" for c in g.children) for g in goals
    )


def daydream(verb: Any) -> bool:
    """ "switch lives with a food critic", "swap places with my cat": trading one's life or
    place with someone is imagined, no plan."""
    if verb.lemma_.lower() not in _TRADES:
        return False
    return any(c.dep_ == "dobj" and c.lower_ in _TRADED for c in verb.children)

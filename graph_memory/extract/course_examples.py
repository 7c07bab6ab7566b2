"""The courses of one's course load, named as its examples: "Your course load, including Data
Analytics and Microeconomics, sounds demanding", "my classes this semester include calculus
and physics", "my courses are Statistics and Accounting" -> STUDIES each, for the owner ("my":
the speaker, "your": the addressee told back). The `possessive` kind with `examples: true`
(see patterns.py) reads only this: the key noun owned, its examples after "including", "like"
or "such as", or what "include" / "be" says it holds. Only a plain statement of now: not a
question, a denial, a condition, a past ("my classes last year were ...")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, is_past, with_conjuncts
from graph_memory.extract.match import Match, Who, make_matches, polarity
from graph_memory.extract.objects import lower_set, noun_object
from graph_memory.extract.patterns import PossessivePattern
from graph_memory.extract.people import owner_placeholder
from graph_memory.extract.questions import is_question

_EXAMPLE_WORDS = frozenset({"including", "like"})
_HOLDING = frozenset({"include", "involve", "cover"})
# Courses of another time, or one liked: "my old classes", "my favorite class is calculus".
_NOT_NOW = frozenset(
    {"favorite", "favourite", "least", "old", "former", "past", "previous", "last"}
)


def example_matches(
    key_head: Any, relation: str, pattern: PossessivePattern
) -> list[Match]:
    """One match per named example of the owned key noun `key_head`."""
    if not pattern.examples or not _keyed(key_head, pattern):
        return []
    owners = [c for c in key_head.children if c.dep_ == "poss"]
    owner = owner_placeholder(owners[0]) if owners else None
    if owner is None or is_question(key_head.sent):
        return []
    if any(t.lower_ in _NOT_NOW for t in key_head.lefts):
        return []
    verb = key_head.head if key_head.dep_ in ("nsubj", "nsubjpass") else None
    values = _examples(key_head) or (_held(verb) if verb is not None else [])
    clause = verb if verb is not None else key_head.head
    if not values or is_past(clause) or polarity(clause, pattern) is not False:
        return []
    found = [noun_object(v, pattern) for v in with_conjuncts(values)]
    return make_matches(relation, pattern, Who(owner, "", True, []), found, False, [key_head])


def _keyed(key_head: Any, pattern: PossessivePattern) -> bool:
    """The noun is one of the keys, alone or with its compounds ("course load")."""
    keys = lower_set(pattern.keys)
    compounds = [t.lower_ for t in key_head.lefts if t.dep_ == "compound"]
    return key_head.lemma_.lower() in keys or " ".join([*compounds, key_head.lower_]) in keys


def _examples(key_head: Any) -> list[Any]:
    """The first example after "including", "like" or "such as" hung on the key."""
    for prep in key_head.rights:
        such = prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.lefts)
        if prep.dep_ == "prep" and (prep.lower_ in _EXAMPLE_WORDS or such):
            return [g for g in prep.children if g.dep_ == "pobj"][:1]
    return []


def _held(verb: Any) -> list[Any]:
    """What the key's verb says it holds: "my classes include X", "my courses are X"."""
    if verb.lemma_.lower() in _HOLDING:
        return [c for c in verb.children if c.dep_ == "dobj"][:1]
    if is_be(verb):
        return [c for c in verb.children if c.dep_ == "attr"][:1]
    return []

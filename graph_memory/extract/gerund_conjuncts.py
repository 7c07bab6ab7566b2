"""A doing whose object is a list: "I love watching Severance and Succession", "I like playing
tennis and golf" are watching each show and playing each game. The object reader keeps the
gerund's first object alone ("watching Severance": the list's other words would garble it),
which lost the rest; each further noun of the list is the same doing of its own. Not a
second doing ("I love watching movies and eating popcorn": the parser reads the verbs' own
objects), nor a list of more than the noun ("reading books and then some": no noun)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import phrase_text
from graph_memory.extract.objects import Found

_NOUNS = frozenset({"NOUN", "PROPN"})


def split_gerund_objects(found: Found) -> list[Found]:
    """The doing once per noun of its object's list, or the doing alone when it has no list."""
    tokens = sorted(found.tokens, key=lambda t: t.i)
    if not tokens or phrase_text(tokens) != found.name:
        return [found]
    gerund = tokens[0]
    if gerund.tag_ != "VBG" or gerund.head.i in {t.i for t in tokens}:
        return [found]
    inside = {t.i for t in tokens}
    objects = [c for c in gerund.children if c.dep_ == "dobj" and c.i in inside]
    if len(objects) != 1 or tokens[-1].i != objects[0].i:
        return [found]  # only an object that ends the doing ("playing tennis", not "... with Tom")
    first = objects[0]
    others = [c for c in first.conjuncts if c.i > first.i and c.pos_ in _NOUNS
              and not any(g.dep_ in ("nsubj", "dobj") for g in c.children)
              and not _cut_short(c)]
    if not others or not any(c.dep_ == "cc" for c in first.children):
        return [found]
    before = [t for t in tokens if t.i < first.left_edge.i]
    out = [found]
    for other in others:
        words = [*before, *_alone(other)]
        name = phrase_text(words)
        if name and name != found.name:
            out.append(Found(name, found.label, words))
    return out


def _cut_short(conj: Any) -> bool:
    """ "watching movies and TV shows": the parser reads "shows" as a verb hung elsewhere, so
    the noun "TV" is cut from its phrase."""
    after = conj.right_edge.i + 1
    return bool(after < len(conj.doc) and conj.doc[after].dep_ == "dep")


def _alone(conj: Any) -> list[Any]:
    """The list's noun with its own words, without the list's next ones hung on it."""
    cut = {t.i for c in conj.children if c.dep_ in ("conj", "cc", "punct", "prep", "relcl")
           for t in c.subtree}
    return [t for t in conj.subtree if t.i not in cut]

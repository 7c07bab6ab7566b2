"""A named thing the other speaker has chosen, that the speaker's "it" right after calls a
kind of thing it judges: 'I'm delighted to hear that you're going with "Up" for your movie
choice! It's a lovely and heartwarming film', "you've decided on Santorini for your
anniversary trip! It's a breathtakingly beautiful place". A bare "It's great" after a choice
may judge the choice, not the thing ("you picked Paris? It's great"), so only an "it" called a
film, a place, a book (a noun after "be") points back to the thing. Used by opinions.py."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_negated
from graph_memory.extract.objects import quoted_title

# "going with X", "decided on X", "settled on X", "opted for X"
_CHOOSING_WITH = frozenset({"go", "decide", "settle", "opt"})
_CHOOSING_PREPOSITIONS = frozenset({"with", "on", "for"})
# "you chose X", "you picked X", "you booked X"
_CHOOSING = frozenset({"choose", "pick", "book", "select"})
_UNSURE = frozenset({"might", "could", "would", "may"})


def _chosen(noun: Any) -> bool:
    """ "you're going with "Up"", "you've decided on Santorini", "you picked Dune"."""
    if quoted_title(noun) is None and noun.pos_ != "PROPN":
        return False
    if noun.dep_ == "pobj" and noun.head.lower_ in _CHOOSING_PREPOSITIONS:
        verb = noun.head.head
        if verb.lemma_.lower() not in _CHOOSING_WITH:
            return False
    elif noun.dep_ == "dobj" and noun.head.lemma_.lower() in _CHOOSING:
        verb = noun.head
    else:
        return False
    if is_negated(verb) or any(c.lower_ in _UNSURE for c in verb.children if c.tag_ == "MD"):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ == "you" for c in verb.children)


def chosen_named(pronoun: Any) -> Any | None:
    """The one named thing the other chose, earlier in the sentence or in the one before,
    when the "it" is called a kind of thing ("It's a lovely film"); None otherwise."""
    be = pronoun.head
    if not any(c.dep_ == "attr" and c.pos_ == "NOUN" for c in be.children):
        return None
    sent = pronoun.sent
    before = list(pronoun.doc[sent.start - 1].sent) if sent.start > 0 else []
    candidates = [t for t in [*before, *sent] if t.i < pronoun.i and _chosen(t)]
    return candidates[0] if len(candidates) == 1 else None

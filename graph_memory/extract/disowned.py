"""Clauses the speaker says and disowns in the same breath: "That's not to say I'm an angry
old man", "It's not like I'm a professional chef", "That doesn't mean I love sushi", "I
wouldn't say I'm a runner", "I don't think I'm a gamer", "I'm not sure I want to move"; and a
likeness, "it's like I'm a kid again". What such a clause says is not stated as true, so it
makes no fact (match.polarity asks)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.recaps import marvelled

# Verbs of saying, meaning and holding true whose denial takes back the clause they govern.
_DISOWNING = frozenset({"say", "mean", "think", "believe", "claim", "suppose", "guess"})
# Certainties whose denial leaves the clause after them in doubt: "I'm not sure I like jazz".
_CERTAIN = frozenset({"sure", "certain", "convinced", "positive"})


def _denied(token: Any) -> bool:
    return any(c.dep_ == "neg" for c in token.children)


def is_disowned(token: Any) -> bool:
    """Whether the token's clause is governed by a denied "say", "mean", "think" ("I don't
    think I'm ...", "That's not to say ...") or is a likeness ("It's (not) like I'm ...")."""
    clause = token
    while clause.dep_ == "conj" and clause.head.i != clause.i:
        clause = clause.head
    governor = clause.head
    if governor.i == clause.i:
        return False
    if clause.dep_ == "advcl":  # "It's not like I'm a chef", "it's like I'm a kid again"
        likeness = any(c.dep_ == "mark" and c.lower_ == "like" for c in clause.children)
        return likeness and (_denied(governor) or governor.lemma_.lower() == "be")
    if clause.dep_ == "ccomp" and _doubted(governor):
        return True
    if clause.dep_ != "ccomp" or governor.lemma_.lower() not in _DISOWNING:
        return False
    if marvelled(governor):
        return False  # "I can't believe I won": wonder at what is true
    # "That's not to say ...": the denial is on the "be" that "to say" hangs from.
    return _denied(governor) or (governor.dep_ == "xcomp" and _denied(governor.head))


def _doubted(governor: Any) -> bool:
    """ "I'm not sure I want to move", "not sure I like it", "I'm not certain I'm allergic":
    a denied certainty, the clause hung on the adjective or on its "be"."""
    if governor.lemma_.lower() in _CERTAIN:
        return _denied(governor) or _denied(governor.head)
    certain = [c for c in governor.children if c.dep_ == "acomp" and c.lemma_.lower() in _CERTAIN]
    return bool(certain) and (_denied(governor) or _denied(certain[0]))

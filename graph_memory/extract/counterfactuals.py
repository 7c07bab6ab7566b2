"""The consequence of a condition against the facts: "If I were rich I'd buy a boat", "If I had
more time, I'd want to learn Spanish", "If I could choose, I'd love to visit the Roaring
Twenties". The guidelines store no hypothetical; canonical.is_conditional keeps out what the
"if" clause itself says, this the clause it is a condition of. Only the unreal conditional is
read so: an "if" clause in the past or with "could" / "would" ("if I had", "if I were", "if I
could choose") and a "would" / "could" / "might" on the clause it bears on. An open condition
("If I get the job, I'm planning to move to Denver", "I want to visit Japan if I can") hedges a
plan that stands, and is left as it is. A pet or a relative imagined lost ("if I lost my cat in
the snow id be worried sick", said of a stray found) is no more had than the boat is bought."""

from __future__ import annotations

from typing import Any

_IF = frozenset({"if", "unless"})
# The modals of an unreal consequence ("I'd buy", "I would love to", "I could move").
_UNREAL = frozenset({"would", "'d", "d", "could", "might"})
# The modals that put an "if" clause against the facts ("if I could choose", "if you'd let me").
_UNREAL_IF = frozenset({"could", "would", "'d", "d"})
# How a wished or planned verb hangs on the clause that carries the modal: "I'd love to visit"
# (visit under love), "I'd want to learn" (learn under want).
_UNDER = frozenset({"xcomp", "ccomp", "conj"})


def counterfactual(clause: Any) -> bool:
    """Whether the clause, or one it hangs on, is the consequence of an unreal "if" clause and
    says so with a modal: "I'd want to learn Spanish" of "If I had more time, I'd want to learn
    Spanish"."""
    chain = [clause]
    while chain[-1].dep_ in _UNDER and chain[-1].head.i != chain[-1].i:
        chain.append(chain[-1].head)
    if not any(_has_modal(node, _UNREAL) for node in chain):
        return False
    return any(_unreal_if(c) for node in chain for c in node.children if c.dep_ == "advcl")


def _has_modal(verb: Any, modals: frozenset[str]) -> bool:
    return any(c.dep_ == "aux" and c.tag_ == "MD" and c.lower_ in modals for c in verb.children)


def _unreal_if(clause: Any) -> bool:
    """ "if I had more time", "if I were rich", "if I could choose", "If I could" (the modal
    heading its clause): an "if" clause in the past or with "could" / "would"."""
    if not any(c.dep_ == "mark" and c.lower_ in _IF for c in clause.children):
        return False
    if clause.tag_ == "MD":
        return clause.lower_ in _UNREAL_IF
    return clause.tag_ == "VBD" or _has_modal(clause, _UNREAL_IF)


# Verbs of parting with one's own: "if I lost my cat", "if I was missing my dog".
_PARTING = frozenset({"lose", "miss", "leave", "abandon", "rehome"})
# The modal of a consequence, and the "d" left of a run-together "Id" / "I'd" ("Id be sad").
_CONSEQUENCE = _UNREAL | {"id"}


def imagined_parting(noun: Any) -> bool:
    """ "if I lost my cat in the snow id be worried sick", "if I was missing my cat Id be super
    sad": one's own pet or relative parted with in an unreal "if" clause, which says nothing of
    having one. Not "if my sister visits" nor "if my dad were alive" (the one had is the
    clause's subject), nor "I lost my cat last year" (no condition)."""
    verb = noun.head
    if noun.dep_ != "dobj" or verb.lemma_.lower() not in _PARTING or verb.dep_ != "advcl":
        return False
    if not any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in noun.children):
        return False
    if not any(c.dep_ == "mark" and c.lower_ in _IF for c in verb.children):
        return False
    past = verb.tag_ == "VBD" or any(c.dep_ == "aux" and c.tag_ == "VBD" for c in verb.children)
    consequence = verb.head
    said = any(c.lower_ in _CONSEQUENCE and c.i < consequence.i for c in consequence.subtree
               if c.head.i == consequence.i or c.head.head.i == consequence.i)
    return past and said

"""The verbs a complement or a possessive's value hangs on: "is", "became", "has become",
chat's "has to be", and the gerund the parser heads "my hobby is knitting" with."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import has_to, is_be, is_negated

# A thing's progressive event is no value of it ("my season is starting next week").
_ASPECT_VERBS = frozenset(
    {"start", "begin", "end", "finish", "stop", "continue", "come", "approach"}
)


def one_of(one: Any) -> list[Any]:
    """The noun of "one of my <noun>", the key of a possessive said of one of several."""
    return [
        g for p in one.children if p.dep_ == "prep" and p.lower_ == "of"
        for g in p.children if g.dep_ == "pobj" and g.pos_ == "NOUN"
    ]  # fmt: skip


def is_copula(verb: Any) -> bool:
    """ "is", or "became" ("I became a chef", "she became vegan")."""
    return is_be(verb) or verb.lemma_ == "become"


def has_become(verb: Any) -> bool:
    """ "has become", "have become", "becomes": what a thing is now ("pizza has become one of
    my favorites"); a bare past "became" may be long over."""
    if verb.lemma_.lower() != "become":
        return False
    if verb.tag_ == "VBZ":
        return True
    return verb.tag_ == "VBN" and any(
        c.dep_ == "aux" and c.lower_ in ("has", "have", "'s", "'ve") for c in verb.children
    )


def has_got(verb: Any) -> bool:
    """ "I've got a Tesla", "she's got asthma": chat's present "have" ("got" with a present
    "have" and an object; not "I've got to go", "I've got into pottery", "I had got it")."""
    if verb.lower_ != "got" or verb.tag_ != "VBN":
        return False
    if not any(c.dep_ == "dobj" for c in verb.children):
        return False
    if any(c.dep_ in ("xcomp", "ccomp", "prt", "auxpass") for c in verb.children):
        return False
    auxes = [c.lower_ for c in verb.children if c.dep_ == "aux"]
    return bool(auxes) and all(a in ("has", "have", "'s", "'ve", "ve") for a in auxes)


def has_to_be_verb(verb: Any) -> Any | None:
    """The "be" of "my favorite food has to be pizza": a present, unnegated main "has to"."""
    if verb.lemma_.lower() != "have" or verb.dep_ != "ROOT" or verb.tag_ not in ("VBZ", "VBP"):
        return None
    if is_negated(verb) or any(c.tag_ == "MD" for c in verb.children):
        return None  # "it doesn't have to be my favorite", "it would have to be ..."
    bes = [c for c in verb.children if c.dep_ == "xcomp" and is_be(c) and has_to(c)]
    return bes[0] if bes else None


def be_or_gerund(head: Any) -> bool:
    """ "is", or the gerund of "my hobby is knitting" that the parser heads with its "is"."""
    if is_be(head):
        return True
    # "my season is starting next week", "my shift is ending soon": a progressive event of
    # the thing (an aspect verb, or a time), not its value.
    if head.lemma_.lower() in _ASPECT_VERBS or any(
        c.dep_ in ("npadvmod", "advmod") and (c.ent_type_ in ("DATE", "TIME") or c.lower_ == "soon")
        for c in head.children
    ):
        return False
    return bool(
        head.tag_ == "VBG"
        and not any(c.dep_ in ("dobj", "prep") for c in head.children)
        and any(c.dep_ == "aux" and is_be(c) and c.i < head.i for c in head.children)
    )

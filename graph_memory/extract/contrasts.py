"""What a sentence sets against what it means, which is no part of it: "learn Dutch, not
German", "dogs rather than cats", "Spanish instead of French", "read books over watching TV"."""

from __future__ import annotations

from typing import Any


def set_aside(conj: Any) -> bool:
    """ "I love dogs rather than cats", "learn Spanish instead of French": the parser joins
    the thing set aside as a conjunct, with "than" / "of" for its conjunction."""
    links = [t for t in conj.head.children if t.dep_ == "cc" and t.i < conj.i]
    return bool(links) and links[-1].lower_ in ("than", "of")


def contrasts(tokens: list[Any]) -> set[int]:
    """The "not X" a speaker sets against what they mean ("learn Dutch, not German", "visit
    Rome, not Paris"): the parser hangs "not" and X on the meant noun; neither is part of it.
    Nor is the "rather than X" / "instead of X" it joins as a conjunct, nor "over <doing>"."""
    cut: set[int] = set()
    for token in tokens:
        if token.dep_ == "conj" and set_aside(token):  # "learn Spanish rather than French"
            links = [t for t in token.head.children if t.dep_ == "cc" and t.i < token.i]
            cut.update(t.i for t in (*links[-1].subtree, *token.subtree))
            continue
        if token.dep_ == "prep" and token.lower_ in ("over", "than") and any(
                c.dep_ == "pcomp" and c.tag_ == "VBG" for c in token.children):
            cut.update(t.i for t in token.subtree)  # "read books over watching TV"
            continue
        if token.dep_ != "neg" or token.head.pos_ not in ("NOUN", "PROPN"):
            continue
        noun = token.head
        for other in noun.rights:
            if other.i > token.i and other.dep_ in ("appos", "conj", "dobj", "npadvmod"):
                cut.update(t.i for t in other.subtree)
        if cut:
            cut.add(token.i)
            cut.update(t.i for t in noun.rights if t.i < token.i and t.dep_ == "punct")
    return cut

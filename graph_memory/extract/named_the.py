"""A definite object that names one thing, not one of the chat's: "I love the Harry Potter
books", "I really like the Marvel movies": works named by a proper noun before their kind. A
liking verb skips a common noun with "the" ("I love the vibe": it points back into the chat);
these name what is liked outright, so they stay. Used by objects.py (noun_object)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import WORK_KINDS


def named_the(head: Any, dets: set[str]) -> bool:
    """Whether "the <head>" is a kind of work its proper-noun compound names; not one the chat
    points at ("the books you sent")."""
    if dets != {"the"} or any(c.dep_ in ("relcl", "acl") for c in head.children):
        return False
    lefts = [c for c in head.lefts if c.dep_ != "det"]
    # "the Harry Potter books"; not "the first books" nor "the books"
    return head.lemma_.lower() in WORK_KINDS and bool(lefts) and all(
        c.dep_ == "compound" and c.pos_ == "PROPN" for c in lefts
    )

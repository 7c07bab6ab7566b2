"""Chat's "im" before a bare noun: "im vegan" is split "i" + "m", and the small model reads
"m" as an auxiliary of "vegan", the root, so no copula is there to carry the diet ("I'm
vegan" parses "'m" as the root with "vegan" its attribute). Where a form of "be" is read as
the auxiliary of a noun or adjective root whose subject is "i", it is mended, in place, to
that reading: "be" the root, the noun its attribute (an adjective its complement), the
subject and the rest hung on it. A verb root ("im going home") is left."""

from __future__ import annotations

from typing import Any

_BE_FORMS = frozenset({"m", "'m", "’m", "am"})
_COMPLEMENTS = {"NOUN": "attr", "PROPN": "attr", "ADJ": "acomp"}
_CLAUSE_DEPS = frozenset({"punct", "prep", "advmod", "npadvmod", "cc", "conj", "advcl", "intj"})


def mend_bare_im(doc: Any) -> None:
    """Mend, in place, each "i m <noun>" read with the noun as the root."""
    for be in doc:
        if be.lower_ not in _BE_FORMS or be.dep_ not in ("aux", "appos"):
            continue
        root = be.head if be.dep_ == "aux" else be.head.head  # "Im vegan.": m an apposition of I
        if be.dep_ == "appos" and (be.head.lower_ != "i" or be.head.dep_ != "nsubj"):
            continue
        if root.dep_ != "ROOT" or root.pos_ not in _COMPLEMENTS or root.i < be.i:
            continue
        subjects = [c for c in root.children if c.dep_ == "nsubj" and c.i < be.i]
        if len(subjects) != 1 or subjects[0].lower_ != "i":
            continue
        be.pos_, be.tag_, be.lemma_ = "AUX", "VBP", "be"
        be.head, be.dep_ = be, "ROOT"
        for child in list(root.children):
            if child.i < be.i or (child.i > root.i and child.dep_ in _CLAUSE_DEPS):
                child.head = be  # the subject, "lol", "now", the full stop
        root.head, root.dep_ = be, _COMPLEMENTS[root.pos_]


# The lower-case words without one of which mend_bare_im changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _BE_FORMS

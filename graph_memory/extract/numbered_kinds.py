"""A kind named by a word and its number, had: "I have type 1 diabetes", "My dad has stage 3
cancer". The small model reads "have" as an auxiliary of "type" / "stage" (as a verb, or a
noun heading the clause) and the condition as its object; mended, in place, to the parse "I
have level 2 clearance" gets ("have" heads the clause, the label modifies the noun after its
number), which the HAS_CONDITION and other "have" patterns read. The number stays in the
name (canonical._NUMBERED_LABELS): "type 1 diabetes", not "type diabetes"."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import NUMBERED_LABELS


def mend_numbered_kinds(doc: Any) -> None:
    """Mend, in place, each "have <label> <number> <noun>" read with "have" an auxiliary."""
    for label in doc:
        if label.lower_ not in NUMBERED_LABELS or label.i == 0 or label.i + 2 >= len(doc):
            continue
        have, number, noun = label.nbor(-1), label.nbor(1), label.nbor(2)
        if have.lemma_.lower() != "have" or have.dep_ != "aux" or have.head != label:
            continue
        if not number.like_num or noun.head != label or noun.dep_ != "dobj":
            continue
        have.head = have if label.dep_ == "ROOT" else label.head
        have.dep_, have.pos_ = label.dep_, "VERB"
        for child in list(label.children):
            if child != have:
                child.head = have
        label.head, label.dep_, label.pos_, label.tag_ = noun, "nmod", "NOUN", "NN"
        label.lemma_ = label.lower_


# The lower-case words without one of which mend_numbered_kinds changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = NUMBERED_LABELS

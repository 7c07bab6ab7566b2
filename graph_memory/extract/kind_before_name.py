"""A work's one-word name after its kind that the small model reads as the head noun, with
the kind its compound: "I loved the movie Inception" (inception/NOUN dobj, movie/compound)
where "I love the book Dune" parses Dune as the apposition of "book". Mended, in place, to
that reading, so a liking reads the name ("Inception"), not "movie inception" nor nothing
(a liking skips "the <common noun>" as the chat's). Only a word written capitalised inside
the sentence after "the" and a kind of work ("the movie theater" stays a theater)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import WORK_KINDS


def mend_kind_before_name(doc: Any) -> None:
    """Mend, in place, each "the <kind> <Name>" read with the name as the head noun."""
    for name in doc:
        if name.pos_ != "NOUN" or not name.is_title or name.i <= name.sent.start + 1:
            continue
        lefts = list(name.lefts)
        if len(lefts) != 2 or [t.i for t in lefts] != [name.i - 2, name.i - 1]:
            continue
        det, kind = lefts
        if det.lower_ != "the" or kind.dep_ != "compound" or kind.lemma_.lower() not in WORK_KINDS:
            continue
        if kind.is_title:
            continue  # "the Movie Night": a name of two capitalised words
        kind.head, kind.dep_ = name.head, name.dep_
        det.head = kind
        for child in list(name.rights):
            child.head = kind
        name.head, name.dep_ = kind, "appos"
        name.pos_, name.tag_, name.lemma_ = "PROPN", "NNP", name.text


# The lower-case words without one of which mend_kind_before_name changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = WORK_KINDS

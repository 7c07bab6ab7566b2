"""A favorite's value the small model reads as a passive participle: "my favorite toppings
are salsa and lime", "my favorite topping is salsa" parse "salsa" as a VBN root with "is" its
passive auxiliary and the kind its passive subject, so the possessive pattern, which reads
"be" and its complement, finds no value. Mended, in place, to the copular reading ("my
favorite dessert is tiramisu"): "be" the root, the word its attribute, the subject and the
rest of the clause hung on "be".

A true participle keeps its verb reading: it inflects, so its lemma is not its text ("my
favorite band is called Radiohead", "my favorite shop is closed"), or it has an object or a
clause of its own. Only a kind marked a favorite ("my favorite X", "our fave X") is mended:
"the pizza is cut" stays a passive."""

from __future__ import annotations

from typing import Any

_FAVORITE = frozenset({"favorite", "favourite", "favorites", "favourites", "fav", "fave"})
_CLAUSE_DEPS = frozenset({"punct", "advmod", "npadvmod", "intj", "cc", "prep"})
_VERB_ONLY_DEPS = frozenset({"dobj", "oprd", "agent", "xcomp", "ccomp", "dative"})


def mend_favorite_participles(doc: Any) -> None:
    """Mend, in place, each "my favorite <kind> is <noun read as VBN>"."""
    for root in doc:
        if root.tag_ != "VBN" or root.dep_ != "ROOT" or root.lemma_.lower() != root.lower_:
            continue
        children = list(root.children)
        bes = [c for c in children if c.dep_ in ("aux", "auxpass") and c.lemma_ == "be"]
        subjects = [c for c in children if c.dep_ in ("nsubj", "nsubjpass")]
        if len(bes) != 1 or len(subjects) != 1 or bes[0].i != root.i - 1:
            continue
        if any(c.dep_ in _VERB_ONLY_DEPS for c in children) or not _a_favorite(subjects[0]):
            continue
        be = bes[0]
        be.head, be.dep_ = be, "ROOT"
        for child in children:
            if child.i < be.i or (child.dep_ in _CLAUSE_DEPS and child.dep_ != "cc"):
                child.head = be  # the subject, "lol", the full stop
        subjects[0].dep_ = "nsubj"
        root.pos_, root.tag_, root.head, root.dep_ = "NOUN", "NN", be, "attr"


def _a_favorite(subject: Any) -> bool:
    """ "my favorite topping", "our fave snacks", "my favorites"."""
    marked = subject.lower_ in _FAVORITE or any(
        c.dep_ in ("amod", "compound", "nmod") and c.lower_ in _FAVORITE for c in subject.children
    )
    return marked and any(c.dep_ == "poss" for c in subject.children)


# The lower-case words without one of which mend_favorite_participles changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _FAVORITE

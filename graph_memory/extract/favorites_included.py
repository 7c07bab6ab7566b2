"""A list of favorites told with "include": "My favorite foods include sushi and ramen", "Some of
my favorite taco toppings include fresh salsa, guacamole and cheese". "Include" says here what
"are" says ("my favorite foods are sushi and ramen"): the things named are favorites of the
kind. Mended, in place, to that reading (the verb's lemma "be", its object the complement), so
the possessive pattern reads each with the kind as its key. Only the speaker's own favorites
("my", "our"), in the present ("our favorite moments included ..." is a past trip's), with a
thing named (no pronoun: "my favorites include these").
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES

_FAVORITE = frozenset({"favorite", "favourite", "favorites", "favourites"})


def mend_favorites_included(doc: Any) -> None:
    """Mend, in place, each "my favorite <kinds> include X" to "my favorite <kinds> are X"."""
    for verb in doc:
        if verb.lemma_.lower() != "include" or verb.tag_ not in ("VBP", "VBZ"):
            continue
        if any(c.dep_ in ("aux", "neg") or c.tag_ == "MD" for c in verb.children):
            continue  # "my favorites don't include horror", "would include": no list told
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        things = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
        if len(subjects) != 1 or len(things) != 1 or not _my_favorites(subjects[0]):
            continue
        verb.lemma_ = "be"
        things[0].dep_ = "attr"


def _my_favorites(subject: Any) -> bool:
    """ "my favorite foods", "some of our favourite spots", "my favorites"."""
    kind = subject
    if subject.lower_ in ("some", "one", "few", "many"):
        inner = [g for p in subject.children if p.dep_ == "prep" and p.lower_ == "of"
                 for g in p.children if g.dep_ == "pobj"]
        if not inner:
            return False
        kind = inner[0]
    if subject.i == kind.i and kind.tag_ not in ("NNS", "NNPS"):
        return False  # "my favorite meal includes rice": what the one favorite holds
    marked = kind.lower_ in _FAVORITE or any(
        c.dep_ in ("amod", "compound", "nmod") and c.lower_ in _FAVORITE for c in kind.children
    )
    mine = any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in kind.children)
    return marked and mine


# The lower-case words without one of which mend_favorites_included changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"include", "includes"})

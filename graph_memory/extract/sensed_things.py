"""A thing liked or disliked through one of the senses: "I love the smell of rain", "I hate the
taste of cilantro", "I just hate the feeling of getting wet", "I love the sound of rain on the
roof". A liking verb skips a common noun with "the" ("I love the vibe": it points back into
the chat), but "the smell of ..." says outright what is liked: the sense with the thing it is
of. The object is kept whole ("smell of rain"), the thing at its end.

Only the liking verbs' own object (and "can't stand"'s), and only a thing of its own after
"of": a bare noun, a name or a doing ("of fresh bread", "of getting wet"); not a pronoun, a
pointed or someone's thing ("the taste of it", "the smell of your cooking", "the sound of
that"). Used by objects.py (noun_object)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import LIKINGS

# What one takes in by a sense, or feels on the skin.
_SENSES = frozenset(
    {"smell", "scent", "aroma", "taste", "flavor", "flavour", "sound", "feel", "feeling",
     "texture"}
)
# A thing's own determiners, the ones that point at none of the chat's: "the sound of a guitar".
_OWN_DETERMINERS = frozenset({"a", "an"})


def sensed_thing(head: Any) -> Any | None:
    """The noun or doing after "the <sense> of", when `head` is that sense and the object of
    a liking verb; None otherwise."""
    if head.lemma_.lower() not in _SENSES or head.dep_ != "dobj":
        return None
    if head.head.lemma_.lower() not in LIKINGS | {"stand"}:
        return None  # "I can't stand the sound of chewing" too
    dets = [c for c in head.children if c.dep_ in ("det", "poss")]
    if [d.lower_ for d in dets] != ["the"]:
        return None  # "my feeling of ...", "that taste of ..."
    if any(c.dep_ in ("amod", "compound") for c in head.lefts):
        return None  # "the sweet taste of victory": the sense is described, not the thing
    inner = [g for p in head.rights if p.dep_ == "prep" and p.lower_ == "of"
             for g in p.children if g.dep_ in ("pobj", "pcomp")]  # fmt: skip
    if len(inner) != 1:
        return None
    thing = inner[0]
    if thing.pos_ == "VERB":
        return thing if thing.tag_ == "VBG" else None  # "the feeling of getting wet"
    if thing.pos_ not in ("NOUN", "PROPN"):
        return None  # "the taste of it"
    if any(c.dep_ in ("det", "poss") and c.lower_ not in _OWN_DETERMINERS
           for c in thing.children):
        return None  # "the smell of your cooking", "the taste of the burger"
    return thing

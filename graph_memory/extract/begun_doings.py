"""A pastime begun: "I started doing yoga a few months ago", "I've started playing guitar".
The gerund under "started" has no tense of its own; begun in the past, the doing goes on now
(as "I started working at Amazon" is a job held: match.began_work), so habitual and present
patterns read it. Not "I'm starting to ...", "I'll start running", "I had started knitting";
nor a work begun ("I started playing the game Hades", "started reading 2666"): one title,
which the open fallback keeps as what was done, no pastime."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.emphatic_past import emphatic_past

_BEGIN = frozenset({"start", "begin"})
# "had started" is over before a time told; "'d" may be "had" too.
_PAST_PERFECT = frozenset({"had", "'d"})
# Determiners of a kind ("a pottery class", "some manga"); "the", "this", "my" point at one.
_OF_A_KIND = frozenset({"a", "an", "some", "more"})


def began_doing(verb: Any) -> Any | None:
    """The "started" of "I started doing yoga", "I've recently begun knitting", else None."""
    head = verb.head
    if verb.dep_ != "xcomp" or verb.tag_ != "VBG" or head.lemma_.lower() not in _BEGIN:
        return None
    if head.tag_ not in ("VBD", "VBN") and not emphatic_past(head):  # "I did start doing yoga"
        return None  # "I'm starting running", "I'll start doing yoga": not begun yet
    if any(c.dep_ == "aux" and c.lower_ in _PAST_PERFECT for c in head.children):
        return None
    if any(c.dep_ == "dobj" and not _a_kind(c) for c in verb.children):
        return None
    return head


def _a_kind(thing: Any) -> bool:
    """A doing's object that names a kind ("yoga", "a world history course"), not one work
    or thing by its name, number or a pointing determiner ("Batman Arkham Asylum", "2666",
    "the guardians of the galaxy game")."""
    if any(t.pos_ == "PROPN" or t.like_num for t in thing.subtree):
        return False
    return not any(c.dep_ in ("det", "poss") and c.lower_ not in _OF_A_KIND
                   for c in thing.children)

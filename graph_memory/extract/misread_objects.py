"""Objects the open fallback must not take as what a clause is about, though the parse gives
them as its object.

- A thing said to be better or worse ("I've had better salads at this place", "I've seen worse
  movies"): a comparison with something told before, not a thing had or seen.
- A verb the model read as the last word of a name ("I've seen dr phil scratch his head": a
  noun "scratch" with "his head" hung on it as an apposition): a clause was seen, not a
  thing named "dr phil scratch". An apposition opening with a possessive pronoun right after
  its noun, with no comma between, is that misread clause's object.
"""

from __future__ import annotations

from typing import Any

# The comparatives of judgement ("good", "bad"), which measure a thing against another.
_JUDGED = frozenset({"better", "worse"})
_POSSESSIVES = frozenset({"his", "her", "their", "my", "our", "your", "its"})


def misread_object(head: Any) -> bool:
    """Whether the object headed by `head` is a comparison or a misread clause (see above)."""
    for child in head.children:
        if child.dep_ == "amod" and child.tag_ == "JJR" and child.lower_ in _JUDGED:
            return True
        if (child.dep_ == "appos" and child.i == head.i + 2 and child.left_edge.i == head.i + 1
                and child.left_edge.lower_ in _POSSESSIVES):
            return True
    return False

"""A performer seen, heard or caught "live": "We saw Metallica live in Chicago", "I heard
them live in Berlin". The small model reads "live" as the verb of a clause under the
perception verb, with the performer for its subject, so the LIVES_IN pattern read "live in
Chicago" as where someone lives. Mended, in place, to the reading of "I saw Metallica in
Chicago": "live" an adverb of the perception verb, the performer its object, and the place
and time hung on it."""

from __future__ import annotations

from typing import Any

_PERCEIVING = frozenset({"see", "watch", "hear", "catch"})
_CLAUSE_DEPS = frozenset({"ccomp", "xcomp"})


def mend_performed_live(doc: Any) -> None:
    """Mend, in place, each "<see> <performer> live" read as a clause of living."""
    for word in doc:
        if word.lower_ != "live" or word.dep_ not in _CLAUSE_DEPS:
            continue
        verb = word.head
        if verb.lemma_ not in _PERCEIVING or verb.i > word.i:
            continue
        performers = [c for c in word.children if c.dep_ == "nsubj" and c.i < word.i]
        if len(performers) != 1:
            continue
        for child in list(word.children):
            child.head = verb
        performers[0].dep_ = "dobj"
        word.pos_, word.tag_, word.lemma_ = "ADV", "RB", "live"
        word.head, word.dep_ = verb, "advmod"


# The lower-case words without one of which mend_performed_live changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"live"})

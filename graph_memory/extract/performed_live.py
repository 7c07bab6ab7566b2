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
# Spans a life is counted in ("live for like 20 years"); a show's are hours, or "the first time".
_LIFESPANS = frozenset({"year", "decade", "month", "week"})


def mend_performed_live(doc: Any) -> None:
    """Mend, in place, each "<see> <performer> live" read as a clause of living."""
    for word in doc:
        if word.lower_ != "live" or word.dep_ not in _CLAUSE_DEPS:
            continue
        verb = word.head
        if verb.lemma_ not in _PERCEIVING or verb.i > word.i:
            continue
        if lived_for_years(word):
            continue  # "I've seen cats live for 20 years": a span of life, no show
        performers = [c for c in word.children if c.dep_ == "nsubj" and c.i < word.i]
        if len(performers) != 1:
            continue
        for child in list(word.children):
            child.head = verb
        performers[0].dep_ = "dobj"
        word.pos_, word.tag_, word.lemma_ = "ADV", "RB", "live"
        word.head, word.dep_ = verb, "advmod"


def lived_for_years(word: Any) -> bool:
    """ "seen cats live for like 20ish years": "live" with a span of years under its "for" is
    the verb of living, not a show seen live ("saw them live for the first time")."""
    preps = [c for c in word.children if c.dep_ == "prep"]  # "for like 20 years": two preps
    return any(c.lower_ == "for" for c in preps) and any(
        t.dep_ == "pobj" and t.lemma_.lower() in _LIFESPANS for c in preps for t in c.subtree)


# The lower-case words without one of which mend_performed_live changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"live"})

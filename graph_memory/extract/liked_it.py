"""A thing done, then liked as "it": "I watched Dune and loved it", "we finally read Pachinko
and really enjoyed it", "I tried sushi and didn't like it", "I played Hades. Loved it!". The
"it" points back to the object of the deed the liking verb is joined to in the same sentence,
or that heads the sentence before one whose subject chat drops, so the deed's object (already
read as DID, or as STATES where the liking tells the past) is liked (PREFERS) or disliked
(negated, AVOIDS) too. A doing taken up carries its deed ("I started playing Stardew Valley.
I love it", "I've begun reading Dune and I'm enjoying it"). A work under way may be liked now:
"I'm reading Dune and I love it", "I'm watching Severance and loving it" (a read, watch, play or
listen the open fallback read as STATES; not "I'm making a cake and I love it"). Not where
someone else likes it ("I watched Dune and my son loved it", "He loved it"), nor an "it" the
liking verb does not take as its object ("I read Dune and loved how it ended")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.canonical import is_negated
from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import LIKING_VERBS

_DISLIKING_VERBS = frozenset({"hate", "dislike"})
_LIKING_VERBS = LIKING_VERBS | _DISLIKING_VERBS
# The deeds of a work taken in over time, liked while under way ("I'm reading Dune and I love it").
_WORK_DEEDS = frozenset({"read", "watch", "rewatch", "play", "listen to"})
_PRESENT_TAGS = frozenset({"VBP", "VBZ"})


def liked_it(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, with a PREFERS of each deed's object the speaker liked as "it"."""
    likings = []
    for match in matches:
        if match.relation not in ("DID", "STATES") or match.negated or match.key is None:
            continue
        liking = _liking_of(doc, match)
        # "I read Dune and loved it": a deed the open fallback read as STATES, told as past
        # by the liking's tense, or a work under way liked now
        if liking is not None and (match.relation == "DID" or liking.tag_ == "VBD"
                                   or _liked_now(match, liking)):
            negated = is_negated(liking) != (liking.lemma_.lower() in _DISLIKING_VERBS)
            likings.append(replace(match, relation="PREFERS", key=None, negated=negated))
    return matches + likings


def _liked_now(match: Match, liking: Any) -> bool:
    """ "I'm reading Dune and I love it", "I'm watching Severance and loving it": a work
    under way, liked in the present (not "I'm making a cake and I love it": no work)."""
    if match.key not in _WORK_DEEDS:
        return False
    if liking.tag_ == "VBG":  # "and loving it": the deed's own progressive
        return True
    if liking.tag_ == "VB":  # "and I don't like it", "I do love it"
        return any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "do" and c.tag_ in _PRESENT_TAGS
                   for c in liking.children)
    return liking.tag_ in _PRESENT_TAGS


def _liking_of(doc: Any, match: Match) -> Any | None:
    """The liking verb joined to the deed's verb whose object is "it", if any."""
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    if span is None:
        return None
    for deed in (t for t in span if t.lemma_.lower() == match.key and t.pos_ == "VERB"):
        # "I started playing Stardew Valley. I love it": the taking up carries the deed
        clause = deed.head if _taken_up(deed) else deed
        for liking in [*clause.conjuncts, *_said_next(clause)]:
            if liking.i < deed.i or liking.lemma_.lower() not in _LIKING_VERBS:
                continue
            objects = [c for c in liking.children if c.dep_ == "dobj"]
            if [o.lower_ for o in objects] != ["it"]:
                continue
            if _same_subject(clause, liking):
                return liking
    return None


# Verbs of taking a doing up: "I started reading Dune", "I've begun playing chess".
_TAKING_UP = frozenset({"start", "begin"})


def _taken_up(deed: Any) -> bool:
    """ "playing" of "I started playing Stardew Valley": a doing taken up, as its verb's
    complement (not "I stopped playing it", "I want to start playing it")."""
    return deed.dep_ == "xcomp" and deed.head.lemma_.lower() in _TAKING_UP


def _said_next(deed: Any) -> list[Any]:
    """ "I played Hades last week. Loved it!", "I watched Dune. I loved it.": the next
    sentence's verb, where the deed heads the sentence before (its subject, dropped or the
    deed's own, is checked by _same_subject)."""
    sent = deed.sent
    if deed.dep_ != "ROOT" or sent.end >= len(deed.doc):
        return []
    verb = deed.doc[sent.end].sent.root
    opening = [t for t in deed.doc[verb.sent.start : verb.i] if t.dep_ != "nsubj"]
    if any(t.pos_ not in ("ADV", "INTJ", "PUNCT", "AUX", "PART") for t in opening):
        return []  # "Didn't like it", "Honestly loved it", "I really loved it"
    if any(t.text == "?" for t in verb.sent):
        return []  # "Liked it?": asked
    return [verb]


def _same_subject(deed: Any, liking: Any) -> bool:
    """Whether the liking verb's own subject, if it has one, is the deed's."""
    own = [c.lower_ for c in liking.children if c.dep_ == "nsubj"]
    if not own:
        return True
    deed_subject = [c.lower_ for c in deed.children if c.dep_ == "nsubj"]
    return own == deed_subject

"""A liking of a doing told as a pastime: "I like to paint for fun", "in my spare time I love
to hike", "I enjoy reading as a hobby". The liking verb's reading (PREFERS "paint") becomes the
hobby, its object the doing ("painting"), as the pastime verbs' own reading is ("I paint for
fun" -> HAS_HOBBY painting): what makes it a pastime is the phrase that says so, not the liking.
A doing liked with no such phrase stays a liking ("I like to cook for my family"). A pastime's
doing told of one day is that day's ("I've been watching tv series all day"): no hobby."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.match import Match
from graph_memory.extract.open_aspect import today
from graph_memory.extract.open_vocabulary import LIKING_VERBS
from graph_memory.extract.pastimes import gerund

# "for fun", "as a hobby", "in my downtime"; "time" only when free or spare.
_LEISURE = frozenset({"fun", "hobby", "pastime", "downtime", "leisure"})
_SPARE = frozenset({"free", "spare"})
_LEISURE_PREPOSITIONS = frozenset({"for", "as", "in", "during"})


def leisure_likings(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, a PREFERS of a doing told as a pastime read as HAS_HOBBY of the doing, and
    no HAS_HOBBY of a doing told of one day ("I have been watching tv series all day")."""
    read = [_as_pastime(doc, m) if m.relation == "PREFERS" and not m.negated else m
            for m in matches]
    return [m for m in read if m.relation != "HAS_HOBBY" or not _of_one_day(doc, m)]


def _of_one_day(doc: Any, match: Match) -> bool:
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    return span is not None and any(t.pos_ == "VERB" and today(t) for t in span)


def _as_pastime(doc: Any, match: Match) -> Match:
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    if span is None:
        return match
    for liking in (t for t in span if t.lemma_.lower() in LIKING_VERBS and t.pos_ == "VERB"):
        doing = _doing(liking, match.obj)
        if doing is None or not any(leisure_phrase(t) for t in (liking, doing)):
            continue
        words = match.obj.split(" ", 1)
        name = gerund(doing.lemma_.lower()) if doing.tag_ == "VB" else words[0]
        return replace(match, relation="HAS_HOBBY", obj=" ".join([name, *words[1:]]), key=None)
    return match


def _doing(liking: Any, obj: str) -> Any | None:
    """The verb the liking takes as its object ("paint" of "like to paint", "hiking" of "enjoy
    hiking") when the match's object starts with it; None for a liked thing."""
    first = obj.split(" ", 1)[0].lower()
    for child in liking.children:
        if child.pos_ != "VERB" or child.dep_ not in ("xcomp", "dobj", "ccomp"):
            continue
        if child.tag_ in ("VB", "VBG") and first in (child.lower_, child.lemma_.lower()):
            return child
    return None


def leisure_phrase(verb: Any) -> bool:
    """ "for fun", "as a hobby", "in my free time", "during my spare time" on the verb."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ not in _LEISURE_PREPOSITIONS:
            continue
        for noun in (g for g in prep.children if g.dep_ == "pobj"):
            if noun.lemma_.lower() in _LEISURE:
                return True
            if noun.lemma_.lower() == "time" and any(
                c.dep_ == "amod" and c.lower_ in _SPARE for c in noun.children
            ):
                return True
    return False

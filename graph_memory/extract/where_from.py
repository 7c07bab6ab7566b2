"""A place told as where the speaker is from or lives: "Texas is where I grew up", "Ohio is where
I was born", "Chicago is where I live now", "Boston! That's where I'm from", "mostly in asia
just because thats where Im from". The place is the subject of the "is" (or, for "that" / "it",
the one place the message names before it), and the "where" clause says what it is to the
speaker: grown up in, born in or from -> FROM; lived in now -> LIVES_IN. Not a past home ("That's
where I lived": no current place, no origin said), a denial ("That's not where I'm from"), a
question ("Is that where you grew up?"), another's ("That's where she grew up"), or two places
named before "that" (which one is a guess)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name, is_be
from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import PLACE_LABELS, SPEAKER_WORDS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: as "I grew up in X" is.
WHERE_PATTERN = VerbPattern(kind="verb", verbs=("be",), confidence=0.75)
_POINTERS = frozenset({"that", "this", "it", "thats"})


def where_from(doc: Any) -> list[Match]:
    """FROM or LIVES_IN the place an "<place> is where I grew up / live / 'm from" names."""
    out: list[Match] = []
    for where in doc:
        if where.lower_ != "where" or where.i == 0 or where.i >= stated_end(where.sent):
            continue
        be = doc[where.i - 1]
        # "That's not where I'm from": "not" stands before "where", no "is"
        denied = any(c.dep_ == "neg" for c in be.children)
        if denied or not (is_be(be) or be.lower_ in ("s", "thats")):
            continue
        relation = _relation(doc, where)
        place = _place(doc, be) if relation else None
        if relation and place is not None and canonical_name(place):
            out.append(Match(relation, WHERE_PATTERN, SPEAKER, "", True, canonical_name(place),
                             place.label_, None, False, (place.start_char, where.idx)))
    return out


def _relation(doc: Any, where: Any) -> str | None:
    """What the "where" clause says the place is to the speaker, from its next words: "I grew
    up", "I was born" (FROM), "I'm from" (FROM), "I live" (LIVES_IN)."""
    words = [t for t in doc[where.i + 1:where.i + 5] if not t.is_punct]
    if len(words) < 2 or words[0].lower_ not in SPEAKER_WORDS:
        return None
    verb, rest = words[1], [t.lower_ for t in words[2:]]
    lemma = verb.lemma_.lower()
    if lemma == "grow" and rest[:1] == ["up"]:
        return "FROM"
    if lemma == "live" and verb.tag_ in ("VBP", "VBZ"):
        return "LIVES_IN"
    if verb.lower_ in ("was", "were") and rest[:1] == ["born"]:
        return "FROM"
    if verb.lower_ in ("'m", "am", "m", "are", "'re") and "from" in rest[:2]:
        return "FROM"
    return None


def _place(doc: Any, be: Any) -> Any | None:
    """The place the "is" is said of: its subject's entity ("Texas is where ..."), or for
    "that" / "it" the one place the message names before it."""
    ents = [e for e in doc.ents if e.label_ in PLACE_LABELS and e.end <= be.i]
    subject = doc[be.i - 1] if be.i > 0 else None
    if (subject is not None and subject.lower_ in _POINTERS) or be.lower_ == "thats":
        names = {canonical_name(e) for e in ents}
        return ents[-1] if len(names) == 1 else None
    return next((e for e in ents if e.end == be.i), None)


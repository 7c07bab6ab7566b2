"""Chat's lower-case employer: "i work at deloitte", "i work at mcdonalds", "I work for
target" name the place one works at as "I work at Deloitte" does, but the small model reads
no proper noun in them, so the open fallback read STATES deloitte [work at]. One bare word
after "work at" / "work for", with no determiner and nothing hung on it, in the present, is
the employer, kept as written ("mcdonalds", no lemma "mcdonald"). Not a past job ("I worked at
target": the open fallback's), a denial, a determiner ("at the hospital": WORKS_AT's own
pattern), a place or time word the open fallback leaves out already ("at home", "at night")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.match import Match

_WORK_KEYS = frozenset({"work at", "work for"})
_PRESENT_TAGS = frozenset({"VBP", "VBZ", "VBG"})
_PAST_AUXILIARIES = frozenset({"was", "were", "used", "had"})


def lowercase_workplaces(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, a lower-case employer worked at now read as WORKS_AT."""
    out: list[Match] = []
    for match in matches:
        employer = _employer(doc, match) if match.relation == "STATES" else None
        out.append(match if employer is None else replace(
            match, relation="WORKS_AT", obj=employer, obj_label="", key=None))
    return out


def _employer(doc: Any, match: Match) -> str | None:
    """The bare lower-case word the match's present "work at / for" names, else None."""
    if match.key not in _WORK_KEYS or match.negated:
        return None
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    for verb in (t for t in span or () if t.lemma_.lower() == "work" and t.pos_ == "VERB"):
        if verb.tag_ not in _PRESENT_TAGS or any(
            c.dep_ in ("aux", "neg") and (c.lower_ in _PAST_AUXILIARIES or c.dep_ == "neg")
            for c in verb.children
        ):
            continue
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("at", "for")):
            for place in (g for g in prep.children if g.dep_ == "pobj"):
                if (place.text.islower() and place.is_alpha and not list(place.children)
                        and place.pos_ in ("NOUN", "PROPN") and len(place.text) > 2):
                    return str(place.text)
    return None

"""A place gone to for years: "I have been going to the Carillon Spa for the past few years",
"I've been going to therapy for 2 months" -> HAS_HABIT "go to the Carillon Spa".

The perfect progressive of "go" with a place and a span of months or years is a routine of
visits still kept (one trip does not last years); a shorter span ("I've been going to Paris
for a week") may be one stay, and another verb with a span ("I've been working on it for
years") says how long, not how often, so both stay with the other rules.
"""

from __future__ import annotations

from typing import Any

_GO = "go"
# Spans long enough that going somewhere all through them is going again and again.
_LONG_SPANS = frozenset({"year", "month"})


def long_span(verb: Any) -> Any | None:
    """The "for" of a span of months or years on a "have been going" (`verb`, its VBG), or
    None: "for the past few years", "for 2 months", "for years" (not "for a week")."""
    if verb.lemma_.lower() != _GO or verb.tag_ != "VBG":
        return None
    if not any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in verb.children):
        return None  # "I'm going to the gym for two months": a plan
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "for":
            continue
        if any(g.dep_ == "pobj" and g.lemma_.lower() in _LONG_SPANS for g in prep.children):
            return prep
    return None

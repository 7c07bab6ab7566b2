"""A performer seen in concert: "I saw Coldplay in concert", "I went to see Taylor Swift in
concert", "I've seen Metallica in concert twice" tell a concert attended, as "I went to a
Taylor Swift concert" does. The open fallback reads the seeing (STATES <performer> [see]);
where the seeing verb has "in concert" it is the performer's concert, ATTENDED. Not a denial
("I've never seen Coldplay in concert": left as read), nor a plan ("I'm going to see Coldplay
in concert next week": a goal, no STATES), nor "at the concert" (a place, no performer's).
A named performer seen "live" is one too ("We saw Metallica live in Chicago", as
performed_live.py mends its parse); not "I saw the game live" (no name)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.match import Match


def seen_in_concert(doc: Any, matches: list[Match]) -> list[Match]:
    """The matches, each performer seen "in concert" read as the concert attended."""
    return [_as_concert(match) if _in_concert(doc, match) else match for match in matches]


def _as_concert(match: Match) -> Match:
    return replace(match, relation="ATTENDED", obj=f"{match.obj} concert", obj_label="", key=None)


def _in_concert(doc: Any, match: Match) -> bool:
    """Whether the match is a seeing, affirmed, whose verb has a bare "in concert" or, of a
    named performer, "live"."""
    if match.relation != "STATES" or match.key != "see" or match.negated:
        return False
    span = doc.char_span(match.span[0], match.span[1], alignment_mode="expand")
    if span is None:
        return False
    for verb in (t for t in span if t.lemma_.lower() == "see" and t.pos_ in ("VERB", "AUX")):
        named = match.obj[:1].isupper()
        if named and any(c.dep_ == "advmod" and c.lower_ == "live" for c in verb.children):
            return True
        for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ == "in"):
            if any(o.lower_ == "concert" and not list(o.children) for o in prep.children):
                return True
    return False

"""Where the speaker lives, said in passing: "it's a sunny day here in Houston", "I study law
here in Orlando", "Here in Miami the weather is nice", "a local brunch spot here in New York".
"here" is where the speaker is as they write, and chat names the town it means when it is the
speaker's own: LIVES_IN the named place. Not a place visited ("We're here in Paris on vacation",
"I'm staying here in Rome for a week", "Just landed here in Dubai": a message that tells of a
trip, a stay, a visit or an arrival says nothing of home), nor "I'll be here in Boston until
Friday" (a stay with an end), nor a question ("Is it cold here in Denver?"), nor a place the
small model names no place ("here in a minute"), nor a country or a continent ("here in the
United States", "here in America"): LIVES_IN holds one place, and the country a city lies in
would replace that city ("here in New York" said the day before) when it only says more
broadly where the speaker is."""

from __future__ import annotations

from typing import Any

import pycountry

from graph_memory.extract.canonical import canonical_name
from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import PLACE_LABELS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: below LIVES_IN's own "I live in X" (a word in passing).
HERE_PATTERN = VerbPattern(kind="verb", verbs=("here",), confidence=0.6)
# Words of a message about a time away from home: its "here" is the place visited.
_AWAY = frozenset({"trip", "vacation", "holiday", "visit", "stay", "travel", "tour", "honeymoon",
                   "getaway", "conference", "hotel", "airbnb", "resort", "until", "layover",
                   "arrive", "land", "flight", "airport", "tourist", "sightseeing"})
# Continents, and "America" as chat says it of the United States: wider than a home town.
_CONTINENTS = frozenset({"africa", "america", "americas", "antarctica", "asia", "europe",
                         "north america", "south america", "latin america", "oceania"})
# A clause ahead, or one only wished for: no place lived in now.
_NOT_NOW = frozenset({"will", "'ll", "would", "could", "might", "if"})


def here_places(doc: Any) -> list[Match]:
    """LIVES_IN each named place of a "here in <place>" stated in a message of no trip."""
    if any(t.lemma_.lower() in _AWAY for t in doc):
        return []
    out: list[Match] = []
    for here in doc:
        if here.lower_ != "here" or here.i + 2 >= len(doc) or doc[here.i + 1].lower_ != "in":
            continue
        place = _place_after(doc, here.i + 2)
        if place is None or place.end > stated_end(here.sent) or _not_now(here):
            continue
        if _country_or_continent(place.text):
            continue
        name = canonical_name(place)
        if name:
            out.append(Match("LIVES_IN", HERE_PATTERN, SPEAKER, "", True, name, place.label_,
                             None, False, (here.idx, place.end_char)))
    return out


def _place_after(doc: Any, start: int) -> Any | None:
    """The place entity starting at `start` ("Houston") or after its "the" ("the United
    States"), else None."""
    if doc[start].lower_ == "the":
        start += 1
    for ent in doc.ents:
        if ent.label_ in PLACE_LABELS and (ent.start == start or (
                ent.start == start - 1 and doc[ent.start].lower_ == "the")):
            return ent
    return None


def _not_now(here: Any) -> bool:
    """Whether the clause "here" is in is ahead or wished for ("I'll be here in Boston", "if I
    were here in Paris")."""
    verb = here.head
    while verb.pos_ not in ("VERB", "AUX") and verb.head.i != verb.i:
        verb = verb.head
    return any(c.lower_ in _NOT_NOW for c in verb.children if c.dep_ in ("aux", "mark"))


def _country_or_continent(name: str) -> bool:
    """Whether the place names a country ("the United States", "Japan", "USA") or a continent
    ("Europe", "America"), from the ISO 3166 list pycountry ships."""
    name = name.strip().removeprefix("the ").removeprefix("The ")
    if name.lower() in _CONTINENTS:
        return True
    try:
        pycountry.countries.lookup(name)
    except LookupError:
        return False
    return True

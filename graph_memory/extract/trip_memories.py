"""A trip told by what happened on it or what recalls it: "During a trip to Costa Rica, I saw
monkeys", "On our honeymoon in Bali we went diving", "that song reminds me of my trip to
Hawaii", "Here's a photo from my trip to Japan". VISITED's own patterns read a trip taken, gone
on or judged ("I took a trip to Greece", "My trip to Japan was amazing"); here the trip hangs
on another clause, and only that clause says it is behind the speaker: a doing in the past
("I had", "we've seen") under "during" or "on", or a recalling ("reminds me of", "I remember",
"a photo from") of the speaker's own trip; or the speaker's trip told by a past "was" with where
it went ("My last trip was to Japan", "One of my most memorable trips was to Santorini, Greece":
the place phrase on "was", where the noun kind looks on the noun). Not a trip ahead ("On my trip
to Japan I'll eat sushi", "I'm planning my trip to Peru", "My next trip is to Peru"), denied
("During my trip to Rome I didn't see the Pope": the trip stands, the doing is denied, so
nothing is read), or another's ("During a trip to Peru my dad got sick"), nor a trip to a place
with no name ("a trip to the beach")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name
from graph_memory.extract.match import Match
from graph_memory.extract.named_places import places_after
from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES, SPEAKER_WORDS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: below the patterns of a trip taken ("I took a trip to X").
TRIP_PATTERN = VerbPattern(kind="verb", verbs=("trip",), confidence=0.65)
_TRIPS = frozenset({"trip", "vacation", "holiday", "honeymoon", "getaway", "visit", "journey",
                    "cruise", "roadtrip"})
_ON_IT = frozenset({"during", "on"})  # what one did during the trip
_RECALLING = frozenset({"remind", "remember"})  # "reminds me of my trip", "I remember my trip"
# What a trip leaves behind: "a photo from my trip to Japan", "memories of our trip to Rome".
_KEEPSAKES = frozenset({"memory", "photo", "picture", "pic", "photograph", "video", "souvenir"})
_HAVE = frozenset({"have", "'ve", "has", "had", "'d"})
_WENT_TO = frozenset({"to", "in"})  # "my trip to Japan", "our honeymoon was in Bali"


def trip_places(doc: Any) -> list[Match]:
    """VISITED each named place of a trip told as behind the speaker by the clause it hangs on."""
    out: list[Match] = []
    for trip in doc:
        if trip.lemma_.lower() not in _TRIPS or trip.pos_ != "NOUN":
            continue
        went_by = trip if _behind(trip) else _was_to(trip)
        # Kept from its first rules, unlike place_experiences: a place set beside counts ("to
        # Santorini, Greece"), and only a proper noun ("a named place") is the trip's place.
        places = [] if went_by is None else places_after(
            [went_by], _WENT_TO, appositions=True, proper_only=True)
        for place in places:
            if place.end > stated_end(trip.sent):
                continue
            name = canonical_name(place)
            if name:
                start = min(trip.head.idx, trip.idx)
                out.append(Match("VISITED", TRIP_PATTERN, SPEAKER, "", True, name, place.label_,
                                 None, False, (start, place.end_char)))
    return out


def _behind(trip: Any) -> bool:
    """Whether the clause the trip hangs on tells it as the speaker's and past."""
    mine = any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in trip.children)
    if trip.dep_ == "dobj" and trip.head.lemma_.lower() == "remember":
        return mine and _we_subject(trip.head)
    if trip.dep_ != "pobj":
        return False
    preposition, holder = trip.head, trip.head.head
    if preposition.lower_ in _ON_IT and holder.dep_ == "dobj":
        holder = holder.head  # "We ate so much sushi on our trip": the parser hangs it on "sushi"
    if preposition.lower_ in _ON_IT and holder.pos_ in ("VERB", "AUX"):
        return (mine or _we_subject(holder)) and _past_deed(holder)
    if preposition.lower_ in ("of", "from") and mine:
        return holder.lemma_.lower() in (_RECALLING if holder.pos_ == "VERB" else _KEEPSAKES)
    return False


def _was_to(trip: Any) -> Any | None:
    """The "was" of the speaker's trip told as past with where it went: "My last trip was to
    Japan", "Our honeymoon was in Bali", "One of my most memorable trips was to Santorini,
    Greece" (not "My next trip is to Peru", "My trip wasn't to Rome")."""
    if not any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in trip.children):
        return None
    subject = trip
    of = trip.head
    if trip.dep_ == "pobj" and of.lower_ == "of" and of.head.lower_ in ("one", "some"):
        subject = of.head  # "one of my trips"
    was = subject.head
    if subject.dep_ != "nsubj" or was.lemma_ != "be" or was.tag_ != "VBD":
        return None
    return None if any(c.dep_ == "neg" for c in was.children) else was


def _we_subject(verb: Any) -> bool:
    return any(c.dep_ == "nsubj" and c.lower_ in SPEAKER_WORDS for c in verb.children)


def _past_deed(verb: Any) -> bool:
    """A doing in the simple past or the perfect, affirmed and not hedged ("I had", "we've
    seen"; not "I'll eat", "I didn't see", "if I had")."""
    children = list(verb.children)
    if any(c.dep_ == "neg" or (c.dep_ == "mark" and c.lower_ == "if") for c in children):
        return False
    if verb.tag_ == "VBD":
        return not any(c.dep_ == "aux" for c in children)
    return verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lower_ in _HAVE for c in children)

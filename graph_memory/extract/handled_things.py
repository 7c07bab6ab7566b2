"""Things handled in passing: "I cast my GoPro into the water", "I left my phone running over
night", "I moved the bed and couch all by myself", "I added some lavender syrup in", "we poured
the batter into the pan". Moving, placing or leaving a thing somewhere is what a moment does
with it, no fact of the person's (the guidelines: passing moments with nothing lasting),
however specific the thing. The open fallback (open_fallback.py) sets such a clause aside when
it is told as done (past or perfect); in the present it is a way or a habit ("I throw in some
mushrooms", "I add cinnamon to my coffee").

Only a verb of handling with the thing as its direct object is read so, and a particle that
makes it a verb of its own keeps it ("I put together a portfolio", "I put out an album", "I set
up a shop", "I moved out of Chicago"); "leave" only with the state or place the thing is left
in ("I left my keys in the car", "I left the oven on"), not a place or a work left for good
("I left my job", "I left Chicago"), and not "drop" ("I dropped my pottery class") or "throw"
alone of a gathering ("we threw a party" is DID's)."""

from __future__ import annotations

from typing import Any

# Moving or placing a thing: "cast", "put", "pour", "add" (an ingredient), "hang" (a picture).
_HANDLING = frozenset({"cast", "throw", "toss", "pour", "spill", "dump", "shove", "stick",
                       "move", "put", "place", "lay", "hang", "add", "leave"})
# Particles that only say where the thing went ("add in", "put away", "lay down").
_WHERE_TO = frozenset({"in", "into", "down", "away", "back", "aside", "on", "over", "around",
                       "inside", "outside"})
# What a thing is left in: "running", "on", "open" (a clause, a particle, an adjective).
_LEFT_STATES = frozenset({"xcomp", "ccomp", "oprd", "acomp", "advcl"})
# Where a thing is left ("in the car", "at home", "on the counter"), not a time.
_LEFT_AT = frozenset({"in", "on", "at", "behind", "by", "under", "outside", "inside"})


def handled_in_passing(verb: Any, particles: list[Any]) -> bool:
    """Whether the clause headed by `verb` (with its particles) moves, places or leaves a
    thing somewhere: a moment's doing, no fact."""
    lemma = verb.lemma_.lower()
    if lemma not in _HANDLING or any(p.lower_ not in _WHERE_TO for p in particles):
        return False
    if verb.tag_ not in ("VBD", "VBN"):
        return False  # "I throw in some mushrooms", "I add cinnamon to my coffee": a way, a habit
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if not objects or objects[0].pos_ not in ("NOUN", "PROPN"):
        return False
    if lemma != "leave":
        return True
    return any((c.dep_ in _LEFT_STATES and _a_state(c))
               or (c.dep_ == "prt" and c.lower_ in _WHERE_TO)
               or (c.dep_ == "prep" and c.lower_ in _LEFT_AT and _placed(c))
               for c in verb.children)


def _a_state(clause: Any) -> bool:
    """ "running", "open", "charging all night": the state the thing is left in, not a clause
    of its own ("I left my hometown when I was 18")."""
    return not any(c.dep_ in ("mark", "nsubj", "advmod") and c.i < clause.i
                   for c in clause.children)


def _placed(prep: Any) -> bool:
    """ "in the car", "at home": a common place (not a name, "I left my job at Google", nor a
    time, "I left my job in March")."""
    places = [g for g in prep.children if g.dep_ == "pobj"]
    return bool(places) and places[0].pos_ == "NOUN" and not places[0].ent_type_

"""The deeds of a day that name a specific thing (the guidelines: "a specific thing done or
planned counts": "I came home and cooked some pasta" -> DID pasta [cook]).

The open fallback (open_fallback.py) sets aside a day's passing moments: a meal ("I just had a
costco hot dog", "I ate steak today"), a doing of the day ("I just finished playing some
volleyball", "the field me and my friends played football at today", "I just found a stray
cat") and what was going on at a moment ("I was deep frying some corn dogs", "I'm painting some
pottery right now"). Such a moment is kept when what it names is specific: a dish or a drink
named by its kind (with "have", "grab" and "order" only such a one: "I had school today",
"I had a really strong team" are no meal), a game or a sport played, a thing made, found or
painted, a work by its name. Its doings with nothing specific in them stay out: generic or
hollow heads ("food", "a breather", "some reading", "a new recipe"), the day's routine places
and chores (school, work, the gym, "cleaned my room"), coming and going ("Just got back from the
gym": a place worth keeping is VISITED's), light doings ("I took a breather") and a body's
moments. A deed done (past, perfect, past progressive, "just finished") is DID, keyed by the
verb; one under way as it is told ("I'm eating some pistachios", "Right now I'm playing Brahms")
is not yet done: a plain open statement (STATES, the verb its key), as the tune half labels
"Right now I'm playing brahms intermezzo op 118 no. 2"."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.canonical import is_past
from graph_memory.extract.day_vocabulary import (
    DAY_LIGHT,
    DAY_MOTIONS,
    DAY_ROUTINE,
    DISHES,
    MEAL_HAVE,
    MEALS,
    PRAISE,
    WORK_VERBS,
)
from graph_memory.extract.objects import Found
from graph_memory.extract.open_aspect import youth_clause
from graph_memory.extract.open_objects import a_first, named, notable
from graph_memory.extract.open_vocabulary import (
    BODY_MOMENTS,
    BODY_PARTS,
    CONTAINERS,
    GENERIC_OBJECTS,
    HOLLOW_OBJECTS,
    HOME_PLACES,
    PLACING,
    SERVINGS,
    TODAY,
    UNITS,
    WHEN_NOUNS,
)

# Words after a thing that are no part of it: its time ("I ate steak today", "im cooking my
# soup rn") and chat's tails ("I just had some peanuts lol").
AFTERWORDS = WHEN_NOUNS | TODAY | {"rn", "atm", "tho", "lol", "lmao", "haha"}
# Heads that name nothing specific done on a day, whatever their modifiers ("diner food", "a
# nice hot coffee", "some tv show", "an online recipe").
_UNSPECIFIC_HEADS = (MEALS | GENERIC_OBJECTS | HOLLOW_OBJECTS | DAY_ROUTINE | HOME_PLACES
                     | BODY_PARTS | BODY_MOMENTS | SERVINGS | UNITS | WHEN_NOUNS)


def day_deed(verb: Any, tensed: Any, lemma: str, found: list[Found | None]
             ) -> tuple[bool, list[Found]] | None:
    """Whether a passing clause of the day (`verb`, its tense carried by `tensed`) is a deed
    done (True) or one under way (False), with the specific things it names; None when it
    names none or is no deed (coming and going, a light doing, a future or a habit)."""
    light = lemma in DAY_MOTIONS or lemma in DAY_LIGHT
    # "I had a fish when I was a kid": a clause of the speaker's youth tells no day
    if (light and lemma not in MEAL_HAVE) or youth_clause(verb):
        return None
    things = [t for t in (_trimmed(f) for f in found if f is not None) if _specific(t, lemma)]
    if not things:
        return None
    if is_past(tensed, perfect=True):
        return True, things
    if verb.tag_ == "VBG" and tensed is verb:
        return False, things  # "I'm eating some pistachios": this moment's
    return None


def got_dish(verb: Any) -> bool:
    """ "I got a caramel latte from a local coffee shop", "Nice i got some ice cream", "I got a
    big stack of pancakes and eggs": a dish got in the simple past is a meal of the day (the
    ontology keeps "get" out as light: "I got an iron gut", "I got a new dog" stay out), not
    the ingredients got for one ("I got some chicken for the soup")."""
    if verb.lemma_.lower() != "get" or verb.tag_ != "VBD" or any(
            c.dep_ in ("prt", "xcomp", "ccomp", "acomp", "oprd", "dative") for c in verb.children):
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    things = [*objects, *(o for obj in objects for o in obj.conjuncts)]
    # "a big stack of pancakes": the dish is the "of"'s
    things += [g for t in list(things) if t.lemma_.lower() in CONTAINERS for p in t.children
               if p.dep_ == "prep" and p.lower_ == "of" for g in p.children if g.dep_ == "pobj"]
    if any(c.dep_ == "prep" and c.lower_ == "for" for t in [verb, *things] for c in t.children):
        return False  # "I got some carrots and some chicken for the soup": groceries, a chore
    return any(t.lemma_.lower() in DISHES or _with_modifier(t) in DISHES for t in things)


def _with_modifier(token: Any) -> str:
    """The noun with the modifier before it: "hot dog", "iced tea"."""
    before = [c.lower_ for c in token.lefts if c.dep_ in ("compound", "amod")][-1:]
    return " ".join([*before, token.lemma_.lower()])


def _trimmed(found: Found) -> Found:
    """The thing without the praise before it ("some good pizza" -> "pizza") or a chat's
    time the parser joined to it ("some food rn" -> "food")."""
    words = found.name.split()
    start, end = 0, len(words)
    while start < end - 1 and words[start].lower() in PRAISE:
        start += 1
    while end > start + 1 and words[end - 1].lower() in AFTERWORDS:
        end -= 1
    if (start, end) == (0, len(words)):
        return found
    dropped = {w.lower() for w in words[:start] + words[end:]}
    return replace(found, name=" ".join(words[start:end]),
                   tokens=[t for t in found.tokens if t.lower_ not in dropped])


def _cut_short(found: Found) -> bool:
    """A name the parser cut short: the words after it hang elsewhere ("I'm playing brahms
    intermezzo op 118 no. 2" reads "brahms" alone) or its "of" was left out ("some league of
    legends" read as "league"), so the thing is not all there."""
    if any(c.dep_ == "prep" and c.lower_ == "of" and c not in found.tokens
           for t in found.tokens for c in t.children):
        return True
    last = max(found.tokens, key=lambda t: t.i, default=None)
    if last is None or last.i + 1 >= len(last.doc):
        return False
    after = last.doc[last.i + 1]
    return after not in found.tokens and after.lower_ not in AFTERWORDS and (
        after.pos_ in ("NOUN", "PROPN", "NUM") or after.tag_ == "VB")


def _specific(found: Found, lemma: str) -> bool:
    words = found.name.lower().split()
    if not words or _cut_short(found):
        return False
    head, tail = words[-1], " ".join(words[-2:])
    if lemma in WORK_VERBS:
        return named(found)  # "I saw Oppenheimer today", not "I was reading a magazine"
    if lemma in MEAL_HAVE:
        # a dish by its kind, a place named by its dishes ("Just had some burger king"), or
        # one's first of a kind ("I just had my first yoga class")
        return bool({head, tail} & DISHES) or (named(found) and bool(set(words) & DISHES)) or (
            a_first(found) or notable(found))
    # "I played the new dlc yesterday", "the last game": a thing of a kind with no name, or one
    # pointed back to, says nothing of which
    return head not in _UNSPECIFIC_HEADS and (named(found) or words[0] not in PLACING | {"new"})

"""How the open fallback (open_fallback.py) reads an object: a noun phrase that says something
on its own ("a ton of items" is the items, "a plane ride to Bangladesh" keeps where it went), a
title named by "called" or written in quotes, each coordinated object; never a hollow head, a
generic passing thing, a body part or the addressee's things; and the group a person belongs
to ("I'm on the swim team")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    after_name_of,
    clean_text,
    is_be,
    ner_label,
    phrase_text,
)
from graph_memory.extract.contrasts import set_aside
from graph_memory.extract.misread_objects import misread_object
from graph_memory.extract.naming_clauses import WHOLE_TITLE_DEPS, naming_clauses
from graph_memory.extract.objects import Found, noun_object
from graph_memory.extract.open_vocabulary import (
    ABOUT_HEADS,
    BODY_PARTS,
    CONTAINERS,
    DEMONSTRATIVES,
    GENERIC_OBJECTS,
    GROUPS,
    HOLLOW_OBJECTS,
    MAX_CONJUNCTS,
    MAX_TITLE_WORDS,
    NOTABLE_OUTINGS,
    REALMS,
    SPEAKER_POSSESSIVES,
    TRIPS,
    UNITS,
    UNNAMED_PEOPLE,
    UNNAMED_ROLES,
    UNSPECIFIC,
    WATCHED_WORKS,
    WHEN_LABELS,
    WHEN_NOUNS,
    WORK_KINDS,
    WORK_PARTS,
)
from graph_memory.extract.patterns import VerbPattern


def open_object(head: Any, rules: VerbPattern) -> Found | None:
    """The object named by the head, or None when it says nothing on its own: a hollow head
    ("the point", "an increase"), a generic passing activity ("some errands", "games"), a body
    part ("my fingers"), or a thing of the addressee's ("your pictures": a reaction). A thing
    named by "called" is its name ("a game called Cyberpunk 2077")."""
    called = _called(head)
    if called is not None:
        return called
    if head.lemma_.lower() in WORK_KINDS:
        # "the book Dune": the name beside the kind
        names = [c for c in head.children if c.dep_ == "appos" and c.pos_ == "PROPN"]
        if names:
            return noun_object(names[0], rules)
    inner = [g for c in head.rights if c.lower_ in ("of", "in") for g in c.children
             if g.dep_ == "pobj"]
    if head.lemma_.lower() in CONTAINERS | WORK_PARTS and inner:
        head = inner[0]  # "a ton of items", "a few places in the Southwest"
    elif head.lemma_.lower() in REALMS and inner and inner[0].pos_ == "PROPN":
        head = inner[0]  # "the ancient kingdom of Illyria" is Illyria
    trip = _trip(head, rules)
    if trip is not None:
        return trip
    example = _example(head, rules)
    if example is not None:
        return example
    lemma = head.lemma_.lower()
    common = (head.pos_ != "PROPN" and not head.ent_type_) or head.text.isupper()
    if head.pos_ == "ADJ" or (common and lemma in HOLLOW_OBJECTS):
        return None
    if misread_object(head):
        return None  # "I've had better salads", "seen dr phil scratch his head"
    # A count says how many, not which ("one game at a time", "two episodes").
    modified = any(c.dep_ in ("amod", "compound", "nummod", "poss") and c.tag_ != "PRP$"
                   and c.lower_ not in UNSPECIFIC and not (c.dep_ == "nummod" and c.like_num)
                   for c in head.children)
    if (common and lemma in GENERIC_OBJECTS and not modified) or lemma in BODY_PARTS:
        return None
    if common and lemma in UNITS and any(c.dep_ == "nummod" for c in head.children):
        return None  # "I read around 50 pages": how much, not what
    owners = [c for c in head.children if c.dep_ == "poss"]
    if (any(c.lower_ == "own" for c in head.children) and not owners) or any(
            c.lower_ in ("it", "its") for c in owners):
        return None  # "drove here with it's own car", "its design": whose is lost
    if any(c.dep_ == "poss" and c.lower_ in ("your", "ur") for c in head.children):
        return None
    if common and any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in head.children):
        return None  # "I saw this pretty cool cat", "that black cat": a photo or an earlier word
    if common and lemma in UNNAMED_PEOPLE and not any(c.dep_ == "compound"
                                                      for c in head.children):
        return None  # "two other girls", "a new idol" ("the munchausen lady" says who)
    if common and lemma in UNNAMED_ROLES:
        return None  # "I played with some childhood friends": nobody the memory can name
    return _unkinded(_coordinated_modifiers(head, _unboosted(noun_object(head, rules))))


def _unkinded(found: Found | None) -> Found | None:
    """The name without the kind of work put before it: "the game Hades" is Hades, "the game
    stardew valley" is stardew valley (its tokens keep the kind, which tells a work)."""
    words = found.name.split(" ") if found is not None else []
    first = next((t for t in found.tokens if t.dep_ != "det"), None) if found else None
    if found is None or first is None or len(words) < 2:
        return found
    if (first.dep_ == "compound" and first.lemma_.lower() in WORK_KINDS
            and first.head.i != first.i and words[0].lower() == first.lower_
            and (first.head.pos_ == "PROPN" or first.head.is_title
                 or first.head.dep_ == "compound")):
        # a name follows ("Hades", "Inception", "stardew valley"), not a common noun the
        # kind sorts ("a book club")
        return Found(" ".join(words[1:]), found.label, found.tokens)
    return found


def _coordinated_modifiers(head: Any, found: Found | None) -> Found | None:
    """The object with its coordinated modifiers whole: "both mental and physical readiness"
    is "mental and physical readiness", not "both mental readiness"."""
    if found is None:
        return None
    words = found.name.split(" ")
    if words and words[0].lower() in ("both", "either") and len(words) > 1:
        words = words[1:]
    tokens = [t for t in found.tokens if t.lower_ not in ("both", "either")]
    for modifier in head.children:
        joined = [c for c in modifier.children if c.dep_ == "conj" and c.pos_ == "ADJ"]
        if modifier.dep_ != "amod" or not joined or modifier.text not in words:
            continue
        at = words.index(modifier.text) + 1
        words[at:at] = ["and", *(c.text for c in joined)]
        tokens += joined
    name = " ".join(words)
    return found if name == found.name else Found(name, found.label, tokens)


def _unboosted(found: Found | None) -> Found | None:
    """The object without an intensifier the parser left at its front: "so many managers" is
    managers, not "so manager"."""
    if found is None or not found.tokens or found.tokens[0].lower_ not in _INTENSIFIERS or (
            found.tokens[0].pos_ != "ADV"):
        return found  # "super Mario sunshine" keeps its name
    first, rest = found.name.split(" ", 1) if " " in found.name else (found.name, "")
    if first.lower() != found.tokens[0].lower_ or not rest:
        return found
    return Found(rest, found.label, found.tokens[1:])


_INTENSIFIERS = frozenset({"so", "too", "very", "really", "such", "pretty", "super", "quite"})


def _example(head: Any, rules: VerbPattern) -> Found | None:
    """ "games like Animal Crossing", "shows such as The Office": a generic thing named by its
    example is the example."""
    if head.lemma_.lower() not in GENERIC_OBJECTS:
        return None
    for prep in head.children:
        if prep.dep_ != "prep" or prep.lower_ not in ("like", "as"):
            continue
        if prep.lower_ == "as" and not any(t.lower_ == "such" for t in head.subtree):
            continue
        names = [g for g in prep.children if g.dep_ == "pobj"
                 and (g.pos_ == "PROPN" or g.ent_type_ not in ("", *WHEN_LABELS))]
        if names:
            return noun_object(names[0], rules)
        # "different exercises, such as cardio": a kind of its own is the example too ("a
        # snack like a piece of fruit" is rather a likeness)
        kinds = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "NOUN"
                 and prep.lower_ == "as"
                 and g.lemma_.lower() not in GENERIC_OBJECTS | HOLLOW_OBJECTS | CONTAINERS]
        if kinds:
            return noun_object(kinds[0], rules)
    return None


def _trip(head: Any, rules: VerbPattern) -> Found | None:
    """ "a plane ride to Bangladesh", "a road trip through Utah": the trip with where it went
    (a bare "trip" or "ride" says nothing); "a book about the Roman empire", "a documentary on
    octopuses": the work with what it is about."""
    lemma = head.lemma_.lower()
    preps = (_TRIP_PREPS if lemma in TRIPS else _ABOUT_PREPS if lemma in ABOUT_HEADS
             else frozenset())
    for prep in head.children:
        if prep.dep_ == "prep" and prep.lower_ in preps:
            places = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")
                      and not is_when_word(g)]
            trip = noun_object(head, rules) if places else None
            if trip is not None and prep in trip.tokens:
                return trip  # a journey's object names its place already ("a trip to Japan")
            where = (None if not places else noun_object(places[0], rules) if preps is _TRIP_PREPS
                     else open_object(places[0], rules))  # "a show about a guy" says nothing
            if trip is not None and where is not None:
                return Found(f"{trip.name} {prep.lower_} {where.name}", where.label,
                             [*trip.tokens, prep, *where.tokens])
    return None


_TRIP_PREPS = frozenset({"to", "through", "around", "across"})
_ABOUT_PREPS = frozenset({"about", "on"})


QUOTES = {'"': '"', "“": "”", "”": "”"}


def quoted_title(verb: Any) -> Found | None:
    """A title in quotes right after the verb, whole: 'I recently enjoyed "Where the Crawdads
    Sing"', 'I started reading "Dune"' (the parser splits a quoted title into clauses)."""
    doc, start = verb.doc, verb.i + 1
    if start >= len(doc) or doc[start].text not in QUOTES:
        return None
    close = QUOTES[doc[start].text]
    words: list[Any] = []
    for token in doc[start + 1 : start + 2 + MAX_TITLE_WORDS]:
        if token.text in (close, '"') or token.text.rstrip(",.!") == "":
            break
        if token.text in ("\n", "\n\n") or token.is_space:
            return None
        words.append(token)
    else:
        return None  # no closing quote within a title's length: a quotation, not a title
    if not words or words[-1].text in (",", "."):
        words = words[:-1]
    if len(words) == 1 and words[0].pos_ == "PRON":
        return None  # 'I love "it"': a word set off, no title
    if not words:
        return None
    # a title keeps its case as written: 'I enjoyed "Up"' is the film, not "up"
    return Found(clean_text(doc[words[0].i : words[-1].i + 1].text), "WORK_OF_ART", words)


# Verbs of a work taken in, whose object named by its author is a title whatever its words.
_WORK_VERBS = frozenset({"read", "reread", "watch", "rewatch", "listen", "finish", "binge"})


def authored_title(verb: Any) -> Found | None:
    """A title the parser reads as a number or a date, named by its author: "I read 1984 by
    George Orwell", "I started reading 2666 by roberto bolano", "11/22/63 by stephen king"
    (not "I read 50 pages by the fire": no author, a count)."""
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if verb.lemma_.lower() not in _WORK_VERBS or not objects or not is_when_word(objects[0]):
        return None
    title = objects[0]
    by = [c for h in (verb, title) for c in h.children
          if c.dep_ in ("prep", "agent") and c.lower_ == "by" and c.i > title.i]
    if not any(g.dep_ == "pobj" and (g.pos_ == "PROPN" or g.ent_type_ == "PERSON")
               for p in by for g in p.children):
        return None
    authors = {t.i for p in by for t in p.subtree}
    tokens = [t for t in title.subtree if t.i not in authors and t.dep_ not in ("punct", "det")]
    if not tokens or len(tokens) > MAX_TITLE_WORDS:
        return None
    return Found(phrase_text(tokens), "WORK_OF_ART", tokens)


# A naming clause on the noun, or on the verb (advcl) when the parser hangs it there.
_NAMING_ON_NOUN_OR_VERB = frozenset({"acl", "advcl"})


def _called(head: Any) -> Found | None:
    """The name of "a book called Vinland Saga", "a game called cult of the lamb", whole (a
    title keeps its words as written)."""
    # "I read this book not too long ago called Vinland Saga": the naming put after the
    # verb's other words hangs on the verb
    work = head.dep_ == "dobj" and head.lemma_.lower() in WORK_KINDS
    later = [c for c in head.head.children if c.dep_ == "advcl" and c.i > head.i
             and c.tag_ == "VBN"] if work else []
    for acl in naming_clauses([*head.children, *later], deps=_NAMING_ON_NOUN_OR_VERB):
        quoted = quoted_title(acl)
        if quoted is not None:
            return quoted  # 'a novel called "Me Before You"': the quotes hold it whole
        for name in acl.children:
            if name.dep_ not in WHOLE_TITLE_DEPS:
                continue
            tokens = [t for t in name.subtree if t.dep_ != "punct" and t.tag_ not in ('``', "''")]
            if tokens and tokens[0].pos_ == "DET":
                tokens = tokens[1:]  # "a show called The Protector" -> "Protector"
            text = phrase_text(tokens)
            if tokens and len(tokens) <= MAX_TITLE_WORDS and "\n" not in text:
                return Found(text, ner_label(name), tokens)
    return None


def with_conjuncts(heads: list[Any]) -> list[Any]:
    """ "I'm taking Data Analytics, Microeconomics and Calculus": each is an object ("I play
    Lord of the Rings and Skyrim": Skyrim too, joined to the name's "of" part)."""
    out: list[Any] = []
    for head in heads:
        out.append(head)
        out.extend(t for t in head.subtree if t.dep_ == "conj" and (
            t.head in out or after_name_of(t, out)) and not set_aside(t))
    # "I see nests and no birds": a conjunct with "no" is denied.
    return [t for t in out if not any(d.dep_ == "det" and d.lower_ == "no" for d in t.children)][
        :MAX_CONJUNCTS
    ]


def is_where(token: Any) -> bool:
    """A place named as where a thing was done ("I stumbled on it in New York", "I cook at
    home"), not what was done."""
    return token.ent_type_ in ("GPE", "LOC") or token.lower_ in ("home", "work", "school")


def is_when_word(token: Any) -> bool:
    if token.lemma_.lower() in WORK_PARTS and any(c.lower_ == "of" for c in token.children):
        return False  # "the first season of Breaking Bad" is the show's, not a date
    return token.ent_type_ in WHEN_LABELS or token.lemma_.lower() in WHEN_NOUNS or token.like_num


def membership(be: Any, rules: VerbPattern) -> tuple[Found, Any, str] | None:
    """ "I'm on the swim team", "I'm in a band", "I'm part of a book club": the group the
    person belongs to (key "be on", "be in", "be part of")."""
    for child in be.children:
        if child.dep_ == "prep" and child.lower_ in ("on", "in"):
            key, prep = f"be {child.lower_}", child
        elif child.dep_ == "attr" and child.lemma_.lower() in ("part", "member"):
            preps = [c for c in child.children if c.dep_ == "prep" and c.lower_ == "of"]
            if not preps:
                continue
            key, prep = f"be {child.lemma_.lower()} of", preps[0]
        else:
            continue
        for pobj in prep.children:
            if pobj.dep_ == "pobj" and pobj.lemma_.lower() in GROUPS:
                found = open_object(pobj, rules)
                if found is not None:
                    return found, prep, key
    return None


def named(found: Found) -> bool:
    """A thing with a name of its own (a proper noun, an entity, a title), not a common one
    ("a game called cyberpunk 2077" names it, whatever its case)."""
    return bool(found.label) or any(
        t.pos_ == "PROPN" or t.head.lemma_.lower() in ("call", "name", "title")
        for t in found.tokens)


def notable(found: Found) -> bool:
    """A journey or an event, notable even on the day it happened ("I just got back from a
    camping trip"), unlike an errand ("I just got back from the gym")."""
    root = next((t for t in found.tokens if t.head not in found.tokens or t.head is t), None)
    return root is not None and root.lemma_.lower() in NOTABLE_OUTINGS


def a_first(found: Found) -> bool:
    """One's own first of a kind, notable on the day it happened: "I went to my first yoga
    class today", "we ran our first 5k" (not "the first episode", one of a series)."""
    tokens = found.tokens
    return any(t.lower_ == "first" and t.dep_ == "amod" for t in tokens) and any(
        t.dep_ == "poss" and t.lower_ in SPEAKER_POSSESSIVES for t in tokens)


def watched(found: Found) -> bool:
    """A work or a show watched or seen ("many football matches", "some YouTube videos", "the
    movie Inception"), not a common sight of an outing ("cool exhibits", "the fireworks", "a
    whale replica")."""
    return any(t.lemma_.lower() in WATCHED_WORKS for t in found.tokens)


def bare(found: Found) -> bool:
    """A thing named by its noun alone, with no article, possessor or description that points
    at one instance of it ("anatomy", "the outdoors" is one)."""
    return not any(t.dep_ in ("det", "poss", "amod", "nummod") or t.tag_ == "PRP$"
                   for t in found.tokens) and not any(
        c.dep_ in ("det", "poss", "amod", "nummod") for t in found.tokens for c in t.children)


def out_of(verb: Any) -> Any | None:
    """The "of" of "ran out of", "got out of" (its "out" read as a preposition or a particle)."""
    for out in verb.children:
        if out.lower_ == "out" and out.dep_ in ("prep", "prt"):
            holders = [out, verb] if out.dep_ == "prt" else [out]
            for holder in holders:
                for of in holder.children:
                    if of.dep_ == "prep" and of.lower_ == "of":
                        return of
    return None


def shown(noun: Any) -> bool:
    """ "Here's a pretty cool waterfall I saw": a thing shown in a photo, seen once ("This is
    the yacht we chartered" still tells a deed)."""
    be = noun.head
    return (noun.dep_ in ("nsubj", "attr") and is_be(be)
            and any(c.lower_ in ("here", "heres", "this") for c in be.children))

"""What a verb's prepositions govern: the nouns or doings after them ("a fan of drinking hot
water"), a choice set against ("hiking over running"), an idea weighed ("toying with the idea of
getting a cat"), the place of a span spent there ("a week in Cancun"), the nouns excepted from a
denial ("except carrots"). Split from kinds.py, whose verb patterns read them."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import has_to, with_conjuncts
from graph_memory.extract.retag import OVER_SPANS


def exceptions(objects: list[Any]) -> list[Any]:
    """The nouns excepted from the objects of a denial: "French fries" of "not into French
    stuff other than French fries", "carrots" of "I don't eat vegetables except carrots"."""
    links = []
    for obj in objects:
        for child in obj.children:
            if child.dep_ == "prep" and child.lower_ == "except":
                links.append(child)
            elif child.dep_ == "amod" and child.lower_ == "other":  # "other than"
                links.extend(g for g in child.children if g.dep_ == "prep" and g.lower_ == "than")
    # "except for carrots": the noun hangs on "for"
    links += [g for p in links for g in p.children if g.dep_ == "prep" and g.lower_ == "for"]
    return with_conjuncts([g for p in links for g in p.children if g.dep_ == "pobj"])


# Places one goes to for years, not for a visit: "I went to college in Ohio" says where one
# studied, not that one visited Ohio.
_PLACES_OF_STUDY_OR_WORK = frozenset(
    {"school", "college", "university", "uni", "work", "grad school"}
)


def went_to_study_or_work(verb: Any) -> bool:
    """ "I went to college in Ohio", "I went to high school in Texas": the place after "to" is
    where one studied or worked, and the place beside it where that was."""
    if verb.lemma_.lower() != "go":
        return False
    return any(
        c.dep_ == "prep" and c.lower_ == "to" and g.dep_ == "pobj"
        and g.lemma_.lower() in _PLACES_OF_STUDY_OR_WORK
        for c in verb.children for g in c.children
    )


# The prepositions of a choice between two things or doings: "over running", "to walking".
_CHOICE_PREPOSITIONS = frozenset({"over", "to", "than"})


def choice_between_doings(verb: Any) -> list[Any]:
    """ "I prefer hiking over running", "to read books over watching TV": the parser hangs the
    choice on the doing preferred; only a doing set against it ("to" with a gerund: not the place of
    "I prefer going to the gym"), or a thing after "over" ("working from home over the office";
    not a time: "over the weekend")."""
    return [
        p for g in verb.children if g.dep_ == "xcomp" and (g.tag_ == "VBG" or has_to(g))
        for p in g.children if p.dep_ == "prep" and p.lower_ in _CHOICE_PREPOSITIONS
        and any((c.dep_ == "pcomp" and c.tag_ == "VBG") or (
            p.lower_ == "over" and c.dep_ == "pobj" and _over_a_thing(g, c)) for c in p.children)
    ]  # fmt: skip


# Doings that go over a thing: "walking over the bridge" is no choice against the bridge.
_ACROSS = frozenset({"walk", "run", "fly", "drive", "jump", "climb", "go", "travel", "hike", "bike",
                     "cycle", "swim", "ride", "step", "cross", "sail", "look", "watch", "talk"})


def _over_a_thing(doing: Any, noun: Any) -> bool:
    """ "working from home over the office": the thing a liked gerund is set against (not a
    time, "over the weekend", nor the path of a motion, "walking over the bridge")."""
    return bool(
        doing.tag_ == "VBG" and doing.lemma_.lower() not in _ACROSS
        and noun.lemma_.lower() not in OVER_SPANS and noun.ent_type_ not in ("DATE", "TIME")
    )  # fmt: skip


# Nouns that hold a doing weighed: "toying with the idea of getting a cat".
_IDEAS = frozenset({"idea", "thought", "prospect"})


def doings_after(prep: Any) -> list[Any]:
    """The gerund a preposition governs ("planning on going skiing"), or the one of its "idea"
    ("intrigued by the idea of exploring Petra", "toying with the idea of getting a cat")."""
    found = [g for g in prep.children if g.dep_ == "pcomp" and g.tag_ == "VBG"]
    ideas = [n for n in prep.children if n.dep_ == "pobj" and n.lemma_.lower() in _IDEAS]
    return found + [
        g for n in ideas for of in n.children if of.dep_ == "prep" and of.lower_ == "of"
        for g in of.children if g.dep_ == "pcomp" and g.tag_ == "VBG"
    ]  # fmt: skip


def place_of_span(noun: Any) -> Any:
    """The named place of a span of time spent there: "I just came back from a week in Cancun",
    "after two weeks in Thailand" (the noun itself otherwise)."""
    if noun.lemma_.lower() not in _SPANS:
        return noun
    # the parser hangs the place on the span or on the verb after it ("came back from a week
    # in Cancun")
    holders = [noun, noun.head.head, noun.head.head.head] if noun.dep_ == "pobj" else [noun]
    places = [g for h in holders for p in h.children
              if p.dep_ == "prep" and p.lower_ in ("in", "at") and p.i > noun.i
              for g in p.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
    return places[0] if places else noun


_SPANS = frozenset({"day", "week", "weekend", "month", "year", "summer", "winter", "semester",
                    "vacation", "holiday", "stay", "trip", "visit"})


def prep_objects(prep: Any) -> list[Any]:
    """What a preposition governs: its noun, or a doing ("a fan of drinking hot water", "into
    betting on sports"; "I'm really big on hiking", a doing the parser tags a noun)."""
    return [g for g in prep.children if g.dep_ == "pobj" or (g.dep_ == "pcomp" and (
        g.tag_ == "VBG" or (g.tag_ == "NN" and g.lower_.endswith("ing"))))]

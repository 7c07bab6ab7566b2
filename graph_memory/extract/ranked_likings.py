"""A favorite told by where it stands among the speaker's likings: "Sushi is among my favorites",
'"Sherlock" and "Stranger Things" are on my list of favorites', '"Sherlock" is at the top of
my list', "Museums and art galleries are high on our list". A bare list that is not of wishes
is one of likings, and a thing at its top or high on it is ranked among them: PREFERS, where
the bucket list's reading (HAS_GOAL, possessives.listed_matches) sets them aside. A place
("Japan is at the top of my list") and a doing ("visiting Peru is high on my list") are
wishes more than likings, and stay out, as do denials ("not on my list"), questions and the
addressee's or anyone else's list ("your list", "her favorites"). Read from the list noun
(or "favorites") that listed_matches is given."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, with_conjuncts
from graph_memory.extract.match import Match, Who, make_matches, polarity
from graph_memory.extract.objects import noun_object
from graph_memory.extract.open_vocabulary import PLACE_LABELS, SPEAKER_POSSESSIVES
from graph_memory.extract.patterns import PossessivePattern
from graph_memory.extract.people import SPEAKER

_FAVORITES = frozenset({"favorite", "favourite"})
_TOPS = frozenset({"top", "head"})
_HIGH = frozenset({"high", "higher"})


def ranked_likings(key_head: Any, pattern: PossessivePattern) -> list[Match] | None:
    """The PREFERS matches of a thing ranked among the speaker's likings, [] where the phrase
    is such a ranking but names nothing to keep, or None where it is no such phrase."""
    be = _ranking_be(key_head)
    if be is None:
        return None
    if polarity(be, pattern) is not False:
        return []  # "pizza is not among my favorites"
    subjects = [c for c in be.children if c.dep_ == "nsubj"]
    if not subjects or subjects[0].tag_ == "VBG" or any(c.dep_ == "csubj" for c in be.children):
        return []  # "visiting Peru is high on my list": a wish
    things = with_conjuncts(subjects[:1])
    if any(t.ent_type_ in PLACE_LABELS for t in things):
        return []  # "Japan is at the top of my list": a place to go
    found = [noun_object(t, pattern) for t in things]
    return make_matches("PREFERS", pattern, Who(SPEAKER, "", True, []), found, False,
                        [be, key_head], None)


def _ranking_be(key_head: Any) -> Any | None:
    """The "is" of "is among my favorites", "is on my list of favorites", "is at the top of
    my list", "is high on my list"; None for any other phrase."""
    if key_head.dep_ != "pobj" or not _mine(key_head):
        return None
    prep = key_head.head
    if key_head.lemma_.lower() in _FAVORITES and key_head.tag_ == "NNS" and prep.lower_ == "among":
        return prep.head if is_be(prep.head) else None
    if key_head.lower_ != "list" or any(c.dep_ == "compound" for c in key_head.lefts):
        return None  # "my bucket list", "my shopping list": the list's own reading
    of_what = [g for p in key_head.children if p.dep_ == "prep" and p.lower_ == "of"
               for g in p.children if g.dep_ == "pobj"]  # fmt: skip
    if of_what and not all(g.lemma_.lower() in _FAVORITES for g in of_what):
        return None  # "on my list of places to visit"
    be = prep.head
    if prep.lower_ == "of" and be.lower_ in _TOPS and be.dep_ == "pobj":
        prep, be = be.head, be.head.head  # "at the top of my list"
        return be if prep.lower_ in ("at", "on") and is_be(be) else None
    high = be.dep_ == "acomp" and be.lower_ in _HIGH
    if high:
        be = be.head  # "high on our list": the parser may hang "on" on "high"
    if prep.lower_ != "on" or not is_be(be):
        return None
    high = high or any(c.dep_ == "acomp" and c.lower_ in _HIGH for c in be.children)
    return be if of_what or high else None  # "on my list" alone is a list of wishes


def _mine(key_head: Any) -> bool:
    owners = [c for c in key_head.children if c.dep_ == "poss"]
    return len(owners) == 1 and owners[0].lower_ in SPEAKER_POSSESSIVES

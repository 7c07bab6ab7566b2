"""Pastimes told by their own verb: "I hike a lot", "I paint in my spare time", "I've been
knitting for years", "I spend my weekends hiking". The verb has no object; what makes it a
pastime and not a moment is a phrase that says so ("a lot", "in my free time", "as a hobby",
"for fun", "for years"), an affirming "do" ("I do bake!") or the leisure time spent on it.
The object is the doing ("hiking")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_negated
from graph_memory.extract.frequent_pastimes import told_as_frequent
from graph_memory.extract.objects import Found, noun_object
from graph_memory.extract.patterns import VerbPattern

# Nouns after "in my ..." / "for ..." / "as a ..." that make a doing a pastime.
_LEISURE = frozenset({"time", "hobby", "pastime", "fun", "years", "ages", "decades"})
# What one spends on a pastime: "I spend my weekends hiking".
_SPENT = frozenset({"weekend", "weekends", "evening", "evenings", "summer", "summers", "time"})
# Doings time goes to that are no pastime: "I spend most of my time working".
_CHORES = frozenset({
    "work", "working", "study", "studying", "clean", "cleaning", "commute", "commuting", "sleep",
    "sleeping", "drive", "driving", "wait", "waiting", "worry", "worrying", "think", "thinking",
    "do", "doing", "try", "trying", "deal", "dealing", "look", "looking", "recover", "recovering",
})  # fmt: skip
# Verbs that double their last letter before "-ing".
_DOUBLED = frozenset({"run", "swim", "jog", "knit", "shop", "skip", "dig", "sit"})
_OBJECTS = frozenset({"dobj", "ccomp", "xcomp", "attr", "dative", "oprd"})


def gerund(lemma: str) -> str:
    """ "hike" -> "hiking", "run" -> "running", "ski" -> "skiing"."""
    if lemma.endswith("ie"):
        return lemma[:-2] + "ying"
    if lemma.endswith("e") and not lemma.endswith(("ee", "ye", "oe")):
        return lemma[:-1] + "ing"
    if lemma in _DOUBLED:
        return lemma + lemma[-1] + "ing"
    return lemma + "ing"


def pastime_doing(verb: Any, pattern: VerbPattern) -> Found | None:
    """The doing a pastime verb names, or None when nothing says it is a pastime."""
    if verb.lemma_.lower() == "spend":
        return _spent_on(verb, pattern)
    if any(c.dep_ in _OBJECTS and not _a_lot(c) for c in verb.children):
        return None  # "I cook a lot of pasta": a thing done, no pastime of its own
    if not _told_as_pastime(verb) or is_negated(verb):
        return None  # "I do not read a lot" denies the pastime
    if verb.dep_ == "conj" and verb.head.tag_ in ("VBD", "VBN"):
        return None  # "I have heard and read a lot for Juventus": the tense is the first verb's
    name = verb.lower_ if verb.tag_ == "VBG" else gerund(verb.lemma_.lower())
    return Found(name, "", [verb])


def _told_as_pastime(verb: Any) -> bool:
    if told_as_frequent(verb):
        return True  # "I usually jog", "I often swim"
    for child in verb.children:
        if child.dep_ == "aux" and child.lower_ in ("do", "does") and child.tag_ in ("VBP", "VBZ"):
            return True  # "I do bake!": the doing affirmed, as an answer to "do you bake?"
        if _a_lot(child):
            return True  # "I hike a lot"
        leisure = any(g.dep_ == "pobj" and g.lower_ in _LEISURE for g in child.children)
        if child.dep_ == "prep" and child.lower_ in ("in", "as", "for") and leisure:
            return True  # "in my spare time", "as a hobby", "for fun", "for years"
    return False


def _a_lot(word: Any) -> bool:
    """ "a lot" standing alone (not "a lot of pasta"), whichever label the parser gives it."""
    return (
        word.dep_ in ("npadvmod", "dobj")
        and word.lower_ == "lot"
        and not any(c.dep_ == "prep" for c in word.children)
    )


def _spent_on(verb: Any, pattern: VerbPattern) -> Found | None:
    """ "I spend my weekends hiking", "I spend my free time reading manga"."""
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    spent = [c for c in objects if c.lower_ in _SPENT]
    shares = [t for c in objects for t in _share_of(c)]
    if shares:
        spent = shares  # "most of my free time", "a lot of time": a share of it, told large
    elif not spent or (spent[0].lower_ == "time" and not _leisure_time(spent[0])):
        return None  # "I spend time cooking" says no more than that it was done
    doings = [c for c in verb.children if c.dep_ in ("xcomp", "advcl") and c.tag_ == "VBG"]
    if not doings or doings[0].lemma_.lower() in _CHORES or doings[0].lower_ in _CHORES:
        return None  # "I spend a lot of time working": no pastime
    return noun_object(doings[0], pattern, misparsed=True)


def _share_of(amount: Any) -> list[Any]:
    """The time of "most of my free time", "a lot of time", "all of my weekends" ([] else)."""
    if amount.lower_ not in ("most", "lot", "much", "all"):
        return []
    return [g for p in amount.children if p.dep_ == "prep" and p.lower_ == "of"
            for g in p.children if g.dep_ == "pobj" and g.lower_ in _SPENT]


def _leisure_time(time: Any) -> bool:
    return any(c.dep_ == "amod" and c.lower_ in ("free", "spare") for c in time.children)

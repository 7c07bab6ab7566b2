"""A work read, watched or played, named by a copula on the kind of work the speaker's clause
describes: "The last Marvel movie I watched in theaters was spider-man", "Orange is one of
the first manga that I read", "another similar series I read was called Pendragon",
"Another romantic novel I read recently and loved is "The Rosie Project"", "I think the last
one I played was red dead redemption" -> DID (the title, key the verb). The relative clause
is what was done; the copula says which work it was.

Only a past told (the parser reads a relative "I read" as a present, so "read" is taken in
either form; "the show I watch is Severance" is a habit, not a deed), the speaker's clause
("the book she read was Dune" is hers, unknown), and a title that names one work: a proper
name, a quoted title or a lower-case name of two words or more ("vinland saga"); never a kind
("a thriller"), a pronoun or "the jeffery dahmer one"."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, phrase_text
from graph_memory.extract.match import Match, make_matches
from graph_memory.extract.naming_clauses import NAMING_VERBS
from graph_memory.extract.objects import Found
from graph_memory.extract.open_objects import quoted_title
from graph_memory.extract.open_subjects import stated, unspanned, who_of
from graph_memory.extract.open_vocabulary import GENERIC_OBJECTS, HOLLOW_OBJECTS, WORK_KINDS
from graph_memory.extract.patterns import OpenPattern

# What one reads, watches or plays; "read" is written alike in the present and the past.
_TOLD_VERBS = frozenset(
    {"read", "reread", "watch", "rewatch", "play", "finish", "binge", "see"}
)
# A work's place among those done: "the last one I played was ...".
_SERIES_PLACES = frozenset({"last", "latest", "first", "recent"})
_SAME_IN_PAST = frozenset({"read", "reread"})
_NAME_LABELS = frozenset({"WORK_OF_ART", "PERSON", "ORG", "PRODUCT", "GPE", "EVENT", "FAC"})
_MAX_TITLE_TOKENS = 8


def work_told(
    verb: Any, relation: str, pattern: OpenPattern, people: frozenset[str]
) -> list[Match] | None:
    """DID (title, key the verb) for the relative clause `verb` when a copula names the work
    its noun stands for; [] when a copula holds the noun but names no one work ("the last
    movie I watched was the new batman movie": neither is a title); None when no copula holds
    it (the clause is the open fallback's)."""
    lemma = verb.lemma_.lower()
    if verb.dep_ != "relcl" or lemma not in _TOLD_VERBS:
        return None
    anchor = _anchor(verb.head)
    if _placed_one(anchor) and lemma == "see":
        return None  # "the last one I saw was John": a person as well as a work
    if _across(anchor) is None:
        return None
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    who = who_of(subject, people) if subject is not None else None
    if (who is None or subject is None or subject.pos_ != "PRON" or not _past(verb, lemma)
            or not stated(verb, verb, who)):
        return []
    title = _title(anchor)
    if title is None:
        return []
    return make_matches(relation, pattern, unspanned(who), [title], False, [verb], lemma)


def _past(verb: Any, lemma: str) -> bool:
    """ "I watched", "I've read", and "I read" (a past the parser may tag as a present)."""
    auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    if auxes - {"have", "'ve", "did", "had", "'d"}:
        return False  # "the book I'm reading", "the show I will watch"
    return verb.tag_ in ("VBD", "VBN") or (verb.tag_ == "VBP" and lemma in _SAME_IN_PAST)


def _anchor(noun: Any) -> Any:
    """The word the copula holds: the noun, or the "one" of "one of the first manga"."""
    if noun.lemma_.lower() in WORK_KINDS and noun.dep_ == "pobj" and noun.head.lower_ == "of":
        one = noun.head.head
        if one.lower_ == "one":
            return one
    return noun


def _across(anchor: Any) -> list[Any] | None:
    """The words across the copula (or "was called") from a kind of work, or None when no
    copula holds it ("the guy I watched was John": no work)."""
    kind = anchor if anchor.lower_ != "one" else next(
        (g for c in anchor.children if c.lower_ == "of" for g in c.children), anchor)
    if kind.lemma_.lower() not in WORK_KINDS and not _placed_one(kind):
        return None
    head = anchor.head
    if anchor.dep_ == "nsubj" and is_be(head):
        return [c for c in head.children if c.dep_ == "attr"]
    if anchor.dep_ == "attr" and is_be(head):
        return [c for c in head.children if c.dep_ == "nsubj" and c.i < anchor.i]
    if anchor.dep_ == "nsubjpass" and head.lemma_.lower() in NAMING_VERBS:
        return [c for c in head.children if c.dep_ in ("oprd", "attr", "xcomp")][:1]
    return None


def _placed_one(kind: Any) -> bool:
    """ "the last one I played", "the first one I watched": a work of the chat's kind, placed
    in the series of those done (the copula then names it)."""
    return kind.lower_ == "one" and any(
        c.dep_ == "amod" and c.lower_ in _SERIES_PLACES for c in kind.children
    )


def _title(anchor: Any) -> Found | None:
    """The title across the copula from the anchor, or None."""
    if anchor.dep_ == "nsubj":
        quoted = quoted_title(anchor.head)
        if quoted is not None:
            return quoted
    return _named(_across(anchor) or [])


def _named(heads: list[Any]) -> Found | None:
    """The title the heads span ("spider - man" is two of them), cut at an author, a clause or
    a conjunct ("Pendragon or something"), or None when it names no one work."""
    if not heads:
        return None
    cut = {t.i for h in heads for c in h.children if c.dep_ in ("prep", "relcl", "cc", "conj",
                                                                  "acl", "punct")
           and c.lower_ not in ("-", "of") for t in c.subtree}
    start = min(h.left_edge.i for h in heads)
    end = max(h.right_edge.i for h in heads)
    doc = heads[0].doc
    tokens = [t for t in doc[start : end + 1] if t.i not in cut and t.tag_ not in ("``", "''")]
    if tokens and tokens[0].dep_ == "det":
        if tokens[0].lower_ in ("a", "an", "some", "any", "this", "that"):
            return None  # "a thriller": a kind of work, not one
        tokens = tokens[1:]
    if not tokens or len(tokens) > _MAX_TITLE_TOKENS:
        return None
    root = heads[-1]
    if tokens[-1].lower_ == "one":
        return None  # "the Dahmer one"
    if root.pos_ in ("PRON", "DET", "NUM") or root.lower_ == "one" or root.lemma_.lower() in (
            HOLLOW_OBJECTS | GENERIC_OBJECTS | WORK_KINDS):
        return None  # "it", "the jeffery dahmer one", "the movie"
    named = any(t.pos_ == "PROPN" or t.ent_type_ in _NAME_LABELS for t in tokens)
    if not named and len([t for t in tokens if t.is_alpha]) < 2:
        return None  # a lower-case word alone is a kind ("horror")
    return Found(phrase_text(tokens), "WORK_OF_ART", tokens)

"""The verb that carries a clause's subject, tense and polarity when the deed is said under
another verb: "I ended up buying a laptop", "I tend to like indie games", "I went to see a
play", "I decided to go to a garden", "I started working at Amazon", "I've grown to love sushi"
(declared patterns read these; the open fallback reads a wider set: open_aspect.carrier_of)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import has_to, is_be, is_negated
from graph_memory.extract.emphatic_past import emphatic_past
from graph_memory.extract.finished_doings import finished_doing
from graph_memory.extract.grown_likings import grown_to_like


def ended_up(verb: Any) -> Any | None:
    """The "ended" of "I ended up buying a laptop", "I did end up signing up for a class":
    the gerund is what was done, with the subject and tense of "end up"."""
    head = verb.head
    if verb.dep_ != "xcomp" or verb.tag_ != "VBG" or head.lemma_.lower() != "end":
        return None
    return head if any(c.dep_ == "prt" and c.lower_ == "up" for c in head.children) else None


def tends_to(verb: Any) -> Any | None:
    """The "tend" of "I tend to prefer indie games": the verb is what the subject usually
    does or likes, with the subject, tense and polarity of "tend"."""
    head = verb.head
    if verb.dep_ == "xcomp" and head.lemma_.lower() == "tend" and has_to(verb):
        return head
    return None


# What one goes out to see: "I went to see a play", "we went to go see Hamilton".
_OUTING_PURPOSES = frozenset(
    {"see", "watch", "catch", "visit", "attend", "hear", "tour", "explore"}
)


def went_to(verb: Any) -> Any | None:
    """The "went" of "I went to see a play", "we went to go see Hamilton", "I went to the
    cinema to catch the new Hunger Games": what one went out to see was seen then, by the
    subject of "went" (not "I'm going to see it": a plan)."""
    if verb.lemma_.lower() not in _OUTING_PURPOSES or verb.dep_ not in ("xcomp", "advcl"):
        return None
    head = verb.head
    if head.lemma_.lower() == "go" and head.tag_ == "VB" and head.dep_ in ("xcomp", "advcl"):
        if not has_to(head):
            return None
        head = head.head  # "went to go see"
    elif not has_to(verb):
        return None
    return head if head.lemma_.lower() == "go" and head.tag_ == "VBD" else None


# Words that set a choice ahead: "I decided to go to Japan next year" is a plan.
_AHEAD = frozenset({"tomorrow", "tonight", "next", "later", "soon", "upcoming", "someday"})


# Verbs whose simple past says the deed after "to" was done: "I decided to go", "I managed to
# visit the Louvre", "I finally got to visit Japan".
_CARRIED_OUT = frozenset({"decide", "manage", "get"})
# "I was able to", "I was lucky enough to": a past state that let the deed be done.
_ENABLED = frozenset({"able", "lucky", "fortunate", "blessed"})
# "I had the chance to see Hamilton", "I got the opportunity to go to Paris".
_CHANCES = frozenset({"chance", "opportunity", "privilege", "pleasure"})


def carried_out(verb: Any) -> Any | None:
    """The past verb that says the deed was done: the "decided" of "I decided to go to a
    pretty garden in the morning", the "managed" of "we managed to visit the Louvre", the "got"
    of "I finally got to visit Japan", the "was" of "I was able to visit my grandma", the "had"
    of "I had the chance to see Hamilton" (not "I've decided to learn Spanish", a goal; "I've
    got to go", a need; nor "I decided to go next year", a plan)."""
    if verb.dep_ not in ("xcomp", "acl") or not has_to(verb):
        return None
    head = verb.head
    carrier = None
    if verb.dep_ == "xcomp" and head.lemma_.lower() in _CARRIED_OUT:
        carrier = head
    elif verb.dep_ == "xcomp" and head.lemma_.lower() in _ENABLED and is_be(head.head):
        carrier = head.head  # "I was able to visit", "I was lucky enough to attend"
    elif verb.dep_ == "acl" and head.lemma_.lower() in _CHANCES and head.dep_ == "dobj" and (
            head.head.lemma_.lower() in ("have", "get")):
        carrier = head.head  # "I had the chance to see Hamilton on Broadway"
    if carrier is None or not (_simple_past(carrier) or _chance_had(carrier, verb)):
        return None
    if any(t.lower_ in _AHEAD for t in verb.subtree):
        return None
    if any(c.dep_ == "conj" and c.lemma_.lower() == "do" and is_negated(c)
           for h in (carrier, verb) for c in h.children):
        return None  # "I had the chance to go to Paris but didn't"
    return carrier


def _simple_past(carrier: Any) -> bool:
    return (carrier.tag_ == "VBD" and not any(c.dep_ == "aux" for c in carrier.children)
            ) or emphatic_past(carrier)  # "I did decide to ..."


def _chance_had(carrier: Any, verb: Any) -> bool:
    """ "I've had the opportunity to visit the Pacific Northwest": a chance had, in the
    perfect, was taken (not "I haven't had the chance to", "I'll have had the chance"); the
    speaker's own chance only ("I'm glad to hear you've had the chance to enjoy Greek cuisine"
    is a reply)."""
    auxes = [c.lemma_.lower() for c in carrier.children if c.dep_ == "aux"]
    subjects = [c.lower_ for c in carrier.children if c.dep_ == "nsubj"]
    return (carrier.tag_ == "VBN" and carrier.lemma_.lower() == "have" and auxes == ["have"]
            and subjects in (["i"], ["we"]) and verb.dep_ == "acl" and not is_negated(carrier))


# Verbs that begin something, and where or as what one works: "I started working at Amazon
# last month", "I began working as a nurse" (not "started working on my thesis", "out").
_BEGIN = frozenset({"start", "begin"})
_JOB_PREPOSITIONS = frozenset({"at", "as", "for", "in", "of"})


def began_work(verb: Any) -> Any | None:
    """The "started" of "I started working at Amazon last month": a job begun in the past is
    held now (as "I became a chef"), so the work takes the subject of "started" and counts as
    present; not "I had started", "I started working on my thesis"."""
    head = verb.head
    if verb.dep_ != "xcomp" or verb.lemma_.lower() != "work" or head.lemma_.lower() not in _BEGIN:
        return None
    if not _simple_past(head):
        return None
    if not any(c.dep_ == "prep" and c.lower_ in _JOB_PREPOSITIONS for c in verb.children):
        return None
    return head


def spent_doing(verb: Any) -> Any | None:
    """The "spent" of "I spent the morning exploring a local art gallery", "we spent the
    weekend visiting my grandparents in Ohio": the doing a time was spent on takes the subject,
    tense and polarity of "spend" (spent_doing.py mends the parse to this shape)."""
    head = verb.head
    if verb.dep_ != "xcomp" or verb.tag_ != "VBG" or head.lemma_.lower() != "spend":
        return None
    return head if any(c.dep_ == "dobj" for c in head.children) else None


def clause_carrier(verb: Any) -> Any | None:
    """The verb whose subject, tense and polarity the verb takes in declared patterns: the
    "ended" of "I ended up buying", the "tend" of "I tend to like", the "went" of "I went to
    see a play", the "decided" of "I decided to go to a garden", the "grown" of "I've grown to
    love sushi" (the open fallback reads a wider set: open_aspect.carrier_of)."""
    return (ended_up(verb) or tends_to(verb) or went_to(verb) or carried_out(verb)
            or began_work(verb) or grown_to_like(verb) or finished_doing(verb) or spent_doing(verb))

"""A judgement told as how a thing moved the speaker: "I was impressed by the new Batman
movie", "I was disappointed with Dune", "I was blown away by Oppenheimer" ->
HAS_OPINION(<speaker>, <thing>, key impressed / disappointed): the speaker's own reaction to
one specific thing (opinion_topics.specific), as "the new Batman movie was impressive" is.
Not a reaction to a person spoken to or to a class ("I was impressed by you", "I'm fascinated
by history"), nor a denied, asked or hypothetical one."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be
from graph_memory.extract.match import Match, make_matches, polarity, who
from graph_memory.extract.objects import quoted_title
from graph_memory.extract.opinion_topics import of_part, specific, topic_object
from graph_memory.extract.patterns import OpinionPattern

# Verbs of being moved by a thing, read in the passive.
MOVING_VERBS = frozenset(
    {"impress", "disappoint", "amaze", "captivate", "mesmerize", "mesmerise", "fascinate",
     "stun", "underwhelm", "astonish", "blow"}
)
_BY = frozenset({"by", "with"})


def moved_by_matches(
    verb: Any, relation: str, pattern: OpinionPattern, roles: frozenset[str]
) -> list[Match]:
    """HAS_OPINION of the thing the speaker was moved by (`verb` a passive participle)."""
    if verb.tag_ != "VBN" or not any(c.dep_ == "auxpass" and is_be(c) for c in verb.children):
        return []  # "the movie impressed me", "I moved to Boston"
    if verb.lemma_.lower() == "blow" and not any(
        c.dep_ in ("prt", "advmod") and c.lower_ == "away" for c in verb.children
    ):
        return []  # "blown away by", not "blown up"
    subjects = [c for c in verb.children if c.dep_ == "nsubjpass"]
    subject = who(subjects[0], pattern, roles) if subjects else None
    if subject is None or polarity(verb, pattern) is not False:
        return []
    things = [g for p in verb.children if p.dep_ in ("agent", "prep") and p.lower_ in _BY
              for g in p.children if g.dep_ == "pobj"]
    if not things:
        return []
    thing = things[0]
    found = quoted_title(thing) or (of_part(thing, topic_object(thing, pattern))
                                    if specific(thing) else None)
    if found is None:
        return []
    key = "blown away" if verb.lemma_.lower() == "blow" else str(verb.lower_)
    return make_matches(relation, pattern, subject, [found], False, [verb, thing], key)

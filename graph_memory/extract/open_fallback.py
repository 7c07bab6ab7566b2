"""The open fallback: a first-person statement that no declared relation matched still becomes
a typed, searchable fact ("I fixed the sink" -> STATES(<speaker>, sink, key "fix")), at the
pattern's lower confidence.

Precision first: only plain statements by the speaker with a real object. Questions,
hypotheticals (modals, "if"), negations, pronoun or vague objects, and the verbs the ontology
lists as chit-chat ("I think so", "I know right", "I guess") or declares in a verb pattern of
its own (a declared verb that did not match was refused on purpose) make nothing.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_conditional, is_negated
from graph_memory.extract.match import Match, Who, clause_subject, make_matches, used_to
from graph_memory.extract.objects import noun_object
from graph_memory.extract.patterns import OpenPattern, VerbPattern
from graph_memory.extract.people import SPEAKER

_SPEAKER = frozenset({"i", "we"})
# Clauses under these are reported or wished, not stated: "I want to fix it", "so I can go".
_EMBEDDED = frozenset({"xcomp", "ccomp", "advcl", "relcl", "acl", "csubj", "pcomp"})
_PREPOSITIONS = frozenset({"to", "in", "at", "with", "for", "on", "from", "into", "about"})
# A "to ..." object of a motion verb: "I went to the dentist"; others read only direct objects.
_OBJECT_FREE_PREPS = frozenset(
    {"go", "come", "move", "travel", "fly", "drive", "walk", "head", "live", "stay", "volunteer"}
)


def object_rules(pattern: OpenPattern) -> VerbPattern:
    """How the fallback reads an object: as a verb pattern would, the speaker's own things
    included ("I fixed my bike"), with the open pattern's object lists."""
    return VerbPattern(
        kind="verb",
        verbs=("*",),
        possessed=True,
        objects=pattern.objects,
        exclude_objects=pattern.exclude_objects,
    )


def open_matches(
    verb: Any, relation: str, pattern: OpenPattern, rules: VerbPattern, excluded: frozenset[str]
) -> list[Match]:
    lemma = verb.lemma_.lower()
    if verb.pos_ != "VERB" or lemma in excluded or (verb.tag_ == "VBG" and verb.dep_ != "ROOT"):
        return []
    habit = used_to(verb)
    if verb.dep_ in _EMBEDDED and habit is None:
        return []
    subject = clause_subject(verb)
    if subject is None or subject.lower_ not in _SPEAKER:
        return []
    tensed = habit if habit is not None else verb
    if any(c.tag_ == "MD" for c in tensed.children) or is_conditional(verb):
        return []
    if is_negated(verb) or (habit is not None and is_negated(habit)):
        return []
    if verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lemma_ == "be" for c in verb.children):
        return []  # "I'm moving to Tokyo next month": a plan or a passing activity
    particles = [c for c in verb.children if c.dep_ == "prt"]
    key = " ".join([lemma, *(p.lower_ for p in particles)])
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if not objects and lemma in _OBJECT_FREE_PREPS:
        for prep in verb.children:
            if prep.dep_ == "prep" and prep.lower_ in _PREPOSITIONS:
                objects.extend(g for g in prep.children if g.dep_ == "pobj")
                break
    found = [noun_object(o, rules) for o in objects[:1]]
    cue = "used to" if habit is not None else None
    speaker = Who(SPEAKER, "", True, [subject])
    return make_matches(relation, pattern, speaker, found, False, [verb], key, cue)

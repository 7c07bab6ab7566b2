"""Facts said of the speaker together with another: "My husband and I love hiking", "Brad and I
like to go for walks", "me and my brother play chess". The guidelines expand coordination for
subjects too, so what the pair is said to hold is the partner's as well, where the partner is
someone the memory can name: a relative ("<speaker>'s husband") or a named person. Unnamed
friends ("my friends and I") stay the speaker's alone (the guidelines' Subjects and Objects).
The speaker's match is read by the patterns as usual (match.who takes the "I" of "Nadia and I");
its copy for the partner is made here, so the partner passes the same checks of tense, mood and
object the speaker's fact did.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.match import Match
from graph_memory.extract.people import ADDRESSEE, SPEAKER, person_subject

# What a pair has together is stored once, the speaker's, as the guidelines' labels do ("My
# girlfriend Nadia and I just adopted a puppy" is the speaker's HAS_PET alone); the speaker's
# relatives are the partner's in-laws or children at best ("my husband and I have two kids").
_NOT_SHARED = frozenset({"HAS_RELATIVE", "HAS_PET", "OWNS"})
_SPEAKER_SUBJECTS = frozenset({"i", "me"})


def paired_facts(doc: Any, matches: list[Match], roles: frozenset[str]) -> list[Match]:
    """The matches, with a copy for the partner of each speaker's match said of a pair."""
    pairs = [pair for t in doc if t.lower_ in _SPEAKER_SUBJECTS for pair in _partners(t, roles)]
    if not pairs:
        return matches
    added: list[Match] = []
    for match in matches:
        if match.subject != SPEAKER or match.relation in _NOT_SHARED:
            continue
        start, end = match.span
        # A routine's span leaves its subjects out, so that the partner's own fact ("my
        # brother": HAS_RELATIVE) does not overlap the habit, a fallback: its verb says whose.
        habit = match.pattern.kind == "habit"
        for speaker, verb, name in pairs:
            if (habit or start <= speaker.idx < end) and start <= verb.idx < end:
                added.append(replace(match, subject=name, subject_label="PERSON",
                                     subject_person=True))
    return [*matches, *added]


def _partners(speaker: Any, roles: frozenset[str]) -> list[tuple[Any, Any, str]]:
    """(the speaker's token, the verb, the partner's name) for each partner the speaker's "I"
    or "me" is coordinated with as a clause's subject: "my husband and I", "me and Brad"."""
    if speaker.dep_ == "conj" and speaker.head.dep_ == "nsubj":
        first = speaker.head  # "My husband and I love ...": "I" hangs on the first subject
        people = [first, *(c for c in first.children if c.dep_ == "conj" and c is not speaker)]
        verb = first.head
    elif speaker.dep_ == "nsubj":
        people = [c for c in speaker.children if c.dep_ == "conj"]  # "me and my brother"
        verb = speaker.head
    else:
        return []
    found = []
    for person in people:
        if person.pos_ not in ("NOUN", "PROPN"):
            continue  # "she and I": whoever "she" is, the message may only talk about her
        name = person_subject(person, roles, speaker_only=False)
        if name is None or name == SPEAKER or ADDRESSEE in name:
            continue  # "my friends and I": nobody the memory can name; "you and I"
        found.append((speaker, verb, name))
    return found

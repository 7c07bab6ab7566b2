"""Who an open-fallback clause (open_fallback.py) is about and whether it states something:
the subject (the speaker, a relative of the speaker's, never "you" or an unnamed friend) and
the checks that keep only plain statements (no modal, condition, plan, passive or generic "we";
an embedded clause only when it still tells what the speaker did).
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.addressee_subjects import told_of_addressees_people
from graph_memory.extract.canonical import is_conditional, is_negated, is_past
from graph_memory.extract.match import Who, clause_subject
from graph_memory.extract.offers import is_offer
from graph_memory.extract.open_aspect import day_told, future, perfect, planned, youth_habit
from graph_memory.extract.open_vocabulary import (
    AUXILIARIES,
    HEDGES,
    REASONS,
    SPEAKER_WORDS,
    UNNAMED_ROLES,
)
from graph_memory.extract.people import ADDRESSEE, SPEAKER, named_appositive, person_subject

# Clauses under these are reported or wished, not stated: "I want to fix it", "so I can go".
EMBEDDED = frozenset({"xcomp", "ccomp", "advcl", "relcl", "acl", "csubj", "pcomp"})


def subject_of(verb: Any) -> Any | None:
    """The clause's subject; a conjoined clause with a subject of its own on its auxiliary
    ("I think ... then it's just blowing hot air") does not take its head's."""
    for aux in verb.children:
        if aux.dep_ == "aux" and aux.i < verb.i:
            own = [c for c in aux.children if c.dep_ in ("nsubj", "expl")]
            if own:
                return own[0]
    return clause_subject(verb)


def someone_between(head: Any, joined: Any) -> bool:
    """A verb joined to `head` with no subject of its own follows a clause of someone else
    ("I saw an old lady and thought she was normal but then started shouting"): the subject
    it shares may be either, so it is nobody's for sure."""
    return any(t.dep_ in ("nsubj", "nsubjpass") and t.head is not head
               and t.lower_ not in SPEAKER_WORDS and t.pos_ in ("PRON", "NOUN", "PROPN")
               and t.lower_ not in ("it", "that", "this", "which", "what")
               for t in head.doc[head.i + 1:joined.i])


def who_of(subject: Any | None, people: frozenset[str]) -> Who | None:
    """The person the clause is about, with placeholders, or None: the speaker, or the
    speaker's relative ("my sister", "my husband Tom", "my mom ... she"); never "you"."""
    if subject is None:
        return None
    coordinated = [c for c in subject.children if c.dep_ == "conj"]
    if subject.lower_ in SPEAKER_WORDS or any(c.lower_ in SPEAKER_WORDS for c in coordinated) or (
        subject.lower_ == "me" and coordinated
    ):
        return Who(SPEAKER, "", True, [subject])  # "I", "we", "my friends and I", "me and X"
    if subject.lower_ in ("he", "she"):
        # "my brother ... he plays classical guitar": the one relative named before it
        name = person_subject(subject, people, speaker_only=False)
        if name is None or not name.startswith(f"{SPEAKER}'s ") or name.split()[-1] in (
                UNNAMED_ROLES):
            return None  # a name, someone else's, or "my friend" (nobody the memory can name)
        return Who(name, "PERSON", True, [subject])
    if subject.pos_ != "NOUN" or subject.lemma_.lower() not in people:
        # A name alone is too often a celebrity, a character or a misread title ("I think
        # Spiderman has ...", "Healthy Eating: incorporate vegetables"); a relative is the
        # speaker's ("my sister", "my husband Tom").
        return None
    if subject.lemma_.lower() in UNNAMED_ROLES and named_appositive(subject) is None and not (
            best_friend(subject)):
        return None  # "my friend launched ...": nobody the memory could name
    name = person_subject(subject, people, speaker_only=False)
    if name is None or (ADDRESSEE in name and not told_of_addressees_people(subject.head, subject)):
        return None  # "your sister ..." only as a statement (addressee_subjects.py)
    return Who(name, "PERSON", True, [subject])


def unspanned(who: Who) -> Who:
    """The subject without its noun in the fact's span: "my husband and I are renovating our
    kitchen" is both HAS_RELATIVE (the span of "my husband") and an open fact, and a fallback
    overlapping a declared match's span is dropped as its duplicate."""
    return Who(who.name, who.label, who.person, [t for t in who.tokens if t.pos_ == "PRON"])


def stated(verb: Any, tensed: Any, who: Who, state: bool = False) -> bool:
    """A plain statement: no modal, condition, plan, misread auxiliary, passive, or generic
    present "we" ("we blame people for ...")."""
    if (any(c.tag_ == "MD" or c.lower_ in ("maybe", "perhaps", "probably")
            for c in tensed.children) and not youth_habit(tensed)) or is_conditional(verb) \
            or guessed_reason(tensed) or is_offer(verb):
        # "I might go", "maybe hit a bar on Friday": a guess or a plan; "when I was younger I
        # would watch the mummy movies" is a past habit; "I have a recipe if you want it": an
        # offer
        return False
    if any(c.dep_ == "aux" and c.lemma_.lower() not in AUXILIARIES for c in tensed.children):
        return False  # "my friends and I enjoy exploring ...": a verb misread as an auxiliary
    auxes = {c.lemma_.lower() for c in tensed.children if c.dep_ in ("aux", "auxpass")}
    passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children)
    done = tensed is not verb or ("have" in auxes and "be" not in auxes)
    if not state and verb.tag_ == "VBN" and (passive or not done):
        return False  # "it has been stuck in my head", "I was told": passive, not done
    if (verb.tag_ == "VBG" and planned(verb) and not perfect(verb)) or future(verb):
        return False  # "I'm flying out tomorrow": a plan (HAS_GOAL reads those it can)
    if verb.tag_ == tensed.tag_ == "VBG" and "have" in auxes and day_told(verb):
        return False  # "I've been practicing my writing all day": the day's doing
    if any(c.lower_ in ("gotta", "gonna", "wanna", "ta", "na", "d", "'d", "ll", "'ll")
           and c.i < tensed.i for c in tensed.children):
        # "I gotta go to the airport": a duty or a plan; "Id show you"; not a later clause's
        # ("I have a good salsa recipe if you ever wanna try it")
        return False
    we = who.name == SPEAKER and bool(who.tokens) and who.tokens[0].lower_ == "we"
    present = tensed.tag_ in ("VB", "VBP", "VBZ") and not auxes
    return not (we and present)


def told(verb: Any) -> bool:
    """An embedded clause that still tells what the speaker did: "I think I liked the ravioli",
    "after I finished my exam", "the fries I made today" (past), not "I want to fix it"."""
    if told_of_addressees_people(verb, clause_subject(verb)):
        return True  # "It's exciting that your best friend has an internship": a recap
    if verb.dep_ == "ccomp":
        # "I wish I had a car" is no statement.
        # "I think Spiderman has ...": a guess about another is no statement of theirs.
        head_subject, subject = clause_subject(verb.head), clause_subject(verb)
        return (verb.head.lemma_.lower() in HEDGES and head_subject is not None
                and head_subject.lower_ == "i" and not is_negated(verb.head)
                and subject is not None and subject.lower_ in SPEAKER_WORDS)
    marks = {c.lower_ for c in verb.children if c.dep_ == "mark"}
    if verb.dep_ == "advcl" and marks & REASONS:
        return True  # "I can't come because I have an exam": a reason is stated as true
    return verb.dep_ in ("advcl", "relcl") and is_past(verb, perfect=True) and not (
        marks & {"if", "when", "unless", "whether"})


_REASONS = frozenset({"because", "cause", "cuz", "coz", "since"})
_GUESSES = frozenset({"maybe", "perhaps", "probably"})


def guessed_reason(tensed: Any) -> bool:
    """A reason given for a guess is guessed too: "maybe she was just shy and gave in because I
    exuded confidence" (not "I quit because I moved", told as so)."""
    if not any(c.dep_ == "mark" and c.lower_ in _REASONS for c in tensed.children):
        return False
    head = tensed.head
    while head.dep_ == "conj" and head.head.i != head.i:
        head = head.head  # "was just shy and gave in": the guess is on the first verb
    clauses = [head, *(c for c in head.children if c.dep_ == "conj")]
    return any(
        c.tag_ == "MD" or c.lower_ in _GUESSES for clause in clauses for c in clause.children
    )


def best_friend(subject: Any) -> bool:
    """ "my best friend has an internship in San Francisco": a best friend is someone the
    memory can name, as the guidelines count one for HAS_RELATIVE ("my friend" is anyone)."""
    return subject.lemma_.lower() == "friend" and subject.tag_ == "NN" and any(
        c.dep_ == "amod" and c.lower_ == "best" for c in subject.children)

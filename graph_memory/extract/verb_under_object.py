"""A verb the small model reads as a modifier of its object: "I coach soccer" (coach a
compound of "soccer", the root), "I foster kittens" (foster an adjective of "kittens"). The
root is then a noun with "I" or "we" for its subject, a parse no sentence has; the word right
after the subject (past its adverbs) is the clause's verb and the root its object. Mended, in
place, to that reading, as retag._mend_under_object does for the liking words. The same
misreading with the subject for the root and the object hung on it as an apposition, "I tutor
kids in math" ("I" the root, "kids" its apposition, "tutor" a compound of it), is mended too."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_WORDS

_MODIFIER_DEPS = frozenset({"compound", "amod", "nmod"})
# What after the root is said of the whole clause: "I coach soccer on weekends", "... and I".
_CLAUSE_DEPS = frozenset({"punct", "prep", "advmod", "npadvmod", "cc", "conj", "advcl"})


def mend_verb_under_object(doc: Any) -> None:
    """Mend, in place, each "I <verb> <object>" read with the object as the root."""
    for root in [t for t in doc if t.dep_ == "ROOT" and t.lower_ in SPEAKER_WORDS]:
        _mend_subject_root(doc, root)
    for root in [t for t in doc if t.dep_ == "ROOT" and t.pos_ in ("NOUN", "PROPN")]:
        subjects = [c for c in root.children if c.dep_ == "nsubj" and c.i < root.i]
        if len(subjects) != 1 or subjects[0].lower_ not in SPEAKER_WORDS:
            continue
        j = subjects[0].i + 1
        while j < root.i and doc[j].pos_ == "ADV":
            j += 1  # "I also coach soccer"
        word = doc[j]
        if word.i >= root.i or word.head != root or word.dep_ not in _MODIFIER_DEPS:
            continue
        if not word.is_alpha or word.is_title or word.pos_ in ("PROPN", "DET", "NUM", "PRON"):
            continue
        _raise_over(word, root)


def _mend_subject_root(doc: Any, subject: Any) -> None:
    """ "I tutor kids": the subject the root, the object its apposition, the verb the object's
    modifier right after the subject (past its adverbs)."""
    objects = [c for c in subject.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
    j = subject.i + 1
    while j < len(doc) and doc[j].pos_ == "ADV":
        j += 1  # "I also tutor kids"
    if len(objects) != 1 or j >= objects[0].i:
        return
    word, obj = doc[j], objects[0]
    if word.head != obj or word.dep_ not in _MODIFIER_DEPS:
        return
    if not word.is_alpha or word.is_title or word.pos_ in ("PROPN", "DET", "NUM", "PRON"):
        return
    word.pos_, word.tag_, word.lemma_ = "VERB", "VBP", word.lower_
    word.head, word.dep_ = word, "ROOT"
    for child in list(subject.children):
        child.head = word
    subject.head, subject.dep_ = word, "nsubj"
    obj.head, obj.dep_ = word, "dobj"


def _raise_over(word: Any, root: Any) -> None:
    """The word heads the clause as its verb; the subject, its adverbs and what comes after
    the root hang on it; the root is its object."""
    word.pos_, word.tag_, word.lemma_ = "VERB", "VBP", word.lower_
    word.head, word.dep_ = word, "ROOT"
    for child in list(root.children):
        if child.i < word.i or (child.i > root.i and child.dep_ in _CLAUSE_DEPS):
            child.head = word
    root.head, root.dep_ = word, "dobj"


# The lower-case words without one of which mend_verb_under_object changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = SPEAKER_WORDS

"""Whether a word's clause, or any clause it hangs on, carries one of a set of marking words:
an auxiliary, a negation, a subordinating mark or an adverb ("would", "n't", "if", "never").
Several readers ask it with their own words (what makes a going, an ailment or a class unreal
differs): been_there.py, body_ailments.py, subject_classes.py."""

from __future__ import annotations

from typing import Any

_MARKING_DEPS = ("aux", "neg", "mark", "advmod")


def marked_up_the_tree(word: Any, marks: frozenset[str],
                       lemmas: frozenset[str] = frozenset()) -> bool:
    """Whether the word or a head above it has a marking child (aux, neg, mark, advmod) whose
    lower-cased text is in `marks`, or is itself a word whose lemma is in `lemmas` ("wish":
    "I wish I had been there")."""
    while True:
        if word.lemma_.lower() in lemmas or any(
                c.lower_ in marks for c in word.children if c.dep_ in _MARKING_DEPS):
            return True
        if word.head.i == word.i:
            return False
        word = word.head

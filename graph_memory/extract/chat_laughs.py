"""Chat's laugh at a clause's end: "you really know your cats lol", "I have two dogs lmao".
The small model reads the laugh as a word of the clause: a verb whose subject is the noun
before it ("cats lol": cats/nsubj of lol, so "your cats" read as the addressee's pets), or the
head of a noun phrase ("two dogs lmao": dogs/compound of lmao). Mended, in place, to the parse
the clause gets without the laugh: the noun before the laugh takes the laugh's place (its
object, when the laugh was read as a verb under another), and the laugh becomes an
interjection of the clause. Only a laugh that ends the message or comes before punctuation,
with the word before it hung on it."""

from __future__ import annotations

import re
from typing import Any

_LAUGH = re.compile(r"^(?:lo+l(?:ol)*|lmf?a+o+|rofl|(?:ha){2,}h?|(?:he){2,}h?|a?ha(?:ha)+|xd+)$")
_NOUNS = frozenset({"NOUN", "PROPN"})


def is_laugh(word: str) -> bool:
    """Whether a lower-case word is chat's laugh: lol, lmao, haha, hehe, rofl, xd."""
    return _LAUGH.match(word) is not None


def mend_chat_laughs(doc: Any) -> None:
    """Mend, in place, each clause-ending laugh that carries the noun before it."""
    for laugh in doc:
        if not is_laugh(laugh.lower_) or laugh.i == 0:
            continue
        after = doc[laugh.i + 1] if laugh.i + 1 < len(doc) else None
        if after is not None and not after.is_punct:
            continue
        noun = doc[laugh.i - 1]
        if noun.head.i != laugh.i:
            continue
        if _misread_noun(noun, laugh):  # "I adopted a puppy lol": puppy/amod of lol
            noun.tag_, noun.pos_ = "NN", "NOUN"
        if noun.pos_ not in _NOUNS:
            continue
        head = _clause_head(laugh)
        if head is None:
            continue
        if laugh.dep_ in _CLAUSES:  # "know your cats lol": the noun is what is known
            if head.pos_ not in ("VERB", "AUX") or any(c.dep_ == "dobj" for c in head.children):
                continue
            noun.head, noun.dep_ = head, "dobj"
        else:  # "I have two dogs lmao": the noun heads the phrase
            noun.head, noun.dep_ = head, laugh.dep_
        if laugh.head.i == laugh.i:  # "you know your cats lol", the laugh read as the root
            head.head, head.dep_ = head, "ROOT"
        for child in list(laugh.children):
            if child.i != head.i:
                child.head = noun if child.i < noun.i else head
        laugh.head, laugh.dep_ = head, "intj"
        laugh.tag_, laugh.pos_ = "UH", "INTJ"


def _misread_noun(word: Any, laugh: Any) -> bool:
    """The head noun of a phrase the laugh was read to head, tagged its adjective: "a puppy
    lol" (not "so funny lol": no article, the adjective no modifier of the laugh)."""
    if word.dep_ != "amod" or word.pos_ != "ADJ" or laugh.pos_ not in _NOUNS:
        return False
    return any(c.dep_ == "det" for c in laugh.children) and word.lemma_ == word.lower_


# The laugh's readings as a clause of its own, the noun before it its subject.
_CLAUSES = frozenset({"ccomp", "xcomp", "parataxis", "advcl", "conj", "ROOT"})


def _clause_head(laugh: Any) -> Any | None:
    """The verb the laugh hangs on, or, where the laugh was read as the root, the verb before
    it that the parser hung on the laugh."""
    if laugh.head.i != laugh.i:
        return laugh.head
    verbs = [c for c in laugh.lefts if c.dep_ in ("parataxis", "ccomp") and c.pos_ == "VERB"]
    return verbs[0] if verbs else None


# The words without one of which mend_chat_laughs changes nothing (parse_mends skips it on a
# message holding none): the commonest spellings; a rarer one ("lololol") is left as parsed.
MEND_TRIGGERS = frozenset(
    {"lol", "lmao", "lmfao", "haha", "hahaha", "hahahaha", "hehe", "hehehe", "rofl", "xd",
     "lool", "lolol", "ahaha"}
)

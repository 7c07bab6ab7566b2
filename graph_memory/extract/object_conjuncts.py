"""An object's conjunct the small model hangs on the verb: in chat's lower case "i speak
spanish and portuguese" reads "portuguese" (an adjective) as a second verb beside "speak",
so the language was lost. Where the word right after "<object> and" is a noun or adjective
with no clause of its own, it is the object's conjunct, as "I speak Spanish and Portuguese"
is parsed; mended in place. A verb conjoined ("I ate dinner and slept", "... and relaxed")
is left."""

from __future__ import annotations

from typing import Any

_OBJECT_WORDS = frozenset({"NOUN", "PROPN", "ADJ"})
_CLAUSE_CHILD_DEPS = frozenset(
    {"nsubj", "nsubjpass", "dobj", "aux", "auxpass", "neg", "prep", "xcomp", "ccomp"}
)


def mend_object_conjuncts(doc: Any) -> None:
    """Mend, in place, each "<verb> <object> and <word>" with the word hung on the verb."""
    for word in doc:
        if word.dep_ != "conj" or word.pos_ not in _OBJECT_WORDS or word.i < 2:
            continue
        if word.tag_.startswith("VB") or (word.pos_ == "ADJ" and word.lower_.endswith("ed")):
            continue  # a verb, or one the tagger took for an adjective: "... and relaxed"
        verb, cc, obj = word.head, doc[word.i - 1], doc[word.i - 2]
        if verb.pos_ != "VERB" or cc.dep_ != "cc" or cc.head != verb:
            continue
        if obj.dep_ != "dobj" or obj.head != verb or obj.pos_ not in _OBJECT_WORDS:
            continue
        if any(c.dep_ in _CLAUSE_CHILD_DEPS for c in word.children):
            continue
        for child in list(word.children):
            if child.dep_ in ("advmod", "punct", "npadvmod"):
                child.head = verb  # "... and portuguese fluently": said of the speaking
        cc.head = obj
        word.head = obj

"""Chat's "id" for "I'd": the tokenizer splits "id" / "Id" into "i" + "d" as it splits "I'd",
but the small model reads the bare "d" as a noun or as the clause's verb ("id love to visit
Japan": love the root noun, "i" and "d" its modifiers, "visit" a relative clause), so the wish
or the choice is lost. Where "d" runs into "i" and the next word (after adverbs: "Id really
like") is a verb that follows "would" and no noun "id", the clause is mended, in place, to the
parse of "I'd ...": "d" the modal, the verb the clause's head with "i" its subject."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.chat_spelling import AFTER_WOULD, MODAL_ADVERBS

# A clause the parser hung on the misread verb: a "to" clause is its complement ("love to go").
_CLAUSES = frozenset({"relcl", "acl", "advcl"})


def mend_bare_id(doc: Any) -> None:
    """Mend each "i d <verb>" misread (see above)."""
    for d in doc[1:-1]:
        i = doc[d.i - 1]
        if d.lower_ != "d" or i.lower_ != "i" or i.whitespace_ or d.tag_ == "MD":
            continue
        verb = next((t for t in doc[d.i + 1:] if t.lower_ not in MODAL_ADVERBS), None)
        if verb is None or verb.lower_ not in AFTER_WOULD:
            continue
        words = {i.i, d.i, verb.i}
        root = d if d.dep_ == "ROOT" else verb
        if root.dep_ != "ROOT" or any(doc[w].head.i not in words for w in words if w != root.i):
            continue  # the three are not one clause's head and its words
        for child in list(d.children) + list(verb.children):
            if child.i not in words:
                child.head = verb
                if child.dep_ in _CLAUSES and child.i > verb.i:
                    child.dep_ = "xcomp"
                elif child.dep_ == "dobj" and child.i < verb.i:
                    child.dep_ = "advmod"  # an adverb between, read as d's object
        verb.head, verb.dep_ = verb, "ROOT"
        verb.pos_, verb.tag_, verb.lemma_ = "VERB", "VB", verb.lower_
        d.head, d.dep_ = verb, "aux"
        d.pos_, d.tag_, d.lemma_ = "AUX", "MD", "would"
        i.head, i.dep_ = verb, "nsubj"
        i.pos_, i.tag_, i.lemma_ = "PRON", "PRP", "I"


# The lower-case words without one of which mend_bare_id changes nothing.
MEND_TRIGGERS = frozenset({"d"})

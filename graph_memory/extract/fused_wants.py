"""Chat's "wanna" as the parser misreads it before a bare verb: "i wanna run a half marathon"
hangs "wanna" on "run" as an auxiliary, "i wanna visit japan" as its subject. "wanna" is
"want to": it heads the clause and the verb is its open complement, the parse "I wanna visit
Japan" gets, which the HAS_GOAL pattern reads (canonical.has_to takes the fused "to")."""

from __future__ import annotations

from typing import Any

# What stays on the clause's verb when "wanna" takes its place: its subject and what is said
# of the whole wanting ("I really wanna go", "I don't wanna move").
_CLAUSE_DEPS = frozenset({"nsubj", "aux", "neg", "advmod", "mark", "cc", "punct", "intj"})


def mend_wanna(doc: Any) -> None:
    """Mend, in place, each "wanna" read as an auxiliary or subject of the verb after it."""
    for token in doc:
        if token.lower_ != "wanna" or token.dep_ not in ("aux", "nsubj"):
            continue
        verb = token.head
        if verb.i != token.i + 1 or verb.tag_ != "VB":
            continue
        _raise_wanna(token, verb)


def _raise_wanna(wanna: Any, verb: Any) -> None:
    """ "i wanna run a half marathon": "wanna" heads the clause, "run" its complement."""
    if verb.dep_ == "ROOT":
        wanna.head = wanna
    else:
        wanna.head = verb.head
    wanna.dep_ = verb.dep_
    wanna.pos_ = "VERB"
    for child in list(verb.children):
        if child.i < wanna.i and child.dep_ in _CLAUSE_DEPS:
            child.head = wanna
    verb.head = wanna
    verb.dep_ = "xcomp"


# The lower-case words without one of which mend_wanna changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"wanna"})

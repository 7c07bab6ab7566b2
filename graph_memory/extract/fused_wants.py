"""Chat's "wanna" as the parser misreads it before a bare verb: "i wanna run a half marathon"
hangs "wanna" on "run" as an auxiliary, "i wanna visit japan" as its subject. "wanna" is
"want to": it heads the clause and the verb is its open complement, the parse "I wanna visit
Japan" gets, which the HAS_GOAL pattern reads (canonical.has_to takes the fused "to")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.went_doing import raise_over_complement


def mend_wanna(doc: Any) -> None:
    """Mend, in place, each "wanna" read as an auxiliary or subject of the verb after it."""
    for token in doc:
        if token.lower_ != "wanna" or token.dep_ not in ("aux", "nsubj"):
            continue
        verb = token.head
        if verb.i != token.i + 1 or verb.tag_ != "VB":
            continue
        raise_over_complement(token, verb)  # "wanna" heads the clause, "run" its complement


# The lower-case words without one of which mend_wanna changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"wanna"})

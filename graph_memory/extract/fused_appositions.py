"""A dish's two words the small model splits into a noun and an apposition with no comma
between: "I always order the pad thai" (pad/dobj, thai/appos), "I usually get the chicken
parm". An apposition proper is set off by a comma ("my sister, Ana"); one right after its
head is the rest of the name, so a routine keeps it ("order the pad thai", not the cut
"order the pad"). Used by habits.py (_aside)."""

from __future__ import annotations

from typing import Any


def fused_apposition(token: Any) -> bool:
    """Whether the token is an apposition written straight after its head, with no comma."""
    return token.dep_ == "appos" and token.i == token.head.i + 1 and not token.is_punct

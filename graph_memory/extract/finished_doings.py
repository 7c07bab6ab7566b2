"""A doing finished or tried is done: "I just finished playing some volleyball with my friends",
"I finished reading Dune last night", "I tried making sushi at home". The gerund hangs on
"finish" or "try" as its complement; it was done, with the subject, tense and polarity of that
verb (as "I ended up buying a laptop" takes those of "end up"). Told in the past only ("I'm
trying to finish reading Dune" is under way)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.emphatic_past import emphatic_past

_DOING_DONE = frozenset({"finish", "try"})


def finished_doing(verb: Any) -> Any | None:
    """The "finished" of "I finished reading Dune", whose subject and tense the doing takes."""
    head = verb.head
    if verb.dep_ != "xcomp" or verb.tag_ != "VBG" or head.lemma_.lower() not in _DOING_DONE:
        return None
    return head if head.tag_ in ("VBD", "VBN") or emphatic_past(head) else None  # "I did finish"

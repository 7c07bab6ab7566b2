"""Chat's emphatic "did" tells a simple past: "I did decide to start playing the piano again",
"we did manage to visit the Louvre", "I did start working at Amazon" carry the deed out as
"I decided ...", "we managed ..." do (match.carried_out, match.began_work). Not a denial ("I
didn't decide to go"), nor "did" with any other auxiliary."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_negated


def emphatic_past(verb: Any) -> bool:
    """Is the verb a bare form under a lone, affirmed "did" ("I did decide")?"""
    auxes = [c.lower_ for c in verb.children if c.dep_ == "aux"]
    return verb.tag_ == "VB" and auxes == ["did"] and not is_negated(verb)

"""A liking one has grown into: "I've grown to love sushi", "I've come to love jazz", "I've
learned to love running". The liking verb hangs on "grow", "come" or "learn" as its "to"
complement; it holds now, with the subject, tense and polarity of that verb (as "I tend to
like X" takes those of "tend"): "I've grown to love" is a liking, "I haven't come to like it"
none. The parser reads the "to" after a perfect "come" as a purpose ("I've come to love
jazz"); a purpose said of a coming ("I came here to enjoy the view") is none."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import has_to
from graph_memory.extract.open_vocabulary import LIKING_VERBS

_GROWING = frozenset({"grow", "come", "learn"})
_PERFECT = frozenset({"have", "'ve", "ve", "has", "'s"})


def grown_to_like(verb: Any) -> Any | None:
    """The "grown" of "I've grown to love sushi", whose subject and tense the liking takes."""
    head = verb.head
    if verb.lemma_.lower() not in LIKING_VERBS or not has_to(verb):
        return None
    if head.lemma_.lower() not in _GROWING or any(c.tag_ == "MD" for c in head.children):
        return None  # "I'd grow to love it": a guess
    if verb.dep_ == "xcomp":
        return head
    perfect = any(c.dep_ == "aux" and c.lower_ in _PERFECT for c in head.children)
    if verb.dep_ == "advcl" and head.lemma_.lower() == "come" and perfect:
        return head  # "I've come to love jazz" (not "I came here to enjoy the view")
    return None

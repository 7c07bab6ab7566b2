"""What one does, told on the role one is: "I'm a student studying computer science" ->
STUDIES computer science, "I am a college student majoring in economics" -> STUDIES
economics, "I'm a nurse working at Mercy Hospital" -> WORKS_AT Mercy Hospital. The parser
hangs the gerund on the role noun (an acl of the copula's attribute), so the clause has no
subject of its own; the copula's subject is the doer. Only a plain present "is a <role>"
right before the gerund, and only doings of study and work: not "I was a student studying
law" (a past), "I'm not a nurse working there", "it's a movie starring Tom Hanks"."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, is_past

# The doings a role's gerund may tell: study and work.
_ROLE_DOINGS = frozenset({"study", "major", "minor", "work", "teach", "intern"})
_INDEFINITE = frozenset({"a", "an"})


def role_doer(verb: Any) -> Any | None:
    """The subject of "I'm a student studying X" for the gerund "studying", or None."""
    if verb.dep_ != "acl" or verb.tag_ != "VBG" or verb.lemma_.lower() not in _ROLE_DOINGS:
        return None
    role = verb.head
    be = role.head
    if role.dep_ != "attr" or role.i + 1 != verb.i or not is_be(be) or is_past(be):
        return None
    if not any(c.dep_ == "det" and c.lower_ in _INDEFINITE for c in role.children):
        return None
    if any(c.dep_ == "neg" or c.tag_ == "MD" for c in be.children):
        return None
    return next((c for c in be.children if c.dep_ == "nsubj"), None)

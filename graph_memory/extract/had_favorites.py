"""A favorite one has, named by "called": "I have a favorite nail salon called Base Coat", "we
have a favorite bar named The Tipsy Cow". Having a favorite of a kind, named, says what the
favorite is as "my favorite nail salon is Base Coat" does: the name is liked, the kind its key.
Only the speaker's own, said as a plain present ("I had a favorite bar called X" may be gone;
"if I had a favorite ..." is a guess), and only with a name ("I have a favorite restaurant
downtown" names none)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_conditional, is_negated
from graph_memory.extract.naming_clauses import NAME_DEPS, naming_clauses, proper_names
from graph_memory.extract.people import SPEAKER

_HAVING = frozenset({"have", "got"})
# "Called" and "named" only, as this reading was first written and tested: a favorite "titled"
# is left out.
_NAMING = frozenset({"call", "name"})


def had_favorite(key_head: Any) -> tuple[str, Any] | None:
    """The owner and the name of the favorite `key_head` the speaker says they have, or None."""
    verb = key_head.head
    if key_head.dep_ != "dobj" or verb.lemma_.lower() not in _HAVING or verb.tag_ != "VBP":
        return None
    if not any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in verb.children):
        return None
    if is_negated(verb) or is_conditional(verb) or any(c.tag_ == "MD" for c in verb.children):
        return None
    if [c.lower_ for c in key_head.children if c.dep_ == "det"] != ["a"]:
        return None
    clauses = naming_clauses(key_head.children, verbs=_NAMING)
    names = proper_names(clauses[0], NAME_DEPS) if clauses else []  # the first naming only
    return (SPEAKER, names[0]) if names else None

"""The clause that names a noun: "called Hades" of "a game called Hades", "named" and
"titled" alike ("a bar named The Tipsy Cow", 'a book titled "Pachinko"'), and the proper
names it gives. One home for finding them; the readers differ on purpose in which clauses
and which name words they take, and say so by their arguments: open_objects.py (a title
whole, also from a naming the parser hung on the verb), opinions.py (a proper name, else
called_things.py's lower-case one), called_things.py (chat's lower-case names, as written)
and had_favorites.py (a favorite's proper name); titles.py, possessives.py and told_works.py
share the naming verbs and the ways a name hangs on them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

NAMING_VERBS = frozenset({"call", "name", "title"})
# How a naming verb holds the name: "called Hades" (oprd), "is called Blue Rider" (attr,
# xcomp), or read as its object (dobj).
NAME_DEPS = frozenset({"oprd", "attr", "dobj", "xcomp"})
# ... and the parser's readings of a longer title as an adverb or a clause, taken where the
# name is read whole as a title (open_objects.py, titles.py).
WHOLE_TITLE_DEPS = NAME_DEPS | {"npadvmod", "ccomp"}
# A participle clause on the noun: "a game called Hades".
_ON_THE_NOUN = frozenset({"acl"})


def naming_clauses(
    candidates: Iterable[Any],
    *,
    deps: frozenset[str] = _ON_THE_NOUN,
    verbs: frozenset[str] = NAMING_VERBS,
) -> list[Any]:
    """The naming clauses among `candidates` (a noun's children, mostly), in order: those
    whose dependency is one of `deps` and whose verb is one of `verbs`."""
    return [c for c in candidates if c.dep_ in deps and c.lemma_.lower() in verbs]


def proper_names(clause: Any, deps: frozenset[str]) -> list[Any]:
    """The proper nouns the naming clause gives as the name ("Base Coat" of "called Base
    Coat"), by their dependency on it, in order."""
    return [c for c in clause.children if c.dep_ in deps and c.pos_ == "PROPN"]

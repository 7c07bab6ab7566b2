"""A thing liked that the speaker names with "called": "There's a coffee shop I love called
Blue Bottle", "I love a little bakery called Tartine". The name is what is liked and the
kind its key, as "I have a favorite nail salon called Base Coat" keeps them (had_favorites);
the kind alone ("coffee shop") would lose what was meant. Only a single object named so, and
only where the liking has no context key of its own ("for breakfast" stays the key). A thing
wanted ("I want a ball python named Bernie", "I'd love a dog called Max") is not had yet: its
name is a plan, and the wish stays with its kind.
Used by kinds.py (verb_matches)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.called_things import called_name
from graph_memory.extract.canonical import canonical_name, ner_label
from graph_memory.extract.objects import Found


def called_liking(verb: Any, objects: list[Any]) -> tuple[Found, str] | None:
    """The name and the kind of the one object "called" names, or None."""
    if len(objects) != 1 or objects[0].pos_ != "NOUN" or verb.lemma_.lower() == "want":
        return None
    if any(c.tag_ == "MD" for c in verb.children):
        return None
    kind = objects[0]
    named = called_name(kind)
    if named is None:
        return None
    name_head = max(named.tokens, key=lambda t: t.i)
    # "a coffee shop" -> "coffee shop": the kind's own words, not "little" of "a little bakery"
    words = [c for c in kind.lefts if c.dep_ == "compound"]
    return Found(named.name, ner_label(name_head), named.tokens), canonical_name([*words, kind])

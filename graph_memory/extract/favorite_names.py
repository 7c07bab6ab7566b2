"""The value of a favorite said first: "Radiohead is my favourite band", "Sushi, ramen and
dumplings are my favorite foods". The small model tags a name that opens the sentence a
common noun, and canonical names lower-case common nouns ("radiohead"); a kind that is named
by a proper name (a band, a team, a city) keeps the name as written. A list before "are my
favorite <kinds>" is each a favorite."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import with_conjuncts
from graph_memory.extract.objects import Found

# Kinds whose members are named by proper names ("Pizza is my favorite food" stays "pizza").
_NAMED_KINDS = frozenset(
    {"band", "group", "artist", "singer", "rapper", "musician", "composer", "author", "writer"}
    | {"team", "club", "player", "actor", "actress", "director", "youtuber", "streamer"}
    | {"city", "country", "brand", "restaurant", "show", "series", "movie", "film", "album"}
    | {"book", "novel", "game", "anime", "manga", "podcast", "song", "franchise", "character"}
)

_PHRASE_DEPS = frozenset({"prep", "acl", "relcl"})


def favorite_values(subject: Any, key_head: Any) -> list[Any]:
    """The subject and, before a plural kind ("are my favorite foods"), its conjuncts."""
    if key_head.tag_ not in ("NNS", "NNPS"):
        return [subject]
    # a conjunct with a phrase of its own may be a title cut short ("the goblet of fire")
    return [subject, *(c for c in with_conjuncts([subject])[1:]
                       if not any(g.dep_ in _PHRASE_DEPS for g in c.children))]


def as_written(found: Found | None, value: Any, key_head: Any) -> Found | None:
    """The found name as written where a one-word value opens the sentence capitalised and the
    kind is named by proper names ("Radiohead", not "radiohead")."""
    if found is None or key_head.lemma_.lower() not in _NAMED_KINDS:
        return found
    if not value.is_sent_start or not value.text[:1].isupper():
        return found
    if found.name not in (value.lower_, value.lemma_.lower()):
        return found  # a plural name is lemmatised too ("Friends" -> "friend"): as written
    return Found(value.text, found.label, found.tokens)

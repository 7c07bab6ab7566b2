"""Chat's short forms of "favorite" read as the word, before the parse: "My fav drink is boba",
"my fave food is sushi", "Dune is one of my faves". The tagger reads a token's norm, so with
"favorite" as its norm the clipped word parses as "favorite" does (an adjective before its
kind, a noun alone), and with "favorite" as its lemma the favorite patterns, which read
lemmas, take it for the word. The text is kept ("fav" stays "fav" in what is quoted)."""

from __future__ import annotations

from typing import Any

# clipped form -> the norm of the full word (its plural kept: "my faves are ...")
_FAVES = {"fav": "favorite", "fave": "favorite", "favs": "favorites", "faves": "favorites"}


def mend_fave_words(doc: Any) -> None:
    """Give, in place, each "fav", "fave" (and plural) the norm and lemma of "favorite"."""
    for token in doc:
        norm = _FAVES.get(token.lower_)
        if norm is not None:
            token.norm_ = norm
            token.lemma_ = "favorite"


# The text without one of which mend_fave_words changes nothing (most messages).
TRIGGERS = ("fav",)

"""Chat's short forms of "favorite" read as the word, before the parse: "My fav drink is boba",
"my fave food is sushi", "Dune is one of my faves". The tagger reads a token's norm, so with
"favorite" as its norm the clipped word parses as "favorite" does (an adjective before its
kind, a noun alone), and with "favorite" as its lemma the favorite patterns, which read
lemmas, take it for the word. The text is kept ("fav" stays "fav" in what is quoted).
One's "top pick" / "top choice" is a favorite too ("Jon Jones is my top pick in MMA", "my top
choice would be Kyoto"): the pick is given the lemma "favorite" (the parse is left as it is),
so it is read as "my favorite" is, with no kind of its own (only after "my top", "your top":
"the top pick of the critics" is theirs)."""

from __future__ import annotations

from typing import Any

# clipped form -> the norm of the full word (its plural kept: "my faves are ...")
_FAVES = {"fav": "favorite", "fave": "favorite", "favs": "favorites", "faves": "favorites"}


def mend_fave_words(doc: Any) -> None:
    """Give, in place, each "fav", "fave" (and plural) the norm and lemma of "favorite", and
    the pick of "my top pick" the lemma."""
    for token in doc:
        norm = _FAVES.get(token.lower_)
        if norm is not None:
            token.norm_ = norm
            token.lemma_ = "favorite"


    for token in doc[2:]:
        if token.lower_ in _PICKS and doc[token.i - 1].lower_ == "top" and (
            doc[token.i - 2].lower_ in _POSSESSIVES
        ):
            token.lemma_ = "favorite"  # "my top pick"


_PICKS = frozenset({"pick", "picks", "choice", "choices"})
_POSSESSIVES = frozenset({"my", "our", "your", "his", "her", "their"})

# The text without one of which mend_fave_words changes nothing (most messages).
TRIGGERS = ("fav", "top")

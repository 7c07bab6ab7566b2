"""A thing the speaker brings up by its name with "called": "I recently picked up this game
called TMNT shradder's revenge. It's a pretty fun throwback", "I've been wrapped up playing a
game called guardians of the Galaxy ... It's quite a good game", "I'm reading a book called a
little life. It's pretty interesting so far". Whatever the verb (picked up, got into, started),
naming it so in a clause of one's own is what an "it" right after judges. Chat writes these
names in lower case, so the name is the words "called" governs, not only a proper noun.
Used by opinions.py (experienced, _called_name)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_negated, phrase_text
from graph_memory.extract.naming_clauses import NAME_DEPS, naming_clauses
from graph_memory.extract.objects import Found
from graph_memory.extract.open_vocabulary import SPEAKER_WORDS

# A name longer than this is a clause the parser hung on "called", not a title.
_MAX_NAME_WORDS = 6
# "a book called Pachinko by Min Jin Lee", "a game called Hades on the Switch": what follows
# says who made it or where, not the name.
_AFTER_NAME = frozenset({"by", "on", "from", "for", "with", "in", "at", "that", "which"})


def _naming_clause(noun: Any) -> Any | None:
    """The "called" clause hanging on the noun: "called TMNT" of "this game called TMNT"
    (a participle only)."""
    return next((c for c in naming_clauses(noun.children) if c.tag_ == "VBN"), None)


def called_name(noun: Any) -> Found | None:
    """The name "called" gives the noun, as written: "TMNT shradder's revenge", "a little
    life", "guardians of the Galaxy"; None when no name follows or it runs on too long."""
    acl = _naming_clause(noun)
    if acl is None:
        return None
    names = [c for c in acl.children if c.dep_ in NAME_DEPS and c.i > acl.i]
    if not names or names[0].pos_ not in ("NOUN", "PROPN"):
        return None
    tokens = []
    for token in names[0].doc[acl.i + 1 : names[0].right_edge.i + 1]:
        if token.is_punct or (token.lower_ in _AFTER_NAME and token.i > names[0].i):
            break
        tokens.append(token)
    if tokens and tokens[0].lower_ == "the" and len(tokens) > 1:
        tokens = tokens[1:]  # "called the demacia cup": the name without its article
    if not tokens or len(tokens) > _MAX_NAME_WORDS:
        return None
    return Found(phrase_text(tokens), "WORK_OF_ART", tokens)


def brought_up_by_name(noun: Any) -> bool:
    """ "I picked up this game called X", "I've been playing a game called X": a named thing
    in a clause whose subject is the speaker, not denied ("I haven't tried a game called X")
    nor someone else's ("my friend recommended a book called X": theirs to judge)."""
    if noun.dep_ not in ("dobj", "pobj") or called_name(noun) is None:
        return False
    verb = noun.head
    # up through "playing" of "wrapped up playing", "with" of "getting into reading with"
    for _ in range(6):
        if any(c.tag_ == "MD" for c in verb.children):
            return False  # "I might try a game called X": not met yet
        subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return subjects[0].lower_ in SPEAKER_WORDS and not is_negated(verb)
        if verb.head.i == verb.i:
            return False
        verb = verb.head
    return False

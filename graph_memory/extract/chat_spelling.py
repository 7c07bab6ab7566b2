"""Chat's contractions written without their apostrophe, mended on the Doc before the parse.

Chat drops the apostrophe of "it's" and "I'll" ("its a wonderful story", "Ill be moving to
Paris"), and the small model reads a possessive or an adjective: the clause loses its verb or
its subject ("Ill" became a person). spaCy splits "im" into "i" + "m" (a form of "be") the same
way; "its" and "ill" it keeps whole, since they are words too. Here they are split where the
next word cannot follow the word ("its a", "Ill be"), never otherwise. The text and its
offsets are kept. ("Id" split so still parses as a noun: it is left alone.)
Adverbs and pronouns written stretched ("toooo", "himmm") are told apart here too, for
the objects they end.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

# Words that never follow the possessive "its" but often follow "it's".
_AFTER_IT_IS = frozenset(
    {"a", "an", "the", "so", "really", "very", "not", "just", "been", "always", "such", "kinda"}
    | {"definitely", "actually", "probably", "still", "too", "quite", "only", "gonna", "like"}
    | {"pretty", "also", "almost", "already", "literally", "honestly", "basically", "totally"}
    | {"my", "your", "his", "her", "our", "their", "what", "how", "because", "cause", "about"}
    | {"getting", "going", "gotten", "all", "more", "much", "super", "never", "no", "one"}
)
# Words that may follow either, read as "it's" only where their phrase ends ("its amazing!",
# not "its amazing soundtrack").
_JUDGING = frozenset(
    {"good", "great", "fine", "ok", "okay", "true", "hard", "nice", "cool", "fun", "funny"}
    | {"amazing", "awesome", "interesting", "crazy", "weird", "sad", "insane", "alright"}
    | {"beautiful", "incredible", "wonderful", "perfect", "bad", "terrible", "worth", "free"}
)
# Adverbs a modal may stand before its verb with ("Ill probably go", "Id really like").
_MODAL_ADVERBS = frozenset(
    {"probably", "definitely", "just", "never", "always", "also", "still", "really", "def"}
    | {"prob", "totally", "actually", "honestly", "maybe", "rather", "for"}
)
# Verbs that follow "I'll" and no adjective "ill".
_AFTER_MODAL = frozenset(
    {"be", "have", "go", "get", "make", "try", "need", "see", "let", "send", "take", "check"}
    | {"do", "look", "give", "keep", "start", "watch", "play", "tell", "talk", "call", "text"}
    | {"think", "show", "bring", "pick", "love", "like", "say", "want", "prefer", "recommend"}
    | {"suggest", "choose", "buy", "read", "eat", "cook", "visit", "move", "head", "stay"}
    | {"work", "ask", "put", "come", "miss", "hate", "imagine", "guess", "bet", "agree"}
)
# word -> (its parts' norms and lemmas; the words after it that make it a contraction)
_CONTRACTIONS: dict[str, tuple[tuple[str, str], tuple[str, str], frozenset[str]]] = {
    "its": (("it", "'s"), ("it", "be"), _AFTER_IT_IS),
    "ill": (("i", "will"), ("I", "will"), _AFTER_MODAL | _MODAL_ADVERBS),
}
# What follows "I'd" and no noun "id" (bare_id.py): a verb, or "rather".
AFTER_WOULD = _AFTER_MODAL | {"rather"}
MODAL_ADVERBS = _MODAL_ADVERBS - {"rather", "for"}


def split_contractions(doc: Any) -> None:
    """Split, in place, each "its" and "ill" that stands for "it's" and "I'll"."""
    found = [
        t for t in doc[:-1] if t.lower_ in _CONTRACTIONS and _contracted(t, doc[t.i + 1])
    ]
    if not found:
        return
    with doc.retokenize() as retokenizer:
        for token in found:
            norms, lemmas, _ = _CONTRACTIONS[token.lower_]
            cut = len(norms[0])
            retokenizer.split(
                token,
                [token.text[:cut], token.text[cut:]],
                heads=[(token, 1), (token, 1)],
                attrs={"NORM": list(norms), "LEMMA": list(lemmas)},
            )


def _contracted(token: Any, after: Any) -> bool:
    word = after.lower_
    if word in _CONTRACTIONS[token.lower_][2]:
        if token.lower_ != "its" and token.i > 0 and token.doc[token.i - 1].is_alpha:
            # "I'm ill", "feel ill": "I'll" opens its clause
            return token.text[0] == "I" and token.doc[token.i - 1].lower_ in ("and", "but", "so")
        return True
    if token.lower_ != "its" or word not in _JUDGING:
        return False
    doc = after.doc
    return after.i == len(doc) - 1 or not doc[after.i + 1].is_alpha


_STRETCHED = re.compile(r"(\w)\1{2,}")
# Adverbs and pronouns written stretched at a message's end, which the parser reads as a noun.
_CHAT_WORDS = frozenset(
    {"too", "so", "now", "tho", "though", "lol", "haha", "again", "yet"}
    | {"him", "her", "them", "it", "you", "me", "us", "this", "that"}
)


def unstretched(word: str) -> set[str]:
    """The word with each letter written three or more times cut to one and to two ("allll"
    -> "al", "all"; "sooo" -> "so", "soo"): what a stretched word may have meant."""
    return {_STRETCHED.sub(r"\1", word), _STRETCHED.sub(r"\1\1", word)}


def stretched_chat_word(word: str) -> bool:
    """ "toooo", "sooo", "himmm": an adverb or a pronoun written stretched (no name: "Hello
    Kitty" is not one)."""
    return word not in _CHAT_WORDS and bool(unstretched(word) & _CHAT_WORDS)


# Modals chat types with a letter doubled ("I mightt try", "I woulld like to"): the parser reads
# a verb or an adverb, and the hedge or the wish is lost.
_MODALS = frozenset({"might", "would", "could", "should", "will", "may", "must", "can"})


@lru_cache(maxsize=8192)  # called for every word of every message, before the parse
def typed_modal(word: str) -> str | None:
    """The modal a word is, typed with one of its letters doubled ("mightt" -> "might",
    "woulld" -> "would", "mayy" -> "may"); None for any other word ("will" itself, "mighty")."""
    if word in _MODALS or not word.isalpha():
        return None
    for i in range(1, len(word)):
        if word[i] == word[i - 1] and word[:i] + word[i + 1:] in _MODALS:
            return word[:i] + word[i + 1:]
    return None


def mend_typed_modals(doc: Any) -> None:
    """Give each modal typed with a doubled letter the modal's norm and lemma, before the parse:
    the tagger reads the norm, so "I mightt go" parses as "I might go"."""
    for token in doc:
        modal = typed_modal(token.lower_)
        if modal is not None:
            token.norm_ = modal
            token.lemma_ = modal

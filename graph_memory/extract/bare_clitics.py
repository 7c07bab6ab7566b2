"""Chat's contractions written without their apostrophe, given their verb's lemma before the
parse.

The tokenizer splits "ive", "weve", "youre", "theyre", "hes", "shes", "thats" as it splits
"I've" ("i" + "ve", "he" + "s") and the parser reads the piece as the auxiliary or the copula
it is, but its lemma stays the bare letters ("ve", "re", "s"), where the apostrophe's form has
"have" and "be": the perfect ("ive been going to the gym", "ive got two dogs") and the copula
("youre a nurse") are then not read. The piece is given the lemma of its verb; the text is
kept. Only right after a subject pronoun, with no space between ("I ve" is left as typed).
"""

from __future__ import annotations

from typing import Any

# The subject pronouns chat runs its contractions into.
_PRONOUNS = frozenset({"i", "we", "you", "they", "he", "she", "that", "there", "who", "what"})
# piece -> the lemma of the verb it stands for
_PIECES = {"ve": "have", "re": "be", "s": "be", "m": "be"}


def mend_clitic_lemmas(doc: Any) -> None:
    """Give, in place, each apostrophe-less contracted piece after a subject pronoun the lemma
    of its verb ("ive" -> "i" + "ve": lemma "have")."""
    for token in doc[1:]:
        lemma = _PIECES.get(token.lower_)
        before = doc[token.i - 1]
        if lemma is None or before.whitespace_ or before.lower_ not in _PRONOUNS:
            continue
        if token.lower_ == "s" and before.lower_ in ("i", "we", "you", "they"):
            continue  # "Is", "wes": no contraction
        token.lemma_ = lemma


# The text without one of which mend_clitic_lemmas changes nothing (most messages).
TRIGGERS = ("ve", "re", "s", "m")

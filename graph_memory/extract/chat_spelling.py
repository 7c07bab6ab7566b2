"""Chat's "its" for "it's", mended on the Doc before the parse.

Chat drops the apostrophe of "it's" ("its a wonderful story", "Its really incredible"), and the
small model reads a possessive: the clause loses its verb, and with it the opinion or the
statement it makes. spaCy splits "im" into "i" + "m" (a form of "be") the same way; "its" it
keeps whole, since it is also the possessive. Here it is split where the next word cannot
follow a possessive: an article, an adverb, "not", "been", a pronoun, or a judging word that
ends its phrase ("its amazing!"). The text and its offsets are kept.
"""

from __future__ import annotations

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


def split_its(doc: Any) -> None:
    """Split, in place, each "its" that stands for "it's" into "it" + "s" (a form of "be")."""
    found = [t for t in doc[:-1] if t.lower_ == "its" and _stands_for_it_is(doc[t.i + 1])]
    if not found:
        return
    with doc.retokenize() as retokenizer:
        for token in found:
            it = token.text[:2]
            retokenizer.split(
                token,
                [it, token.text[2:]],
                heads=[(token, 1), (token, 1)],
                attrs={"NORM": [it.lower(), "'s"], "LEMMA": [it.lower(), "be"]},
            )


def _stands_for_it_is(after: Any) -> bool:
    word = after.lower_
    if word in _AFTER_IT_IS:
        return True
    if word not in _JUDGING:
        return False
    doc = after.doc
    return after.i == len(doc) - 1 or not doc[after.i + 1].is_alpha

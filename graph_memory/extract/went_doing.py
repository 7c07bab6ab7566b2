"""Chat's "went <doing>" as the parser misreads it before company: "I went fishing with my
grandpa" hangs "went" on "fishing" as an auxiliary, "We went camping with my family" hangs
"camping" on "went" as an adverbial clause. "went" is never an auxiliary, and a bare gerund
straight after it is the doing gone to: both are mended, in place, to the parse "I went hiking
with my dad" gets (the gerund an open complement of "went"), which the DID [go] pattern reads."""

from __future__ import annotations

from typing import Any

# What stays on the clause's verb when "went" takes the gerund's place: its subject and
# what is said of the whole going ("I just went fishing", "we never went camping").
_CLAUSE_DEPS = frozenset({"nsubj", "aux", "neg", "advmod", "mark", "cc", "punct", "intj"})


def mend_went_doing(doc: Any) -> None:
    """Mend, in place, each "went" read as an auxiliary of, or over an adverbial, gerund."""
    for token in doc:
        if token.lower_ != "went":
            continue
        doing = token.head
        if token.dep_ == "aux" and _bare_gerund_after(doing, token):
            _raise_went(token, doing)
        else:
            doing = token.nbor(1) if token.i + 1 < len(doc) else None
            if doing is not None and doing.head.i == token.i and doing.dep_ == "advcl" and (
                _bare_gerund_after(doing, token)
            ):
                doing.dep_ = "xcomp"


def _bare_gerund_after(doing: Any, went: Any) -> bool:
    """Whether the word is a gerund right after "went", with no subject or marker of its own."""
    return (doing.i == went.i + 1 and doing.tag_ == "VBG"
            and not any(c.dep_ in ("nsubj", "mark", "aux") and c.i > went.i
                        for c in doing.children))


def _raise_went(went: Any, doing: Any) -> None:
    """ "I went fishing with my grandpa": "went" heads the clause, the gerund its complement."""
    raise_over_complement(went, doing)
    went.lemma_ = "go"  # the auxiliary reading left it "went"


def raise_over_complement(word: Any, verb: Any) -> None:
    """Mend, in place, a word the parser hung under the verb after it ("went fishing", "wanna
    run") into the clause's head, the verb its complement (xcomp); the clause's subject,
    auxiliaries and the like before the word go with it."""
    if verb.dep_ == "ROOT":
        word.head = word
    else:
        word.head = verb.head
    word.dep_ = verb.dep_
    word.pos_ = "VERB"
    for child in list(verb.children):
        if child.i < word.i and child.dep_ in _CLAUSE_DEPS:
            child.head = word
    verb.head = word
    verb.dep_ = "xcomp"


# The lower-case words without one of which mend_went_doing changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = frozenset({"went"})

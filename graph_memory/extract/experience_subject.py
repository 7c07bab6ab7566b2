"""The speaker behind an experience told by its noun: "my favorite part was exploring the
ancient ruins in Rome", "One of the most memorable experiences for me was visiting the Louvre",
"The highlight of my trip was visiting the Colosseum". The parser reads "was visiting" as a
past progressive whose subject is "part" or "highlight"; the doing is the speaker's, told as
past, when the noun is the speaker's own ("my", "of my trip", "for me")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES

# Nouns that stand for a thing lived: "the best part", "a highlight", "my favorite memory".
_EXPERIENCE_NOUNS = frozenset(
    {"part", "highlight", "experience", "memory", "moment", "thing", "favorite", "favourite"}
)


def speaker_lived(subject: Any, verb: Any) -> bool:
    """Whether `subject` (the parse's subject of `verb`) is the speaker's experience noun and
    `verb` the past doing it names ("was visiting", "were exploring")."""
    if verb.tag_ != "VBG" or not any(c.dep_ == "aux" and c.lower_ in ("was", "were")
                                     for c in verb.children):
        return False
    noun = subject
    if subject.lower_ == "one":  # "one of the most memorable experiences"
        noun = next((g for c in subject.children if c.lower_ == "of" for g in c.children
                     if g.dep_ == "pobj"), subject)
    if noun.lemma_.lower() not in _EXPERIENCE_NOUNS:
        return False
    return _mine(noun)


def _mine(noun: Any) -> bool:
    """ "my favorite part", "the highlight of my trip", "experiences for me"."""
    if any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES for c in noun.children):
        return True
    for prep in noun.children:
        if prep.dep_ != "prep":
            continue
        for pobj in prep.children:
            if prep.lower_ == "for" and pobj.lower_ in ("me", "us"):
                return True
            if prep.lower_ == "of" and any(c.dep_ == "poss" and c.lower_ in SPEAKER_POSSESSIVES
                                           for c in pobj.children):
                return True
    return False

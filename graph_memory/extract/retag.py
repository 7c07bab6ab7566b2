"""Mend the small model's part-of-speech slips after the parse, where the parse itself is
right.

en_core_web_sm often tags a liking verb after an adverb as a preposition or interjection
("I really like winter": like/IN, winter/pobj), while the parser still makes it the clause's
head with the speaker as its subject. The tagger and the parser are separate heads over one
tok2vec, so the clause's structure stands; only the verb's tag and its object's label slipped.
A liking word with a nominal subject of its own is the verb its structure says it is; so is
one that heads its sentence after adverbs alone, its "I" dropped ("really like the dress")."""

from __future__ import annotations

from typing import Any

from spacy.attrs import LOWER, POS
from spacy.symbols import VERB

# Words whose every reading with a subject of their own is a verb.
_LIKING_VERBS = frozenset({"like", "love", "enjoy", "prefer", "adore", "hate", "dislike"})
_SUBJECTS = frozenset({"nsubj"})


def mend_verb_tags(doc: Any) -> None:
    """Retag, in place, a liking word that heads a subject but is not tagged a verb. Candidates
    are chosen on the doc's arrays: no Token is made for the other words (the write path's
    hot loop, as in rules.RuleExtractor._extract_doc)."""
    strings = doc.vocab.strings
    liking = {strings.add(word) for word in _LIKING_VERBS}  # ids as the doc's arrays hold them
    rows = doc.to_array([LOWER, POS]).reshape(-1, 2).tolist() if len(doc) else []
    for i, (lower, pos) in enumerate(rows):
        if pos == VERB or lower not in liking:
            continue
        token = doc[i]
        if not (any(c.dep_ in _SUBJECTS for c in token.children) or _opens_after_adverbs(token)):
            continue
        token.pos_ = "VERB"
        token.tag_ = "VBP"
        token.lemma_ = token.lower_
        for child in token.children:
            if child.dep_ == "pobj":  # the object the preposition reading gave it
                child.dep_ = "dobj"
        _raise_over_object(token)


def _opens_after_adverbs(word: Any) -> bool:
    """ "really like Brie Larson's dress", "Also like Taylor's dress": chat drops its "I"; a
    liking word heading its sentence after adverbs alone is the verb (matching reads it as
    the speaker's only after such an adverb, as for "Really like Spanish cuisine")."""
    if word.dep_ != "ROOT" or word.i == word.sent.start:
        return False
    return all(t.pos_ == "ADV" for t in word.doc[word.sent.start : word.i])


def _raise_over_object(verb: Any) -> None:
    """ "I also really like bratwurst": read as an interjection, the liking word hangs, with its
    subject, on the noun after it, which the parser made the sentence's root; the noun is its
    object."""
    noun = verb.head
    if noun.i <= verb.i or noun.dep_ != "ROOT" or noun.pos_ not in ("NOUN", "PROPN"):
        return
    if any(c.dep_ in _SUBJECTS for c in noun.children):
        return  # the noun has a subject of its own: not an object
    verb.head = verb
    verb.dep_ = "ROOT"
    noun.head = verb
    noun.dep_ = "dobj"

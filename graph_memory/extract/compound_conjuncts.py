"""A list's last item whose first word the small model took for an item of its own: in
"I like hiking, biking and board games" it reads "board" as the third item and hangs "games"
on "like" as a second object ("board" and "game" were stored); in "cookies, smoothies and
zombie movies" it reads "zombie" as a verb with "movies" its object (the item was lost). A
verb takes one direct object, and a word English does not know as a verb is none, so the
word is the noun's modifier and the noun the item: mended in place, as "... and horror
movies" is parsed. A real verb conjoined ("cookies and watch movies") is left."""

from __future__ import annotations

from typing import Any

VERB_INDEX = "verb_index"  # the lemmatizer's known verbs, shared on the vocab (lemmas.py)
_LIST_WORDS = frozenset({"and", "or"})
_NOUNS = frozenset({"NOUN", "PROPN"})


def _list_head(word: Any) -> Any:
    """The first item of the list `word` is a conjunct in."""
    while word.dep_ == "conj" and word.head != word:
        word = word.head
    return word


def _known_verb(word: Any) -> bool:
    lookups = word.vocab.lookups
    if not lookups.has_table(VERB_INDEX):
        return True  # no tables: leave the parse as it is
    table = lookups.get_table(VERB_INDEX)
    return word.lower_ in table or word.lemma_.lower() in table


def mend_compound_conjuncts(doc: Any) -> None:
    """Mend, in place, each "<item> and <word> <noun>" the model split at the word."""
    for word in doc:
        if word.dep_ != "conj" or word.i < 1 or word.i + 1 >= len(doc):
            continue
        noun = doc[word.i + 1]
        if doc[word.i - 1].lower_ not in _LIST_WORDS or noun.pos_ != "NOUN" or noun.dep_ != "dobj":
            continue
        if any(c != noun for c in word.children):
            continue
        item = word.head
        if word.pos_ == "NOUN" and not list(word.children):
            # "hiking, biking and board games": "games" a second object of the list's verb
            verb = _list_head(word).head
            if noun.head != verb or verb.pos_ != "VERB" or _list_head(word).dep_ != "dobj":
                continue
        elif word.pos_ == "VERB" and word.tag_ == "VB" and noun.head == word:
            # "smoothies and zombie movies": a verb no verb, conjoined to a noun
            if item.pos_ not in _NOUNS or _known_verb(word):
                continue
        else:
            continue
        noun.head, noun.dep_ = item, "conj"
        word.head, word.dep_, word.pos_, word.tag_ = noun, "compound", "NOUN", "NN"

"""A thing named alone, as the message's first sentence, then called a favorite: "Italian sub
with provolone. It's my go-to sandwich", "Pad thai! That's my favorite dish", "Chocolate chip
cookies. They're my go-to snack". An answer to
"what's your go-to ...?" often names the thing as a bare noun phrase, with no verb, and the
next sentence says what it is to the speaker with "it" or "that": the message itself resolves
the pronoun, so the fragment is the favorite's value.

Only a fragment that names something: no verb, a noun or name at its head, no pointing or
other's determiner ("That cake. It's my favorite" points into the chat), and not a greeting,
a thanks or a time ("Good morning! It's my favorite time of day"). Used by possessives.py
(favorite_matches), after opinions.experienced finds nothing."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import DEMONSTRATIVES, WHEN_NOUNS

# Heads of a chat move, not a thing: "Thanks! It's my favorite", "Happy birthday!".
_CHAT_MOVES = frozenset(
    {"thanks", "thank", "congrats", "congratulations", "birthday", "lol", "haha", "omg", "wow",
     "yes", "yeah", "yep", "no", "nope", "ok", "okay", "cheers", "luck", "sir", "man", "dude",
     "bro", "girl", "friend", "question", "answer", "same", "bet", "fact", "idea", "point"}
)
# Determiners of a thing the chat points at or someone else's ("your cake", "that cake").
_POINTING = DEMONSTRATIVES | frozenset({"your", "his", "her", "their", "its", "ur"})


def fragment_named_before(pronoun: Any) -> Any | None:
    """The head of the verbless noun phrase that is the message's first sentence, when the
    pronoun's sentence comes right after it; None otherwise."""
    sent = pronoun.sent
    if sent.start == 0 or pronoun.lower_ not in ("it", "that", "they"):
        return None
    before = pronoun.doc[sent.start - 1].sent
    if before.start != 0 or any(t.is_alpha for t in pronoun.doc[sent.start : pronoun.i]):
        return None  # not the first sentence, or "Also it's ..." (carried on from elsewhere)
    head = before.root
    if head.pos_ not in ("NOUN", "PROPN") or any(t.pos_ in ("VERB", "AUX") for t in before):
        return None  # "I had sushi. It's my favorite": experienced() reads those
    if pronoun.lower_ == "they" and head.tag_ not in ("NNS", "NNPS"):
        return None  # "they" takes up things: "Chocolate chip cookies. They're my go-to"
    if head.lemma_.lower() in _CHAT_MOVES | WHEN_NOUNS or head.lower_ in _CHAT_MOVES:
        return None
    if any(c.dep_ in ("det", "poss") and c.lower_ in _POINTING for c in head.children):
        return None
    if any(t.pos_ == "PRON" for t in before if t.dep_ != "poss"):
        return None  # "Me too. It's my favorite": no thing named
    return head

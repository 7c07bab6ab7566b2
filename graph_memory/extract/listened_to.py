"""What one listens to, read as an infinitive: the small model parses "I listen to jazz" and
"I listen to country" as "listen" + "to jazz" (the "to" an infinitive's, "jazz" its verb), so
the liking of "I listen to podcasts" (a "to" of place and its object) was lost for the words
it takes for verbs. A noun right after "listen to", read as the verb of an infinitive, is
mended, in place, into the object of the preposition. A verb stays one: "I listen to relax"
is a purpose (and "I listen to rap" may be one, to the parser: "rap" is read as a verb)."""

from __future__ import annotations

from typing import Any

_NOUN_TAGS = frozenset({"NN", "NNS", "NNP", "NNPS"})


def mend_listened_to(doc: Any) -> None:
    """Mend, in place, each "listen to <noun>" read as "listen" + an infinitive."""
    for to in doc:
        if to.lower_ != "to" or to.dep_ != "aux" or to.i < 1 or to.i + 1 >= len(doc):
            continue
        listen, thing = doc[to.i - 1], doc[to.i + 1]
        if listen.lemma_.lower() != "listen" or thing.dep_ != "xcomp" or thing.head != listen:
            continue
        if thing.tag_ not in _NOUN_TAGS or to.head != thing:
            continue
        to.head, to.dep_, to.tag_, to.pos_ = listen, "prep", "IN", "ADP"
        thing.head, thing.dep_ = to, "pobj"
        if thing.pos_ == "VERB":
            thing.pos_ = "PROPN" if thing.tag_.startswith("NNP") else "NOUN"


# The lower-case words without one of which mend_listened_to changes nothing (parse_mends
# skips it on a message holding none).
MEND_TRIGGERS = frozenset({"listen", "listens", "listened", "listening"})

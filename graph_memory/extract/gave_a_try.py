"""Chat's "give <thing> a try": "I gave yoga a try", "I finally gave Duolingo a shot", "we gave
sushi a go" say the thing was tried, as "I tried yoga" does. The parser reads the thing as the
verb's dative and "a try" as its object; mended, in place, to the reading of "tried <thing>"
(the verb's lemma "try", the thing its object), which the DID pattern reads with the verb's own
tense and polarity ("I never gave yoga a shot" denied, a pronoun no object). Past only: a
plan's goal keeps its words ("I'm going to give Emsibeth a try")."""

from __future__ import annotations

from typing import Any

# not "a chance": one gives people a chance ("I gave the new guy a chance")
_TRIES = frozenset({"try", "shot", "go", "whirl"})


def mend_gave_a_try(doc: Any) -> None:
    """Mend, in place, each "give <thing> a try" to "try <thing>"."""
    for token in doc:
        if token.lemma_.lower() != "give" or token.tag_ not in ("VBD", "VBN"):
            continue  # a deed told; a plan keeps its words ("I'm going to give X a try")
        things = [c for c in token.children if c.dep_ == "dative"]
        tries = [c for c in token.children if c.dep_ == "dobj" and c.lower_ in _TRIES
                 and any(d.lower_ == "a" for d in c.children)]
        if len(things) != 1 or len(tries) != 1 or things[0].i > tries[0].i:
            continue
        if things[0].pos_ not in ("NOUN", "PROPN"):
            continue  # "give it a try", "give him a chance": no thing named
        token.lemma_ = "try"
        things[0].dep_ = "dobj"
        tries[0].dep_ = "npadvmod"


# The lower-case words without one of which mend_gave_a_try changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _TRIES

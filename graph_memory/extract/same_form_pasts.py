"""A verb whose past is spelt as its present, placed in the past by its clause's time, is past:
"I read this book not too long ago called Vinland Saga", "I read Dune last year", "Recently I
read Where the Crawdads Sing", "we read the whole trilogy back in college". The small model
tags such a "read" a present (VBP), so the deed patterns, which read a past, miss it ("I
watched Dune last year" is read). Told by "I" or "we", with no auxiliary, and with a time gone
by on the verb itself ("... ago", "last year", "yesterday", "back in college", "when I was a
kid", "recently": conditions_over.past_time), the verb is the past the time says; "I read
before bed", "I read a lot these days" have none and stay present (leisure_present.py mends
the other way: "In my free time I knit")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.conditions_over import past_time
from graph_memory.extract.open_vocabulary import SPEAKER_WORDS

# Verbs whose past is spelt as their present (the model's present reading is the one mended).
SAME_FORM_VERBS = frozenset({"read", "reread", "quit", "beat", "hit", "put", "cut", "set"})
# A time that sets the deed just before now: "I recently read Dune", "Recently I read ...".
_RECENTLY = frozenset({"recently"})


def mend_same_form_pasts(doc: Any) -> None:
    """Retag, in place, a same-form present placed at a past time as a past (VBD)."""
    for verb in doc:
        if verb.tag_ != "VBP" or verb.lower_ not in SAME_FORM_VERBS:
            continue
        if any(c.dep_ in ("aux", "auxpass", "neg") for c in verb.children):
            continue
        if not any(c.dep_ == "nsubj" and c.lower_ in SPEAKER_WORDS for c in verb.children):
            continue
        if past_time(verb) or any(c.dep_ == "advmod" and c.lower_ in _RECENTLY
                                  for c in verb.children):
            verb.tag_ = "VBD"


# The lower-case words without one of which mend_same_form_pasts changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = SAME_FORM_VERBS

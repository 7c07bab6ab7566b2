"""A pastime's verb whose past is its present, told with a leisure phrase, is present: "In my free
time I knit", "I knit for fun". The small model tags such a "knit" a past (VBD), so the pastime
patterns, which read a habit, miss it ("In my free time I paint" is read). Told with a leisure
phrase ("in my free time", "for fun", "as a hobby") by "I" or "we", with no auxiliary, the verb
is the present the phrase says; "I knit a scarf last week" has no such phrase and stays past."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.leisure import leisure_phrase
from graph_memory.extract.open_vocabulary import SPEAKER_WORDS


def mend_leisure_present(doc: Any) -> None:
    """Retag, in place, a same-form past told with a leisure phrase as a present (VBP)."""
    for verb in doc:
        if verb.tag_ != "VBD" or verb.lower_ != verb.lemma_.lower():
            continue
        if any(c.dep_ in ("aux", "auxpass", "neg") for c in verb.children):
            continue
        if not any(c.dep_ == "nsubj" and c.lower_ in SPEAKER_WORDS for c in verb.children):
            continue
        if leisure_phrase(verb):
            verb.tag_ = "VBP"


# The lower-case words without one of which mend_leisure_present changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = SPEAKER_WORDS

"""A speaker named after a person and the person's role: "Nadia, my girlfriend, and I adopted
a puppy". The small model hangs "and" on "Nadia" and reads "I" as a second subject of the
verb, no conjunct, so the clause was Nadia's alone and the puppy was lost ("Nadia and I
adopted a puppy" parses "I" as Nadia's conjunct). Where a verb has two subjects, the later
"I" or "we" right after an "and" of the earlier one, the later is mended, in place, into the
earlier's conjunct."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_WORDS


def mend_paired_subjects(doc: Any) -> None:
    """Mend, in place, each "<person>, <role>, and I <verb>" read with two subjects."""
    for second in doc:  # the later subject, "I" or "we": few words are
        if second.lower_ not in SPEAKER_WORDS or second.dep_ != "nsubj" or second.i < 2:
            continue
        verb = second.head
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if len(subjects) != 2 or subjects[1] != second or second.i > verb.i:
            continue
        first = subjects[0]
        cc = doc[second.i - 1]
        if cc.lower_ != "and" or cc.head != first:
            continue
        second.head, second.dep_ = first, "conj"


# The lower-case words without one of which mend_paired_subjects changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = SPEAKER_WORDS

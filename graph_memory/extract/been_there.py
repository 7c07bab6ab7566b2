"""A visit told by "there" after the place is named: "Hawaii is one of my favorite places, been
there twice", "Here's a photo of Hawaii from the last time I was there!", "My trips to the
Maldives. I've been there 4 times". The message names one place and the speaker says they were
or went there: VISITED the place, as "I've been to Hawaii" is read. Only where the message
names a single place before "there" (with two, which one is meant is a guess), the going is the
speaker's, past and affirmed (not "I've never been there", "I haven't been there yet", "if I
were there", "he said he'd pay for everything when we were there", "my sister was there"), and
stated (not "Have you been there?")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name
from graph_memory.extract.clause_marks import marked_up_the_tree
from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import PLACE_LABELS, SPEAKER_WORDS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: below "I've been to X" (the place is found, not said).
THERE_PATTERN = VerbPattern(kind="verb", verbs=("be", "go"), confidence=0.6)
_HAVE = frozenset({"have", "'ve", "has", "had", "'d"})
# Words of a going that did not happen, or not yet: a modal, a condition, a denial.
_UNREAL = frozenset({"would", "'d", "will", "'ll", "could", "might", "should", "can", "if",
                     "never", "not", "n't", "wish"})


def been_there(doc: Any) -> list[Match]:
    """VISITED the one place the message names before a past "I was / I've been / I went
    there" of the speaker's."""
    out: list[Match] = []
    for there in doc:
        if there.lower_ != "there" or there.dep_ != "advmod" or there.i >= stated_end(there.sent):
            continue
        verb = there.head
        if not _past_going(verb) or _unreal(verb):
            continue
        names = {canonical_name(e): e for e in doc.ents
                 if e.label_ in PLACE_LABELS and e.end <= there.i}
        names.pop("", None)
        if len(names) == 1:
            name, place = next(iter(names.items()))
            out.append(Match("VISITED", THERE_PATTERN, SPEAKER, "", True, name, place.label_,
                             None, False, (place.start_char, there.idx + len(there))))
    return out


def _past_going(verb: Any) -> bool:
    """ "I was there", "we went there", "I've been there", a subjectless "been there twice"."""
    if verb.lemma_.lower() not in ("be", "go"):
        return False
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "expl")]
    if subjects and (len(subjects) > 1 or subjects[0].lower_ not in SPEAKER_WORDS):
        return False
    auxiliaries = [c for c in verb.children if c.dep_ == "aux"]
    if verb.tag_ == "VBD":
        return bool(subjects) and not auxiliaries
    if verb.tag_ == "VBN" and verb.lower_ in ("been", "gone"):
        if auxiliaries:
            return bool(subjects) and all(a.lower_ in _HAVE for a in auxiliaries)
        return not subjects  # chat's dropped "I've": "Hawaii is my favorite, been there twice"
    return False


def _unreal(verb: Any) -> bool:
    """Whether the going, or a clause it hangs on, is denied, wished, ahead or conditional."""
    return marked_up_the_tree(verb, _UNREAL, frozenset({"wish"}))

"""A class of a school subject the speaker is in, told by a day of it: "Today in math class, we
tackled calculus", "Today I had a very interesting economics class", "I have a chemistry class
at 9" -> STUDIES "math class", "economics class", "chemistry class", as "I'm taking a pottery
class" is read (the open fallback read STATES calculus [tackle], STATES chemistry class [have]
or nothing). Only a school subject (not "yoga class": a pastime's class of the day is no study),
the speaker's ("I" or "we"), now or today (not "I had a math class in high school", "the easiest
math class I took": a past, DID's), stated and affirmed (not "Do you have a math class today?",
"if I had a chemistry class", "I don't have a math class")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.clause_marks import marked_up_the_tree
from graph_memory.extract.match import Match
from graph_memory.extract.open_vocabulary import SPEAKER_WORDS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: below "I'm taking a pottery class" (the taking is inferred).
CLASS_PATTERN = VerbPattern(kind="verb", verbs=("have",), confidence=0.65)
# School subjects a class is named by (STUDIES' course fields; not pastimes: yoga, cooking).
_SUBJECTS = frozenset({
    "calculus", "statistics", "economics", "microeconomics", "macroeconomics", "accounting",
    "finance", "biology", "chemistry", "physics", "math", "maths", "mathematics", "algebra",
    "geometry", "trigonometry", "precalculus", "history", "psychology", "sociology", "philosophy",
    "anthropology", "literature", "linguistics", "marketing", "nursing", "anatomy", "physiology",
    "biochemistry", "genetics", "astronomy", "geology", "ethics", "law", "programming", "english",
    "science", "spanish", "french", "german",
})
_CLASSES = frozenset({"class", "lecture"})
_PRESENT = frozenset({"VBP", "VBZ", "VBG"})
_TODAY = frozenset({"today", "tonight", "yesterday", "morning", "afternoon"})
_UNREAL = frozenset({"would", "'d", "will", "'ll", "could", "might", "may", "should", "if",
                     "when", "not", "n't", "never", "wish"})


def subject_classes(doc: Any) -> list[Match]:
    """STUDIES "<subject> class" for each school subject's class the speaker has now or today."""
    out: list[Match] = []
    for token in doc:
        if token.lemma_.lower() not in _CLASSES or token.pos_ != "NOUN":
            continue
        if token.i >= stated_end(token.sent):
            continue
        subject = next((c for c in token.children if c.dep_ in ("compound", "amod")
                        and c.lower_ in _SUBJECTS and c.i == token.i - 1), None)
        if subject is None or any(c.lower_ == "the" for c in token.children):
            continue
        verb = _verb(token)
        if verb is None or not _speakers_now(verb):
            continue
        start, end = min(verb.idx, subject.idx), token.idx + len(token.text)
        out.append(Match("STUDIES", CLASS_PATTERN, SPEAKER, "", True,
                         f"{subject.lower_} {token.lemma_.lower()}", "", None, False, (start, end)))
    return out


def _verb(word: Any) -> Any | None:
    """The verb the class hangs on: "had ... class", "in math class, we tackled"; a class that
    is the verb's object only of "have" or "attend" ("I teach a math class" is no study)."""
    while word.head.i != word.i:
        below, word = word, word.head
        if word.pos_ in ("VERB", "AUX"):
            if below.dep_ == "dobj" and word.lemma_.lower() not in ("have", "attend"):
                return None
            return word
    return None


def _speakers_now(verb: Any) -> bool:
    """Whether the verb's subject is "I" or "we", affirmed, and it holds now or today."""
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if len(subjects) != 1 or subjects[0].lower_ not in SPEAKER_WORDS:
        return False
    if marked_up_the_tree(verb, _UNREAL):
        return False
    if verb.tag_ in _PRESENT:
        return True
    return verb.tag_ == "VBD" and any(t.lower_ in _TODAY for t in verb.sent)

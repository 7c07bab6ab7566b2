"""A stay told by its noun in a named place: "My time in Japan was amazing", "I loved my stay in
Rome", "Hearing about your experience in Lisbon makes me want to go", "it's great to hear you
enjoyed the experience in Las Vegas", "The memories made in Hawaii are truly unique". One who
had an experience, a time or a stay in a place, or made memories there, was there: VISITED the
place, the speaker's ("my", "I enjoyed the ...", memories told made) or the addressee's ("your",
"you enjoyed the ..."). An experience is had once it is named; a time or a stay may lie ahead
("Enjoy your stay in Rome", "my time in Japan will be short"), so it counts only told by a
past verb. Not a wish or a plan ("I'd love an experience in Peru", "your experience in Lisbon
will be great", "I can't wait to make memories in Rome"), a question, another's ("her time in
Japan"), or no named place."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name
from graph_memory.extract.match import Match
from graph_memory.extract.named_places import places_after
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import ADDRESSEE, SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: below the patterns of a going ("I went to X").
STAY_PATTERN = VerbPattern(kind="verb", verbs=("stay",), confidence=0.6)
_LIVED = frozenset({"experience", "memory"})  # had once named
_SPANS = frozenset({"time", "stay"})  # had only when told as past
_OWNERS = {"my": SPEAKER, "our": SPEAKER, "your": ADDRESSEE}
_SUBJECTS = {"i": SPEAKER, "we": SPEAKER, "you": ADDRESSEE}
_AHEAD = frozenset({"will", "'ll", "would", "'d", "could", "might", "should", "can", "if",
                    "going", "gonna"})
_HAVE = frozenset({"have", "'ve", "has", "had"})
_IN = frozenset({"in"})


def place_experiences(doc: Any) -> list[Match]:
    """VISITED each named place of an experience, time or stay of the speaker's or the
    addressee's, told as had."""
    out: list[Match] = []
    for noun in doc:
        lemma = noun.lemma_.lower()
        if noun.pos_ != "NOUN" or lemma not in _LIVED | _SPANS:
            continue
        verb = noun.head
        if verb.pos_ not in ("VERB", "AUX") or noun.dep_ not in ("nsubj", "dobj", "pobj"):
            verb = noun.head.head if noun.dep_ == "pobj" else verb  # "hearing about your ..."
        owner = _owner(noun, verb)
        if owner is None or _ahead(verb) or (lemma in _SPANS and not _past(verb)):
            continue
        for place in places_after(_holders(noun), _IN):
            if place.end <= stated_end(noun.sent):
                out.append(Match("VISITED", STAY_PATTERN, owner, "", True, canonical_name(place),
                                 place.label_, None, False, (noun.idx, place.end_char)))
    return [m for m in out if m.obj]


def _owner(noun: Any, verb: Any) -> str | None:
    """The speaker or addressee whose the noun is: its possessive ("my time"), with "the" the
    subject of the verb that has it ("you enjoyed the experience"), or the speaker's memories
    told made ("The memories made in Hawaii are truly unique", "we made memories in Paris")."""
    for child in noun.children:
        if child.dep_ == "poss":
            return _OWNERS.get(child.lower_)
    if noun.lemma_.lower() == "memory":
        if _made(noun) is not None:
            return SPEAKER
        if noun.dep_ == "dobj" and verb.lemma_.lower() == "make":
            subjects = [c.lower_ for c in verb.children if c.dep_ == "nsubj"]
            return SPEAKER if subjects in (["i"], ["we"]) else None
    if noun.dep_ == "dobj" and any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children):
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        return _SUBJECTS.get(subjects[0].lower_) if len(subjects) == 1 else None
    return None


def _holders(noun: Any) -> list[Any]:
    """The words the places hang on: the noun ("my time in Japan"), and for memories the
    making too ("memories made in Hawaii", "we made memories in Paris")."""
    holders = [noun]
    if noun.lemma_.lower() == "memory":
        made = _made(noun)
        holders.append(made if made is not None else noun.head)
    return holders


def _made(noun: Any) -> Any | None:
    """The "made" of "the memories made in Hawaii"."""
    return next((c for c in noun.children if c.dep_ == "acl" and c.lower_ == "made"), None)


def _ahead(verb: Any) -> bool:
    """Whether the verb is wished, ahead, conditional, denied or bidden ("Enjoy your stay")."""
    children = list(verb.children)
    if any(c.lower_ in _AHEAD or c.dep_ == "neg" for c in children
           if c.dep_ in ("aux", "mark", "neg")):
        return True
    return verb.tag_ == "VB" and not any(c.dep_ == "nsubj" for c in children)


def _past(verb: Any) -> bool:
    """ "My time in Japan was amazing", "I loved my stay", "we've enjoyed our time"."""
    if verb.tag_ == "VBD":
        return True
    return verb.tag_ == "VBN" and any(c.dep_ == "aux" and c.lower_ in _HAVE
                                      for c in verb.children)

"""Injuries and pains of a named body part, which HAS_CONDITION's fixed list of conditions
cannot name: "I hurt my lower back", "I burned my hand with oil", "I sprained my ankle" (an
injury: HAS_CONDITION "hurt lower back", "burned hand", "sprained ankle", as "I broke my arm"
is "broken arm"; the open fallback read STATES "Emi's ankle" [sprain] or nothing), and "I got
some neck pain", "I have really bad pain in both of my ears", "it helped with my back pain"
(a pain the speaker has: HAS_CONDITION "neck pain", "ear pain", "back pain"), and a body part
that has been hurting a while, "my back has been killing me", "my ear is still in pain", "my
knees have been hurting for weeks" (HAS_CONDITION "back pain", "ear pain", "knee pain"; not
"my arms really hurt right now": a passing state). The body part
is the speaker's ("my"), the deed theirs, stated and affirmed: not "if I hurt my back", "I
didn't hurt my knee", "I might sprain my ankle", "Did you hurt your back?", "my sister hurt
her back"; "I cut my hair" is no injury (hair is no body part here), and a pain that is
over ("my back pain went away", "I had bad stomach pains two weeks ago") is none."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.clause_marks import marked_up_the_tree
from graph_memory.extract.match import Match
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import SPEAKER
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: as HAS_CONDITION's "I broke my arm" regex.
AILMENT_PATTERN = VerbPattern(kind="verb", verbs=("hurt", "have"), confidence=0.75)
# Parts of the body an injury or a pain is told of (not hair, nails, skin care's "face").
_BODY_PARTS = frozenset({
    "back", "neck", "shoulder", "arm", "elbow", "wrist", "hand", "finger", "thumb", "leg",
    "knee", "ankle", "foot", "toe", "hip", "rib", "chest", "stomach", "head", "ear", "eye",
    "jaw", "tooth", "hamstring", "calf", "thigh", "groin", "spine", "tailbone", "collarbone",
    "shin", "heel", "muscle", "tendon", "ligament", "throat", "nose", "lung", "tongue",
})
# The injuring verbs and how their injury is named ("hurt my back" -> "hurt back").
_INJURIES = {
    "hurt": "hurt", "injure": "injured", "sprain": "sprained", "twist": "twisted",
    "burn": "burned", "pull": "pulled", "strain": "strained", "tear": "torn",
    "fracture": "fractured", "dislocate": "dislocated", "bruise": "bruised", "break": "broken",
}
_SIDES = frozenset({"left", "right", "lower", "upper"})
_PAINS = frozenset({"pain", "ache"})
# Words of an injury or a pain that did not happen, is not yet or not the speaker's for sure.
_UNREAL = frozenset({"would", "'d", "will", "'ll", "could", "might", "may", "should", "can",
                     "if", "when", "whenever", "unless", "never", "not", "n't", "wish", "hope",
                     "afraid", "worry", "scared"})
_UNREAL_LEMMAS = frozenset({"wish", "hope", "afraid", "worry", "scared"})
# A pain told as over: "my back pain went away", "my neck pain is gone".
_OVER = frozenset({"go", "gone", "away", "clear", "heal", "stop", "disappear", "better"})
_HAVING = frozenset({"have", "get", "develop", "suffer"})


def body_ailments(doc: Any) -> list[Match]:
    """HAS_CONDITION for each injury done to and pain had in the speaker's own body part."""
    out: list[Match] = []
    for token in doc:
        if token.i >= stated_end(token.sent):
            continue
        found = _injury(token) if token.pos_ == "VERB" else None
        if found is None and token.pos_ == "NOUN" and token.lemma_.lower() in _PAINS:
            found = _pain(token)
        if found is None and token.dep_ == "nsubj" and _part_name(token) is not None:
            found = _lasting_pain(token)
        if found is None and token.dep_ == "dobj":
            found = _ache_had(token)
        if found is not None:
            name, start, end = found
            out.append(Match("HAS_CONDITION", AILMENT_PATTERN, SPEAKER, "", True, name, "",
                             None, False, (start, end)))
    return out


def _injury(verb: Any) -> tuple[str, int, int] | None:
    """ "I hurt my lower back" -> ("hurt lower back", span), else None."""
    done = _INJURIES.get(verb.lemma_.lower())
    # "hurt" is its own past: the small model tags "I hurt my back" VBP.
    tags = ("VBD", "VBN", "VBP") if done == "hurt" else ("VBD", "VBN")
    # "I slipped and hurt my back": the small model tags the coordinated past VB.
    past = verb.tag_ in tags or (
        verb.tag_ == "VB" and verb.dep_ == "conj" and verb.head.tag_ == "VBD")
    if done is None or not past or not _speakers(verb) or _unreal(verb):
        return None
    words = _own_part(verb)
    if words is None:
        return None
    part, end = words
    return f"{done} {part}", verb.idx, end


def _pain(pain: Any) -> tuple[str, int, int] | None:
    """ "I got some neck pain", "pain in my ears", "my back pain" -> ("neck pain", span)."""
    part = next((c for c in pain.children if c.dep_ in ("compound", "amod")
                 and c.i < pain.i and _part_name(c) is not None), None)
    where = None if part is not None else _pain_in(pain)
    if part is None and where is None and pain.dep_ == "dobj":
        where = _pain_in(pain.head)  # "I have pain in my ears": the model hangs "in" on "have"
    if part is None and where is None:
        return None
    verb = pain.head
    if pain.dep_ == "conj":  # "I have a fever and a back pain"
        verb = pain.head.head
    # "I had bad stomach pains like 2 weeks ago" is a pain over; "I got a neck pain" is now.
    had = (pain.dep_ in ("dobj", "conj") and verb.lemma_.lower() in _HAVING
           and (verb.lower_ != "had" or _perfect(verb)) and _speakers(verb) and not _unreal(verb))
    mine = (part is not None and any(c.dep_ == "poss" and c.lower_ == "my" for c in pain.children)
            and not _over(pain) and not _unreal(pain.head))
    if not (had or mine):
        return None
    name = _part_name(part if part is not None else where)
    return f"{name} {pain.lemma_.lower()}", min(pain.idx, verb.idx), pain.idx + len(pain.text)


def _ache_had(word: Any) -> tuple[str, int, int] | None:
    """ "I have a stomach ache" (the small model's dobj "stomach" and adverb "ache"), "I got a
    toothache" -> ("stomach ache" / "toothache", span): an ache had now, else None."""
    verb, doc = word.head, word.doc
    if (verb.lemma_.lower() not in _HAVING or (verb.lower_ == "had" and not _perfect(verb))
            or not _speakers(verb) or _unreal(verb)):
        return None
    lemma = word.lemma_.lower()
    if lemma.endswith("ache") and lemma.removesuffix("ache") in _BODY_PARTS:
        # "toothache", "earache"; one told with a modifier ("a killer headache") is the
        # condition list's, kept whole there, no second fact of its head word
        if any(c.dep_ in ("amod", "compound", "nmod") for c in word.children):
            return None
        return lemma, verb.idx, word.idx + len(word.text)
    after = doc[word.i + 1] if word.i + 1 < len(doc) else None
    part = _part_name(word)
    if part is None or after is None or after.lower_ not in ("ache", "aches", "pain", "pains"):
        return None
    return f"{part} {after.lower_.removesuffix('s')}", verb.idx, after.idx + len(after.text)


def _lasting_pain(part: Any) -> tuple[str, int, int] | None:
    """ "My back has been killing me", "my ear is still in pain", "my shoulder is still sore",
    "my knees have been hurting for weeks" -> ("back pain", span): a pain lasting ("still",
    "has been", "for weeks"), of the speaker's own body part, else None."""
    verb = part.head
    if not any(c.dep_ == "poss" and c.lower_ == "my" for c in part.children) or _unreal(verb):
        return None
    lemma = verb.lemma_.lower()
    hurting = (lemma in ("hurt", "ache") or (lemma == "kill" and any(
        c.dep_ == "dobj" and c.lower_ == "me" for c in verb.children)))
    if not hurting and lemma == "be":
        hurting = any((c.dep_ == "acomp" and c.lower_ in ("sore", "aching")) or (
            c.dep_ == "prep" and c.lower_ == "in" and any(g.lower_ == "pain" for g in c.children))
            for c in verb.children)
    if not hurting or not _lasting(verb):
        return None
    end = max(t.idx + len(t.text) for t in verb.subtree)
    return f"{_part_name(part)} pain", part.idx, end


def _lasting(verb: Any) -> bool:
    """ "still", "has been ...ing", "for weeks": a state that has held a while, no passing one."""
    children = list(verb.children)
    if any(c.lower_ == "still" and c.dep_ == "advmod" for c in children):
        return True
    if verb.tag_ == "VBG" and any(c.dep_ == "aux" and c.lower_ == "been" for c in children):
        return True
    return any(c.dep_ == "prep" and c.lower_ == "for" and any(
        g.lemma_.lower() in ("day", "week", "month", "year") for g in c.children)
        for c in children)


def _pain_in(word: Any) -> Any | None:
    """The body part of "pain in my ears" / "pain in both of my ears", else None."""
    for prep in (c for c in word.children if c.dep_ == "prep" and c.lower_ == "in"):
        for place in (c for c in prep.children if c.dep_ == "pobj"):
            if place.lower_ == "both":
                place = next((g for p in place.children if p.lower_ == "of"
                              for g in p.children if g.dep_ == "pobj"), place)
            if _part_name(place) is not None and any(
                    c.dep_ == "poss" and c.lower_ == "my" for c in place.children):
                return place
    return None


def _own_part(verb: Any) -> tuple[str, int] | None:
    """ "hurt my lower back" -> ("lower back", its end); None where no "my <body part>" follows
    the verb. Read on the words, not the parse: the small model misreads "my lower back" (a
    dobj "lower" and an adverb "back") and "my knee playing soccer" (compounds)."""
    doc = verb.doc
    if verb.i + 2 >= len(doc) or doc[verb.i + 1].lower_ != "my":
        return None
    for j in range(verb.i + 2, min(verb.i + 5, len(doc))):
        word = doc[j]
        if _part_name(word) is not None:
            mods = [t.lower_ for t in doc[verb.i + 2:j]]
            return " ".join([*mods, _part_name(word) or ""]), word.idx + len(word.text)
        if not word.is_alpha or (word.pos_ not in ("ADJ", "NOUN") and word.lower_ not in _SIDES):
            return None
    return None


def _part_name(word: Any) -> str | None:
    """The body part a word names, singular ("ears" -> "ear"), else None."""
    for name in (word.lower_, word.lemma_.lower(), word.lower_.removesuffix("s")):
        if name in _BODY_PARTS:
            return str(name)
    return None


def _speakers(verb: Any) -> bool:
    """Whether the verb's subject is "I" (or that of the verb it is coordinated with: "I
    slipped on some ice and hurt my back")."""
    word = verb
    while True:
        subjects = [c for c in word.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return len(subjects) == 1 and subjects[0].lower_ == "i"
        if word.dep_ != "conj" or word.head.i == word.i:
            return False
        word = word.head


def _unreal(verb: Any) -> bool:
    """Whether the word, or a clause it hangs on, is denied, wished, feared or conditional."""
    return marked_up_the_tree(verb, _UNREAL, _UNREAL_LEMMAS)


def _over(pain: Any) -> bool:
    """ "my back pain went away", "my neck pain is gone / cleared up": a pain now over."""
    verb = pain.head
    if pain.dep_ not in ("nsubj", "nsubjpass"):
        return False
    return verb.lemma_.lower() in _OVER or any(
        c.lower_ in _OVER for c in verb.children if c.dep_ in ("prt", "acomp", "advmod"))


def _perfect(verb: Any) -> bool:
    """ "I've had back pain for years": a pain had until now."""
    return any(c.dep_ == "aux" and c.lower_ in ("'ve", "have", "has") for c in verb.children)

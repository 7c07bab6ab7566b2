"""Who a person is by nationality or heritage: "I'm Mexican", "I am half Korean", "I'm
Chinese-American", "my parents are Filipino", "As an Indian I love spicy food" -> IS_A(<the
person>, Mexican / half Korean / Chinese-American / Filipino / Indian). A demonym names no place
(FROM is where one comes from or grew up, a Place), nor a value with one current answer per key
(HAS_ATTRIBUTE: "half Korean" and "half Mexican" both hold); IS_A is the identity of the
subject, as its description says. The copula patterns of IS_A read only a role noun after "a"
("I'm a nurse"), so the adjective is read here.

The demonym is the complement of a present "be" whose subject is the speaker (also "we"), a
relative or a named person, with no noun after it ("I love Mexican food", "I'm a Korean
teacher": a kind of food or of teacher; "I'm an American" is the noun), the noun of "as a/an
<demonym>" on a clause of the speaker's, or the ancestry a demonym qualifies: "I'm of Irish
descent", "I have Korean roots", "I come from a Filipino family" -> Irish, Korean, Filipino.
Its share ("half", "part", "quarter", "full") and a hyphened or paired demonym before it
("Chinese-American", "Korean American") are part of it. Not a denial ("I'm not British"),
a question, a condition, hearsay, a modal, a past "was" (a relative's heritage told in the past
is no one's present), the addressee's (a guess: "you're Italian, right"), a hedge ("I'm
basically Italian now": a joke), or a language ("I speak Korean": no copula).
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_conditional, is_hearsay, is_negated
from graph_memory.extract.match import Match, clause_subject
from graph_memory.extract.open_vocabulary import SPEAKER_WORDS
from graph_memory.extract.patterns import VerbPattern
from graph_memory.extract.people import ADDRESSEE, SPEAKER, person_subject
from graph_memory.extract.questions import stated_end

# How the fact is typed and weighed: as "I'm a nurse" is.
HERITAGE_PATTERN = VerbPattern(kind="verb", verbs=("be",), confidence=0.75)

# Nationality and heritage adjectives (and the nouns spelled the same): a closed class. Words
# that are mostly something else in chat ("polish", "turkey") are left out.
DEMONYMS = frozenset(
    {"afghan", "african", "albanian", "algerian", "american", "argentine", "argentinian",
     "armenian", "asian", "australian", "austrian", "bangladeshi", "belarusian", "belgian",
     "bengali", "bolivian", "bosnian", "brazilian", "british", "bulgarian", "burmese",
     "cambodian", "cameroonian", "canadian", "caribbean", "chilean", "chinese", "colombian",
     "congolese", "cuban", "croatian", "czech", "danish", "dominican", "dutch", "ecuadorian",
     "egyptian", "emirati", "english", "eritrean", "estonian", "ethiopian", "european",
     "filipina", "filipino", "finnish", "french", "georgian", "german", "ghanaian", "greek",
     "guatemalan", "guyanese", "haitian", "hispanic", "honduran", "hungarian", "icelandic",
     "indian", "indonesian", "iranian", "iraqi", "irish", "israeli", "italian", "ivorian",
     "jamaican", "japanese", "jewish", "jordanian", "kazakh", "kenyan", "korean", "kurdish",
     "kuwaiti", "lao", "laotian", "latina", "latino", "latinx", "latvian", "lebanese",
     "liberian", "libyan", "lithuanian", "malaysian", "maltese", "mexican", "mongolian",
     "moroccan", "nepalese", "nepali", "nicaraguan", "nigerian", "norwegian", "pakistani",
     "palestinian", "panamanian", "paraguayan", "persian", "peruvian", "portuguese", "romanian",
     "russian", "salvadoran", "samoan", "saudi", "scottish", "senegalese", "serbian",
     "singaporean", "slovak", "slovenian", "somali", "spanish", "sudanese", "swedish", "swiss",
     "syrian", "taiwanese", "tamil", "thai", "tibetan", "tongan", "trinidadian", "tunisian",
     "ukrainian", "uruguayan", "uzbek", "venezuelan", "vietnamese", "welsh", "yemeni",
     "zimbabwean"}
)  # fmt: skip
# Two-word demonyms, read as one by their last word after the first.
_PAIRS = {"rican": "puerto", "lankan": "sri"}
# Shares of a heritage, kept in the object: "half Korean".
_SHARES = frozenset({"half", "part", "quarter", "full", "fully", "mostly", "partly"})
# Hedges that make it a joke or a manner: "I'm basically Italian now", "practically British".
_HEDGES = frozenset({"basically", "practically", "honorary", "almost", "kinda", "sorta", "like"})
# Nouns of where one's family comes from: "of Irish descent", "Korean roots", "a Filipino family".
_ANCESTRY = frozenset(
    {"descent", "heritage", "origin", "ancestry", "roots", "root", "background", "blood", "family"}
)
_COME = frozenset({"come", "comes", "came"})
_PRESENT_BE = frozenset({"am", "'m", "m", "is", "'s", "are", "'re", "re", "im"})


def heritages(doc: Any, roles: frozenset[str]) -> list[Match]:
    """IS_A each nationality or heritage a person of the message is said to have."""
    out: list[Match] = []
    for token in doc:
        if not _demonym(token) or token.i >= stated_end(token.sent):
            continue
        if _in_compound(token):
            continue  # "Chinese" of "Chinese-American": read with its head
        words = _object_words(token)
        name = " ".join(_written(w) for w in words).replace(" - ", "-")
        span = (words[0].idx, token.idx + len(token.text))
        out.extend(Match("IS_A", HERITAGE_PATTERN, subject, "", True, name, "NORP", None, False,
                         span) for subject in _subjects(token, roles))
    return out


def _demonym(token: Any) -> bool:
    lower = token.lower_
    if lower in _PAIRS:
        return bool(token.i > 0 and token.doc[token.i - 1].lower_ == _PAIRS[lower])
    return bool(lower in DEMONYMS and token.pos_ in ("ADJ", "PROPN", "NOUN"))


def _in_compound(token: Any) -> bool:
    """Whether the demonym only modifies another one after it ("Chinese-American", "Korean
    American")."""
    head = token.head
    return token.dep_ in ("amod", "compound", "npadvmod") and head.i > token.i and _demonym(head)


def _subjects(token: Any, roles: frozenset[str]) -> list[str]:
    """The people the demonym is said of: the subject and its conjuncts ("My brother and I
    are Mexican": both)."""
    subject = _subject(token)
    if subject is None:
        return []
    if subject.dep_ == "pobj":
        return [SPEAKER]  # "As an Indian I ...": _as_subject took only the speaker's
    names = [person_subject(t, roles, speaker_only=False) for t in (subject, *subject.conjuncts)]
    return [n for n in names if n is not None and ADDRESSEE not in n]


def _subject(token: Any) -> Any | None:
    """The subject token of the clause the demonym is said in, or None."""
    first = token
    while first.dep_ == "conj" and first.head.i < first.i:
        first = first.head  # "I'm Mexican and Irish"
    if first.dep_ == "pobj" and first.head.lower_ == "as":
        return first if _as_speaker(first) else None
    if first.dep_ in ("amod", "compound") and first.head.lemma_.lower() in _ANCESTRY:
        return _ancestry_subject(first.head)
    dets = [c.lower_ for c in first.children if c.dep_ == "det"]
    if first.dep_ not in ("acomp", "attr") or dets not in ([], ["a"], ["an"]):
        return None  # "I love Mexican food" (an amod), "I'm a Korean teacher", "the American"
    be = first.head
    if be.lower_ not in _PRESENT_BE or not _stated(be):
        return None
    if any(c.lower_ in _HEDGES and c.i < token.i for h in (be, first, token) for c in h.children):
        return None  # "I'm basically Italian now" (not "I'm Filipino, like you")
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    if after is not None and (after.pos_ in ("NOUN", "PROPN") or after.tag_ == "VBG"):
        return None  # "I'm Spanish speaking", "I'm Indian food obsessed": no heritage said
    return clause_subject(be)


def _ancestry_subject(noun: Any) -> Any | None:
    """The subject of "I'm of Irish descent", "I have Korean roots", "I come from a Filipino
    family": the ancestry after "of" on a present "be", had, or come from."""
    prep = noun.head
    if noun.dep_ == "pobj" and prep.lower_ in ("of", "from"):
        verb = prep.head
        wanted = _PRESENT_BE | (_COME if prep.lower_ == "from" else frozenset())
    elif noun.dep_ == "dobj" and noun.lemma_.lower() != "family":
        verb = noun.head
        wanted = frozenset({"have", "has"})  # not "I have a Korean family": whose?
    else:
        return None
    if verb.lower_ not in wanted or not _stated(verb):
        return None
    return clause_subject(verb)


def _as_speaker(noun: Any) -> bool:
    """ "As an Indian I love spicy food": the speaker's, on a clause of theirs."""
    dets = [c.lower_ for c in noun.children if c.dep_ == "det"]
    verb = noun.head.head
    if dets not in (["a"], ["an"]) or verb.pos_ not in ("VERB", "AUX") or not _stated(verb):
        return False
    subject = clause_subject(verb)
    return subject is not None and subject.lower_ in SPEAKER_WORDS


def _stated(verb: Any) -> bool:
    """A plain statement: no denial, modal, condition or hearsay."""
    if any(c.tag_ == "MD" for c in verb.children):
        return False
    return not (is_negated(verb) or is_conditional(verb) or is_hearsay(verb))


def _object_words(token: Any) -> list[Any]:
    """The demonym with its share and the demonym paired before it: "half Korean",
    "Chinese-American", "Puerto Rican"."""
    doc = token.doc
    words = [token]
    if token.lower_ in _PAIRS:
        words.insert(0, doc[token.i - 1])
    at = words[0].i
    hyphen = at >= 2 and doc[at - 1].text == "-"
    paired = doc[at - 2] if hyphen else (doc[at - 1] if at else None)
    if paired is not None and paired.head == token and _demonym(paired):
        words[:0] = [paired, doc[at - 1]] if hyphen else [paired]
    before = doc[words[0].i - 1] if words[0].i > 0 else None
    if before is not None and before.lower_ in _SHARES:
        words.insert(0, before)
    return words


def _written(word: Any) -> str:
    """A demonym capitalised as written in prose ("mexican" -> "Mexican"); other words as they
    are."""
    if word.lower_ in DEMONYMS or word.lower_ in _PAIRS or word.lower_ in _PAIRS.values():
        return str(word.text[:1].upper() + word.text[1:].lower())
    return str(word.lower_)

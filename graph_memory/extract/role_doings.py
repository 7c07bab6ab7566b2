"""What one does, told on the role one is: "I'm a student studying computer science" ->
STUDIES computer science, "I am a college student majoring in economics" -> STUDIES
economics, "I'm a nurse working at Mercy Hospital" -> WORKS_AT Mercy Hospital. The parser
hangs the gerund on the role noun (an acl of the copula's attribute), so the clause has no
subject of its own; the copula's subject is the doer. Only a plain present "is a <role>"
right before the gerund, and only doings of study and work: not "I was a student studying
law" (a past), "I'm not a nurse working there", "it's a movie starring Tom Hanks". A school
year the parser reads as an adjective ("I'm a junior studying biology") is mended to the role
first (mend_school_year_doing)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, is_past

# The doings a role's gerund may tell: study and work.
_ROLE_DOINGS = frozenset({"study", "major", "minor", "work", "teach", "intern"})
_INDEFINITE = frozenset({"a", "an"})


def role_doer(verb: Any) -> Any | None:
    """The subject of "I'm a student studying X" for the gerund "studying", or None."""
    if verb.dep_ != "acl" or verb.tag_ != "VBG" or verb.lemma_.lower() not in _ROLE_DOINGS:
        return None
    role = verb.head
    be = role.head
    if role.dep_ != "attr" or role.i + 1 != verb.i or not is_be(be) or is_past(be):
        return None
    if not any(c.dep_ == "det" and c.lower_ in _INDEFINITE for c in role.children):
        return None
    if any(c.dep_ == "neg" or c.tag_ == "MD" for c in be.children):
        return None
    return next((c for c in be.children if c.dep_ == "nsubj"), None)


# The school years the parser reads as adjectives before a gerund: "a junior studying biology"
# hangs "junior" and "studying" on "biology" as modifiers, "a senior majoring in economics"
# reads "majoring" as the noun called senior.
_SCHOOL_YEARS = frozenset({"freshman", "sophomore", "junior", "senior"})


def mend_school_year_doing(doc: Any) -> None:
    """Mend, in place, "a junior studying biology" and "a senior majoring in economics" to the
    parse "a sophomore studying computer science" gets (the year the copula's attribute, the
    gerund its clause), which role_doer reads."""
    for year in doc:
        if year.lower_ not in _SCHOOL_YEARS or year.dep_ != "amod" or year.i + 1 >= len(doc):
            continue
        doing, noun = year.nbor(1), year.head
        if noun.dep_ != "attr" or doing.lower_[-3:] != "ing":
            continue
        if (doing.dep_ == "amod" and doing.head == noun and doing.tag_ == "VBG"
                and noun.i == doing.i + 1):
            _raise_year(year, noun)  # "a junior studying biology": biology the object
            doing.head, doing.dep_, doing.pos_ = year, "acl", "VERB"
            noun.head, noun.dep_ = doing, "dobj"
            for child in list(noun.children):
                if child.dep_ == "prep":  # "a senior studying law at Yale"
                    child.head = doing
        elif doing == noun and doing.lower_ in ("majoring", "minoring"):
            _raise_year(year, noun)  # "a senior majoring in economics"
            doing.head, doing.dep_, doing.pos_, doing.tag_ = year, "acl", "VERB", "VBG"
            doing.lemma_ = doing.lower_[: -len("ing")]


def _raise_year(year: Any, noun: Any) -> None:
    """The school year takes the attribute's place on the copula, with its article."""
    year.head, year.dep_, year.pos_, year.tag_ = noun.head, "attr", "NOUN", "NN"
    for child in list(noun.children):
        if child.dep_ == "det":
            child.head = year


# The lower-case words without one of which mend_school_year_doing changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _SCHOOL_YEARS

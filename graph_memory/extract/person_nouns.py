"""Whether a role said of a named third person names a person at all. "Tom is a teacher" is
an identity; "Michelin is a French company", "Tiramisu is a classic dessert", "Springs is an
easy day trip" are not: chat names dishes, firms, places and characters as often as people,
and the small model tags many of them PERSON. Without a person's role word, the name is
taken for no person (copula_kind.copula_matches asks, for IS_A's indefinite complement)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.people import PARTICIPANTS, PLACEHOLDERS

# Endings of nouns for people: teacher, actor, artist, librarian, assistant, student,
# trainee, engineer, fireman, actress.
_PERSON_ENDINGS = ("er", "or", "ist", "ian", "ant", "ent", "ee", "eer", "man", "woman", "ess")
# People's roles without those endings.
_PERSON_WORDS = frozenset(
    {"nurse", "chef", "cook", "vet", "coach", "pilot", "nanny", "clerk", "judge", "monk", "nun",
     "priest", "poet", "guide", "model", "athlete", "vegan", "kid", "child", "adult", "teen",
     "teenager", "parent", "mom", "dad", "wife", "husband", "boyfriend", "girlfriend", "friend",
     "sibling", "cousin", "aunt", "uncle", "niece", "nephew", "grandparent", "doctor", "expert",
     "pro", "beginner", "rookie", "newbie", "introvert", "extrovert", "freshman", "sophomore",
     "junior", "senior", "graduate", "undergrad", "alum", "alumnus", "alumna", "ceo", "cto",
     "intern", "host", "hero", "star", "celebrity", "genius", "legend", "fan", "geek", "nerd",
     "foodie", "bookworm", "chemist", "surgeon", "medic", "paramedic", "cop", "detective",
     "spy", "soldier", "veteran", "marine", "sailor", "diplomat", "mayor", "president",
     "king", "queen", "prince", "princess", "bride", "groom", "dj", "mc"}
)


def unnamed_as_person(subject: Any, name: str, role: Any) -> bool:
    """A named third person (not a participant of the chat, not a relative or a placeholder),
    by name or by a pronoun resolved to one, given a role whose head names no person:
    "Michelin is a French company", "(Spiderman) ... he becomes an Avengers level guy"."""
    if any(p in name for p in PLACEHOLDERS) or "'s " in name:
        return False
    if subject.text in subject.doc.user_data.get(PARTICIPANTS, ()) or subject.pos_ not in (
        "PROPN", "PRON"
    ):
        return False
    return not names_a_person(role.lemma_.lower())


# People's roles by their word alone (no ending read): liked_kinds.py tells a person ("my
# friends") from a kind ("my burgers", which ends as "teacher" does).
PERSON_WORDS = _PERSON_WORDS


def names_a_person(word: str) -> bool:
    """Whether a lower-case noun lemma names a person by its role: "teacher", "nurse", "mom"."""
    return word in _PERSON_WORDS or word.endswith(_PERSON_ENDINGS)


def named_third_party(subject: Any) -> bool:
    """Whether a subject is a name that is not one of the chat's speakers: "Dragon Ball is all
    about the power fantasy" tells what a named work is about (the small model tags it PERSON),
    not what a person likes."""
    return subject.pos_ == "PROPN" and subject.text not in subject.doc.user_data.get(
        PARTICIPANTS, ())

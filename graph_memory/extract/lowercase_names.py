"""Chat's lower-case name after one's own pet or relative: "my dog max is sick", "i love my
dog max", "my boyfriend jake is great". The small model tags the name a proper noun but makes
it the phrase's head, with the role its compound ("dog max"), so no role is read and the
liking reads "dog max"; the capitalised "my dog Max is sick" parses with the role the head and
the name its apposition. Mended, in place, to that parse, which people.named_appositive then
reads (its lower-case path). Only a lower-case proper noun that ends the phrase, right after a
role from the list owned by "my" / "our" (not "my dog food", "my cat toys": no proper noun)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.open_vocabulary import SPEAKER_POSSESSIVES

_ROLES = frozenset(
    {"dog", "cat", "puppy", "kitten", "pup", "bunny", "rabbit", "hamster", "parrot", "horse"}
    | {"mom", "dad", "mother", "father", "sister", "brother", "son", "daughter", "husband",
       "wife", "boyfriend", "girlfriend", "bf", "gf", "fiance", "fiancee", "fiancé", "partner",
       "cousin", "aunt", "uncle", "grandma", "grandpa", "niece", "nephew", "bestfriend"}
)


def mend_lowercase_names(doc: Any) -> None:
    """Mend, in place, each "<my> <role> <name>" read with the name as the phrase's head."""
    for name in doc:
        if name.tag_ != "NNP" or not name.text.islower() or not name.is_alpha:
            continue
        if name.is_stop or len(name.text) < 3 or name.i < 2:
            continue
        role, owner = doc[name.i - 1], doc[name.i - 2]
        if role.lower_ not in _ROLES or role.dep_ != "compound" or role.head.i != name.i:
            continue
        if owner.lower_ not in SPEAKER_POSSESSIVES or owner.head.i != name.i:
            continue
        if {c.i for c in name.children} != {role.i, owner.i}:
            continue
        root = name.head.i == name.i
        role.head = role if root else name.head
        role.dep_ = "ROOT" if root else name.dep_
        owner.head = role
        name.head, name.dep_ = role, "appos"


# The lower-case words without one of which mend_lowercase_names changes nothing
# (parse_mends skips it on a message holding none).
MEND_TRIGGERS = _ROLES

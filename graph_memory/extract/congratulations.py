"""Congratulations and praise of a deed: "Congrats on finishing your first marathon!",
"Congratulations on adopting a puppy!", "Kudos for getting into running!", "Good job on
passing your driving test!", "Great job finishing your first marathon!", "Well done on ...",
"I'm so proud of you for running a marathon!" -> the addressee's deed, done (the guidelines:
what is told back counts when it states a fact about the addressee, as "Congrats on your new
job at Spotify!" does). The gerund has no subject; its doer is the one praised. Only a plain
statement: not a question ("Congrats on finishing it?"), a hypothetical ("I'd be proud of you
for ..."), nor a denial inside the deed; "I have a good job working at Google" praises
nothing."""

from __future__ import annotations

from typing import Any

# The words that congratulate: "Congrats on ...", "Congratulations on ...", "Kudos for ...",
# "Props for ...", "Hats off to you for ...".
_CONGRATULATING = frozenset(
    {"congrats", "congratulations", "congratulation", "kudos", "congrat", "props", "hats"}
)
# "Good job on ...", "Great work finishing ...": a work praised, the sentence's exclamation.
_PRAISED = frozenset({"job", "work"})
_PRAISE = frozenset(
    {"good", "great", "nice", "awesome", "amazing", "excellent", "fantastic", "incredible"}
    | {"wonderful", "brilliant", "impressive", "terrific", "solid"}
)


def congratulated(verb: Any) -> bool:
    """Whether the verb is the deed congratulated or praised (the gerund after the praise)."""
    if verb.tag_ != "VBG" or any(c.dep_ in ("nsubj", "neg") for c in verb.children):
        return False
    if any(t.text == "?" for t in verb.sent):
        return False
    if verb.dep_ == "pcomp" and verb.head.lower_ in ("on", "for"):
        return _praising(verb.head.head)
    if verb.dep_ in ("acl", "advcl"):
        return _praised_work(verb.head)  # "Great job finishing your first marathon!"
    return False


def _praising(word: Any) -> bool:
    """The word the "on" / "for" hangs on praises the one addressed."""
    lower = word.lower_
    if lower in _CONGRATULATING:
        return True
    if lower == "done":  # "Well done on ..."
        return word.dep_ == "ROOT" and any(c.lower_ == "well" for c in word.children)
    if lower == "proud":  # "(I'm so) proud of you for ..."
        of_you = any(c.lower_ == "of" and any(g.lower_ in ("you", "u") for g in c.children)
                     for c in word.children)
        frame = [word, word.head] if word.dep_ == "acomp" else [word]
        plain = not any(c.tag_ == "MD" or c.dep_ == "neg" for w in frame for c in w.children)
        return of_you and plain and frame[-1].dep_ == "ROOT"
    return _praised_work(word)


def _praised_work(word: Any) -> bool:
    """ "Good job", "great work": the exclamation itself, no job of anyone's ("a good job")."""
    if word.lemma_.lower() not in _PRAISED or word.dep_ != "ROOT":
        return False
    if any(c.dep_ in ("det", "poss") for c in word.children):
        return False
    return any(c.dep_ == "amod" and c.lower_ in _PRAISE for c in word.children)


def congratulated_thing(noun: Any) -> bool:
    """ "Congrats on the new puppy!", "Congratulations on the baby!": what the addressee is
    congratulated on having (roles.py reads a pet or a child so; "your new puppy" is theirs by
    its "your" already). Not a question, nor someone else's ("on Tom's puppy")."""
    if noun.dep_ != "pobj" or noun.head.lower_ not in ("on", "for"):
        return False
    if noun.head.head.lower_ not in _CONGRATULATING:
        return False
    if any(c.dep_ == "poss" for c in noun.children):
        return False
    return not any(t.text == "?" for t in noun.sent)

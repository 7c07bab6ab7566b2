"""Congratulations on a deed: "Congrats on finishing your first marathon!", "Congratulations
on adopting a puppy!" -> the addressee's deed, done (the guidelines: what is told back counts
when it states a fact about the addressee, as "Congrats on your new job at Spotify!" does).
The gerund after "congrats on" has no subject; its doer is the one congratulated. Only a plain
statement: not a question ("Congrats on finishing it?"), nor a denial inside the deed."""

from __future__ import annotations

from typing import Any

# The words that congratulate: "Congrats on ...", "Congratulations on ...", "Kudos on ...".
_CONGRATULATING = frozenset({"congrats", "congratulations", "congratulation", "kudos", "congrat"})


def congratulated(verb: Any) -> bool:
    """Whether the verb is the deed of "Congrats on <doing>" (the gerund under its "on")."""
    if verb.dep_ != "pcomp" or verb.tag_ != "VBG" or verb.head.lower_ != "on":
        return False
    if verb.head.head.lower_ not in _CONGRATULATING:
        return False
    if any(c.dep_ in ("nsubj", "neg") for c in verb.children):
        return False
    return not any(t.text == "?" for t in verb.sent)

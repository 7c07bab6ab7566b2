"""Mentions of a role that say no one is had: a partner of a class or of work ("me and my partner
had to do a presentation for our math class", "my lab partner"), the addressee's relative or pet
in a supposition ("if your kid came across a fish and killed it": anyone's kid), one to come
("my future wife", "my dream dog") and a pet had once ("I only had dogs before", "I had a cat
when I was little"). roles.py asks these."""

from __future__ import annotations

from typing import Any

# Partners of a task: "my lab partner", "a study partner", "my dance partner".
_TASK_PARTNERS = frozenset(
    {"lab", "study", "project", "class", "business", "dance", "tennis", "workout", "gym",
     "training", "sparring", "research", "debate", "writing", "chess", "climbing", "running",
     "accountability", "group", "presentation", "reading", "language", "exchange"}
)
# Work of school a partner is told beside: the partner of that work (not a class or a project
# of any kind: "my partner and I took a dance class", "our renovation project").
_SCHOOLWORK = frozenset(
    {"presentation", "assignment", "homework", "lab", "essay", "experiment", "worksheet"}
)
_SUPPOSING = frozenset({"if", "unless", "whenever"})
_ADDRESSEE = frozenset({"your", "ur", "yo"})
_ONCE = frozenset({"before", "previously", "formerly", "once"})
# Words that make a relative or a pet one to come or imagined: "my future wife", "my dream dog".
_TO_COME = frozenset({"future", "dream", "imaginary", "hypothetical", "potential", "ideal"})
_WOULD = frozenset({"would", "'d", "could", "might"})


def task_partner(noun: Any) -> bool:
    """ "my lab partner", "me and my partner had to do a presentation for our math class": a
    partner of a task or of school work, no partner in life ("my partner and I moved")."""
    if noun.lemma_.lower() != "partner":
        return False
    if any(c.dep_ in ("compound", "amod") and c.lower_ in _TASK_PARTNERS for c in noun.lefts):
        return True
    return any(t.lemma_.lower() in _SCHOOLWORK for t in noun.sent)


def supposed_of_addressee(noun: Any) -> bool:
    """ "if your kid came across a fish ..., it would be ...": the addressee's relative or pet in
    a supposition against the facts, anyone's. Only there: "if your brother got blocked too it
    must've been a mistake" and "I'm not sure if your girlfriend would like it" speak of one the
    addressee has, and "if my sister visits" still says the speaker has one."""
    if not any(c.dep_ == "poss" and c.lower_ in _ADDRESSEE for c in noun.children):
        return False
    token = noun
    while token.head.i != token.i:
        token = token.head
        if any(c.dep_ == "mark" and c.lower_ in _SUPPOSING for c in token.children):
            return _counterfactual(token)
    return False


def _counterfactual(supposed: Any) -> bool:
    """A past supposition whose consequence is told with "would" or "could": "if your kid came
    across a fish, it would be much less of a red flag"."""
    if supposed.tag_ != "VBD" or any(c.tag_ == "MD" for c in supposed.children):
        return False
    consequence = supposed.head
    return consequence.i != supposed.i and any(
        c.tag_ == "MD" and c.lower_ in _WOULD for c in consequence.children
    )


def had_once(verb: Any) -> bool:
    """ "I only had dogs before", "I had a cat when I was little", "I've had cats before": a pet
    had in the past, none said to be had now ("I've had my dog for 5 years" is had now)."""
    if verb.lemma_.lower() != "have":
        return False
    if any(c.dep_ == "advmod" and c.lower_ in _ONCE for c in verb.children):
        return True
    past_aux = any(c.dep_ == "aux" and c.lower_ == "did" for c in verb.children)
    return verb.tag_ == "VBD" or past_aux


def to_come(noun: Any) -> bool:
    """ "I don't want my future wife to get sick", "my ideal partner", "my dream dog": one
    hoped for or imagined, not had now ("my ex" is the role patterns' own business)."""
    return any(c.dep_ in ("amod", "compound") and c.lower_ in _TO_COME for c in noun.lefts)

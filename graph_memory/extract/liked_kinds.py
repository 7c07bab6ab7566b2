"""A kind liked in a way, said with "my" or "our": "I like my drinks cold", "i like my
carbonated drinks to be super cold", "I like my oysters simply sauteed in butter", "I like my
coffee black", "I usually enjoy my side dishes simple", "we quite love our burgers here". The
possessive is no owner here: "my drinks" are the drinks the speaker has whenever they have
one, and what is liked is the kind ("carbonated drink"), not "<speaker>'s carbonated drink".
Two ways of saying so are read:
- a state the kind is liked in, after it ("cold", "to be super cold", "sauteed in butter"):
  the kind is liked so, the state its key (as "for breakfast" is the key of a liking);
- "we" with "our" and the place the speaker speaks for ("here", "in Texas"): what a place's
  people love ("here in San Francisco we love our burgers") is a liking of the kind, no key.
Not a person ("I like my friends honest": whom one likes), not a wish ("I want my coffee
hot"), not how much ("I like my job a lot", "I love my cat so much"), and only "my" and
"our" ("you like your coffee black" is the addressee's, and read elsewhere if at all).
Used by kinds.py (verb_matches)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name, ner_label, phrase_text, with_conjuncts
from graph_memory.extract.objects import VAGUE, Found
from graph_memory.extract.open_vocabulary import PLACE_LABELS, SPEAKER_POSSESSIVES
from graph_memory.extract.person_nouns import PERSON_WORDS

# Where the small model hangs the state after the kind: "cold" (ccomp, advmod, oprd), "to be
# super cold" (xcomp "be"), "simply sauteed" (a ccomp whose subject is the kind); after a longer
# or framed clause it makes the state an adverbial clause of the liking ("I usually enjoy my
# side dishes simple", "since i like my carbonated drinks to be super cold that i can ...").
_STATE_DEPS = frozenset({"ccomp", "xcomp", "oprd", "advmod", "acomp", "advcl"})
# The kind as the liking's object, however the parser labels it ("my coffee" a dative).
_KIND_DEPS = frozenset({"dobj", "dative"})
# How much, not which state: "I like my job fine", "I love my cat so much".
_AMOUNTS = frozenset({"much", "more", "most", "better", "best", "well", "fine", "okay", "ok"})
_MODIFIERS = frozenset({"amod", "compound", "nmod"})
# Clauses hung on the state, no part of it: "super fizzy that it burns a bit".
_CLAUSES = frozenset({"ccomp", "advcl", "relcl", "mark"})
# People said by a word for any person (roles and relatives come from the ontology).
_PEOPLE = frozenset({"people", "person", "guy", "girl", "boy", "man", "woman", "men", "women"})


def liked_kind(
    verb: Any, objects: list[Any], roles: frozenset[str]
) -> tuple[list[Found | None], str | None] | None:
    """The kinds liked and the state they are liked in (None for none), or None where the
    liking is of no kind said with "my" / "our"."""
    if verb.lemma_.lower() == "want" or any(c.tag_ == "MD" for c in verb.children):
        return None
    for state in _states_after(verb):
        if state.dep_ not in _STATE_DEPS or not _a_state(state):
            continue
        kind = _kind_before(verb, state, objects)
        if kind is not None and _a_kind(kind, roles):
            return [_kind_found(kind)], _state_text(state)
    # plural, a kind ("our burgers"), not the one thing owned ("we love our dog here")
    kinds = with_conjuncts(objects[:1])
    plural = bool(objects) and objects[0].tag_ == "NNS" and len(kinds) == len(objects)
    if plural and _locals_say(verb) and _a_kind(objects[0], roles, ("our",)):
        return [_kind_found(k) for k in kinds], None
    return None


def _states_after(verb: Any) -> list[Any]:
    """Where the state may hang: on the liking, or, when the liking is itself a framed clause
    ("Thats interesting since i like my carbonated drinks to be super cold"), on the frame's
    verb after it (the kind must still come right before it: _kind_before)."""
    states = list(verb.children)
    if verb.dep_ in ("advcl", "ccomp") and verb.head.i != verb.i:
        states += [c for c in verb.head.children if c.i > verb.i]
    return states


def _a_state(state: Any) -> bool:
    """ "cold", "sauteed", "to be super cold": an adjective or a participle (not "so much")."""
    if state.lower_ in _AMOUNTS:
        return False
    if state.lemma_.lower() == "be":  # "to be super cold"
        return any(c.dep_ == "aux" and c.lower_ == "to" for c in state.children) and any(
            c.dep_ == "acomp" and c.tag_ == "JJ" for c in state.children)
    participle = state.tag_ in ("VBD", "VBP") and state.lower_.endswith("ed")  # "sauteed"
    return state.tag_ in ("JJ", "VBN") or participle


def _kind_before(verb: Any, state: Any, objects: list[Any]) -> Any | None:
    """The liking's object right before the state ("my drinks cold"), or the state's own
    subject ("my oysters simply sauteed", which the parser makes a clause)."""
    kinds = [o for o in objects if o.dep_ in _KIND_DEPS and o.head.i == verb.i and o.i < state.i]
    if not kinds:
        kinds = [c for c in verb.children if c.dep_ == "dative" and c.i < state.i]
    if not kinds and state.dep_ == "ccomp":
        kinds = [c for c in state.children if c.dep_ == "nsubj" and c.i < state.i]
        if any(c.dep_ in ("aux", "auxpass") for c in state.children):
            return None  # "my drinks have been cold": a clause of its own, no manner
    if not kinds:
        return None
    kind = kinds[-1]
    # nothing between the kind and its state but the state's own words ("super", "to be"):
    # not "I love my job, it's cool"
    inside = {t.i for t in state.subtree}
    if any(i not in inside for i in range(kind.right_edge.i + 1, state.i)):
        return None
    return kind


def _a_kind(noun: Any, roles: frozenset[str], owners: tuple[str, ...] = ("my", "our")) -> bool:
    lemma = noun.lemma_.lower()
    if noun.pos_ != "NOUN" or lemma in roles or lemma in PERSON_WORDS or lemma in _PEOPLE:
        return False  # "I like my friends honest": whom
    if lemma in VAGUE or noun.lower_ in VAGUE:
        return False  # "I like my things organized": which things?
    poss = [c for c in noun.children if c.dep_ == "poss"]
    return len(poss) == 1 and poss[0].lower_ in SPEAKER_POSSESSIVES and poss[0].lower_ in owners


def _locals_say(verb: Any) -> bool:
    """ "we love our burgers here", "here in San Francisco we love our burgers": "we" speaking
    for a place (said anywhere in the sentence: the parser may hang it on "I must say")."""
    if not any(c.dep_ == "nsubj" and c.lower_ == "we" for c in verb.children):
        return False
    for token in verb.sent:
        if token.lower_ == "here" and token.dep_ == "advmod":
            return True
        placed = token.head.dep_ == "prep" and token.head.lower_ == "in"
        if token.ent_type_ in PLACE_LABELS and placed:
            return True
    return False


def _kind_found(kind: Any) -> Found:
    """The kind with the words that say what it is ("carbonated drink"), without "my"."""
    words = [t for c in kind.lefts if c.dep_ in _MODIFIERS for t in c.subtree]
    return Found(canonical_name([*words, kind]), ner_label(kind), [*words, kind])


def _state_text(state: Any) -> str:
    """ "super cold" of "to be super cold", "sauteed in butter" of "simply sauteed in butter"."""
    if state.lemma_.lower() == "be":
        state = next(c for c in state.children if c.dep_ == "acomp")
    # its words without its subject, and before it only a degree word ("super", "ice" cold,
    # "medium" rare; not "simply")
    words = [t for t in state.subtree if not (t.dep_ in ("nsubj", "aux") or (t.i < state.i and (
        t.dep_ not in ("advmod", "amod", "npadvmod") or t.lower_.endswith("ly"))))]
    words = [t for t in words
             if not any(a.dep_ == "nsubj" for a in t.ancestors if a.i != state.i)]
    # not a clause of its own after it ("super fizzy that it burns a bit")
    clauses = {t.i for c in state.children if c.dep_ in _CLAUSES for t in c.subtree}
    words = [t for t in words if t.i not in clauses]
    return phrase_text(words).lower()

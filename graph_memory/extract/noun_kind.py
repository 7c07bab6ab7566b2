"""The grammar of the `noun` pattern kind (see patterns.py and ontology/README.md): a head
noun had by the speaker or owned by a possessive, with its object in a modifier or a
prepositional phrase ("I have a peanut allergy", "I'm a huge fan of jazz", "my nut allergy")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    canonical_name,
    determiners,
    is_be,
    ner_label,
    with_conjuncts,
)
from graph_memory.extract.kinds import used_to_cue
from graph_memory.extract.match import Match, Who, clause_subject, make_matches, polarity, who
from graph_memory.extract.objects import Found, examples, lower_set, noun_object, object_ok
from graph_memory.extract.patterns import NounPattern
from graph_memory.extract.people import owner_placeholder
from graph_memory.extract.preposition_objects import exceptions, prep_objects

# What one is "much of", "more of" or "a bit of": "not much of a fan of X".
_DEGREE_NOUNS = frozenset({"much", "more", "less"})
# Verbs that end what a possessed noun held: "I quit my job at Amazon", "I got fired from my
# job at Amazon", "I resigned from my position at Google".
_ENDING_VERBS = frozenset({"quit", "leave", "lose", "resign", "retire", "fire", "lay", "sack"})


def noun_matches(
    noun: Any, relation: str, pattern: NounPattern, roles: frozenset[str]
) -> list[Match]:
    verb = None
    if noun.dep_ in ("dobj", "attr"):
        verb = noun.head
    elif noun.dep_ == "pobj" and noun.head.dep_ == "prep":
        verb = noun.head.head  # "I'm on a vegan diet"
        if verb.lower_ == "back" and verb.dep_ in ("advmod", "prt"):
            verb = verb.head  # "we just got back from a trip to Italy"
        if verb.lower_ in _DEGREE_NOUNS and noun.head.lower_ == "of" and verb.dep_ == "attr":
            verb = verb.head  # "I'm not much of a fan of X", "I'm more of a cat person"
    verbs = lower_set(pattern.verbs)
    owned = verb is not None and (verb.lemma_.lower() in verbs or ("be" in verbs and is_be(verb)))
    subject: Who | None = None
    if owned:
        subject_token = clause_subject(verb)
        subject = who(subject_token, pattern, roles) if subject_token is not None else None
        if subject is None:
            return []
    else:
        # "my nut allergy", and "your new job at Spotify": the addressee's.
        if not pattern.possessive_owner:
            return []
        owners = [owner_placeholder(c) for c in noun.children if c.dep_ == "poss"]
        if not owners or owners[0] is None:
            return []
        subject = Who(owners[0], "", True, [])
    clause = verb if owned else noun
    told = not owned and pattern.tense == "past" and noun.dep_ == "nsubj"
    if told:
        clause = noun.head  # "My trip to Japan was amazing" (not "... is next month")
    negated = polarity(clause, pattern, ("would", "will", "can"))
    if negated is None:
        return []
    if told:
        negated = False  # "My trip to Japan wasn't great" denies the judgement, not the trip
    if not owned and _ended(noun):
        negated = True  # "I quit my job at Amazon": no longer there
    # "I have no interest in politics", "I'm no fan of jazz": the noun denies it.
    negated = negated or any(c.dep_ == "det" and c.lower_ == "no" for c in noun.children)
    modifier_deps = {"compound": ("compound",), "any": ("compound", "amod"), "none": ()}[
        pattern.modifiers
    ]
    found: list[Found | None] = []
    for child, tokens in _modifier_phrases(noun, modifier_deps):
        child, tokens = _without_excluded_tail(child, tokens, pattern)
        name = canonical_name(tokens)
        if name and object_ok(name, child, pattern):
            found.append(Found(name, ner_label(child), tokens))
    # "I've got an allergy to penicillin": the parser may hang "to ..." on the verb.
    heads = [noun, verb] if owned and noun.dep_ == "dobj" else [noun]
    # "I got a job as a cashier at Target": the "at" may hang on the role.
    heads += [g for c in noun.children if c.dep_ == "prep" and c.lower_ == "as"
              for g in c.children if g.dep_ == "pobj"]  # fmt: skip
    preps = [c for h in heads for c in h.children if c.dep_ == "prep"]
    objects = [g for p in preps if p.lower_ in pattern.prepositions for g in prep_objects(p)]
    objects = [examples(o) for o in objects]
    found.extend(_fandom(noun, noun_object(o, pattern)) for o in with_conjuncts(objects))
    cue = used_to_cue(verb) if owned else None
    matches = make_matches(relation, pattern, subject, found, negated, [clause, noun], None, cue)
    # "I'm not a fan of sports other than tennis": the exception is held.
    excepted = [noun_object(o, pattern) for o in exceptions(objects)] if negated else []
    return matches + make_matches(relation, pattern, subject, excepted, False, [clause, noun])


def _modifier_phrases(noun: Any, deps: tuple[str, ...]) -> list[tuple[Any, list[Any]]]:
    """Each modifier of the noun with its words; noun compounds side by side are one phrase
    (lower-case "a harrison ford history guy", "a tree nut allergy": the parser hangs each
    compound on the head, and each alone names nothing), their last the phrase's head."""
    phrases: list[tuple[Any, list[Any]]] = []
    for child in noun.lefts:
        if child.dep_ not in deps:
            continue
        tokens = list(child.subtree)
        if phrases and child.dep_ == "compound" and phrases[-1][0].dep_ == "compound" and (
            phrases[-1][1][-1].i + 1 == tokens[0].i
        ):
            phrases[-1] = (child, phrases[-1][1] + tokens)
        else:
            phrases.append((child, tokens))
    return phrases


def _without_excluded_tail(
    child: Any, tokens: list[Any], pattern: Any
) -> tuple[Any, list[Any]]:
    """A phrase of compounds whose last word the pattern excludes, without it: "a physics grad
    student", "a chemistry PhD student" name the field (physics, chemistry) before the level
    (grad, phd); a phrase of one word is left as it is."""
    excluded = lower_set(pattern.exclude_objects)
    while len(tokens) > 1 and tokens[-1].lemma_.lower() in excluded:
        if tokens[-2].dep_ != "compound":
            break
        tokens = tokens[:-1]
        child = tokens[-1]
    return child, tokens


def _ended(noun: Any) -> bool:
    """ "I quit my job at Amazon", "I was laid off from my job at Amazon": the possessed noun
    is what a verb of ending took away."""
    verb = noun.head
    if noun.dep_ == "pobj" and noun.head.lower_ == "from":
        verb = noun.head.head
    elif noun.dep_ != "dobj":
        return False
    if any(c.dep_ == "neg" for c in verb.children):
        return False  # "I didn't quit my job at Amazon": still there
    return verb.pos_ in ("VERB", "AUX") and verb.lemma_.lower() in _ENDING_VERBS


def _fandom(noun: Any, found: Found | None) -> Found | None:
    """ "a fan of the Pistons", "a fan of the beatles": a team or band is named by "the" and
    its plural, written in lower case too; the plural is its name, not a count to drop."""
    if found is None or noun.lemma_.lower() not in ("fan", "fans"):
        return found
    head = max(found.tokens, key=lambda t: t.i)
    if head.tag_ not in ("NNS", "NNPS") or "the" not in determiners(head):
        return found
    return Found(canonical_name(found.tokens, keep_counts=True), found.label, found.tokens)


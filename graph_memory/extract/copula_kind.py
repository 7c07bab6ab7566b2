"""The grammar of the clause pattern kind `copula` (see patterns.py and ontology/README.md):
"I'm a nurse", "I'm allergic to peanuts", "I'm vegetarian" read from a form of "be" and its
complement, returning the matches of one pattern."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    canonical_name,
    has_to,
    is_negated,
    ner_label,
    noun_phrase,
    with_conjuncts,
)
from graph_memory.extract.goal_clauses import clause_object
from graph_memory.extract.kinds import used_to_cue
from graph_memory.extract.match import (
    Match,
    clause_subject,
    make_matches,
    polarity,
    who,
)
from graph_memory.extract.objects import (
    NOT_OBJECT_POS,
    Found,
    examples,
    lower_set,
    noun_object,
    object_ok,
)
from graph_memory.extract.open_vocabulary import HOLLOW_OBJECTS, LIKINGS
from graph_memory.extract.passing_plans import passing_plan
from graph_memory.extract.patterns import CopulaPattern
from graph_memory.extract.people import PLACEHOLDERS
from graph_memory.extract.person_nouns import unnamed_as_person
from graph_memory.extract.preposition_objects import prep_objects

_ARTICLES = frozenset({"a", "an"})
_PASSING = frozenset({"today", "tonight", "rn"})
_DEGREES = frozenset({"little", "bit", "tad", "lil"})


def _quoted(token: Any) -> bool:
    """Whether the phrase of the token stands in quotes (a title: "Blue Rider")."""
    doc = token.doc
    start, end = token.left_edge.i, token.right_edge.i
    around = [doc[i] for i in (start - 1, end + 1) if 0 <= i < len(doc)]
    return any(t.text in ('"', "\u201c", "\u201d", "'") for t in around)


def copula_matches(
    complement: Any, be: Any, relation: str, pattern: CopulaPattern, roles: frozenset[str]
) -> list[Match]:
    subject_token = clause_subject(be)
    if subject_token is None:
        return []
    subject = who(subject_token, pattern, roles)
    if subject is None:
        return []
    negated = polarity(be, pattern)
    if negated is None:
        return []
    # "I'm no longer vegetarian": the parser may hang "no longer" on the complement.
    negated = negated or is_negated(complement)
    found: list[Found | None] = []
    if pattern.adjectives:
        if complement.lemma_.lower() not in lower_set(pattern.adjectives):
            return []
        if pattern.object == "clause":  # "I'm determined to finish my degree"
            found = [clause_object(x, pattern) for x in complement.children
                     if x.dep_ == "xcomp" and has_to(x) and not passing_plan(x)]
            return make_matches(relation, pattern, subject, found, negated, [be, complement])
        objects = [c for c in complement.children if c.dep_ in ("npadvmod", "dobj", "attr", "pobj")]
        misparsed: list[Any] = []
        for head in (complement, be):
            for prep in head.children:
                if prep.dep_ == "prep" and prep.lower_ in pattern.prepositions:
                    objects.extend(prep_objects(prep))
                # "allergic to shellfish": the small model reads "to shellfish" as a verb.
                lone = has_to(prep) and prep.n_lefts == 1
                if prep.dep_ == "xcomp" and "to" in pattern.prepositions and lone:
                    misparsed.extend(with_conjuncts([prep]))
        found.extend(noun_object(t, pattern, misparsed=True) for t in misparsed)
        objects = [examples(o) for o in objects]
        found.extend(noun_object(o, pattern) for o in with_conjuncts(objects))
        if objects or misparsed:
            # "allergic to peanuts and shellfish": a lone last conjunct hung on the verb (and
            # on "allergic to shellfish and peanuts" too, its "to shellfish" read as a verb).
            last = max(o.i for o in [*objects, *misparsed])
            found.extend(
                noun_object(c, pattern, misparsed=True)
                for head in (complement, be) for c in head.children
                if c.dep_ == "conj" and c.i > last and not any(
                    not g.is_punct for g in c.children)
            )  # fmt: skip
    elif pattern.indefinite:
        articles = [c for c in complement.lefts if c.dep_ == "det" and c.lower_ in _ARTICLES]
        if complement.pos_ != "NOUN" or complement.dep_ != "attr" or not articles:
            return []
        if not any(p in subject.name for p in PLACEHOLDERS) and _quoted(subject_token):
            return []  # '"Blue Rider" is a captivating painting': a title, no person
        if any(c.dep_ == "prep" and c.lower_ == "of" for c in complement.rights):
            return []  # "a fan of jazz", "a bit of a foodie"
        between = complement.doc[be.i + 1 : complement.i]
        if any(t.lower_ in _DEGREES and t.i > 0 and t.doc[t.i - 1].lower_ == "a" for t in between):
            return []  # "my parents are a little old school", "Im a bit messy": a trait, no role
        if unnamed_as_person(subject_token, subject.name, complement):
            return []  # "Michelin is a French company", "Springs is an easy day trip"
        if complement.lemma_.lower() in HOLLOW_OBJECTS and not any(
                c.dep_ == "compound" for c in complement.lefts):
            return []  # "I'm also a point in my life where ...": no role ("a people person" is)
        if any(t.lower_ in LIKINGS and t.doc[t.i - 1].dep_ == "cc" for t in between):
            return []  # "I'm a vegan and love cooking": a liking the parser glued to the role
        judged = lower_set(pattern.exclude_modifiers)
        if any(c.dep_ == "amod" and {c.lemma_.lower(), c.lower_} & judged
               for c in complement.lefts):
            return []  # "I'm a terrible parent haha": a joke or a judgement, no identity
        tokens = [
            t for t in noun_phrase(complement) if t.dep_ in ("amod", "compound") or t == complement
        ]
        name = canonical_name(tokens)
        letter = len(name) == 1 and name.islower()  # "I'm definitely an e": no role
        if name and not letter and object_ok(name, complement, pattern):
            found.append(Found(name, "", tokens))
    elif complement.pos_ not in NOT_OBJECT_POS:
        if any(t.lower_ in _PASSING for h in (be, complement) for t in h.children):
            return []  # "I am a bit sick today": a passing state, no condition or diet
        if any(p.dep_ == "prep" and p.lower_ == "of"
               for h in (complement, *complement.conjuncts) for p in h.children):
            return []  # "I'm sick of Netflix", "sick and tired of it": fed up, no condition
        # The complement itself, with its modifiers but not its adverbs: "lactose intolerant".
        tokens = [complement]
        for child in complement.lefts:
            if child.lower_ in _DEGREES:
                continue  # "I am still a little sick": how much, no part of the state
            if child.dep_ in ("amod", "compound", "npadvmod", "nmod") and child.pos_ != "ADV":
                tokens.extend(child.subtree)
            # "gluten-free": the small model may call "gluten" an adverb of "free".
            elif child.tag_ == "HYPH" or (
                child.dep_ == "advmod" and child.pos_ != "ADV" and child.i + 2 == complement.i
            ):
                tokens.append(child)
        name = canonical_name(tokens)
        if name and object_ok(name, complement, pattern):
            found.append(Found(name, ner_label(complement), tokens))
    return make_matches(
        relation, pattern, subject, found, negated, [be, complement], None, used_to_cue(be)
    )

"""The grammar of the clause pattern kind `verb` (see patterns.py and ontology/README.md;
`copula` is copula_kind.py's, `noun` noun_kind.py's, `possessive` possessives.py's): each reads
one construction of spaCy's parse and returns the matches of one pattern."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.called_likings import called_liking
from graph_memory.extract.canonical import (
    WH_TAGS,
    determiners,
    has_to,
    is_be,
    with_conjuncts,
)
from graph_memory.extract.congratulations import congratulated
from graph_memory.extract.context_keys import context_key, paired_contexts, with_accompaniment
from graph_memory.extract.contrasts import set_aside
from graph_memory.extract.evening_plans import evening_plan
from graph_memory.extract.experience_subject import speaker_lived
from graph_memory.extract.goal_clauses import clause_object, foretold_clauses
from graph_memory.extract.gone_doings import gone_doing
from graph_memory.extract.hollow import pointed_blend
from graph_memory.extract.liked_kinds import liked_kind
from graph_memory.extract.match import (
    USED_TO,
    Match,
    Who,
    clause_subject,
    implied_speaker,
    make_matches,
    misread_aux,
    polarity,
    used_to,
    who,
)
from graph_memory.extract.objects import (
    VAGUE,
    Found,
    examples,
    lower_set,
    noun_object,
    object_ok,
    unwrap_container,
)
from graph_memory.extract.open_objects import quoted_title
from graph_memory.extract.open_vocabulary import MAX_CONJUNCTS
from graph_memory.extract.passing_plans import passing_plan, set_ahead, wanted_for_now
from graph_memory.extract.pastimes import pastime_doing
from graph_memory.extract.patterns import (
    VerbPattern,
)
from graph_memory.extract.people import ADDRESSEE, SPEAKER
from graph_memory.extract.person_nouns import named_third_party
from graph_memory.extract.preposition_objects import (
    choice_between_doings,
    doings_after,
    exceptions,
    place_of_span,
    prep_objects,
    went_to_study_or_work,
)

_GERUND_PREPOSITIONS = frozenset({"on"})
_OBJECT_DEPS = frozenset({"dobj", "oprd"})


def used_to_cue(verb: Any) -> str | None:
    """The cue of a past habit ("I used to play chess"), else None."""
    return USED_TO if used_to(verb) is not None else None


_NEW = frozenset({"new", "brand-new", "first"})
_REFLEXIVE = frozenset({"myself", "ourselves", "yourself", "himself", "herself", "themselves"})


def _acquired(verb: Any, obj: Any) -> bool:
    """ "got a new phone", "got myself a yoga set and a yoga mat": something newly had."""
    first = obj
    while first.dep_ == "conj" and first.head.i != first.i:
        first = first.head
    if any(c.dep_ == "amod" and c.lower_ in _NEW for c in (*obj.lefts, *first.lefts)):
        return True
    return any(c.dep_ in ("dative", "dobj") and c.lower_ in _REFLEXIVE for c in verb.children)


def _relative_objects(verb: Any, objects: list[Any]) -> list[Any]:
    """ "a bubble tea I made", "the cake that I baked": in a relative clause without an object
    of its own, the object is the noun the clause describes."""
    if verb.dep_ != "relcl" or (
        verb.head.pos_ not in ("NOUN", "PROPN") and verb.head.lower_ not in _PLACE_HOLDING
    ):
        return objects
    after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if not objects and after is not None and after.pos_ in ("NOUN", "PROPN") and (
        after.head.i != verb.i and after.dep_ in ("punct", "dep", "npadvmod", "appos")
    ):
        # "thats a really pretty tree i love fall": a run-on sentence, not a relative clause;
        # the noun the parser left hanging right after the verb is its object.
        return [after]
    nearest = max([verb.head.i, *(c.i for c in verb.head.conjuncts if c.i < verb.i)])
    if verb.left_edge.i > nearest + 2:
        # A relative clause follows its noun ("the cake that I baked"); one the parser hangs
        # on a noun far before it ("the thought of having a gym sounds nice lol ive been
        # going to the gym") is a sentence of its own.
        return objects
    if any(c.dep_ in ("xcomp", "ccomp") for c in verb.children):
        return objects  # "one tip I'd like to share": the tip is what is shared
    if any(c.dep_ == "prep" and not list(c.children) for c in verb.children):
        return objects  # "the concert I went to": the noun is the preposition's
    if any(c.dep_ == "advmod" and c.tag_ == "WRB" for c in verb.children):
        return objects  # "the festival where I went to a concert": the noun is where or when
    relative = [o for o in objects if o.tag_ in WH_TAGS or o.lower_ == "that"]
    if relative or not objects:
        return [*(o for o in objects if o not in relative), _named_by_be(verb.head)]
    return objects


def _hyphen_fragment(token: Any) -> bool:
    """A hyphenated word the parser split into sibling objects ('spider', '-', 'man' of "I
    love spider-man"): its first part stands for the whole word, the parts after the hyphen
    are none; after another object ("I took positive steps post-breakup") no part is one."""
    doc = token.doc

    def sibling_hyphen(i: int) -> bool:
        return 0 <= i < len(doc) and doc[i].text == "-" and doc[i].head.i == token.head.i

    if token.text == "-" or sibling_hyphen(token.i - 1):
        return True
    if not sibling_hyphen(token.i + 1):
        return False
    return any(c.dep_ == token.dep_ and c.i < token.i for c in token.head.children)


def _relative_pronoun(token: Any) -> bool:
    return token.tag_ in WH_TAGS or token.lower_ == "that"


def _stranded_preposition_objects(verb: Any, preps: list[Any]) -> list[Any]:
    """ "the recent concert I went to", "the festival that I went to": a relative clause whose
    preposition stands alone at its end (or has only the relative pronoun for its object); its
    object is the noun the clause describes (not "the day I went to the beach", where the
    preposition has its own object)."""
    if verb.dep_ != "relcl" or verb.head.pos_ not in ("NOUN", "PROPN"):
        return []
    stranded = [
        p for p in preps
        if p.head.i == verb.i and p.i > verb.i
        and (not list(p.children) or any(
            c.dep_ == "pobj" and _relative_pronoun(c) and c.i < verb.i for c in p.children))
    ]  # fmt: skip
    if not stranded or verb.left_edge.i > verb.head.i + 2:
        return []  # far from its noun, the clause is a sentence of its own (_relative_objects)
    return [_named_by_be(verb.head)]


def _lessened(verb: Any) -> bool:
    """ "I like coffee less these days", "I like tea less than coffee": a liking said to be
    smaller says neither that it holds nor that it does not (not "I like less sugar")."""
    for token in (verb, *(c for c in verb.children if c.dep_ == "dobj")):
        for child in token.children:
            if child.lower_ != "less":
                continue
            if (token is verb and child.dep_ == "advmod") or any(
                    g.dep_ == "prep" and g.lower_ == "than" for g in child.children):
                return True
    return False


def _planned_clauses(verb: Any, nouns: set[str]) -> list[Any]:
    """The "to" clause of the verb's object from `nouns`: "I have plans to visit Japan", "a plan
    for over the summer to visit a few islands"; none of "no plans to move"."""
    return [
        c for o in verb.children
        if o.dep_ == "dobj" and o.lemma_.lower() in nouns
        and not any(d.lower_ == "no" for d in o.children)
        for c in o.children if c.dep_ in ("acl", "relcl") and has_to(c)
    ]  # fmt: skip


_PURPOSE_DEPS = frozenset({"ccomp", "xcomp", "advcl"})


def _stranded_conjuncts(verb: Any, objects: list[Any]) -> list[Any]:
    """ "I got myself a new yoga set and a yoga mat to be prepared": the parser makes the
    object (or its last conjunct) the subject of the "to" clause after it; a "to" clause has
    no subject of its own, so that noun is the verb's object: the only one, or one more after
    the object's "and"."""
    out = []
    for clause in verb.children:
        if clause.dep_ not in _PURPOSE_DEPS or not has_to(clause) or clause.i < verb.i:
            continue
        for noun in clause.children:
            if noun.dep_ not in ("nsubj", "nsubjpass") or noun.pos_ not in ("NOUN", "PROPN"):
                continue
            before = noun.doc[noun.left_edge.i - 1] if noun.left_edge.i else None
            conjunct = before is not None and before.dep_ == "cc" and before.head in objects
            if conjunct or (not objects and noun.i > verb.i):
                out.extend(with_conjuncts([noun]))
    return out


# Words that hold the place of what a relative clause is about ("something I enjoy").
_PLACE_HOLDING = frozenset({"something", "thing", "one"})


def _named_by_be(noun: Any) -> Any:
    """ "One dish I love is lasagna", "a trope I don't like is a stamina system": the noun the
    clause describes is only a kind; what "is" names is the thing itself."""
    if noun.dep_ == "attr" and noun.lower_ in _PLACE_HOLDING and is_be(noun.head):
        # "Cooking is something I really enjoy": what "is" says it of is the thing itself
        subjects = [c for c in noun.head.children if c.dep_ == "nsubj"]
        return subjects[0] if subjects and subjects[0].pos_ in ("NOUN", "PROPN") else noun
    if noun.dep_ != "nsubj" or not is_be(noun.head):
        return noun
    named = [
        c for c in noun.head.children
        if (c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN"))
        or (c.dep_ == "acomp" and c.ent_type_)  # "... is Radiohead", tagged an adjective
    ]  # fmt: skip
    return named[0] if named else noun


def _has_auxiliary(verb: Any, lemmas: set[str]) -> bool:
    """Whether the verb carries an auxiliary of these lemmas, or the parser hung it on the
    next auxiliary ("I've been meaning": "'ve" on "been")."""
    auxes = [c for c in verb.children if c.dep_ == "aux"]
    auxes += [g for a in auxes for g in a.children if g.dep_ == "aux"]
    return any(a.lemma_.lower() in lemmas for a in auxes)


def _named_conjuncts(objects: list[Any], found: list[Found | None], pattern: VerbPattern
                     ) -> list[Found | None]:
    """A list with a listed object in it: its named items are alike ("I'm taking Data
    Analytics, Microeconomics and Business and Society": Business and Society too), up to the
    open fallback's cap on a list (a longer one runs on)."""
    unlisted = pattern.model_copy(update={"objects": ()})
    return [
        noun_object(o, unlisted) if f is None and o.pos_ == "PROPN" and i < MAX_CONJUNCTS else f
        for i, (o, f) in enumerate(zip(objects, found, strict=True))
    ]


def particles(verb: Any) -> list[str]:
    """The verb's particles ("sign up"), and the bare "part" of "take part" (the parser's
    object: "I took part in the marathon"; not "I took a part", "my part")."""
    out = [c.lower_ for c in verb.children if c.dep_ == "prt"]
    if verb.lemma_.lower() == "take":
        out += [c.lower_ for c in verb.children
                if c.dep_ == "dobj" and c.lower_ == "part" and c.n_lefts == 0]
    return out


def _verb_name(verb: Any, pattern: VerbPattern) -> str:
    """The verb's lemma, with its particle when the pattern names the phrasal verb ("sign up")."""
    lemma = str(verb.lemma_).lower()
    for particle in particles(verb):
        if f"{lemma} {particle}" in lower_set(pattern.verbs):
            return f"{lemma} {particle}"
    return lemma


def verb_matches(
    verb: Any, relation: str, pattern: VerbPattern, roles: frozenset[str]
) -> list[Match]:
    if pattern.adverbs and not any(
        c.dep_ == "advmod" and c.lower_ in lower_set(pattern.adverbs) for c in verb.children
    ):
        return []
    if pattern.auxiliaries and not _has_auxiliary(verb, lower_set(pattern.auxiliaries)):
        return []
    if pattern.direct_objects and not any(
        c.dep_ == "dobj" and c.lemma_.lower() in lower_set(pattern.direct_objects)
        for c in verb.children
    ):
        return []
    if pattern.ahead and not (set_ahead(verb) or evening_plan(verb)):  # or "tonight", named
        return []
    if pattern.now and set_ahead(verb):
        return []
    subject_token = clause_subject(verb, passive=pattern.passive)
    subject: Who | None
    if subject_token is None and congratulated(verb):
        subject = Who(ADDRESSEE, "PERSON", True, [])  # "Congrats on finishing your marathon!"
    elif subject_token is None:
        subject = None if pattern.passive else implied_speaker(verb, pattern)
    elif speaker_lived(subject_token, verb):
        # "my favorite part was exploring the ruins in Rome": the speaker's doing
        subject = Who(SPEAKER, "", True, [subject_token])
    else:
        subject = who(subject_token, pattern, roles)
    if subject is None:
        return []
    if is_be(verb) and "about" in lower_set(pattern.prepositions) and (
            subject_token is not None and named_third_party(subject_token)):
        return []  # "Dragon Ball is all about the power fantasy": what a named thing is about
    if not pattern.passive and any(c.dep_ == "nsubjpass" for c in verb.children):
        return []
    negated = polarity(verb, pattern, pattern.modals)
    if negated is None:
        return []
    if pattern.object == "noun" and wanted_for_now(verb):
        return []
    if pattern.key == "context" and _lessened(verb):
        return []
    key: str | None = _verb_name(verb, pattern) if pattern.key == "verb" else None
    excepted: list[Found | None] = []
    if pattern.object == "clause":
        xcomps = [c for c in verb.children if c.dep_ == "xcomp" and has_to(c)]
        if pattern.direct_objects:  # "I have plans to visit Japan": the plan's own clause
            xcomps += _planned_clauses(verb, lower_set(pattern.direct_objects))
        # "I want to learn to surf and to run a half marathon": each conjoined goal.
        xcomps += [
            t for x in xcomps for t in x.subtree
            if t.dep_ == "conj" and t.pos_ == "VERB" and has_to(t)
        ]  # fmt: skip
        if verb.lemma_ == "go":
            if any(c.dep_ == "aux" and c.lower_ == "been" for c in verb.children):
                # "I've been going to see a therapist": what one keeps doing, no plan.
                return []
            # "You're going to be nervous", "I'm going to be late": a state foretold, no plan;
            # so is what will go on ("I'm gonna keep collapsing after work").
            xcomps = [x for x in xcomps if not (is_be(x) and any(
                c.dep_ == "acomp" for c in x.children))]
            xcomps = [x for x in xcomps if not (x.lemma_ == "keep" and any(
                c.dep_ == "xcomp" and c.tag_ == "VBG" for c in x.children))]
        xcomps = [x for x in xcomps if not passing_plan(x)]
        if pattern.bare and verb.dep_ == "relcl":
            # "the shrimp risotto I love to cook": what is liked is the noun, not "cook"
            xcomps = [x for x in xcomps if any(c.dep_ == "dobj" for c in x.children)]
        found = [clause_object(c, pattern) for c in xcomps]
        # "I'm planning on going skiing" -> "go skiing"; "thinking of joining a book club".
        wanted = lower_set(pattern.prepositions) or _GERUND_PREPOSITIONS
        gerunds = [
            g for p in verb.children if p.dep_ in ("prep", "agent") and p.lower_ in wanted
            for g in doings_after(p)
        ]  # fmt: skip
        if pattern.gerund:  # "I'm considering moving to Denver"
            gerunds += [c for c in verb.children if c.dep_ == "xcomp" and c.tag_ == "VBG"]
        found += [clause_object(g, pattern, as_lemma=True) for g in gerunds
                  if not passing_plan(g)]
        if pattern.foretold:  # "I'm thinking I'll stay with my family"
            found = [clause_object(c, pattern, told=True) for c in foretold_clauses(verb)
                     if not passing_plan(c)]
    elif pattern.object == "doing":
        found = [pastime_doing(verb, pattern)]
    elif pattern.object == "predicate":
        found = [clause_object(verb, pattern, as_lemma=True, own=True)]
        wanted = lower_set(pattern.prepositions)
        if wanted and not any(c.dep_ == "prep" and c.lower_ in wanted for c in verb.children):
            found = []  # "he's going for Ms": only "going to <place>" is a trip
        if pattern.proper_noun:  # "I'm going to Japan", not "I'm going to the store"
            found = [f for f in found if f is not None and any(t.pos_ == "PROPN" for t in f.tokens)]
    else:
        if pattern.prepositions:
            heads = [verb, *(c for c in verb.children if c.dep_ == "dobj"
                             or (c.dep_ == "advmod" and c.lower_ in lower_set(pattern.adverbs))
                             # "we went skiing in Colorado": the place hangs on the doing
                             or (c.dep_ == "xcomp" and verb.lemma_ == "go"
                                 and (c.tag_ == "VBG" or c.lower_.endswith("ing"))))]
            # "I work as a nurse at Mercy Hospital": the "at" may hang on the role.
            heads += [g for c in verb.children if c.dep_ == "prep" and c.lower_ == "as"
                      for g in c.children if g.dep_ == "pobj"]  # fmt: skip
            wanted = lower_set(pattern.prepositions)
            preps = [
                c for h in heads for c in h.children
                if c.dep_ in ("prep", "agent", "dative") and c.lower_ in wanted
            ]  # fmt: skip
            choice = "over" in wanted  # "prefer X over / to Y": a choice between two
            if choice:
                preps += choice_between_doings(verb)
                if not any(c.dep_ == "dobj" for c in verb.children):  # "I prefer to text"
                    preps = [p for p in preps if p.lower_ != "to" or p.head.i != verb.i]
            # a doing only after "be" or "into" ("I'm not into betting on sports", "I got into
            # trying different teas") or a state told in the passive ("I'm drawn to writing
            # poetry", "obsessed with baking bread"); "looking forward to visiting X" is a
            # plan, a clause
            taken_by = pattern.passive and not (pattern.proper_noun or pattern.objects)
            objects = [g for p in preps for g in (
                prep_objects(p) if is_be(verb) or p.lower_ == "into" or taken_by
                else [c for c in p.children if c.dep_ == "pobj" or (
                    c.dep_ == "pcomp" and c.tag_ == "VBG" and choice)])
                if not _relative_pronoun(g)]  # fmt: skip
            objects += _stranded_preposition_objects(verb, preps)
            if went_to_study_or_work(verb):
                objects = [o for o in objects if o.head.lower_ == "to"]
            if pattern.proper_noun:
                objects = [place_of_span(o) for o in objects]
        else:
            objects = [
                c for c in verb.children
                if c.dep_ in _OBJECT_DEPS
                # "I love hiking", "I went hiking" (go + gerund is the activity); but "I
                # started prepping", "I tried asking": what was begun or tried is no deed.
                or (c.dep_ == "xcomp" and c.tag_ == "VBG"
                    and (pattern.key != "verb" or verb.lemma_ == "go"))
                or (c.dep_ == "xcomp" and c.pos_ == "NOUN")  # "I love hiking." misparsed
                # "for breakfast I like oatmeal", "I hate cilantro": the small model calls
                # such objects intj or advmod.
                or (
                    c.dep_ in ("intj", "advmod")
                    and c.i > verb.i
                    and c.pos_ in ("NOUN", "ADJ", "PROPN")
                    and (c.dep_ == "intj" or c.i == verb.i + 1)
                    and not c.lower_.endswith("ly")
                )
            ]  # fmt: skip
            objects = [o for o in _relative_objects(verb, objects) if not _hyphen_fragment(o)]
            gerund_verb = pattern.proper_noun and verb.tag_ == "VBG"
            if objects and pattern.key != "verb" and not gerund_verb:
                # "I love warm weather and going to the beach": the parser joins the gerund to
                # the verb; with no subject or auxiliary of its own it is a second object (not
                # a gerund's own conjunct: "was visiting the Louvre and seeing the Mona Lisa").
                objects += [
                    c for c in verb.children
                    if c.dep_ == "conj" and c.tag_ == "VBG"
                    and not any(g.dep_ in ("nsubj", "aux") for g in c.children)
                    and not set_aside(c)  # "I prefer cycling instead of running"
                ]  # fmt: skip
        # "My friends and I enjoy exploring ...": the gerund the parser made the verb's head.
        gerund = misread_aux(verb) if pattern.key != "verb" and not pattern.prepositions else None
        if gerund is not None:
            objects = [gerund]
        # "a lot of Playboi Carti and Lil Wayne": the conjuncts hang on the inner noun; "a cup
        # of tea and a slice of cake": or on the container, holding a thing of their own.
        objects += [c for o in objects if unwrap_container(o).i != o.i
                    for c in o.children if c.dep_ == "conj"]
        objects = [examples(unwrap_container(o)) for o in objects  # "the mix of ingredients": none
                   if not pointed_blend(o, unwrap_container(o))]  # fmt: skip
        objects = with_conjuncts(objects)
        if not pattern.prepositions and (pattern.acquired or pattern.key == "verb"):
            # things got, bought or done; not "I want my kids to be happy" (whom one wants)
            objects += _stranded_conjuncts(verb, objects)
        if pattern.acquired:
            objects = [o for o in objects if _acquired(verb, o)]
        if pattern.gerunds_only:
            objects = [o for o in objects if gone_doing(o)]  # "fishing" read as a noun
        found = [noun_object(o, pattern, misparsed=o == gerund) for o in objects]
        if pattern.named_conjuncts and any(found):
            found = _named_conjuncts(objects, found, pattern)
        if negated:
            excepted = [noun_object(o, pattern) for o in exceptions(objects)]
        # 'I recently enjoyed "Where the Crawdads Sing"': the parser splits a quoted title
        # into clauses; written right after the verb, the title is its object whole.
        title = quoted_title(verb) if not (pattern.prepositions or pattern.gerunds_only) else None
        if title is not None and object_ok(title.name, title.tokens[-1], pattern):
            found = [title]
        if pattern.kinds_only:  # a league or a team followed is one ("I watch the NFL")
            found = [] if title is not None else [f for f in found if f is not None and (
                _league(f) or not (f.label == "WORK_OF_ART" or any(
                    t.pos_ == "PROPN" or _capitalised(t) for t in f.tokens)))
                and not _one_of_a_kind(f, objects)]
        if pattern.ner:
            labels = set(pattern.ner)
            found = [f for f in found if f is not None and f.label in labels]
        if pattern.exclude_ner:  # "I got into Stanford": an admission, no pastime
            found = [f for f in found if f is None or f.label not in pattern.exclude_ner]
        if pattern.key == "context":
            key = context_key(verb, objects, lower_set(pattern.contexts))
            if key is None and (called := called_liking(verb, objects)) is not None:
                found, key = [called[0]], called[1]  # "a coffee shop I love called Blue Bottle"
            if (liked := liked_kind(verb, objects, roles)) is not None:
                found, key = liked  # "I like my drinks cold", "here in Texas we love our BBQ"
            if len(found) == len(objects):  # each object's own (no title read instead)
                contexts = lower_set(pattern.contexts)
                found = [with_accompaniment(f, o, roles, contexts)
                         for f, o in zip(found, objects, strict=True)]
            pairs = paired_contexts(verb, lower_set(pattern.contexts))
            if pairs:
                return [
                    m for obj, context in pairs
                    for m in make_matches(relation, pattern, subject, [obj], negated, [verb],
                                          context, used_to_cue(verb))
                ]  # fmt: skip
    cue = used_to_cue(verb)
    matches = make_matches(relation, pattern, subject, found, negated, [verb], key, cue)
    # "I'm not really into French stuff other than French fries": the exception is held.
    return matches + make_matches(relation, pattern, subject, excepted, False, [verb], key)


def _one_of_a_kind(found: Found, objects: list[Any]) -> bool:
    """ "read a book", "watch a movie": one thing of the kind, no pastime ("I read books")."""
    return any(t in objects and t.tag_ == "NN" and determiners(t) & {"a", "an"}
               and t.lower_ not in VAGUE for t in found.tokens)  # "a lot of books" is a kind


def _league(found: Found) -> bool:
    """ "the NFL", "the Premier League": an organisation followed, named with "the" (not
    "League of Legends", a game the small model calls one)."""
    head = max(found.tokens, key=lambda t: t.i)
    return found.label == "ORG" and "the" in determiners(head)


def _capitalised(token: Any) -> bool:
    """A title's plural or gerund the small model tags no proper noun: "Suits", "Friends",
    "Breaking" inside a sentence (not chat's capitalised kind, "I play Football"; a kind's
    people word, "Korean dramas", is an adjective)."""
    return token.is_title and token.i > token.sent.start and token.tag_ in ("NNS", "VBG")

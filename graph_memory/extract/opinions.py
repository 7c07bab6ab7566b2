"""The `opinion` pattern kind: the speaker's judgement of one named or described thing ("I
think the new Batman movie was great", "Dune is one of the best movies", "I watched Oppenheimer.
It was amazing.")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.called_things import brought_up_by_name, called_name
from graph_memory.extract.canonical import char_span, determiners, is_be, is_negated
from graph_memory.extract.chosen_things import chosen_named
from graph_memory.extract.judgements import (
    lowercase_work,
    passive_judgement,
    title_by_its_kind,
    worth_key,
)
from graph_memory.extract.light_copulas import complement_holder, light_copula
from graph_memory.extract.match import Match, clause_subject, make_matches, polarity, used_to, who
from graph_memory.extract.model_names import model_name
from graph_memory.extract.moved_by import MOVING_VERBS, moved_by_matches
from graph_memory.extract.naming_clauses import naming_clauses, proper_names
from graph_memory.extract.objects import Found, lower_set, noun_object, quoted_title
from graph_memory.extract.opinion_topics import (
    hollow_of_a_class,
    of_objects,
    of_part,
    specific,
    topic_object,
)
from graph_memory.extract.patterns import OpinionPattern
from graph_memory.extract.rankings import most_of_one, ranked_name_matches

_JUDGEMENT_POS = frozenset({"ADJ"})
_CONCESSIVE = frozenset({"although", "though", "while"})
# Nouns of a judgement that answer the other speaker ("a great choice", "a fantastic way").
_REACTION_NOUNS = frozenset({"choice", "option", "idea", "pick", "suggestion", "way", "plan"})
_PART_NOUNS = frozenset({"part", "aspect", "bit", "thing"})


def _judgement(adjective: Any) -> str | None:
    """The judging word as written; a participle too ("I feel like Dune is overrated")."""
    judging = adjective.pos_ in _JUDGEMENT_POS or adjective.tag_ == "VBN"
    if not judging or is_negated(adjective):
        return None
    if any(c.lower_ == "than" for c in adjective.subtree):
        return None  # "the worst Harry Potter movie is better than the worst Marvel movie"
    if any(c.dep_ == "advmod" and c.lower_ == "too" for c in adjective.children):
        return f"too {adjective.lower_}"  # "too crowded": more than the speaker wants
    return str(adjective.lower_)  # as written: "better", not its lemma "well"



# What one watches, reads, plays, visits or tries: "it" in the next sentence may judge it.
_EXPERIENCE_VERBS = frozenset(
    {"watch", "rewatch", "see", "read", "reread", "finish", "play", "visit", "try", "attend",
     "enjoy", "recommend"}
)
# "Real Madrid vs Barcelona": a match of two, which a later "it" judges, not either side.
_VERSUS = frozenset({"versus", "vs", "vs.", "against"})
# What one loves or likes: a named thing only ("I love Dune. It's a masterpiece").
_LIKING_VERBS = frozenset({"love", "like", "adore"})


def _experience_of(noun: Any, asked: bool = False) -> bool:
    """ "I watched <noun>", "we went to <noun>", "I've been to <noun>", "I listened to
    <noun>"; with `asked` also "have you seen <named work>?"."""
    if brought_up_by_name(noun):
        return True  # "I picked up this game called X" (called_things)
    verb = noun.head
    if noun.dep_ == "pobj" and verb.lower_ == "to":
        verb = verb.head
        # "I have been to Italy": a place visited, as "we went to Rome" is.
        been = verb.lemma_ == "be" and any(
            c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children
        )
        if verb.lemma_.lower() not in ("go", "listen") and not been:
            return False
    elif noun.dep_ != "dobj" or verb.lemma_.lower() not in _EXPERIENCE_VERBS | _LIKING_VERBS:
        return False
    if verb.lemma_.lower() in _LIKING_VERBS and not _named(noun):
        return False  # "I love the character drama. It's a great movie": a part liked
    if any(c.dep_ == "prep" and c.lower_ in _VERSUS for t in (verb, noun) for c in t.children):
        return False  # "I watched Real Madrid vs Barcelona. It was amazing": the match was
    # "I decided to go to Tulum", "I started watching Money Heist": the subject of the verb
    # the experience hangs on.
    doer = verb.head if verb.dep_ == "xcomp" and not _subject_of(verb) else verb
    own = any(c.lower_ in ("i", "we") for c in _subject_of(doer))
    return (own or (asked and _suggested(noun, verb))) and not is_negated(verb)


def _named(noun: Any) -> bool:
    """A name or a quoted title: "Dune", "the Grand Canyon", '"The Wire"'."""
    return quoted_title(noun) is not None or (noun.pos_ == "PROPN" and specific(noun))


def _subject_of(verb: Any) -> list[Any]:
    return [c for c in verb.children if c.dep_ == "nsubj"]


def _suggested(noun: Any, verb: Any) -> bool:
    """ "Have you seen "The Shawshank Redemption"?", "you should watch Severance", "you need
    to visit Albania": a named work or place the speaker brings up or urges, that an "it"
    right after judges ("It's a classic", "it is amazing")."""
    doer = verb.head if verb.dep_ == "xcomp" and not _subject_of(verb) else verb
    you = any(c.dep_ == "nsubj" and c.lower_ == "you" for c in doer.children)
    named = noun.pos_ == "PROPN" or quoted_title(noun) is not None
    if not (you and named):
        return False
    urged = doer.lemma_.lower() in ("need", "have") and doer is not verb
    urged = urged or any(c.tag_ == "MD" and c.lower_ in ("should", "must") for c in doer.children)
    return urged or verb.sent.text.rstrip().endswith("?")


def experienced(pronoun: Any, asked: bool = False) -> Any | None:
    """What "it" judges when the sentence before says the speaker watched, read, played,
    visited, tried, enjoyed, recommends or went to exactly one named or described thing ("I
    watched Oppenheimer last night. It was amazing.", "I have read Vinland Saga, and it's an
    awesome story"); a sentence between that speaks of "it" too carries it on ("I finished
    Pachinko. I think I mentioned it before. It's a wonderful story"). None otherwise (no such
    sentence, or two candidates). With `asked`, a named work the speaker asks about counts
    too: "Have you seen Parasite? It's a masterpiece" judges it."""
    sent = pronoun.sent
    # "I have read Vinland Saga, and it's a really awesome story": earlier in the sentence,
    # else in the sentence before.
    candidates = [t for t in sent if t.i < pronoun.i and _experience_of(t, asked)]
    if not candidates and sent.start > 0:
        before = pronoun.doc[sent.start - 1].sent
        candidates = [t for t in before if _experience_of(t, asked)]
        if not candidates and before.start > 0 and any(t.lower_ == "it" for t in before):
            candidates = [t for t in pronoun.doc[before.start - 1].sent
                          if _experience_of(t, asked)]
    if not candidates and asked:  # 'you're going with "Up"! It's a lovely film' (chosen_things)
        candidates = [c for c in [chosen_named(pronoun)] if c is not None]
    if len(candidates) != 1 or any(c.dep_ == "conj" for c in candidates[0].children):
        return None
    return candidates[0]


# "It was boring, I heard": a judgement passed on, not the speaker's.
_HEARD = frozenset({"hear", "say", "tell", "read", "claim", "mention", "learn", "report"})


def _asserted(be: Any) -> bool:
    """A main clause, a conjoined one, a concession ("although the 2003 show is awesome"), or
    one run on before the next with a comma ("it's really incredible, the scenes are vivid"),
    which the parser hangs on it as its complement."""
    if be.dep_ in ("ROOT", "conj"):
        return True
    if be.dep_ == "ccomp" and be.i < be.head.i and be.head.lemma_.lower() not in _HEARD:
        return any(t.text == "," for t in be.doc[be.right_edge.i + 1 : be.head.i])
    return be.dep_ == "advcl" and any(
        c.dep_ == "mark" and c.lower_ in _CONCESSIVE for c in be.children
    )


def _copula_opinion(be: Any, relation: str, pattern: OpinionPattern) -> list[Match]:
    """ "The Etihad apartment is an AMAZING experience": the speaker's judgement of a topic."""
    ranked_names = ranked_name_matches(be, relation, pattern)
    if ranked_names:
        return ranked_names  # "the best pizza in town is Luigi's" (rankings.py)
    # "Elden Ring is overrated": the participle heads the clause (its subject may hang on "is")
    passive, aux = passive_judgement(be), be
    be = passive[0] if passive is not None else be
    if not _asserted(be) or polarity(be, pattern) is not False:
        return []  # negated, hypothetical or reported: no judgement to store
    subjects = [c for t in dict.fromkeys((be, aux)) for c in t.children
                if c.dep_ in ("nsubj", "nsubjpass")]
    if any(c.dep_ == "csubj" for c in be.children):
        return []  # "Making Tiramisu was a delightful experience": the making is judged
    if not subjects or any(t.dep_ == "neg" for t in subjects[0].subtree):
        return []  # "not Juventus, but the atmosphere was amazing"
    be_it, pointer = subjects[0].lower_ == "it", None
    if be_it or _kind_pointing_back(subjects[0]):
        antecedent = experienced(subjects[0], asked=True)  # "I watched Oppenheimer. It was great."
        if antecedent is None:
            return []
        pointer, subjects = subjects[0], [antecedent]
    there = _there(subjects[0], pattern) if pointer is None else None
    if there is not None:
        pointer = subjects[0]  # "I went to Nobu. The food there is amazing"
    title = there or quoted_title(subjects[0]) or _called_name(subjects[0], pattern)
    title = title or model_name(subjects[0])  # "the n64 is amazing" (model_names)
    if title is None and pointer is not None:  # "I finished pachinko. It's a wonderful story"
        title = lowercase_work(subjects[0], be, pattern)
    elif title is None and not specific(subjects[0]):  # "Inception is a great movie"
        title = title_by_its_kind(subjects[0], be, pattern)
    if title is None and not specific(subjects[0]):
        return []
    judged, key = passive if passive is not None else _complement(be, pattern)
    if judged is None or (be_it and _extraposed(be, judged)):
        return []
    if key is None:
        excess = _excess(judged)
        if judged.lower_ not in lower_set(pattern.adjectives) and not excess:
            return []  # as written: "best" is not "good"
        key = _judgement(judged)
    elif judged.tag_ == "JJS" and (  # "one of the best": a listed superlative, not negated
        judged.lower_ not in lower_set(pattern.adjectives) or is_negated(judged)
    ):
        return []
    found = title or of_part(subjects[0], topic_object(subjects[0], pattern))
    if not key or found is None:
        return []
    matches = make_matches(relation, pattern, None, [found], False, [be, judged], key)
    return _said_here(matches, [pointer, be, judged]) if pointer is not None else matches


def _said_here(matches: list[Match], tokens: list[Any]) -> list[Match]:
    """A judgement of a thing named before ("I watched Dune. It was great") spans its own
    words, not the naming ones, which keep their own fact ("watched Dune")."""
    return [replace(m, span=char_span(tokens)) for m in matches]


# "boring to watch", "easy to read": how the thing is met, with no object of its own.
_HOW_VERBS = _EXPERIENCE_VERBS | {"listen", "look", "eat", "drink", "use", "follow", "beat"}


# What a named thing is, said again to point back at it: "I watched Dune. That movie was
# so good", "we went to Kyoto; the city is beautiful".
_KINDS_POINTED_BACK = frozenset(
    {"movie", "film", "show", "series", "book", "novel", "game", "album", "song", "play",
     "musical", "concert", "city", "town", "restaurant", "museum", "park", "hotel", "cafe"}
)
_POINTING_DETERMINERS = frozenset({"that", "this", "the"})


def _kind_pointing_back(noun: Any) -> bool:
    """ "that movie", "the city": a bare kind noun with a pointing determiner, nothing else
    (not "the first movie", "the city center", "the book club")."""
    if noun.lemma_.lower() not in _KINDS_POINTED_BACK or noun.tag_ != "NN":
        return False
    if any(c.dep_ not in ("det", "advmod") for c in noun.children):
        return False
    return bool(determiners(noun)) and determiners(noun) <= _POINTING_DETERMINERS


_CLAUSE_OPENERS = frozenset({"that", "how", "what", "when", "if", "whether", "why", "to"})


def _extraposed(be: Any, judged: Any) -> bool:
    """ "It's good to rest sometimes", "it's great that you came": the "it" stands for the
    clause after the judgement, not for a thing named before. "It was boring to watch" still
    judges the thing (a bare "to <verb>" says how)."""
    for clause in (c for t in (be, judged) for c in t.children if c.i > judged.i):
        if clause.dep_ == "xcomp" and (
            clause.lemma_.lower() not in _HOW_VERBS or any(c.dep_ != "aux" for c in clause.children)
        ):
            return True
        if clause.dep_ == "ccomp" and clause.left_edge.lower_ in _CLAUSE_OPENERS:
            return True  # not a clause run on: "it's still amazing which goes to show ..."
    return False


def _there(noun: Any, pattern: OpinionPattern) -> Found | None:
    """ "I went to Nobu last week. The food there is amazing" -> "food at Nobu": a thing of
    the one named place the speaker just went to or visited."""
    after = noun.doc[noun.i + 1] if noun.i + 1 < len(noun.doc) else None
    # the parser hangs "there" on the noun or reads it as the verb's expletive
    if determiners(noun) != {"the"} or after is None or after.lower_ != "there":
        return None
    if after.head.i not in (noun.i, noun.head.i):
        return None
    place = experienced(noun)
    if place is None or not _named(place):
        return None
    thing, named = topic_object(noun, pattern), quoted_title(place) or noun_object(place, pattern)
    if thing is None or named is None:
        return None
    at = "in" if place.ent_type_ in ("GPE", "LOC") else "at"  # "temples in Kyoto"
    name = f"{thing.name} {at} {named.name}"
    return Found(name, thing.label, [*thing.tokens, *named.tokens])


# Without "xcomp", as this reading was first written and tested.
_PROPER_NAME_DEPS = frozenset({"oprd", "attr", "dobj"})


def _called_name(noun: Any, pattern: OpinionPattern) -> Found | None:
    """The name of "a show called Severance", 'a book titled "Pachinko"': what a later "it"
    judges ("I watched a show called Severance. It was amazing")."""
    for acl in naming_clauses(noun.children):
        quoted = quoted_title(acl)
        if quoted is not None:
            return quoted
        names = proper_names(acl, _PROPER_NAME_DEPS)
        if names:
            return noun_object(names[0], pattern)
    return called_name(noun)  # chat's lower-case name: "a game called guardians of the Galaxy"


def _excess(adjective: Any) -> bool:
    """ "The new cafe is too crowded", "the office is too noisy": any quality in excess is a
    judgement; not one with its limit ("too hot to touch", "too early for dinner"), which
    says what cannot be done, not what the speaker thinks of the thing."""
    if adjective.pos_ != "ADJ" or not any(
        c.dep_ == "advmod" and c.lower_ == "too" for c in adjective.children
    ):
        return False
    return not any(c.dep_ in ("xcomp", "prep", "ccomp") for c in adjective.children)


def _complement(be: Any, pattern: OpinionPattern) -> tuple[Any | None, str | None]:
    """What a "<topic> is ..." clause says of its topic: the judging word, and the key when it
    is not that word as written: "is amazing", "is an amazing book", "is the best", "is
    one of the best movies" (key "one of the best"), "is such a classic" (key "classic")."""
    for child in complement_holder(be).children:  # "turned out (to be) great"
        if child.dep_ == "oprd" and child.lower_ in lower_set(pattern.adjectives):
            return child, str(child.lower_)  # "turned out delicious", tagged any way
        if child.dep_ == "attr" and _judging_noun(child, pattern):
            return child, str(child.lower_)  # "Friends is such a classic"
        if child.dep_ == "acomp" and child.lower_ == "worth":
            key = worth_key(child)  # "Dune is worth watching"; not "worth $50"
            return (child, key) if key else (None, None)
        if child.dep_ in ("acomp", "attr") and child.pos_ == "ADJ":
            return child, None  # "Dune was amazing", "Miami is the best"
        if child.dep_ == "acomp" and child.tag_ in ("VBG", "VBN") and child.lower_ in lower_set(
            pattern.adjectives
        ):
            return child, str(child.lower_)  # "Stardew Valley is so relaxing", "felt rushed"
        if child.dep_ == "attr" and most_of_one(child, pattern) is not None:
            return most_of_one(child, pattern) or (None, None)  # "one of the most beautiful"
        if child.dep_ == "attr" and child.lemma_.lower() == "one":
            best = _one_of_the_best(child)  # "Dune is one of the best movies"
            return (best, f"one of the {best.lower_}") if best is not None else (None, None)
        if child.dep_ == "attr" and child.pos_ == "NOUN":
            if child.lemma_.lower() in _REACTION_NOUNS | _PART_NOUNS:
                # "Yosemite is another incredible choice": a reply; "the opportunity to have
                # fun is the best part of Vegas": a part of something else ranked
                return None, None
            adjectives = [a for a in child.lefts if a.dep_ == "amod" and a.pos_ == "ADJ"]
            if adjectives:
                return adjectives[0], None
            # "a captivating painting": a listed judging participle, tagged a verb
            participles = [a for a in child.lefts if a.dep_ == "amod" and a.tag_ == "VBG"
                           and a.lower_ in lower_set(pattern.adjectives)]
            if participles:
                return participles[0], str(participles[0].lower_)
            # "a pretty fun throwback": the parser may tag a listed judging word a noun
            listed = [a for a in child.lefts if a.dep_ in ("amod", "compound") and a.pos_ == "NOUN"
                      and a.lower_ in lower_set(pattern.adjectives)]
            if listed:
                return listed[0], str(listed[0].lower_)
    return None, None


def _one_of_the_best(one: Any) -> Any | None:
    """The superlative of "one of the best (movies)": "best" of "one of the best books"."""
    for group in of_objects(one):
        if group.tag_ == "JJS" and group.dep_ == "pobj":
            return group  # "one of the best"
        superlatives = [a for a in group.lefts if a.dep_ == "amod" and a.tag_ == "JJS"]
        if superlatives and group.lemma_.lower() not in _REACTION_NOUNS:
            return superlatives[0]
    return None


def _judging_noun(noun: Any, pattern: OpinionPattern) -> bool:
    """A bare judging noun (the parser may tag it an adjective): "a masterpiece", "such a
    classic"; not "a classic comedy" nor "a classic of the genre" (a kind of thing named)."""
    if noun.pos_ not in ("NOUN", "ADJ") or noun.lower_ not in lower_set(pattern.nouns):
        return False
    if is_negated(noun) or not any(c.lower_ in ("a", "an") for c in noun.lefts):
        return False
    return not any(c.dep_ in ("compound", "prep", "relcl", "acl") for c in noun.children)



def _found_adverb(verb: Any, thing: Any) -> list[Any]:
    """ "I found Bali beautiful", "I found Paris so beautiful": the small model hangs the
    judgement right after the thing found on "find" as an adverb or a clause of no subject; it
    is what the thing was found to be."""
    if verb.lemma_.lower() != "find":
        return []
    return [c for c in verb.children if c.dep_ in ("advmod", "ccomp") and c.tag_ == "JJ"
            and c.left_edge.i == thing.right_edge.i + 1 and c.i > thing.i]


def _like_clause(clause: Any) -> bool:
    """ "I feel like Dune is overrated": the clause "like" opens, as a "that" clause."""
    return clause.dep_ == "advcl" and any(
        c.dep_ == "mark" and c.lower_ == "like" for c in clause.children
    )


def opinion_matches(
    verb: Any, relation: str, pattern: OpinionPattern, roles: frozenset[str]
) -> list[Match]:
    if "be" in pattern.verbs:
        copula = is_be(verb) or light_copula(verb)  # "the stir-fry turned out delicious"
        return _copula_opinion(verb, relation, pattern) if copula else []
    if verb.lemma_.lower() in MOVING_VERBS:  # "I was impressed by the new Batman movie"
        return moved_by_matches(verb, relation, pattern, roles)
    subject_token = clause_subject(verb)
    subject = who(subject_token, pattern, roles) if subject_token is not None else None
    # "I'd say Elden Ring is the best game ever": chat's hedge of "I think", no hypothetical
    negated = polarity(verb, pattern, ("would",) if verb.lemma_.lower() == "say" else ())
    if subject is None or negated is None or negated:
        return []
    if used_to(verb) is not None:
        return []  # "I used to think OJ was good but it's super sugary": no longer held
    out: list[Match] = []
    listed = lower_set(pattern.adjectives)
    for child in verb.children:
        topic, judged, key, pointer = None, None, None, None
        if child.dep_ == "ccomp" or _like_clause(child):
            subjects = [c for c in child.children if c.dep_ in ("nsubj", "nsubjpass")]
            modal = any(c.tag_ == "MD" for c in child.children)
            seeming = child.lemma_.lower() in ("look", "seem")
            if (is_be(child) or seeming) and not is_negated(child) and not modal:
                # "I think the new Batman movie was great", "I think Miyazaki is an incredible
                # director", "I think Dune is one of the best movies", "I think that Venom
                # looks absolutely amazing".
                topic = (subjects[:1] or [None])[0]
                judged, key = _complement(child, pattern)
            elif child.pos_ == "ADJ" or (child.tag_ in ("VBN", "VBG") and child.lower_ in listed):
                # "I found the book boring", "I feel like Dune is overrated", "I found the
                # Barbie movie hilarious" (the parser may hang the topic as a modifier).
                subjects = subjects or [c for c in child.children
                                        if c.dep_ == "npadvmod" and c.pos_ in ("NOUN", "PROPN")]
                topic, judged = (subjects[:1] or [None])[0], child
                key = str(child.lower_) if child.tag_ == "VBG" else None  # "fascinating"
        elif child.dep_ == "dobj":
            judged_list = [
                c for c in verb.children if c.dep_ in ("oprd", "acomp", "xcomp") and c.pos_ == "ADJ"
            ] or _found_adverb(verb, child)
            topic, judged = child, (judged_list[:1] or [None])[0]
        if topic is None or judged is None:
            continue
        if judged.dep_ in ("amod", "attr") and judged.pos_ == "ADJ" and judged.lower_ not in listed:
            continue  # "I think the oddest I've had is a mexican soup": no judging word
        if key is None or is_negated(judged):
            key = _judgement(judged)  # "one of the best" keeps its key
        # A thought is of one thing named, as in "<topic> is <judgement>": not "I feel like
        # the change was necessary", "I think the fruits from buffets are weird"; what one
        # found so was met ("I found the book boring").
        if topic.lower_ == "it":
            # "I watched Dune. I thought it was amazing": "it" is the one thing experienced.
            if _extraposed(child, judged):
                continue  # "I think it's good to rest": "it" is the clause after
            pointer, topic = topic, experienced(topic, asked=True)
            if topic is None:
                continue
        found = quoted_title(topic) or _called_name(topic, pattern) or model_name(topic)
        if found is None and specific(topic):
            found = of_part(topic, topic_object(topic, pattern))  # "the ending of Dune"
        elif found is None and verb.lemma_.lower() == "find" and not hollow_of_a_class(topic):
            found = topic_object(topic, pattern)  # not "I find the world of romance novels"
        if key and found is not None:
            matches = make_matches(relation, pattern, subject, [found], False, [verb, judged], key)
            here = [verb, *subject.tokens, judged, *([pointer] if pointer is not None else [])]
            out.extend(_said_here(matches, here) if pointer is not None else matches)
    return out

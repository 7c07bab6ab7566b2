"""Goal clauses as objects: the verb phrase a pattern points at ("to get a refund", "I want to
visit my parents", "I like to go for walks"), canonicalised, or nothing when it names nothing
on its own ("to see them", "to do a few things"). Noun-phrase objects are objects.py's."""

from __future__ import annotations

import re
from typing import Any

from graph_memory.extract.canonical import (
    FILLERS,
    has_content,
    has_to,
    noun_phrase,
    phrase_text,
    verb_phrase,
)
from graph_memory.extract.goal_company import company
from graph_memory.extract.hollow_goals import (
    daydream,
    gone_for_the,
    hollow_goal,
    one_hollow_thing,
)
from graph_memory.extract.objects import (
    VAGUE,
    Found,
    lower_set,
    object_ok,
    unwrap_container,
)
from graph_memory.extract.open_vocabulary import DEMONSTRATIVES, GENERIC_OBJECTS
from graph_memory.extract.passing_plans import month_phrase
from graph_memory.extract.patterns import PatternSpec, VerbPattern
from graph_memory.extract.people import owner_placeholder

_MAX_CLAUSE_TOKENS = 9
# A pronoun left in a goal means nothing out of context ("visit them"); possessives resolve.
_POSSESSIVE_PRONOUNS = frozenset({"my", "our", "your", "ur"})
_MOTION = frozenset({"go", "come", "head", "travel", "move", "fly", "drive", "return"})
_RECIPROCAL = re.compile(r"\b(?:each other|one another)\b")


def _where_a_name_lies(verb: Any) -> set[int]:
    """ "visit the Amalfi Coast in Italy", "explore the ruins of Petra in Jordan": a named
    place's "in <name>" says where it lies, no part of the goal ("visit the Amalfi Coast")."""
    objects = [o for o in verb.children if o.dep_ == "dobj"]
    names = [g for o in objects for p in o.children if p.lower_ == "of" for g in p.children
             if g.pos_ == "PROPN"]  # fmt: skip
    # the "in" may hang on the place's name or on the noun it names ("the ruins of Petra")
    named = [o for o in objects if o.pos_ == "PROPN" or any(g.head.head.i == o.i for g in names)]
    named += names
    return {
        t.i for o in named
        for p in o.children if p.dep_ == "prep" and p.lower_ == "in"
        and all(g.pos_ == "PROPN" for g in p.children if g.dep_ == "pobj")
        for t in p.subtree
    }  # fmt: skip


_WILL = frozenset({"will", "'ll", "ll"})
# Verbs of an effort whose "to" clause is the goal itself: "try to", "aim to", "strive to".
_STRIVING = frozenset({"try", "aim", "strive", "attempt"})


def foretold_clauses(verb: Any) -> list[Any]:
    """What the verb's subject says they will do, told under it: "I'm thinking I will stay with
    my family and most likely go out to eat" -> stay, go. The clause must have the same first
    person subject and a "will" of its own (not "I'm thinking I might", "thinking he'll")."""
    subjects = [c.lower_ for c in verb.children if c.dep_ == "nsubj"]
    told = [
        c for c in verb.children
        if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX") and c.i > verb.i
        and [s.lower_ for s in c.children if s.dep_ == "nsubj"] == subjects
        and any(a.dep_ == "aux" and a.lower_ in _WILL for a in c.children)
    ]  # fmt: skip
    if not told or subjects not in (["i"], ["we"]):
        return []
    joined = [
        t for t in told[0].children
        if t.dep_ == "conj" and t.pos_ == "VERB" and not any(c.dep_ == "nsubj" for c in t.children)
    ]  # fmt: skip
    return [told[0], *joined]


def clause_object(
    verb: Any, pattern: PatternSpec, as_lemma: bool = False, own: bool = False,
    told: bool = False,
) -> Found | None:
    """The goal phrase of "to get a refund", its possessives resolved ("visit my parents" ->
    "visit <speaker>'s parents"). Without content words ("to see them") it means nothing out of
    context, unless the pattern lists the verb in `objects`; other pronouns drop it."""
    # "I'm gonna try to make a tiramisu", "I'm going to aim to run a marathon": the goal is
    # what is tried or aimed at.
    tried = [c for c in verb.children if c.dep_ == "xcomp" and has_to(c)]
    if verb.lemma_ in _STRIVING and tried and not own:
        verb = tried[0]
    if any(c.dep_ == "neg" for c in verb.children):
        return None  # "I've decided not to buy a car": a wish given up (retractions.py)
    tokens = verb_phrase(verb)
    if own:
        # The verb's own clause: its prepositional phrases are the goal ("move to Tokyo"), not
        # the month it is set in ("move to Tokyo in June": that is its time).
        tokens = [
            verb,
            *(t for c in verb.children if c.dep_ in ("dobj", "prep", "prt")
              and not month_phrase(c) for t in c.subtree),
            # "we'll be learning to make pasta tonight": what is learned is the skill
            *(t for c in verb.children if c.dep_ == "xcomp" and verb.lemma_ == "learn"
              and has_to(c) for t in c.subtree),
        ]
        tokens.sort(key=lambda t: t.i)
    # "learn to surf and to run a marathon": a conjoined goal is a goal of its own.
    tokens = [t for t in tokens if not _in_conjunct(t, verb) and not _adverbial(t, verb)]
    tokens = sorted([*tokens, *_serial_doing(verb)], key=lambda t: t.i)  # "go play paintball"
    # "visiting the Amalfi Coast, with its stunning views": a phrase set off by a comma is
    # an aside, no part of the goal.
    asides = {
        t.i for c in verb.children
        if c.dep_ == "prep" and c.i > 0 and c.doc[c.i - 1].text == "," for t in c.subtree
    }  # fmt: skip
    tokens = [t for t in tokens if t.i not in asides | _where_a_name_lies(verb) | _spans(verb)]
    # "to get promoted", "to be hired": the passive auxiliary belongs to the goal.
    passive = [c for c in verb.children if c.dep_ == "auxpass"]
    if passive:
        tokens = sorted([*tokens, *passive], key=lambda t: t.i)
    subject = not (own or told) and any(c.dep_ == "nsubj" for c in verb.children)
    liking = isinstance(pattern, VerbPattern) and pattern.bare
    if liking:  # "I like to play video games in my free time": when, no part of the doing
        tokens = [t for t in tokens if t.i not in leisure_times(verb)]
    if len(tokens) > _MAX_CLAUSE_TOKENS and liking:
        tokens = _liking_core(verb)  # "do yoga as a form of self care and relaxation after ..."
    # "do a bit of yoga and meditating": a conjunction the conjunct left behind
    while len(tokens) > 1 and (tokens[-1].dep_ == "cc" or tokens[-1].is_punct):
        tokens = tokens[:-1]
    if len(tokens) > _MAX_CLAUSE_TOKENS and any(t.pos_ == "PROPN" for t in tokens):
        tokens = [t for t in tokens if t.i not in company(tokens)]  # "... with my buddies"
    if len(tokens) > _MAX_CLAUSE_TOKENS or subject:
        return None
    if liking and any(_vague_object(t) for t in tokens if t.dep_ == "dobj" and t.head.i == verb.i):
        return None  # "I like to do a few things to prepare": which things?
    if verb.lemma_.lower() in _MOTION and any(
        c.dep_ == "advmod" and c.lower_ in ("there", "here") for c in verb.children
    ):
        return None  # "thinking about going there for my next trip": where, the chat knows
    if verb.lemma_.lower() in _MOTION and gone_for_the(verb):
        return None  # "I just wanna go for the sightseeing and the food": where, the chat knows
    bare = isinstance(pattern, VerbPattern) and pattern.bare and len(tokens) == 1
    if bare and isinstance(pattern, VerbPattern) and verb.lemma_.lower() in lower_set(
        pattern.exclude_bare
    ):
        return None  # "I like to watch": watch what?
    if not (pattern.objects or passive or bare) and not has_content(tokens, verb, verbs=True):
        return None
    if any(t.dep_ == "prep" and not list(t.children) for t in tokens):
        return None  # "the bar we are going to in Miami": the place is the clause's noun
    if _RECIPROCAL.search(phrase_text(tokens).lower()):
        return None  # "to see each other": who, out of context?
    pronouns = [t for t in tokens if t.pos_ == "PRON" or t.lower_ in ("one", "ones")]
    if any(t.lower_ not in _POSSESSIVE_PRONOUNS for t in pronouns):
        if not pattern.objects or not any(t.dep_ == "dobj" for t in pronouns):
            return None  # "I want to return to it" goes back to a game: no service request
        tokens = [verb]  # "I'd like to exchange it": the service request is its verb
    if any(t.i > verb.i and t.dep_ == "dobj" and t.pos_ == "VERB" and not _gone_doing(t, verb)
           for t in tokens):
        return None  # a misparse ("to grab a quick bite to eat")
    if _pointed_at(verb, tokens):
        return None  # "give this recipe a try", "visit that place": which, the chat knows
    kept = [t for t in tokens if t.lower_ not in FILLERS]
    if hollow_goal(verb, kept) or daydream(verb) or one_hollow_thing(verb, kept):
        return None  # "be better in general", "switch lives with a food critic"
    words: list[str | None] = []
    for token in kept:
        owner = owner_placeholder(token) if token.tag_ == "PRP$" else None
        if token.i == verb.i and as_lemma:
            words.append(str(verb.lemma_).lower())
        else:
            words.append(f"{owner}'s" if owner else None)
    name = _render(kept, words)
    if not name or not object_ok(name, verb, pattern):
        return None
    serial = _serial_doing(verb)
    if serial and not object_ok(phrase_text(serial), serial[0], pattern):
        return None  # "I'm gonna go play some games": the doing gone to is excluded
    # "hit the hay for the night": the verb with its object says what the goal is, and an
    # excluded one ("hit the hay") stays excluded whatever follows it.
    core = [t for t in kept if t.i == verb.i or _in_object(t, verb)]
    if 1 < len(core) < len(kept) and not object_ok(phrase_text(core), verb, pattern):
        return None
    # "take a break and head home": the first object alone may be what is excluded.
    joined = {t.i for c in core if c.dep_ in ("conj", "cc") for t in c.subtree}
    first = [t for t in core if t.i not in joined]
    if 1 < len(first) < len(core) and not object_ok(phrase_text(first), verb, pattern):
        return None
    return Found(name, "", tokens)


def _gone_doing(token: Any, verb: Any) -> bool:
    """ "go skydiving", "go surfing": the doing one goes to, which the parser may read as the
    object of "go"."""
    return bool(verb.lemma_ == "go" and token.head.i == verb.i and token.tag_ == "VBG")


def _pointed_at(verb: Any, tokens: list[Any]) -> bool:
    """The goal's own thing named only by pointing ("give this recipe a try", "visit that
    place", "go to that place", "watch the third movie", "take a class in that field"), with
    no name in the goal ("read this book called Dune" names it); a thing beside it may point
    ("get a refund for these shoes": the goal is the refund)."""
    if any(t.pos_ == "PROPN" for t in tokens):
        return False
    own = [c for c in verb.children if c.dep_ in ("dobj", "dative")]
    if not own:
        own = [g for p in verb.children if p.dep_ == "prep" for g in p.children
               if g.dep_ == "pobj"][:1]
    if any(t.pos_ == "NOUN" and (_pointing(t) or _place_in_a_series(t)) for t in own):
        return True
    return _in_a_field_pointed_at(verb, own)


# Prepositions by which a field says which thing it is: "a class in that field" is one only
# the chat knows ("a refund for these shoes" is a refund).
_WHICH_FIELD = frozenset({"in", "about", "on"})


def _in_a_field_pointed_at(verb: Any, own: list[Any]) -> bool:
    """ "take a class in that field", "get a job in that industry", "learn more about that
    topic": a generic thing whose field is pointed at is one only the chat knows (not "start a
    bakery in this town", whose own thing says what it is)."""
    fields = [g for p in verb.children if p.dep_ == "prep" and p.lower_ in _WHICH_FIELD
              for g in p.children if g.dep_ == "pobj" and g.pos_ == "NOUN"]  # fmt: skip
    generic = all(o.lemma_.lower() in GENERIC_OBJECTS | VAGUE | {"more"} for o in own)
    return generic and any(_pointing(f) for f in fields)


def _pointing(noun: Any) -> bool:
    return any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in noun.children)


# "the third movie", "the next book", "the last season": a place in a series the chat knows.
_SERIES_PLACES = frozenset(
    {"first", "second", "third", "fourth", "fifth", "sixth", "next", "last", "latest", "final",
     "previous"}
)


def _place_in_a_series(noun: Any) -> bool:
    """ "I have yet to watch the third movie": which movie, only the chat knows (not "a
    second language", which says what it is)."""
    return any(c.dep_ == "det" and c.lower_ == "the" for c in noun.children) and any(
        c.dep_ == "amod" and c.lower_ in _SERIES_PLACES for c in noun.children
    )


def _vague_object(noun: Any) -> bool:
    """ "a few things", "stuff" name nothing ("comedy stuff", "a bit of yoga" do)."""
    noun = unwrap_container(noun)
    return noun.lower_ in VAGUE and not any(
        c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN") for c in noun.children
    )


def _liking_core(verb: Any) -> list[Any]:
    """A liking too long to store whole is the verb with its object: "do yoga" of "do yoga as
    a form of self care and relaxation after a long day", "go for walks" of "go for walks in
    Central Park in New York City"; the verb alone when it has neither (dropped later)."""
    tokens = [verb]
    for child in verb.children:
        if child.dep_ == "prt":
            tokens.append(child)
        elif child.dep_ == "dobj":
            tokens.extend(noun_phrase(unwrap_container(child)))
    preps = [c for c in verb.rights if c.dep_ == "prep"]
    if len(tokens) == 1 and preps:
        objects = [g for g in preps[0].children if g.dep_ == "pobj"]
        if objects:
            tokens += [preps[0], *noun_phrase(objects[0])]
    return sorted(tokens, key=lambda t: t.i)


def _in_object(token: Any, verb: Any) -> bool:
    """Whether the token lies in the verb's direct object or particle."""
    while token.head.i != verb.i:
        if token.head.i == token.i:
            return False
        token = token.head
    return token.dep_ in ("dobj", "prt")


# Units of time a goal is due by or set in: "by the end of the year", "by next summer",
# "during this semester".
_TERMS = frozenset(
    {"end", "time", "week", "weekend", "month", "year", "semester", "term", "season", "summer",
     "winter", "spring", "fall", "autumn", "break", "vacation", "holidays"}
)
# Spans that say nothing of a goal: "in the future", "in my lifetime", "in general", "for a
# while", "after a long while"; nor does its deadline or term ("improve my squat by the end of
# the year", "take a minor in business during this semester": the goal is the same without
# them). A time told stays: "visit Yosemite in the spring", test_extract_recall_classes.
_SPAN_NOUNS = {
    "in": frozenset({"future", "general", "lifetime"}),
    "for": frozenset({"while"}),
    "after": frozenset({"while"}),
    "by": _TERMS,
    "during": _TERMS - {"end", "time"},
}


def _spans(verb: Any) -> set[int]:
    """The tokens of the goal's phrases that say nothing of it."""
    return {
        t.i for p in verb.subtree if p.dep_ == "prep" and p.lower_ in _SPAN_NOUNS
        for g in p.children
        if g.dep_ in ("pobj", "amod") and g.lemma_.lower() in _SPAN_NOUNS[p.lower_]
        for t in p.subtree
    }  # fmt: skip


def _serial_doing(verb: Any) -> list[Any]:
    """ "go play paintball", "come see the show": chat's bare verb right after "go" / "come"
    is what one goes to do (the parser hangs it as an adverbial clause)."""
    if verb.lemma_.lower() not in ("go", "come"):
        return []
    doings = [
        c for c in verb.children
        if c.dep_ in ("advcl", "xcomp") and c.tag_ == "VB" and c.i == verb.i + 1
        and not any(a.dep_ in ("aux", "mark", "nsubj") for a in c.children)
    ]  # fmt: skip
    return verb_phrase(doings[0]) if doings else []


# Times given to a pastime: "in my free time", "on weekends", "for fun".
_LEISURE_TIMES = {"in": ("time",), "on": ("weekend", "weekends"), "for": ("fun",)}


def leisure_times(verb: Any) -> set[int]:
    """The tokens of the verb's phrases that say when or why it is done at leisure."""
    return {
        t.i for p in verb.subtree if p.dep_ == "prep" and p.lower_ in _LEISURE_TIMES
        for g in p.children if g.dep_ == "pobj" and g.lower_ in _LEISURE_TIMES[p.lower_]
        and (g.lower_ != "time" or any(a.lower_ in ("free", "spare") for a in g.children))
        for t in p.subtree
    }  # fmt: skip


# "before then", "until now": a time the chat alone knows, no part of the goal.
_POINTING_TIMES = frozenset({"then", "now", "later", "soon"})


def _adverbial(token: Any, top: Any) -> bool:
    """Whether the token lies in an adverbial below `top` ("this weekend", "really", "before
    then"); "back into reading" is no adverbial."""
    while token.i != top.i:
        if token.lower_ == "back" and token.dep_ == "advmod" and token.head.i == top.i:
            return False  # "get back into reading" (canonical.verb_phrase keeps it)
        if token.dep_ in ("npadvmod", "advmod", "advcl", "intj", "parataxis", "punct"):
            return True
        if token.dep_ == "prep" and [c.lower_ for c in token.children] in (
            [w] for w in _POINTING_TIMES
        ):
            return True
        if token.head.i == token.i:
            return False
        token = token.head
    return False


def _in_conjunct(token: Any, top: Any) -> bool:
    """Whether the token lies in a conjoined verb phrase (or is its "and") below `top`;
    conjoined nouns stay ("visit Paris and Rome")."""
    if token.dep_ == "cc" and any(
        c.dep_ == "conj" and c.pos_ == "VERB" for c in token.head.children
    ):
        return True
    while token.i != top.i:
        if token.dep_ == "conj" and token.pos_ == "VERB":
            return True
        if token.head.i == token.i:
            return False
        token = token.head
    return False


def _render(tokens: list[Any], replaced: list[str | None]) -> str:
    """phrase_text with some words replaced (possessive placeholders)."""
    plain = phrase_text(tokens)
    if not any(replaced):
        return plain
    parts = []
    for position, (token, word) in enumerate(zip(tokens, replaced, strict=True)):
        text = word or (token.text if token.pos_ == "PROPN" or token.ent_type_ else token.lower_)
        adjacent = position + 1 < len(tokens) and tokens[position + 1].i == token.i + 1
        parts.append(text + (token.whitespace_ if adjacent else " "))
    return "".join(parts).strip()

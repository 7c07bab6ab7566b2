"""Objects of a match: the noun phrase a pattern points at, canonicalised, or nothing when it
names no entity on its own (pronouns, vague words, things of the chat). Goal clauses ("to get
a refund") are goal_clauses.py's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graph_memory.extract import titles
from graph_memory.extract.canonical import (
    FILLERS,
    WH_TAGS,
    canonical_name,
    char_span,
    determiners,
    has_content,
    ner_label,
    noun_phrase,
    phrase_text,
)
from graph_memory.extract.chat_spelling import stretched_chat_word, unstretched
from graph_memory.extract.doing_objects import (
    doing_words,
    hour_of,
    phrasal_doing,
    with_its_argument,
)
from graph_memory.extract.hollow import (
    bare_hollow,
    nameless_one,
    pointing_kind,
    specific,
    split_off_pointer,
)
from graph_memory.extract.kind_after_title import title_before_kind
from graph_memory.extract.named_the import named_the
from graph_memory.extract.object_spans import (
    JOURNEYS,
    binomial,
    binomial_tokens,
    entity_span,
    generic_the,
    hyphen_joined,
    lowercase_title_of,
    named_apposition,
    object_tokens,
    time_spent,
    trailing_noun,
    while_clause,
    while_said,
)
from graph_memory.extract.open_vocabulary import GENERIC_OBJECTS, SERVINGS
from graph_memory.extract.patterns import CopulaPattern, NounPattern, PatternSpec, VerbPattern
from graph_memory.extract.people import PARTICIPANTS, named_possessor, own_placeholder, possessor_of
from graph_memory.extract.sensed_things import sensed_thing

MENTION_LABELS = frozenset(
    {"PERSON", "GPE", "ORG", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "NORP"}
)
# Heads that say nothing by themselves; "kinds of music" is about "music".
CONTAINERS = frozenset(
    {"kind", "kinds", "sort", "sorts", "type", "types", "lot", "lots", "bunch", "variety"}
    | {"plenty", "ton", "tons", "handful", "mix", "mixture", "range"}
)
VAGUE = frozenset(
    {"thing", "things", "stuff", "bit", "way", "time", "times", "idea", "much", "more", "all"}
    | {"few", "some", "several", "many", "couple", "most", "others", "other", "following"}
    | {"something", "anything", "everything", "nothing", "same", "lol", "both", "either"}
    # "another place I really like is called ...": the place is named elsewhere, if at all.
    | {"place", "places", "spot", "spots"}
    # "I" typed together with its verb ("Id be super sad", "Im so tired"), read as a noun.
    | {"id", "im", "ive", "imma", "ima"}
    | FILLERS
    | CONTAINERS
)
NOT_OBJECT_POS = frozenset(
    {"PRON", "DET", "ADV", "ADP", "PART", "SCONJ", "CCONJ", "PUNCT", "INTJ", "AUX", "SPACE"}
)
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})
_CLAUSE_DEPS = frozenset({"nsubj", "nsubjpass", "aux", "mark"})
MAX_OBJECT_WORDS = 6
_MAX_GERUND_TOKENS = 4
# A code with letters and digits joined by a hyphen ("JIRA-4521", "A77-1093"): whatever tag
# the small model gives it, it names itself.
_IDENTIFIER = re.compile(r"^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+$")
_GERUND_PARTS = frozenset({"dobj", "prt", "compound", "amod"})
# ... and where one lies or sits is what the doing is ("laying on a sunbed", not "laying").
_LIGHT_GERUNDS = frozenset({"go", "come", "hang", "get", "stay", "lay", "lie", "sit"})
_LIGHT_VERBS = frozenset({"make", "do", "have", "get", "take", "be", "go", "come", "give"})
# Focus words the parser hangs on a noun ("even some fun facts"): no part of its name.
_FOCUS = frozenset({"even", "also", "just", "especially", "mostly", "mainly", "particularly"})


@dataclass(frozen=True)
class Found:
    """An object: its canonical name (may hold placeholders), NER label and tokens."""

    name: str
    label: str
    tokens: list[Any]


def lower_set(words: Sequence[str]) -> set[str]:
    return {w.lower() for w in words}


# Marks of a list's items: an object holding one runs across items ("diced • Onion • Garlic").
_BULLETS = frozenset("•·▪◦●‣")


def object_ok(name: str, head: Any, pattern: PatternSpec) -> bool:
    if _BULLETS & set(name):
        return False
    names = {name.lower(), head.lemma_.lower()}
    if "-" in (last := name.lower().rsplit(" ", 1)[-1]):
        names.add(last)  # "a small get-together": the parser heads it with "together"
    if pattern.objects and not names & lower_set(pattern.objects):
        return False
    if not pattern.objects and bare_hollow(name, head):
        return False  # "we both found activities that we enjoy": which? ("gave a talk" is listed)
    if len(names) == 1 and names & lower_set(pattern.need_modifier):
        return False  # "I'm taking a class": which one, it does not say
    return not names & lower_set(pattern.exclude_objects)


def quoted_title(token: Any) -> Found | None:
    """The title in double quotes the token stands in, whole (titles.quoted_title)."""
    title = titles.quoted_title(token)
    return Found(title[0], "WORK_OF_ART", title[1]) if title is not None else None


def examples(head: Any) -> Any:
    """The first example of "areas such as web development and data science", "sports like
    tennis": a general noun with its examples is about them (their conjuncts follow). A
    "like" gives examples after a plural only ("interesting stories like true crime"; "a
    house like my parents'" is a likeness). The examples may hang on a container ("a lot of
    sports, including tennis"), and may be gerunds ("water sports like surfing")."""
    preps = list(head.rights)
    if head.dep_ == "pobj" and head.head.lower_ == "of" and head.head.head.lower_ in CONTAINERS:
        preps += [p for p in head.head.head.rights if p.i > head.i]
    for prep in preps:
        named = [
            g for g in prep.children if g.dep_ in ("pobj", "pcomp")
            and (g.pos_ in ("NOUN", "PROPN") or g.tag_ == "VBG")
            and not determiners(g) & (_DEFINITE | {"<poss>"})  # "such as the photo I sent"
        ]  # fmt: skip
        such = prep.lower_ == "as" and any(c.lower_ == "such" for c in prep.lefts)
        # "stuff like anime": a mass word of things is as plural (things_like.py)
        like = prep.lower_ == "like" and (head.tag_ in ("NNS", "NNPS") or head.lower_ == "stuff")
        if prep.dep_ == "prep" and named and (such or like or prep.lower_ == "including"):
            return named[0]
    return named_apposition(head) or head


_ROUNDS = frozenset({"game", "round", "match"})


def unwrap_container(head: Any) -> Any:
    """The noun a container word holds: "music" of "kinds of music", "a lot of jazz"; and
    what a serving holds: "coffee" of "a cup of coffee", "ramen" of "a bowl of ramen"; and the
    game a round is of: "padel" of "a game of padel" (not "Game of Thrones")."""
    played = head.lemma_.lower() in _ROUNDS and bool(determiners(head) & {"a", "an"})
    if pointing_kind(head):
        return head  # "that kind of software": the kind pointed at, no software (noun_object)
    if head.lower_ in CONTAINERS or head.lemma_.lower() in SERVINGS or played:
        inner = [g for c in head.rights if c.lower_ == "of" for g in c.children]
        return inner[0] if inner else head
    return head


def _vocative(head: Any) -> Any | None:
    """ "I'm majoring in business finance Kevin!": the addressee's (or speaker's) name closing
    a phrase is a vocative; the phrase is headed by the noun before it."""
    if head.pos_ != "PROPN" or head.text not in head.doc.user_data.get(PARTICIPANTS, ()):
        return None
    compounds = [c for c in head.lefts if c.dep_ == "compound" and c.pos_ == "NOUN"]
    return compounds[-1] if compounds else None


def _behind_filler(head: Any) -> Any:
    """ "I like pickled ginger tho", "I love mushrooms lol": the parser may head the phrase by
    the filler; the noun before it is the object. So may a word stretched in chat ("I like ice
    skating toooo", "I love hiking sooo")."""
    if head.lower_ not in FILLERS and not stretched_chat_word(head.lower_):
        return head
    compounds = [c for c in head.lefts if c.dep_ == "compound" and c.pos_ in ("NOUN", "PROPN")]
    return compounds[-1] if compounds else head


def _cut_at_of(head: Any) -> bool:
    """A common noun whose "of" holds two things or a doing says what it is only with them:
    "the separation of church and state" is no "separation", "a bad habit of going to sleep
    at 3" no "bad habit"; read alone it is cut, and too long to store whole. A chat's
    lower-case title ("god of war", tagged a proper noun) keeps a plain "of" part
    (object_spans.lowercase_title_of) and is cut by a longer one."""
    if head.pos_ == "PROPN" and head.text.islower():
        return any(p.dep_ == "prep" and p.lower_ == "of" and any(
            c.dep_ == "pobj" and c.text.islower() and not lowercase_title_of(head, list(c.subtree))
            for c in p.children) for p in head.rights)
    if head.pos_ != "NOUN":
        return False
    for prep in head.rights:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for inner in prep.children:
                if inner.dep_ == "pcomp" and inner.pos_ == "VERB":
                    return True
                if inner.dep_ == "pobj" and any(c.dep_ == "conj" for c in inner.children):
                    return True
    return False


def noun_object(head: Any, pattern: PatternSpec, misparsed: bool = False) -> Found | None:
    """The object headed by `head`, or None when it names no entity on its own."""
    if _across_clause(head) or pointing_kind(head) or split_off_pointer(head):
        return None  # "that kind of software", "those catchy mottos": what the chat told of
    if (sensed := sensed_thing(head)) is not None:  # "I love the smell of rain"
        return _sense_of(head, sensed, pattern, misparsed)
    head = unwrap_container(head)
    if head.dep_ == "conj" and getattr(binomial(head.head), "i", None) == head.i:
        return None  # the "cheese" of "mac and cheese": the pair's first noun names it
    tokens = binomial_tokens(head)
    if tokens:
        name = phrase_text(tokens)
        return Found(name, "", tokens) if object_ok(name, head, pattern) else None
    head = _vocative(head) or head
    filler, head = head, _behind_filler(head)
    title = quoted_title(head) if head.pos_ in ("NOUN", "PROPN") else None
    if title is not None and len(title.name.split()) <= MAX_OBJECT_WORDS:
        return title if object_ok(title.name, head, pattern) else None  # 'I enjoy "The Office"'
    titled = (titles.titled_media(head, VAGUE) or titles.lowercase_title(head)
              or titles.possessive_title(head) or titles.bare_of_title(head)
              or titles.work_name(head) or titles.name_with_preposition(head)
              or title_before_kind(head))  # "the Lord of the Rings trilogy"
    if titled is not None:
        media = Found(titled[0], "WORK_OF_ART", titled[1])
        return media if object_ok(media.name, head, pattern) else None
    if titles.part_of_pronoun(head):
        return None  # "a couple season of it": of which work?
    if _IDENTIFIER.match(head.text):
        return Found(head.text, "", [head]) if object_ok(head.text, head, pattern) else None
    if head.pos_ in NOT_OBJECT_POS or _vague_word(head.lower_) or head.tag_ in WH_TAGS:
        return None
    pointing = head.lower_ in ("one", "ones") and determiners(head) & _DEFINITE
    if pointing or any(c.tag_ in WH_TAGS for c in head.lefts):
        return None  # "the new one" points back ("a red one" does not); "what book we read" asks
    dets = determiners(head)
    # "my dog", "your idea" are about their owner, not a general entity; a head with its
    # own subject ("how they are impacting") is a clause, not a thing.
    clausal = any(c.dep_ in _CLAUSE_DEPS for c in head.children) and not misparsed
    possessed = isinstance(pattern, (VerbPattern, CopulaPattern)) and pattern.possessed
    possessor = possessor_of(head) if possessed else named_possessor(head)
    owned = possessor is not None or (possessed and own_placeholder(head) is not None)
    if ("<poss>" in dets and not owned) or clausal:
        return None
    ent = entity_span(head)
    if ent is not None and isinstance(pattern, VerbPattern) and pattern.proper_noun:
        return None  # "for six years" names no employer
    title_verb = head.pos_ == "VERB" and head.tag_ != "VBG" and head.is_title
    if head.pos_ == "VERB" and not title_verb and (not misparsed or head.tag_ == "VBG"):
        # Only gerunds name things: "hiking", "watching movies"; never "having it". Their
        # adverbials are no part of them ("hiking on weekends").
        # "going to the beach", "hanging out with friends": a light verb needs its place.
        parts = _GERUND_PARTS | ({"prep"} if head.lemma_ in _LIGHT_GERUNDS else set())
        # The gerund's object without its conjuncts: "exploring historical sites" of
        # "exploring historical sites and art"; the noun a container holds ("adding honey" of
        # "adding lots of honey", which read "adding of honey").
        tokens = [
            head, *(t for c in head.children if c.dep_ in parts
                    for t in _without_conjuncts(unwrap_container(c) if c.dep_ == "dobj" else c)),
            *(t for c in head.children if (t := trailing_noun(c)) is not None),
            *hour_of(head),  # "waking up early"
        ]  # fmt: skip
        if (spent := time_spent(head)) is not None:  # "spending time with family"
            tokens = spent
        # "beating people up in the game": what is done in a game or a film is no deed of life.
        settings = [
            c for t in [head, *tokens] for c in t.children if c.dep_ == "prep"
            and c.lower_ == "in" and any(g.lemma_.lower() in titles.MEDIA for g in c.children)
        ]  # fmt: skip
        within = {t.i: t for c in settings for t in c.subtree}
        long = doing_words(tokens) > _MAX_GERUND_TOKENS
        if long and not within and _named_without_its_place(head):
            # "eating chef boyardee from a can": the doing is the gerund with its object's name
            tokens = [head, *(t for c in head.children if c.dep_ in parts for t in (
                noun_phrase(c) if c.dep_ == "dobj" else _without_conjuncts(c)))]
        tokens = sorted({**{t.i: t for t in tokens}, **within}.values(), key=lambda t: t.i)
        if head.lemma_ == "try":  # "trying out different cuisines" is trying them
            tokens = [t for t in tokens if not (t.dep_ == "prt" and t.lower_ == "out")]
        if len(tokens) == 1 and (said := while_said(head)) is not None:  # "while I eat"
            return Found(said[0], "", said[1]) if object_ok(said[0], head, pattern) else None
        if len(tokens) == 1:
            tokens = _learnt_about(head)
        if len(tokens) == 1:
            tokens = with_its_argument(head)
            if not tokens:
                return None  # "I love listening to them", "I enjoy playing occasionally"
        timed = len(tokens) == 1 and len(tokens := while_clause(head)) > 1  # "while eating"
        if head.tag_ != "VBG" or doing_words(tokens) > _MAX_GERUND_TOKENS + len(within):
            return None
        if len(tokens) == 1 and head.lemma_ in _LIGHT_VERBS:
            return None  # "I enjoy making and indulging in treats": making what?
        inside = {t.i for t in tokens}
        objects = [head, *(c for c in head.children if c.dep_ == "dobj")]
        if head.lemma_ in _LIGHT_VERBS and any(
            p.dep_ == "prep" and p.lower_ == "of" and p.i not in inside
            for c in objects for p in c.children
        ):
            return None  # "taking care of my hair" is no "taking care"
        if len(tokens) == 1 and any(c.dep_ in ("ccomp", "xcomp") for c in head.children):
            return None  # "I love watching the sun set": watching is nothing without its clause
        if any(t.pos_ == "PRON" for t in tokens):
            return None
        if len(tokens) > 1 and not (has_content(tokens, head, verbs=timed)
                                    or phrasal_doing(tokens)):
            return None
        if any(t.dep_ == "acomp" and t.head != head for t in tokens):
            return None  # a clause misread as an object: "pampering sessions sound perfect"
        name = phrase_text([t for t in tokens if t.lower_ not in _FOCUS])  # "especially X"
    elif ent is not None:
        tokens = hyphen_joined(list(ent))
        name = phrase_text(tokens)
    else:
        common = head.pos_ != "PROPN" and head.ent_type_ not in MENTION_LABELS and not title_verb
        if (
            common
            and isinstance(pattern, VerbPattern)
            and (pattern.proper_noun or (dets & _DEFINITE and not pattern.definite
                                         and not generic_the(head, dets)
                                         and not named_the(head, dets)))
        ):
            return None
        if common and isinstance(pattern, NounPattern) and not pattern.definite:
            described = any(c.dep_ == "amod" for c in head.lefts)
            if dets & _DEFINITE and head.tag_ != "NNS" and not described:
                return None
        if _cut_at_of(head):
            return None
        tokens = hyphen_joined(object_tokens(head))
        tokens = [t for t in tokens if not (
            t.dep_ == "advmod" and t.head.i == head.i and t.lower_ in _FOCUS)]
        verbal = isinstance(pattern, VerbPattern)
        if (kept := specific(head, dets, tokens, verbal) if common else tokens) is None:
            return None  # "different restaurants", "I finished the game": which?
        tokens = kept
        if filler.i != head.i:  # "spanish cuisine haha": the filler's modifiers are the noun's
            kept = [t for c in filler.lefts if c.dep_ in ("amod", "compound") and c.i < head.i
                    for t in c.subtree]  # fmt: skip
            tokens = sorted({t.i: t for t in [*kept, *tokens]}.values(), key=lambda t: t.i)
        if head.lemma_.lower() in JOURNEYS and all(
                t.i == head.i or t.dep_ in ("det", "poss", "case") for t in tokens):
            return None  # "I'm planning a trip": which? ("a road trip", "a trip to Japan")
        if isinstance(pattern, VerbPattern) and pattern.drop_modifiers:
            dropped = lower_set(pattern.drop_modifiers)
            # with what modifies them: "very good English" -> English
            gone = {s.i for t in tokens if t.i != head.i and t.lower_ in dropped for s in t.subtree}
            tokens = [t for t in tokens if t.i not in gone]
        name = canonical_name(tokens)
        owner = own_placeholder(head) if possessed else None
        if owner and name:
            name = f"{owner}'s {name}"  # "I love my job" -> "<speaker>'s job"
        if possessor is not None and name:
            # "my cousin's wedding" -> "cousin's wedding".
            whose = phrase_text(t for t in possessor.subtree if t.tag_ not in ("PRP$", "POS", "DT"))
            rest = [t for t in tokens if t not in set(possessor.subtree) and t.tag_ != "POS"]
            name = f"{whose}'s {canonical_name(rest)}" if whose and rest else ""
        if title_verb and name:
            name = head.text if len(tokens) == 1 else name
    if not name or len(name.split()) > MAX_OBJECT_WORDS or name.lower() in VAGUE:
        return None
    if len(name) == 1 and name.islower():
        return None  # "I'm definitely an e": a lone letter names nothing ("R", "C" may)
    if any(t.dep_ == "neg" for t in tokens):
        return None  # "tried different flavors not just the classic ones": denied, no object
    if _sorted_by_clause(head):
        return None  # "people who only think about themselves": the clause says which
    if _only_praised(head, tokens):
        return None  # "some really good songs that I enjoy": which songs?
    if head.lower_ in ("one", "ones") and (
        name.lower() in ("one", "ones") or set(name.lower().split()) & VAGUE
    ):
        return None  # "a couple different ones", "another one I love" name nothing
    if nameless_one(head, tokens):
        return None  # "milky ones", "a red one": a kind named elsewhere, if at all
    # A phrase across lines is a list or a layout artefact ("I like the following:\n• ...").
    start, end = char_span(tokens)
    if "\n" in head.doc.text[start:end] or not object_ok(name, head, pattern):
        return None
    return Found(name, ner_label(head), tokens)


def _sense_of(sense: Any, thing: Any, pattern: PatternSpec, misparsed: bool) -> Found | None:
    """ "smell of rain": the sense with the thing it is of, when that names something."""
    found = noun_object(thing, pattern, misparsed)
    if found is None:
        return None
    name = f"{sense.lemma_.lower()} of {found.name}"
    return Found(name, found.label, [sense, *found.tokens]) if object_ok(
        name, sense, pattern) else None


def _vague_word(word: str) -> bool:
    """Whether the word is vague, written stretched or not ("bothhh", "stufff")."""
    return word in VAGUE or stretched_chat_word(word) or bool(
        unstretched(word) & VAGUE
    )  # "allll" is "all", "bothhh" "both", "himmm" "him"


_CLAUSE_LINKS = frozenset({"so", "but", "because", "cause", "cuz"})


def _across_clause(head: Any) -> bool:
    """ "We want to make it special, so some pampering sessions sound perfect": the parser
    hangs the subject of the next clause on the verb before ", so" as its object."""
    verb = head.head
    if head.dep_ != "dobj" or verb.i > head.i:
        return False
    between = head.doc[verb.i + 1 : head.i]
    return any(
        t.lower_ in _CLAUSE_LINKS and t.i > 0 and t.doc[t.i - 1].text == "," for t in between
    )


# Words that praise or size a thing without saying which it is.
_PRAISE = frozenset(
    {"good", "great", "nice", "amazing", "awesome", "cool", "fun", "fantastic", "wonderful"}
    | {"really", "very", "so", "pretty", "super", "some", "new", "best", "favorite", "lovely"}
)


# Things whose "new" says one's life changed, not that they are good.
_CHANGES_OF_LIFE = frozenset({"job"})
_TAKING_UP = frozenset({"start", "begin", "land", "find", "get", "accept"})


def _only_praised(head: Any, tokens: list[Any]) -> bool:
    """Whether the phrase is a generic thing with nothing but praise ("really good songs",
    "great movies"): it names no song or movie."""
    if head.pos_ != "NOUN" or head.lemma_.lower() not in GENERIC_OBJECTS:
        return False
    if determiners(head) & _DEFINITE:
        return False  # "the new show is awesome": one show, named earlier
    rest = [t for t in tokens if t.i != head.i and t.pos_ != "DET" and t.tag_ != "PRP$"]
    taken_up = head.dep_ == "dobj" and head.head.lemma_.lower() in _TAKING_UP
    changed = head.lemma_.lower() in _CHANGES_OF_LIFE and any(t.lower_ == "new" for t in rest)
    if taken_up and changed:
        return False  # "I started a new job": an event of one's life, "new" no praise
    return bool(rest) and all(t.lower_ in _PRAISE for t in rest)


def _learnt_about(gerund: Any) -> list[Any]:
    """A gerund with what it is about: "learning about planes" of "learning about different
    types of planes", "reading about space"; the gerund alone when it has no "about"."""
    for prep in gerund.children:
        objects = [g for g in prep.children if g.dep_ == "pobj"]
        if prep.dep_ == "prep" and prep.lower_ == "about" and objects:
            return [gerund, prep, *noun_phrase(unwrap_container(objects[0]))]
    return [gerund]


# Heads that name nobody and nothing until a clause says which ("people who ...").
_SORTED_HEADS = frozenset({"people", "person", "guy", "girl", "man", "woman", "someone", "folk"})


def _sorted_by_clause(head: Any) -> bool:
    """Whether a bare generic head is sorted by its relative clause: "people who only think
    about themselves", "movies that make me cry" ("a dog that is three" is a dog)."""
    lemma = head.lemma_.lower()
    if head.pos_ != "NOUN" or lemma not in GENERIC_OBJECTS | _SORTED_HEADS:
        return False
    described = any(c.dep_ in ("amod", "compound") for c in head.children)
    return not described and any(c.dep_ == "relcl" for c in head.children)


def _named_without_its_place(gerund: Any) -> bool:
    """Whether the gerund's object says what it is without its phrases: "chef boyardee" of
    "eating chef boyardee from a can" does; not an "of" or a clause it needs ("a raw cut of
    meat", "movies that are just setup for ..."), a vague word ("a bunch of"), a light verb."""
    if gerund.lemma_.lower() in _LIGHT_VERBS:
        return False
    objects = [c for c in gerund.children if c.dep_ == "dobj"]
    return len(objects) == 1 and objects[0].lower_ not in VAGUE and not any(
        c.dep_ in ("relcl", "acl", "advcl") or (c.dep_ == "prep" and c.lower_ in ("of", "to"))
        for c in objects[0].children
    )


def _without_conjuncts(token: Any) -> list[Any]:
    """The token's subtree without its coordinated parts ("and art", "or a stroll")."""
    cut = {t.i for c in token.children if c.dep_ in ("conj", "cc") for t in c.subtree}
    return [t for t in token.subtree if t.i not in cut]

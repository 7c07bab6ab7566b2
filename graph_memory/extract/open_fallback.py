"""The open fallback: a first-person statement that no declared relation matched still becomes
a typed, searchable fact ("I fixed the sink" -> STATES(<speaker>, sink, key "fix")), at the
pattern's lower confidence.

Precision first: only plain statements by the speaker with a real object. Questions,
hypotheticals (modals, "if"), negations, pronoun or vague objects, and the verbs the ontology
lists as chit-chat ("I think so", "I know right", "I guess") or declares in a verb pattern of
its own (a declared verb that did not match was refused on purpose) make nothing.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import is_be, is_conditional, is_negated, is_past
from graph_memory.extract.match import Match, Who, clause_subject, make_matches, used_to
from graph_memory.extract.objects import noun_object
from graph_memory.extract.patterns import OpenPattern, VerbPattern
from graph_memory.extract.people import SPEAKER

_SPEAKER = frozenset({"i", "we"})
# Clauses under these are reported or wished, not stated: "I want to fix it", "so I can go".
_EMBEDDED = frozenset({"xcomp", "ccomp", "advcl", "relcl", "acl", "csubj", "pcomp"})
_PREPOSITIONS = frozenset({"to", "in", "at", "with", "for", "on", "from", "into", "about"})
# A "to ..." object of a motion verb: "I went to the dentist"; others read only direct objects.
_OBJECT_FREE_PREPS = frozenset(
    {"go", "come", "move", "travel", "fly", "drive", "walk", "head", "live", "stay", "volunteer"}
)


def object_rules(pattern: OpenPattern) -> VerbPattern:
    """How the fallback reads an object: as a verb pattern would, the speaker's own things
    included ("I fixed my bike"), with the open pattern's object lists."""
    return VerbPattern(
        kind="verb",
        verbs=("*",),
        possessed=True,
        objects=pattern.objects,
        exclude_objects=pattern.exclude_objects,
    )


def open_matches(
    verb: Any,
    relation: str,
    pattern: OpenPattern,
    rules: VerbPattern,
    excluded: frozenset[str],
    excluded_unless_past: frozenset[str] = frozenset(),
) -> list[Match]:
    lemma = verb.lemma_.lower()
    if is_be(verb):
        return _state_matches(verb, relation, pattern, rules)
    if verb.pos_ != "VERB" or (verb.tag_ == "VBG" and not _progressive_clause(verb)):
        return []
    # A phrasal verb is a verb of its own: "I got back from the gym", "I checked out a cafe".
    particles = [c for c in verb.children if _particle(c)]
    phrasal = lemma not in _REPORTING and bool(particles)
    if lemma in excluded and not phrasal:
        return []
    if lemma in excluded_unless_past and not is_past(verb, perfect=True):
        return []
    habit = used_to(verb)
    if verb.dep_ in _EMBEDDED and habit is None and not _told(verb):
        return []
    subject = clause_subject(verb)
    if not _speaks(subject):
        return []
    tensed = habit if habit is not None else verb
    while tensed.dep_ == "conj" and not any(c.dep_ in ("aux", "nsubj") for c in tensed.children):
        tensed = tensed.head  # "I could go and check out the city": the modal is the head's
    if any(c.tag_ == "MD" for c in tensed.children) or is_conditional(verb):
        return []
    if is_negated(verb) or (habit is not None and is_negated(habit)):
        return []
    auxes = {c.lemma_.lower() for c in tensed.children if c.dep_ in ("aux", "auxpass")}
    if any(c.dep_ == "aux" and c.lemma_.lower() not in _AUXILIARIES for c in tensed.children):
        return []  # "my friends and I enjoy exploring ...": a verb misread as an auxiliary
    if verb.tag_ == "VBN" and ("have" not in auxes or "be" in auxes):
        return []  # "it has been stuck in my head", "I was told": passive, not done
    if verb.tag_ == "VBG" and _planned(verb):
        return []  # "I'm flying out tomorrow": a plan (HAS_GOAL reads those it can)
    key = " ".join([lemma, *(p.lower_ for p in particles)])
    objects = [c for c in verb.children if c.dep_ == "dobj" and not _when_word(c)]
    if not objects and lemma not in _LIGHT_VERBS:
        # "I went to the dentist", "I listened to a podcast" (key "listen to"), "I got back
        # from the gym" (key "get back from"): the first preposition's object.
        preps = [c for p in [verb, *particles] for c in p.children if c.dep_ == "prep"]
        for prep in sorted(preps, key=lambda t: t.i):
            motion = lemma in _OBJECT_FREE_PREPS
            if prep.dep_ == "prep" and prep.lower_ in (_PREPOSITIONS if motion else _VERB_PREPS):
                pobjs = [g for g in prep.children if g.dep_ == "pobj" and not _when_word(g)
                         and (motion or prep.lower_ not in ("in", "at") or not _where(g))]
                if pobjs and not motion:
                    key = f"{key} {prep.lower_}"
                objects.extend(pobjs[:1])
                break
    if any(d.dep_ == "det" and d.lower_ == "no" for o in objects[:1] for d in o.children):
        return []  # "we had no bag": a denial
    found = [noun_object(o, rules) for o in _with_conjuncts(objects[:1])]
    cue = "used to" if habit is not None else None
    speaker = Who(SPEAKER, "", True, [subject])
    return make_matches(relation, pattern, speaker, found, False, [verb], key, cue)


_REPORTING = frozenset({"think", "know", "guess", "mean", "say", "tell", "ask", "thank", "hear",
                        "find", "figure", "make", "let", "have", "be", "do"})
_MAX_CONJUNCTS = 5
# Verbs whose preposition tells no object: "I had a great time with my family".
_LIGHT_VERBS = frozenset({"have", "see", "watch", "do"})
_AUXILIARIES = frozenset({"be", "have", "do", "get", "will", "shall", "would", "should", "can",
                          "could", "may", "might", "must", "to", "'s", "'ve", "'m", "'re", "'d",
                          "'ll", "s", "ve", "m", "re", "d", "ll", "gon", "wan", "got", "ca"})
_HEDGES = frozenset({"think", "guess", "feel", "mean", "remember", "know", "believe", "say"})
# Prepositions whose object is what a verb without a direct object is about ("listen to",
# "focus on"); not "for", mostly a purpose or a duration ("I run for my health").
_VERB_PREPS = frozenset({"to", "in", "at", "with", "on", "from", "into", "about"})
# Times and amounts are when or how long, not what: "I slept for ten hours", "I woke up at 6".
_WHEN_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "QUANTITY", "ORDINAL", "PERCENT", "MONEY"})
_WHEN_NOUNS = frozenset(
    {"time", "while", "moment", "minute", "hour", "day", "night", "week", "weekend", "month",
     "year", "morning", "afternoon", "evening", "today", "tonight", "tomorrow", "yesterday",
     "now", "then", "once", "past", "future", "span", "period"}
)
_FUTURE = frozenset({"tomorrow", "tonight", "next", "later", "soon", "upcoming"})
# "I'm busy with work", "I've been stressed about my exams": a state and what it is about.
_STATE_PREPS = frozenset({"with", "about", "for", "from", "of", "at", "by", "over"})
# Politeness and reactions, not states of the speaker: "I'm glad to hear", "I'm sorry for".
_REACTIONS = frozenset(
    {"glad", "sorry", "happy", "sure", "thankful", "grateful", "right", "wrong", "good", "fine",
     "okay", "ok", "afraid", "aware", "able", "likely", "free", "welcome", "honest", "serious",
     "jealous", "proud", "impressed", "curious", "interested", "fond", "capable", "full",
     "ready", "done", "close", "similar", "different", "same", "familiar", "well", "great",
     "alright", "cool", "down", "new", "back", "here", "there", "awesome", "amazing", "lucky",
     "blessed", "certain", "positive", "correct", "confused", "excited", "fun", "funny",
     "bad", "nice", "late", "early", "real", "true", "open", "available", "like", "all", "much",
     "more", "little", "okey", "normal", "crazy", "weird", "cute", "useless", "big",
     "fair", "such", "other", "worried", "unsure", "up", "out", "in", "off", "on"}
)


def _told(verb: Any) -> bool:
    """An embedded clause that still tells what the speaker did: "I think I liked the ravioli",
    "after I finished my exam", "the day I met Tom" (past), not "I want to fix it"."""
    if verb.dep_ == "ccomp":
        # "I wish I had a car" is no statement.
        head_subject = clause_subject(verb.head)
        return (verb.head.lemma_.lower() in _HEDGES and head_subject is not None
                and head_subject.lower_ == "i" and not is_negated(verb.head))
    return verb.dep_ in ("advcl", "relcl") and is_past(verb, perfect=True)


def _speaks(subject: Any | None) -> bool:
    """ "I", "we", or "my friends and I"."""
    if subject is None:
        return False
    return subject.lower_ in _SPEAKER or any(
        c.dep_ == "conj" and c.lower_ in _SPEAKER for c in subject.children
    )


def _with_conjuncts(heads: list[Any]) -> list[Any]:
    """ "I'm taking Data Analytics, Microeconomics and Calculus": each is an object."""
    out: list[Any] = []
    for head in heads:
        out.append(head)
        out.extend(t for t in head.subtree if t.dep_ == "conj" and t.head in out)
    # "I see nests and no birds": a conjunct with "no" is denied.
    return [t for t in out if not any(d.dep_ == "det" and d.lower_ == "no" for d in t.children)][
        :_MAX_CONJUNCTS
    ]


def _where(token: Any) -> bool:
    """A place named as where a thing was done ("I stumbled on it in New York", "I cook at
    home"), not what was done."""
    return token.ent_type_ in ("GPE", "LOC") or token.lower_ in ("home", "work", "school")


def _progressive_clause(verb: Any) -> bool:
    """ "I'm reading a book", "I've been exploring ... and trying out ...", not the gerund of
    "I enjoy exploring neighborhoods" (a declared pattern's object)."""
    while verb.dep_ == "conj" and verb.head.tag_ == "VBG":
        verb = verb.head
    return bool(verb.dep_ == "ROOT" or (verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX")
                and verb.head.tag_ != "VBG" and any(c.dep_ == "aux" for c in verb.children)))


def _particle(token: Any) -> bool:
    """ "up" of "pick up"; the small model reads the "back" of "got back" as an adverb."""
    return bool(token.dep_ == "prt" or (token.dep_ == "advmod" and token.lower_ == "back"))


def _when_word(token: Any) -> bool:
    return token.ent_type_ in _WHEN_LABELS or token.lemma_.lower() in _WHEN_NOUNS or token.like_num


def _planned(verb: Any) -> bool:
    """A progressive clause about the future: "I'm leaving next week", "I'm going to ..."."""
    if any(c.dep_ == "xcomp" for c in verb.children) and verb.lemma_ == "go":
        return True
    return any(t.lower_ in _FUTURE for t in verb.subtree if t.i > verb.i or t.dep_ == "npadvmod")


def _state_matches(
    be: Any, relation: str, pattern: OpenPattern, rules: VerbPattern
) -> list[Match]:
    """ "I've been super busy with work" -> STATES(speaker, work, key "busy with"): a state of
    the speaker's (an adjective) with what it is about (its preposition's noun)."""
    subject = clause_subject(be)
    if not _speaks(subject) or be.dep_ in _EMBEDDED:
        return []
    if any(c.tag_ == "MD" for c in be.children) or is_conditional(be) or is_negated(be):
        return []
    if is_past(be, perfect=True):
        # "I was at the stadium", "we were in Miami": where the speaker was.
        for prep in be.children:
            if prep.dep_ == "prep" and prep.lower_ in ("at", "in"):
                pobjs = [g for g in prep.children if g.dep_ == "pobj" and not _when_word(g)]
                found = [noun_object(o, rules) for o in _with_conjuncts(pobjs[:1])]
                speaker = Who(SPEAKER, "", True, [subject])
                return make_matches(relation, pattern, speaker, found, False, [be, prep],
                                    f"be {prep.lower_}")
    for adjective in be.children:
        if adjective.dep_ != "acomp" or adjective.pos_ != "ADJ":
            continue
        state = adjective.lemma_.lower()
        if state in _REACTIONS or state in pattern.exclude_verbs:
            return []
        for prep in adjective.children:
            if prep.dep_ != "prep" or prep.lower_ not in _STATE_PREPS:
                continue
            pobjs = [g for g in prep.children if g.dep_ == "pobj" and not _when_word(g)]
            found = [noun_object(o, rules) for o in _with_conjuncts(pobjs[:1])]
            key = f"{adjective.lemma_.lower()} {prep.lower_}"
            speaker = Who(SPEAKER, "", True, [subject])
            return make_matches(relation, pattern, speaker, found, False, [be, adjective], key)
        return []  # a bare state ("I'm so busy") is chit-chat, not a fact
    return []

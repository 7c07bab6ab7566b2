"""When a clause of the open fallback (open_fallback.py) tells something lasting, read from its
tense and aspect: the progressive of an ongoing activity ("I'm reading a new book") and not of
this moment ("I'm just sitting at a cafe") or a plan ("I'm flying out tomorrow"); the perfect
progressive, never a plan ("I've been going to therapy"); a possession held now ("I have a
pottery wheel"); a habit at a place ("I work in a bubble tea shop"); a past state or an
experience ("I had an aquarium a few years ago") rather than one occasion; the verb that carries
another's tense ("I started learning guitar", "I went to see a play"); a denial that states
something lasting ("I've never had kobe beef") rather than a passing one."""

from __future__ import annotations

import itertools
from typing import Any

from graph_memory.extract.canonical import is_be, is_negated, is_past
from graph_memory.extract.open_objects import QUOTES
from graph_memory.extract.open_vocabulary import (
    BODY_MOMENTS,
    CARRIERS,
    FUTURE,
    MOTION_NOW,
    PLACE_HABITS,
    PLAN_VERBS,
    SERVINGS,
    SKILL_CARRIERS,
    SKILL_VERBS,
    TODAY,
    UNLIVED_SPANS,
    YOUTH,
)


def ongoing(verb: Any, tensed: Any) -> bool:
    """ "I'm reading a new book", "I've been working on a painting": a progressive clause, not
    the simple present a declared pattern reads; a coming or going one is mostly a plan ("I'm
    going to Rome"), unless it is perfect ("I've been going to therapy")."""
    return (tensed is verb and verb.tag_ == "VBG"
            and (verb.lemma_.lower() not in PLAN_VERBS or (perfect(verb) and not today(verb)))
            and any(c.dep_ == "aux" and is_be(c) for c in verb.children))


def perfect(verb: Any) -> bool:
    """ "I've been going", "I have been traveling": the perfect progressive tells what has been
    going on, never a plan."""
    return any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in verb.children)


def ongoing_with(verb: Any) -> bool:
    """ "I've been dealing with back pain": an ongoing struggle with a thing."""
    return ongoing(verb, verb) and any(c.dep_ == "prep" and c.lower_ == "with"
                                        for c in verb.children)


def place_habit(verb: Any, tensed: Any) -> bool:
    """ "I work in a bubble tea shop", "I study at a small college": a simple-present habit at
    a place, which the declared patterns read only for a named or listed one."""
    preps = PLACE_HABITS.get(verb.lemma_.lower())
    if preps is None or tensed is not verb or verb.tag_ not in ("VBP", "VBZ"):
        return False
    if any(c.dep_ in ("aux", "auxpass", "xcomp", "ccomp", "dobj") for c in verb.children):
        return False  # "I go to see", "I'll go to": a purpose or a plan
    return any(c.dep_ == "prep" and c.lower_ in preps
               and any(g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN") for g in c.children)
               for c in verb.children)


def holds(verb: Any, tensed: Any) -> bool:
    """ "I have a pottery wheel at home", "I don't have a car": what the person has now, when
    no declared pattern read it (not "I have to go", "I have it")."""
    if verb.lemma_.lower() != "have" or tensed is not verb or verb.tag_ not in ("VB", "VBP",
                                                                                "VBZ"):
        return False
    # "I don't have health insurance" is one too (a lasting denial), not "I have to go"
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if any(c.dep_ in ("xcomp", "ccomp") for c in verb.children) or any(
            c.lemma_.lower() != "do" for c in auxes) or (verb.tag_ == "VB" and not auxes):
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if not objects or objects[0].pos_ not in ("NOUN", "PROPN"):
        return False
    if verb.dep_ == "ccomp" and (today(verb.head) or future(verb.head)):
        return False  # "tomorrow I think I have a pretty empty schedule": the hedge's day
    if any((c.dep_ == "acl" and c.tag_ == "VBG") or (c.dep_ in ("acl", "relcl") and any(
            a.dep_ == "aux" and a.lower_ == "to" for a in c.children))
           for c in objects[0].children):
        return False  # "I have 5 exams to study for", "I have a small vacation coming up"
    # "I only have miso soup for lunch", "I have a cup of tea": a meal; 'his "I have a dream"
    # speech': a quotation; "I have a boat in mind": a wish; "I have a few favorite poses": a
    # preference; "I have an exam tomorrow", "for now I have ...": a day's business
    words = {t.lower_ for t in verb.subtree}
    for_now = any(c.dep_ == "prep" and c.lower_ == "for"
                  and any(g.lower_ == "now" for g in c.children) for c in verb.children)
    return not (words & TODAY or words & set(QUOTES) or "mind" in words or words & FUTURE
                or words & {"favorite", "favourite", "favorites", "favourites"}
                or objects[0].lemma_.lower() in SERVINGS | BODY_MOMENTS or for_now)


def lasting(verb: Any, negated: bool) -> bool:
    """ "I've had a dog", "I've never had kobe beef", "I had an aquarium a few years ago":
    an experience or a past state, not one occasion."""
    if negated or (verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in verb.children
                                               if c.dep_ == "aux")):
        return True
    words = {t.lower_ for c in verb.children if c.dep_ in ("npadvmod", "advmod", "prep")
             for t in c.subtree}
    return bool({"ago", "years"} <= words or "past" in words)


def this_moment(verb: Any) -> bool:
    """ "I'm just reading a magazine", "right now I'm cleaning my room", "I am a bit sick
    today. ... We are playing truth or dare": a progressive of the moment, not an ongoing
    activity ("I'm learning Korean")."""
    while verb.dep_ == "conj" and verb.head.tag_ == "VBG":
        verb = verb.head
    words = {c.lower_ for c in verb.children if c.dep_ in ("advmod", "npadvmod")}
    return "just" in words or day_told(verb)


def today(verb: Any) -> bool:
    """ "today", "this morning", "earlier", "rn": the clause tells of the day, not of a life."""
    words = {t.lower_ for c in verb.children if c.dep_ in ("npadvmod", "advmod", "prep")
             for t in c.subtree}
    # "im cooking my soup rn": the parser may read a chat "rn" as a second object.
    words |= {c.lower_ for c in verb.children if c.lower_ in ("rn", "atm")}
    # "all day", "the whole morning", "the entire time I was there": a span of one day
    span = bool(words & {"all", "whole", "entire"} and words & _DAY_SPANS)
    return (bool(words & TODAY) or {"this", "morning"} <= words or {"right", "now"} <= words
            or span)


def just_finished(carrier: Any) -> bool:
    """ "I just finished playing some volleyball", "We've just finished making some bagels":
    a doing of this moment, ended just now (not "I finished reading Dune", a work done)."""
    return carrier.lemma_.lower() in ("finish", "wrap") and any(
        c.dep_ == "advmod" and c.lower_ == "just" for c in carrier.children)


_DAY_SPANS = frozenset({"day", "morning", "afternoon", "evening", "night", "time"})


def of_the_day(verb: Any) -> bool:
    """ "Today I saw some stray cats", "Just got back from the gym", "I took a walk this
    morning", "Today was a fantastic day for me - I hit the golf course": a simple past of the
    day (told by the clause or by its sentence), a passing moment unless it names something."""
    if verb.tag_ != "VBD" or perfect(verb):
        return False
    # "I just sat around the entire time and played mobile games": a verb coordinated under
    # the same subject shares its head's time
    shared = (verb.dep_ == "conj" and verb.head.tag_ == "VBD"
              and not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children))
    told = [verb, verb.head] if shared else [verb]
    return _day_sentence(verb) or any(
        today(v) or any(c.dep_ == "advmod" and c.lower_ == "just" for c in v.children)
        for v in told)


def day_told(verb: Any) -> bool:
    """The clause or its message tells of one day: "I've been practicing my writing all day",
    "Nothing too exciting today. I've been catching up on a bit of reading"."""
    return today(verb) or _day_sentence(verb)


def _day_sentence(verb: Any) -> bool:
    """The verb's message tells of one day: "today", "tonight", "this morning" in it ("I've
    had a pretty good day so far. I went for a morning hike")."""
    words = [t.lower_ for t in verb.doc]
    pairs = set(itertools.pairwise(words))
    day_so_far = ("so", "far") in pairs and "day" in words
    return day_so_far or bool(set(words) & {"today", "tonight", "todays"}) or bool(
        pairs & {("this", "morning"), ("this", "afternoon"), ("this", "evening")})


def youth_habit(verb: Any) -> bool:
    """ "When I was younger I would watch the mummy movies", "I would play outside when I was a
    kid": a "would" of a past habit, told by a clause of the speaker's youth."""
    if not any(c.tag_ == "MD" and c.lower_ in ("would", "'d") for c in verb.children):
        return False
    return youth_clause(verb)


def youth_clause(verb: Any) -> bool:
    """ "when I was a kid", "when I was younger": a "when" clause of the verb's that names the
    speaker's youth."""
    return any(clause.dep_ == "advcl" and any(c.lower_ == "when" for c in clause.children)
               and {t.lemma_.lower() for t in clause.subtree} & YOUTH
               for clause in verb.children)


def this_time(verb: Any) -> bool:
    """ "I followed an online recipe this time": the clause tells one occasion of several."""
    return any(c.dep_ == "npadvmod" and c.lower_ == "time"
               and any(d.lower_ == "this" for d in c.children) for c in verb.children)


def first_time(verb: Any) -> bool:
    """ "I just watched spongebob for the first time", "Today I tried sushi for the first
    time": a first experience, remembered whatever the day (not "for the first time in
    years", "the first time I went there": a return or a time clause)."""
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "for":
            continue
        for time in prep.children:
            if (time.dep_ == "pobj" and time.lower_ == "time"
                    and any(c.dep_ == "amod" and c.lower_ == "first" for c in time.children)
                    and not any(c.dep_ in ("prep", "relcl", "acl") for c in time.children)
                    and not any(c.dep_ == "prep" and c.lower_ in ("in", "since")
                                for c in verb.children)):
                return True
    return False


def future(verb: Any) -> bool:
    """ "I go to the airport tomorrow", "I start my new job next week"."""
    return any(t.lower_ in FUTURE for c in verb.children if c.dep_ in ("npadvmod", "advmod")
               for t in c.subtree)


def planned(verb: Any) -> bool:
    """A progressive clause about the future: "I'm leaving next week", "I'm going to ..."."""
    if any(c.dep_ == "xcomp" for c in verb.children) and verb.lemma_ == "go":
        return True
    return any(t.lower_ in FUTURE for t in verb.subtree if t.i > verb.i or t.dep_ == "npadvmod")


def progressive_clause(verb: Any) -> bool:
    """ "I'm reading a book", "I've been exploring ... and trying out ...", not the gerund of
    "I enjoy exploring neighborhoods" (a declared pattern's object)."""
    if any(c.dep_ == "aux" and c.lemma_.lower() == "get" for c in verb.children):
        return False  # "I got soaking wet": a state the parser reads as a progressive
    while verb.dep_ == "conj" and verb.head.tag_ == "VBG":
        verb = verb.head
    return bool(verb.dep_ == "ROOT" or (verb.dep_ == "conj" and verb.head.pos_ in ("VERB", "AUX")
                and verb.head.tag_ != "VBG" and any(c.dep_ == "aux" for c in verb.children)))


def moving_now(verb: Any, tensed: Any, lemma: str) -> bool:
    """ "Now I'm coming back from a relatives city", "I'm leaving to the bar": going and coming
    in the present progressive is this moment or a plan, never a life ("I've been going to
    therapy" is)."""
    return (lemma in MOTION_NOW and verb.tag_ == "VBG" and tensed is verb and not perfect(verb)
            and any(c.dep_ == "aux" and c.lower_ in ("am", "is", "are", "'m", "'re", "m", "re")
                    for c in verb.children))


def past_progressive(verb: Any) -> bool:
    """ "I was deep frying some corn dogs", "we were watching a movie" (not "I've been ...")."""
    return any(c.dep_ == "aux" and c.lower_ in ("was", "were") for c in verb.children) and (
        not perfect(verb))


def denial(verb: Any, tensed: Any) -> bool | None:
    """False for an affirmative clause; True for a denial that states something lasting
    ("I've never had kobe beef", "I don't watch TV"); None for any other denial."""
    neither = any(c.lower_ in ("neither", "nor") for c in tensed.children)
    if not (is_negated(verb) or is_negated(tensed) or neither):
        return False
    if neither:
        return True  # "neither do I have a nuclear engineering background"
    if tensed is not verb:
        return None  # "I didn't get to see it", "I never started ...": nothing stated
    never = any(c.lower_ == "never" for c in verb.children)
    if never and any(c.lower_ == "before" for c in verb.children) and any(
            t.lower_ == "now" and t.i > verb.i for t in verb.sent):
        return None  # "I've never had a cat before and now I have a cat": it has changed
    habitual = verb.tag_ == "VB" and any(
        c.dep_ == "aux" and c.lower_ in ("do", "don't") for c in verb.children
    )
    # "I haven't read Grapes of Wrath": an experience denied; not a thing of the moment ("I
    # haven't finished it yet", "I haven't had fries in a while", "I haven't eaten today")
    # and only of a named thing ("I haven't seen Oppenheimer"; not "I haven't experienced a
    # breakup", rather a passing remark)
    named = any(c.dep_ == "dobj" and c.pos_ == "PROPN" for c in verb.children) or (
        verb.i + 1 < len(verb.doc) and verb.doc[verb.i + 1].text in QUOTES)
    unlived = named and verb.tag_ == "VBN" and perfect(verb) and not (
        {t.lower_ for c in verb.children if c.dep_ in ("advmod", "npadvmod", "prep")
         for t in c.subtree} & UNLIVED_SPANS)
    return True if never or habitual or unlived else None


def carrier_of(verb: Any) -> Any | None:
    """The verb that carries this one's tense and subject: "I started learning guitar", "I
    kept practicing", "I finally got to see the whale replica", "I finished reading Dune"."""
    head = verb.head
    # "I went to see a play": the parser reads the seeing as the going's purpose
    went_to = (verb.dep_ == "advcl" and head.lemma_.lower() == "go" and head.i + 1 < verb.i
               and head.doc[head.i + 1].lower_ == "to" and head.doc[head.i + 1].head.i == verb.i)
    if (verb.dep_ != "xcomp" and not went_to) or head.i == verb.i or head.pos_ != "VERB":
        return None
    infinitive = any(c.dep_ == "aux" and c.lower_ == "to" for c in verb.children)
    if head.lemma_.lower() in SKILL_CARRIERS:
        # "learning how to play the piano", "I learned to play the guitar", not "I learned to
        # be patient" (a way of being)
        skill = any(c.lower_ == "how" for c in verb.children) or verb.lemma_.lower() in SKILL_VERBS
        return head if infinitive and skill else None
    carrier = CARRIERS.get(head.lemma_.lower())
    if carrier is None:
        return None
    if carrier == "past" and not is_past(head, perfect=True):
        return None  # "I get to see it" is a chance, "I got to see it" a thing done
    if head.lemma_.lower() in ("spend", "try") and verb.tag_ != "VBG":
        return None  # "I spent the morning exploring a gallery", not "spent it to ..."
    if head.lemma_.lower() == "go" and head.tag_ not in ("VBD", "VBN"):
        return None  # "I was going to start a game": a plan, maybe never done
    if head.lemma_.lower() in ("get", "go") and not infinitive:
        # "I got soaking wet" is a state, "I got to see the whale" a thing done; "I went
        # hiking" is the declared DID's, "I went to see a play" a thing done
        return None
    return head


def step(verb: Any) -> bool:
    """A step of a how-to told in the simple present: "After I remove them from the skillet, I
    throw in some mushrooms", "once it boils I add the pasta" (not "when I'm stressed I play
    the piano", a habit)."""
    return verb.tag_ in ("VBP", "VBZ") and any(
        c.dep_ == "advcl" and c.tag_ in ("VBP", "VBZ") and any(
            m.dep_ == "mark" and m.lower_ in _STEP_MARKS for m in c.children)
        for c in verb.children)


_STEP_MARKS = frozenset({"after", "once", "before", "until", "till"})

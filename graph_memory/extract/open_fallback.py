"""The open fallback: a statement that no declared relation matched still becomes a typed,
searchable fact ("I fixed the sink" -> STATES(<speaker>, sink, key "fix")), at the pattern's
lower confidence.

It is a clause extractor that reads one declarative clause at a time and keeps it only when
every part is there:
- a subject that is a person: the speaker ("I", "we", "my friends and I"), a named person
  ("Tom fixed the sink"), or a relative of the speaker's ("my sister got a puppy", with the
  ontology's role nouns); never "you" (advice, guesses, questions), he/she/they, or an
  unnamed friend;
- a meaningful verb: not one the ontology lists as chit-chat or owns in a declared pattern,
  and not a light or cognition verb ("I forgot the name", "I noticed an increase");
- a complete object: a noun phrase with its modifiers, never a pronoun, a vague or hollow
  head ("the point", "a ton of"), a generic passing activity ("running some errands") or a
  body part ("twiddling my fingers"); the addressee's things are reactions, not facts;
- a plain statement: no question, modal, condition, wish, plan or generic present "we";
  a denial is carried only when it states something lasting ("I've never had kobe beef",
  "I don't watch TV", "I haven't seen Oppenheimer"), not a passing "I didn't find it yet";
- not a passing moment: a day's doing ("Today I saw some stray cats", "I've been practicing
  my writing all day"), a common sight ("we watched the fireworks"), a chore, a thing handled
  ("I left my phone on": handled_things.py), a step of a how-to ("After I remove them, I throw
  in some mushrooms"), a mishap ("I ran out of space"); such a moment that names a specific
  thing is a deed of the day ("I just had a costco hot dog" -> DID, "I'm painting some pottery
  right now" -> STATES: day_deeds.py).
Each coordinated clause and each coordinated object is a fact of its own. The key is the verb
lemma with its particle and, when the object is a preposition's, the preposition ("listen
to"); a verb carried by "start", "keep", "get to", "went to" or "spent (a time)" is keyed by
itself ("I started learning guitar" -> STATES guitar [learn]), and a skill by its learning ("I'm
learning how to play the piano" -> STATES piano [learn to play]). A verb a declared pattern
reads in the simple present is still the fallback's in the progressive ("I've been working on a
painting"), for "have" as a plain present possession no declared pattern took ("I have an at
home gym"), and for "work" at a place no declared pattern names ("I work in a bubble tea
shop"); a few verbs the ontology keeps out as light are readmitted in their one telling use
("I use Vim for coding", "I found a stray cat", "I've been dealing with back pain"). Objects
are read by open_objects.py, tense and aspect by open_aspect.py, who the clause is about and
whether it is a plain statement by open_subjects.py; the word lists are in
open_vocabulary.py.
"""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import (
    is_be,
    is_negated,
    is_past,
)
from graph_memory.extract.carried_deeds import carried_deed
from graph_memory.extract.day_deeds import day_deed, got_dish
from graph_memory.extract.handled_things import handled_in_passing
from graph_memory.extract.match import (
    Match,
    after_relative_clause,
    clause_subject,
    implied_speaker,
    make_matches,
    used_to,
)
from graph_memory.extract.objects import Found
from graph_memory.extract.open_aspect import (
    carrier_of,
    denial,
    first_time,
    holds,
    just_finished,
    lasting,
    moving_now,
    of_the_day,
    ongoing,
    ongoing_with,
    past_progressive,
    perfect,
    place_habit,
    progressive_clause,
    step,
    this_moment,
    this_time,
    today,
)
from graph_memory.extract.open_objects import (
    a_first,
    authored_title,
    bare,
    is_when_word,
    is_where,
    membership,
    named,
    notable,
    open_object,
    out_of,
    quoted_title,
    shown,
    watched,
    with_conjuncts,
)
from graph_memory.extract.open_subjects import (
    EMBEDDED,
    someone_between,
    stated,
    subject_of,
    told,
    unspanned,
    who_of,
)
from graph_memory.extract.open_vocabulary import (
    BODY_MOMENTS,
    CHORE_VERBS,
    DAY_VERBS,
    ERRAND_MOTIONS,
    ERRAND_PREPS,
    ESCORTED,
    ESCORTING_VERBS,
    FOR_VERBS,
    HOME_PLACES,
    LIGHT_VERBS,
    LIKINGS,
    MEAL_VERBS,
    NO_ERRANDS,
    NO_OBJECT_VERBS,
    OBJECT_FREE_PREPS,
    OCCASION_CARRIERS,
    ONE_OFF_VERBS,
    ONGOING_WITH,
    PREPOSITIONS,
    QUIET_VERBS,
    REACTIONS,
    READMITTED,
    REPORTING,
    SITUATIONS,
    SKILL_CARRIERS,
    SPECTATOR_VERBS,
    STATE_PREPS,
    STATIVE_PARTICIPLES,
    TRAVEL_VERBS,
    VEHICLES,
    VERB_PREPS,
    WHEN_NOUNS,
)
from graph_memory.extract.patterns import OpenPattern, VerbPattern
from graph_memory.extract.told_works import work_told


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
    people: frozenset[str] = frozenset(),
) -> list[Match]:
    """The open facts of the clause headed by `verb` (a token of a non-question sentence);
    `people` are the ontology's role nouns for people ("sister"), for relatives as subjects."""
    if verb.pos_ != "VERB" and not is_be(verb):
        return []
    if verb.dep_ == "relcl":
        # "The last Marvel movie I watched was spider-man": the copula names the work (a
        # deed, DID's); "the last movie I watched was the new batman movie" names none
        work = work_told(verb, relation, pattern, people)
        if work is not None:
            return work if pattern.past_verbs else []
    if pattern.past_verbs and verb_lemma(verb) not in pattern.past_verbs:
        return []
    if is_be(verb):  # a state: the plain open pattern's, no deed of a day
        return [] if pattern.day_deeds else _state_matches(verb, relation, pattern, rules, people)
    if verb.pos_ != "VERB":
        return []
    if verb.tag_ == "VBN" and verb.lower_ in STATIVE_PARTICIPLES:
        return [] if pattern.day_deeds else _participle_matches(verb, relation, pattern, rules,
                                                                people)
    lemma = verb_lemma(verb)
    # A phrasal verb is a verb of its own: "I got back from the gym", "I checked out a cafe".
    particles = [c for c in verb.children if _particle(c)]
    phrasal = lemma not in REPORTING and bool(particles)
    readmitted = _readmitted(verb, lemma) or got_dish(verb)  # "I got a caramel latte"
    if (lemma in excluded and not phrasal and not readmitted) or (
            lemma in QUIET_VERBS and not (lemma in ONGOING_WITH and ongoing_with(verb))):
        return []
    carrier = carrier_of(verb)
    habit = used_to(verb)
    if habit is not None and any(c.dep_ == "dobj" for c in habit.children):
        return []  # "we used his theories to develop weapons": a purpose, no habit
    tensed = carrier if carrier is not None else habit if habit is not None else verb
    if verb.tag_ == "VBG" and carrier is None and not progressive_clause(verb):
        return []  # "I enjoy exploring neighborhoods": a declared pattern's object
    if lemma in excluded_unless_past and not (is_past(tensed, perfect=True)
                                              or ongoing(verb, tensed)
                                              or holds(verb, tensed)
                                              or place_habit(verb, tensed)):
        return []  # "I love the vibe" is a declared pattern's; "I'm loving this album" is not
    if carrier is None and habit is None and verb.dep_ in EMBEDDED and not told(verb):
        return []
    own = ("aux", "auxpass", "nsubj", "nsubjpass", "expl")
    joined = tensed
    while tensed.dep_ == "conj" and not any(c.dep_ in own for c in tensed.children) and (
            not after_relative_clause(tensed)):
        tensed = tensed.head  # "I could go and check out the city": the modal is the head's
    if joined is not tensed and someone_between(tensed, joined):
        return []  # "I ... thought she was normal but then started shouting": whose shouting?
    subject = subject_of(tensed)
    # chat drops its "I": "Just finished a new painting", "Went to the botanical gardens"
    who = who_of(subject, people) if subject is not None else implied_speaker(tensed, pattern)
    if who is None or not stated(verb, tensed, who) or moving_now(verb, tensed, lemma):
        return []
    negated = denial(verb, tensed)
    if negated is None:
        return []  # a denial of nothing lasting
    # "I had some good pizza earlier", "I had a sandwich", "we ate some appetizers": one meal,
    # not a life (a day's deed, kept by day_deeds.py when it names a dish)
    meal = (lemma in MEAL_VERBS and today(verb)) or got_dish(verb) or (
        lemma in ONE_OFF_VERBS and habit is None and not lasting(verb, negated)
        and not holds(verb, tensed))
    if habit is None and any(c.dep_ == "dobj" and c.lemma_.lower() in BODY_MOMENTS
                             for c in verb.children):
        return []  # "Currently im suffering a nosebleed": a body's moment, had but not held
    if step(tensed) or handled_in_passing(verb, particles):
        return []  # "After the liquid reduces, I add a drop of Worcestershire", "I moved the couch"
    if lemma in CHORE_VERBS and verb.tag_ == "VBD" and habit is None and any(
            c.dep_ == "dobj" and c.lemma_.lower() in HOME_PLACES for c in verb.children):
        return []  # "I cleaned up my house": a chore of the day
    key = " ".join([lemma, *(p.lower_ for p in particles)])
    if carrier is not None and carrier.lemma_.lower() in SKILL_CARRIERS:
        key = f"{carrier.lemma_.lower()} to {key}"  # "learning how to play the piano"
    found, key = _objects(verb, particles, key, rules)
    if lemma in LIKINGS:
        # "I loved the lively atmosphere", "I really enjoyed the trippy CGI in Doctor Strange":
        # a liking of a part of an outing or a work told is a reaction to it; what was liked
        # by its name is kept ("I really enjoyed spiderverse", "I liked anatomy more")
        found = [f for f in found if f is not None and (named(f) or bare(f))]
    if lemma in SPECTATOR_VERBS and not negated and verb.tag_ != "VBG":
        # (not "I'm seeing a physical therapist": someone seen over a span of time)
        # a bare noun watched is mostly a title in lower case ("I watched demon slayer")
        found = [f for f in found if f is not None and (named(f) or watched(f) or bare(f))]
    if _errand(verb, key, found) and carrier is None and habit is None:
        return []  # "I ran to the dry cleaning to drop off some clothes": an errand of a day
    # "Today ... I even managed to sink a few birdies": one occasion on a day told
    one_occasion = carrier is not None and carrier.lemma_.lower() in OCCASION_CARRIERS
    day_verb = carrier if one_occasion else verb
    # "I just finished playing some volleyball": a doing ended just now
    ended_now = carrier is not None and just_finished(carrier)
    moment = ((lemma in DAY_VERBS or one_occasion) and of_the_day(day_verb)) or (
        verb.tag_ == "VBG" and tensed is verb and past_progressive(verb)) or (
        verb.tag_ == "VBD" and this_time(verb)) or ended_now or (
        # "I'm just sitting at a cafe reading a magazine": this moment's doing ("I'm reading
        # Dune right now" names what)
        verb.tag_ == tensed.tag_ == "VBG" and not perfect(tensed) and this_moment(verb))
    if meal or (moment and (carrier is None or one_occasion or ended_now) and habit is None
                and not any(f is not None and (named(f) or notable(f) or a_first(f))
                            for f in found) and not first_time(verb)):
        # "I saw some stray cats today", "Just got back from the gym": a passing day; "I was
        # deep frying some corn dogs": what was going on at a moment told ("I was reading a
        # book called 2666" names what); "I followed an online recipe this time": one occasion;
        # one that names a specific thing is a deed (day_deeds.py): DID's done, STATES' under way
        deed = None if negated else day_deed(verb, tensed, lemma, found)
        if deed is None or deed[0] != bool(pattern.past_verbs or pattern.day_deeds):
            return []
        return make_matches(relation, pattern, unspanned(who), deed[1], False, [verb], key)
    if pattern.day_deeds:
        return []  # the plain open pattern's
    if pattern.past_verbs and not _done(verb, tensed, negated, carrier, habit):
        return []
    cue = "used to" if habit is not None else None
    return make_matches(relation, pattern, unspanned(who), found, negated, [verb], key, cue)


def _errand(verb: Any, key: str, found: list[Found | None]) -> bool:
    """Going once, in the simple past, to a common place ("I ran to the dry cleaning", "I
    went to the grocery store"); not to a named place or an event, a place gone to over years
    ("I went to college in Ohio") or for an outing ("a restaurant"), nor a going told with its
    span ("I went to therapy for years", "every week")."""
    if verb_lemma(verb) not in ERRAND_MOTIONS or verb.tag_ != "VBD":
        return False
    if key.rsplit(" ", 1)[-1] not in ERRAND_PREPS or any(
            f is not None and (named(f) or notable(f)) for f in found):
        return False
    places = {t.lemma_.lower() for f in found if f is not None for t in f.tokens}
    spans = any(t.lemma_.lower() in WHEN_NOUNS for c in verb.children
                if c.dep_ in ("prep", "npadvmod") for t in c.subtree)
    return not (places & NO_ERRANDS or spans)


def _done(verb: Any, tensed: Any, negated: bool, carrier: Any, habit: Any) -> bool:
    """A deed told: "I watched Selma", "I've read Vinland Saga", a doing finished or tried ("I
    finished reading Dune", "I went to watch Barbie": carried_deeds.py); not "I was
    watching a show", "I started playing it", "I used to play chess" or "I haven't read it"."""
    if carrier is not None and carried_deed(verb, carrier):
        verb = carrier  # "I finished reading Dune", "I went to watch Barbie"
    elif carrier is not None or tensed is not verb:
        return False
    return (not negated and habit is None and verb.tag_ in ("VBD", "VBN")
            and is_past(verb, perfect=True))


def verb_lemma(verb: Any) -> str:
    """The verb's lemma, mended where the model's rules cut a verb it does not know wrongly
    ("rewatching" -> "rewatche" is "rewatch"; "catching" -> "catch" is already right)."""
    lemma: str = verb.lemma_.lower()
    word = verb.lower_
    if (word.endswith("ing") and lemma.endswith(("che", "she", "sse", "xe"))
            and word == f"{lemma[:-1]}ing"):
        return lemma[:-1]
    return lemma


def _readmitted(verb: Any, lemma: str) -> bool:
    """A verb the ontology keeps out as light or cognitive, in the one use where it tells a
    lasting thing: a tool used for a purpose ("I use Vim for coding"), a thing found or tried
    ("I found some fresh smoothie juices at Walmart", "I've tried yoga"); never "I found it
    hard" or "I tried to call". "Get" stays out: "I got an iron gut", "I got a sandwich"."""
    use = READMITTED.get(lemma)
    if use is None or any(c.dep_ in ("xcomp", "ccomp", "oprd", "acomp", "dative")
                          for c in verb.children):
        return False
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    if not objects or objects[0].pos_ not in ("NOUN", "PROPN"):
        return False
    if use == "for":
        # the parser hangs the purpose on the verb or on the object ("Vim for coding")
        return any(c.dep_ == "prep" and c.lower_ == "for"
                   for c in (*verb.children, *objects[0].children))
    # "I found the recipe online", "Found the cat again": a known thing found again
    return is_past(verb, perfect=True) and not (
        use == "past" and lemma == "find" and any(
            c.dep_ in ("det", "poss") and c.lower_ in ("the", "my", "our", "his", "her", "their")
            for c in objects[0].children))


def _objects(verb: Any, particles: list[Any], key: str, rules: VerbPattern
             ) -> tuple[list[Found | None], str]:
    """The objects (its direct object and its conjuncts, else the first preposition's object
    that names something) and the key, with that preposition when the object is its."""
    lemma = verb.lemma_.lower()
    title = quoted_title(verb) or authored_title(verb)
    if title is not None:
        return [title], key
    objects = [c for c in verb.children if c.dep_ == "dobj" and not is_when_word(c)]
    if objects and lemma in ESCORTING_VERBS and objects[0].lemma_.lower() in ESCORTED:
        return [], key  # "we took the kids to the museum": no deed done to the kids
    if objects and lemma in TRAVEL_VERBS and objects[0].lemma_.lower() in VEHICLES:
        return [], key  # "I took the bus to work": how one went
    if objects:
        return [open_object(o, rules) for o in with_conjuncts(objects[:1])], key
    if verb.dep_ == "relcl" and not any(c.dep_ in ("prep", "ccomp", "xcomp")
                                        for c in verb.children):
        # "the fries I made today": the noun the clause describes is what was made; "the
        # best food I've ever had" is a judgement of it.
        ever = any(c.lower_ == "ever" for c in verb.children) or any(
            c.tag_ in ("JJS", "RBS") for c in verb.head.subtree)
        head = verb.head
        in_photo = lemma in DAY_VERBS and shown(head)
        if not (ever or in_photo or lemma in NO_OBJECT_VERBS | ONE_OFF_VERBS or head.pos_ != "NOUN"
                or is_when_word(head)):
            return [open_object(verb.head, rules)], key
        return [], key
    if lemma in LIGHT_VERBS:
        return [], key
    # "I went to the dentist", "I listened to a podcast" (key "listen to"), "I got back from
    # the gym" (key "get back from"); "in other news I went to the gardens": the gardens.
    motion = lemma in OBJECT_FREE_PREPS
    # a phrasal verb's "for" is its object's ("I signed up for a pottery class", "I'm saving
    # up for a car"), and so is that of a verb of striving ("I've been training for a half
    # marathon"); another's is mostly a purpose or a duration ("I run for my health")
    of = out_of(verb)
    if of is not None:
        # "I moved out of Chicago": "move out of" is a verb of its own, its object the "of"'s,
        # never another preposition's; running out of a thing is a mishap of a moment ("I ran
        # out of space on my island", "we ran out of firewood")
        if lemma == "run":
            return [], key
        pobjs = [g for g in of.children if g.dep_ == "pobj" and not is_when_word(g)]
        found = [open_object(o, rules) for o in with_conjuncts(pobjs[:1])]
        return (found if any(found) else []), f"{key.removesuffix(' out')} out of"
    allowed = PREPOSITIONS if motion else VERB_PREPS | (
        {"for"} if particles or lemma in FOR_VERBS else set())
    preps = sorted((c for p in [verb, *particles] for c in p.children if c.dep_ == "prep"),
                   key=lambda t: (not motion or t.lower_ != "to", t.i))
    subjects = [c.i for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    for prep in preps:
        if prep.lower_ not in allowed or (subjects and prep.i < min(subjects)):
            continue  # "In the cooking class, I learned ...": a setting set before the subject
        if any(g.dep_ == "pobj" and (g.pos_ == "PRON" or g.lower_ in ("one", "ones"))
               for g in prep.children):
            return [], key  # "I listened to it at the competition", "I went on one at a beach"
        pobjs = [g for g in prep.children if g.dep_ == "pobj" and not is_when_word(g)
                 and (motion or prep.lower_ not in ("in", "at") or not is_where(g))]
        found = [open_object(o, rules) for o in with_conjuncts(pobjs[:1])]
        if any(found):
            return found, f"{key} {prep.lower_}"
    return [], key


def _particle(token: Any) -> bool:
    """ "up" of "pick up"; the small model reads the "back" of "got back" as an adverb."""
    return bool(token.dep_ == "prt" or (token.dep_ == "advmod" and token.lower_ == "back"))


def _state_matches(
    be: Any, relation: str, pattern: OpenPattern, rules: VerbPattern, people: frozenset[str]
) -> list[Match]:
    """ "I've been super busy with work" -> STATES(speaker, work, key "busy with"): a state of
    the person's (an adjective) with what it is about; "I was in a toxic relationship", "I've
    been to Japan" -> where the person was (key "be in", "be to")."""
    who = who_of(clause_subject(be), people)
    if who is None or be.dep_ in EMBEDDED or not stated(be, be, who):
        return []
    if is_negated(be):
        return []
    if is_past(be, perfect=True) and not any(c.dep_ == "acomp" for c in be.children):
        for prep in be.children:
            if prep.dep_ == "prep" and prep.lower_ in ("at", "in", "to"):
                if prep.lower_ == "to" and be.tag_ != "VBN":
                    continue  # "I was to leave": a plan; "I've been to Japan": a visit
                pobjs = [g for g in prep.children if g.dep_ == "pobj" and not is_when_word(g)]
                if pobjs and be.tag_ != "VBN" and not _whereabouts_told(pobjs[0]):
                    continue  # "I was in a huge stadium", "we were at a friend's": a moment
                found = [open_object(o, rules) for o in with_conjuncts(pobjs[:1])]
                if any(found):
                    return make_matches(relation, pattern, unspanned(who), found, False,
                                        [be, prep], f"be {prep.lower_}")
    through = _halfway_through(be)
    if through is not None:  # "I'm halfway through Dune": a work under way
        found = [open_object(o, rules) for o in through.children if o.dep_ == "pobj"][:1]
        return make_matches(relation, pattern, unspanned(who), found, False, [be, through.head],
                            "halfway through")
    member = membership(be, rules)
    if member is not None:
        group, anchor, key = member
        return make_matches(relation, pattern, unspanned(who), [group], False, [be, anchor], key)
    for adjective in be.children:
        # "I'm obsessed with the show": a participle the parser reads as an adjective
        participle = adjective.tag_ == "VBN" and adjective.lower_.endswith("ed")
        if adjective.dep_ != "acomp" or not (adjective.pos_ == "ADJ" or participle):
            continue
        state = adjective.lemma_.lower() if not participle else adjective.lower_
        if state in REACTIONS or state in pattern.exclude_verbs:
            return []
        for prep in adjective.children:
            if prep.dep_ != "prep" or prep.lower_ not in STATE_PREPS:
                continue
            pobjs = [g for g in prep.children if g.dep_ == "pobj" and not is_when_word(g)]
            found = [open_object(o, rules) for o in with_conjuncts(pobjs[:1])]
            return make_matches(relation, pattern, unspanned(who), found, False, [be, adjective],
                                f"{state} {prep.lower_}")
        return []  # a bare state ("I'm so busy") is chit-chat, not a fact
    return []


def _halfway_through(be: Any) -> Any | None:
    """The "through" of a present "I'm halfway / midway through <work>", if any."""
    if is_past(be, perfect=True):
        return None  # "I was halfway through the movie when ...": a moment
    for way in be.children:
        if way.dep_ == "advmod" and way.lower_ in ("halfway", "midway"):
            return next((p for p in way.children if p.dep_ == "prep" and p.lower_ == "through"),
                        None)
    return None


def _whereabouts_told(where: Any) -> bool:
    """Whether "I was in/at ..." tells something to remember: a named place ("I was in Europe a
    few years ago") or a situation ("I was in a toxic relationship"), not a common place of
    the moment ("I was in a really strange building")."""
    return where.pos_ == "PROPN" or bool(where.ent_type_) or where.lemma_.lower() in SITUATIONS


def _participle_matches(
    verb: Any, relation: str, pattern: OpenPattern, rules: VerbPattern, people: frozenset[str]
) -> list[Match]:
    """ "I'm obsessed with the show", "I'm enrolled in a pottery course": a lasting state the
    parser reads as a passive (key "obsessed with")."""
    subject = next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
    who = who_of(subject, people)
    be = [c for c in verb.children if c.dep_ == "auxpass" and is_be(c)]
    if who is None or not be or verb.dep_ in EMBEDDED or not stated(verb, verb, who, True):
        return []
    if is_negated(verb):
        return []
    for prep in verb.children:
        if prep.dep_ == "prep" and prep.lower_ in ("with", "in", "to", "on", "by"):
            pobjs = [g for g in prep.children if g.dep_ == "pobj" and not is_when_word(g)]
            if any(g.pos_ == "PRON" for g in pobjs):
                return []
            found = [open_object(o, rules) for o in with_conjuncts(pobjs[:1])]
            return make_matches(relation, pattern, unspanned(who), found, False, [verb],
                                f"{verb.lower_} {prep.lower_}")
    return []

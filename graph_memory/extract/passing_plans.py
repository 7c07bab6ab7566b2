"""Plans and wants of the day: what the guidelines keep out of HAS_GOAL and PREFERS ("I think
I'm gonna go to the gym today", "I'm gonna take a quick nap", "today I want a sandwich").
A plan counts when it names something or is set beyond the day ("I'm going to see Oppenheimer
tonight", "I'm going to go to a shelter later this week")."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from graph_memory.extract.evening_plans import made_thing
from graph_memory.extract.open_vocabulary import DAY_VERBS, NOTABLE_OUTINGS, TODAY_WORDS

# Verbs of a day's errands and outings: with "today" or "right now" their plan is of the day.
_ERRAND_VERBS = DAY_VERBS | {"stay", "check", "hang", "sleep", "start", "cook", "eat", "rest"}
_ERRAND_VERBS |= {"lay", "lie", "nap"}
# Errands and rests that a bare "I'm gonna ..." tells for the day even without a day word: "I'm
# gonna head to the gym", "I'm gonna call up some old friends", "I'm gonna take a quick nap".
_UNDATED_ERRAND_VERBS = frozenset(
    {"go", "head", "meet", "call", "hang", "sleep", "nap", "lay", "lie", "rest", "relax",
     "chill", "eat", "grab", "take", "check", "stay", "party", "shower", "splash", "watch",
     "play"}
)
# What sets a plan beyond the day: "next week", "this weekend", "tomorrow", "in the future",
# or makes it a habit to take up.
_AHEAD_WORDS = frozenset(
    {"tomorrow", "weekend", "week", "weeks", "month", "months", "year", "years", "summer",
     "winter", "spring", "fall", "autumn", "break", "vacation", "holiday", "holidays", "future",
     "someday", "eventually", "next", "monday", "tuesday", "wednesday", "thursday", "friday",
     "saturday", "sunday"}
    # a plan of a habit: "I'm going to go to the gym more often", "every day", "again"
    | {"more", "often", "regularly", "every", "always", "daily", "weekly", "again"}
)
# Verbs a plan passes through to what is done: "gonna try to lay down", "gonna go splash".
_ON_THE_WAY = frozenset({"try", "go"})
_TIME_DEPS = frozenset({"npadvmod", "advmod", "prep"})
_TODAY_PHRASES = (
    ("right", "now"), ("in", "a", "bit"), ("for", "a", "bit"), ("rest", "of", "the", "day")
)
# "I'm gonna start my basketball game now": "now" alone dates the plan to the moment (not "now
# I'm going to learn Spanish", where it marks a change: the verb's own, after it, counts).


# A time ahead that sets a plan: "tomorrow", "next week", "this weekend", "next semester";
# "this week", "this year", "this semester" may be the time one is in ("I'm taking two classes
# this semester"), so only a weekend or a season or break names one ahead after "this".
_THIS_UNITS = frozenset(
    {"weekend", "summer", "winter", "spring", "fall", "autumn", "break", "vacation", "holiday",
     "holidays"}
)
_NEXT_UNITS = _THIS_UNITS | frozenset(
    {"week", "month", "year", "semester", "term", "season"}
    | {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)


_MONTHS = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"}
)


def month_phrase(prep: Any) -> bool:
    """ "in June", "in early May": a preposition that dates its clause to a month."""
    return prep.lower_ == "in" and bool(_MONTHS & {t.lower_ for t in prep.subtree})


def set_ahead(verb: Any) -> bool:
    """ "I'll start a new job next month", "I'm visiting my aunt this weekend", "we're
    adopting a puppy tomorrow", "I'm moving to Denver in June": the verb's own time is ahead
    of the day (not "I'll talk to you later", "I'm playing today", a time of another clause,
    the perfect: "I've spent hours this week", nor a plan on a condition: "if I have time I
    will visit Japan next year")."""
    if any(c.dep_ == "advcl" and any(m.dep_ == "mark" and m.lower_ in ("if", "unless")
                                     for m in c.children) for c in verb.children):
        return False
    if verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in verb.children if c.dep_ == "aux"):
        return False  # "I've spent a lot of hours this week": done by now
    for child in verb.children:
        if child.dep_ not in _TIME_DEPS:
            continue
        words = [t.lower_ for t in child.subtree]
        # a month told of a past verb may be when it was done: "I signed up for a race in April"
        if "tomorrow" in words or (month_phrase(child) and verb.tag_ != "VBD"):
            return True
        for before, unit in pairwise(words):
            if before in ("next", "coming", "upcoming") and unit in _NEXT_UNITS:
                return True
            if before == "this" and unit in _THIS_UNITS:
                return True
    return False


def passing_plan(goal: Any) -> bool:
    """Whether the planned verb `goal` is a plan of the day: dated to it, or an undated errand
    the speaker is "gonna" do."""
    return (_plan_of_the_day(goal) or _undated_errand(goal) or _addressee_thing(goal)
            or _felt_outcome(goal))


def _felt_outcome(goal: Any) -> bool:
    """ "I feel like im gonna turn into a psychopath", "I feel like I'm going to cry": what
    the speaker feels will happen to them, no plan ("I'm going to visit Japan" stays)."""
    planner = goal.head
    return (goal.dep_ == "xcomp" and planner.lemma_.lower() in ("go", "gon")
            and planner.dep_ in ("advcl", "ccomp") and planner.head.lemma_.lower() == "feel")


# Seeing, hearing, reading and tasting what the addressee made or did: "I'd love to see your
# photos", "I can't wait to see your homemade macarons", "I'd love to read your story".
_SHOWN_VERBS = frozenset({"see", "hear", "read", "watch", "taste", "look", "check"})


def _addressee_thing(goal: Any) -> bool:
    """Whether the planned verb is a wish to see or hear the addressee's thing: a chat move
    that answers what was said, no goal of the speaker's ("I want to see Dune" stays)."""
    if goal.lemma_.lower() not in _SHOWN_VERBS:
        return False
    things = [c for c in goal.children if c.dep_ == "dobj"]
    things += [g for p in goal.children if p.dep_ == "prep" for g in p.children
               if g.dep_ == "pobj"]
    return any(c.dep_ == "poss" and c.lower_ in ("your", "ur", "yo")
               for t in things for c in t.children)


def wanted_for_now(verb: Any) -> bool:
    """ "But today I want a peanut butter and jelly sandwich", "I kinda want tomato soup now":
    a want of the moment, no liking ("I want a ball python" stays); so is a thing enjoyed
    right now ("Right now im enjoying my latte", "I'm enjoying the sun today"; not "I'm
    really enjoying my new job")."""
    now = any(c.dep_ in ("npadvmod", "advmod") and c.lower_ in (TODAY_WORDS | {"now"})
              for c in verb.children)
    enjoying = verb.lemma_.lower() == "enjoy" and verb.tag_ == "VBG" and any(
        c.dep_ == "aux" and c.lemma_ == "be" for c in verb.children)
    return now and (verb.lemma_.lower() == "want" or enjoying)


def _plan_of_the_day(goal: Any) -> bool:
    """ "I think I am gonna go to the gym today", "Im probably gonna stay up the rest of the
    day", "I'm gonna go check right now": an errand or outing planned for the day, naming
    nothing by name, is a passing plan (not "I'm going to see Oppenheimer tonight")."""
    if goal.lemma_.lower() not in _ERRAND_VERBS or _names_something(goal) or made_thing(goal):
        return False  # "cook some pasta tonight": a dish made is a specific thing
    words = _plan_words(goal)
    if TODAY_WORDS & set(words):
        return True
    if any(t.lower_ == "now" and t.i > goal.i for t in goal.subtree):
        return True
    return any(
        tuple(words[i : i + len(phrase)]) == phrase
        for phrase in _TODAY_PHRASES for i in range(len(words))
    )  # fmt: skip


def _undated_errand(goal: Any) -> bool:
    """ "I'm gonna head to the gym", "now I'm gonna meet with my friends", "I'm gonna try to
    lay down for a bit": the near future ("going to", "gonna") of an errand or a rest, naming
    nothing and set no later than the day, is a passing plan (not "I'm gonna start the book
    club", "I'm going to go to a shelter later this week", "I'm going to a concert")."""
    planner = goal.head
    if goal.dep_ != "xcomp" or planner.lemma_.lower() != "go" or planner.tag_ != "VBG":
        return False
    done = goal
    while done.lemma_.lower() in _ON_THE_WAY:
        following = [c for c in done.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
        if not following:
            break
        done = following[0]
    if done.lemma_.lower() not in _UNDATED_ERRAND_VERBS or _names_something(goal):
        return False
    return not (_AHEAD_WORDS & set(_plan_words(goal)))


# A class or a lesson taken is no errand: "I'm planning on taking a cooking class today" (as
# "I'm going to a cycling class this evening").
_LESSONS = frozenset({"class", "lesson", "course", "workshop", "seminar"})


def _names_something(goal: Any) -> bool:
    """A name, a notable outing or a class in the plan: "watch Oppenheimer", "go to a
    concert", "take a cooking class"."""
    return any(t.pos_ == "PROPN" or t.lemma_.lower() in NOTABLE_OUTINGS | _LESSONS
               for t in goal.subtree)


def _plan_words(goal: Any) -> list[str]:
    """The goal's own words and the time words of the verb that plans it, not another
    clause's, in text order."""
    timed = [t for c in goal.head.children if c.dep_ in _TIME_DEPS for t in c.subtree]
    return [t.lower_ for t in sorted([*goal.subtree, *timed], key=lambda t: t.i)]

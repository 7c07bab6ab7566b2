"""Habits and routines: "I usually take the bus to work" -> HAS_HABIT(<speaker>, "take the bus",
key "to work"), read by the ontology's `habit` pattern kind (HabitPattern) where no other
pattern read the clause.

A routine is a plain first-person (or a named person's, or the speaker's relative's) clause
- in the simple present ("I bike to work"), carried by "start" ("I've started cycling to
  work"), in the past habitual ("I used to walk to school": stored as history, the cue "used
  to"), or in the progressive with a context or a recurring time ("I've been biking to work
  lately");
- with a mark of routine: a frequency adverb of the pattern ("usually", "always"), a recurring
  time ("every morning", "each day", "on weekends", "in the morning"), a routine context of the
  pattern ("to work", "for breakfast", "before bed"), or a word of the pattern that says it is
  the routine of now ("these days", "nowadays", "instead", "now") with something concrete done;
- never a question, a modal, a condition, hearsay, a denial, a plan or "you" (advice).

The key is the context a later change of routine replaces the habit within (the conflict
policy, graph_memory/write/conflict_policy.py): "to work", "before bed", "breakfast" (a `for`
context is keyed by its noun alone, as a preference's is: "I prefer tea for breakfast"),
else what a routine told by another mark is for ("these days I use R for data analysis" ->
"data analysis"), else the recurring time normalised ("every morning" for "in the morning" and
"each morning", "every weekend" for "on weekends"), else none. The object is the verb (its
lemma) with its particle and direct object, possessives resolved ("walk <speaker>'s dog"), or
with the place it goes to when it has none ("go to the gym"); a bare verb only with a context
or a time ("I meditate every morning", not "I usually play").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graph_memory.extract.canonical import (
    canonical_name,
    char_span,
    is_be,
    is_conditional,
    is_hearsay,
    is_negated,
    noun_phrase,
    phrase_text,
)
from graph_memory.extract.fused_appositions import fused_apposition
from graph_memory.extract.going_for import gone_for
from graph_memory.extract.habit_duration import long_span
from graph_memory.extract.habit_get import routine_get
from graph_memory.extract.habit_rates import rate_time
from graph_memory.extract.hyphen_words import in_hyphenated_modifier
from graph_memory.extract.kept_routines import kept_routine_carrier
from graph_memory.extract.match import USED_TO, Match, clause_subject, used_to
from graph_memory.extract.objects import VAGUE, lower_set
from graph_memory.extract.patterns import HabitPattern
from graph_memory.extract.people import ADDRESSEE, SPEAKER, owner_placeholder, person_subject
from graph_memory.extract.shared_routines import speaker_included

# Verbs that take an infinitive: "I have to work", "I need to work" are no routine "to work".
_TAKES_INFINITIVE = frozenset(
    {"have", "need", "want", "like", "love", "hate", "try", "plan", "hope", "go", "get", "start",
     "begin", "continue", "learn", "decide", "agree", "wait", "prefer", "choose", "tend"}
)  # fmt: skip
_CARRIERS = frozenset({"start", "begin"})
# Times that recur when a routine is told of them: "every morning", "on weekends".
_TIMES = frozenset(
    {"morning", "afternoon", "evening", "night", "day", "week", "weekend", "weekday", "month",
     "year", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"}
)  # fmt: skip
_EVERY = frozenset({"every", "each"})
# The word that names what a routine replaces: "I cycle instead (of driving)".
_INSTEAD = "instead"
# Words that tie a clause to one day or to a plan: "I'm driving to work right now", "I have
# eggs for breakfast today", "I take the train tomorrow".
_ONE_DAY = frozenset(
    {"today", "tonight", "yesterday", "tomorrow", "rn", "next", "soon", "later", "upcoming"}
)
_CONTEXT_PREPS = frozenset({"to", "for", "before", "after"})
_PLACE_PREPS = frozenset({"to", "at", "in", "from"})
# Verbs of going: their place is what is done ("go to the gym"), another verb's is a setting.
_GOING = frozenset(
    {"go", "walk", "drive", "bike", "cycle", "ride", "run", "jog", "commute", "fly", "travel",
     "head", "swim", "hike", "come", "skate", "take"}
)  # fmt: skip
# Pronouns and pointing determiners: what they mean, the chat knows.
_NOT_CONCRETE = frozenset({"it", "this", "that", "them", "these", "those", "one", "ones"})
_OWN = frozenset({"dobj", "prt", "compound"})
_MAX_OBJECT_TOKENS = 8
# Verbs that say nothing done without their object: "for breakfast I usually have" what?
_LIGHT = frozenset({"have", "do", "get", "make", "take", "give", "put"})
_ASIDE = frozenset(
    {"conj", "cc", "advmod", "npadvmod", "advcl", "relcl", "acl", "punct", "appos", "neg"}
)


@dataclass(frozen=True)
class Habit:
    """A routine found, and whether it precedes the open fallback: told with its routine
    context ("to work"), as the routine of now ("these days", "instead"), or with a
    frequency ("usually I just have toast and eggs"); another (a recurring time alone: "I
    volunteer at the shelter every Saturday") is read only where the open fallback reads
    nothing."""

    match: Match
    precedes_open: bool


def habit_match(
    verb: Any, relation: str, pattern: HabitPattern, people: frozenset[str]
) -> Habit | None:
    """The routine told by the clause of `verb` (a token of a non-question sentence), if any;
    `people` are the ontology's role nouns for people, for relatives as subjects."""
    if (
        verb.pos_ != "VERB"
        or is_be(verb)
        or (
            verb.lemma_.lower() in lower_set(pattern.exclude_verbs)
            and not routine_get(verb, lower_set(pattern.frequency))
        )
    ):
        return None
    form = _form(verb)
    if form is None:
        return None
    tensed, kind = form
    subject = clause_subject(tensed)
    who = _who(subject, people)
    if subject is None or who is None or not _plain(verb, tensed):
        return None
    changes = _marks(verb, tensed, pattern.changes)
    context = _context(verb, pattern)
    time = _time(verb) or rate_time(verb)
    span = long_span(verb)  # "I've been going to the spa for years": no purpose "year"
    # what it is for keys a routine told by another mark ("I use Vim for coding" is none)
    purpose = _purpose(verb) if context is None and gone_for(verb) is None and not span else None
    frequent = bool(_marks(verb, tensed, pattern.frequency))
    outside = {t.i for part in (context, purpose, time) if part is not None for t in part[1]}
    outside |= {t.i for t in span.subtree} if span is not None else set()
    found = _object(verb, outside, lower_set(pattern.exclude_objects))
    if found is None:
        return None
    name, tokens = found
    if _done_to_antecedent(verb, tensed):
        return None  # "the cartoons I used to watch on the weekends": "watch" alone is hollow
    if len(tokens) == 1 and context is None and time is None and _INSTEAD not in changes:
        return None  # "I usually play", "I do occasionally": what, the chat knows
    if len(tokens) == 1 and verb.lemma_.lower() in _LIGHT:
        return None  # "for breakfast I usually have oatmeal" misparsed: "have" alone is no deed
    if verb.lemma_.lower() == "have" and not (frequent or context or time):
        return None  # "now I have 3 flash drives": what one has, not what one does
    if kind == "progressive":
        # "I've been biking to work lately", "I'm always biking": not "I'm driving to work"
        perfect = any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in verb.children)
        routine = frequent or time is not None or (perfect and context is not None) or bool(span)
    elif kind == "kept":
        # "I have to go to work" is one day's duty: kept at only with a frequency or a time
        routine = frequent or time is not None
    else:
        routine = kind == USED_TO or frequent or bool(time or context or changes)
    if not routine or _of_the_day(verb, tensed) or (felt_now(tensed) and not frequent):
        return None
    key, key_tokens = context or purpose or time or (None, [])
    # The subject's noun stays out of the span ("my husband" is a HAS_RELATIVE match's).
    # "me and my brother" too: a shared routine's partner is read by paired_facts.
    own = subject.pos_ == "PRON" and not any(c.dep_ == "conj" for c in subject.children)
    anchors = [tensed, verb, *([subject] if own else []), *tokens, *key_tokens]
    match = Match(
        relation,
        pattern,
        who,
        "PERSON" if who != SPEAKER else "",
        True,
        name,
        "",
        key,
        False,
        char_span(anchors),
        USED_TO if kind == USED_TO else None,
    )
    told = context is not None or bool(changes) or frequent or span is not None
    return Habit(match, precedes_open=told)


def _done_to_antecedent(verb: Any, tensed: Any) -> bool:
    """A routine told in a relative clause whose object is the noun it describes: "the
    cartoons I used to watch on the weekends", "the shows I watch every night" (not "the park
    where I run every morning", a place, nor "the friend I play tennis with", its own object)."""
    clause = next((c for c in (verb, tensed) if c.dep_ == "relcl"), None)
    if clause is None or any(c.dep_ == "dobj" for c in verb.children):
        return False
    return not any(c.dep_ == "advmod" and c.lower_ in ("where", "when", "how", "why")
                   for c in clause.children)


# How one feels now, said as what a meal or a day did: "so I'm starving".
_FELT_NOW = frozenset({"starve", "starving", "hungry", "famished", "stuffed", "full", "tired",
                       "exhausted", "sleepy"})


def felt_now(tensed: Any) -> bool:
    """ "I only have miso soup for lunch so I'm starving!": a routine's clause followed by "so"
    and how the speaker feels now is one day's meal (not "so I'm always hungry"; the caller
    keeps one told as frequent: "I usually have oatmeal ... so I'm full")."""
    after = tensed.doc[tensed.right_edge.i + 1 : tensed.right_edge.i + 3]
    if len(after) < 2 or after[0].lower_ != "so":
        return False
    state = after[0].head
    if any(c.lower_ in ("always", "usually", "often") for c in state.children):
        return False
    felt = [state, *(c for c in state.children if c.dep_ == "acomp")]
    return any(t.lemma_.lower() in _FELT_NOW or t.lower_ in _FELT_NOW for t in felt)


def _of_the_day(verb: Any, tensed: Any) -> bool:
    """ "right now", "today", "this morning", "next week": one day's doing or a plan."""
    words = [t for t in _own_tokens(verb) if t.dep_ in ("advmod", "npadvmod", "det", "amod")]
    words += [c for c in tensed.children if c.dep_ in ("advmod", "npadvmod")]
    for word in words:
        lower = word.lower_
        if lower in _ONE_DAY or (
            lower == "now" and word.i and word.doc[word.i - 1].lower_ == "right"
        ):
            return True
        if lower == "this" and word.head.lemma_.lower() in _TIMES:
            return True
    return False


def _form(verb: Any) -> tuple[Any, str] | None:
    """The token that carries the clause's tense and subject, with the form of the clause:
    "present" ("I bike"), "started" ("I've started cycling"), "used to", "progressive" ("I've
    been biking", "I'm biking these days"), "kept" ("I try to bike every day"); None for any
    other (a past deed, a plan)."""
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children):
        return None  # "I used to get bullied": done to one, no routine
    habit = used_to(verb)
    if habit is not None:
        return habit, USED_TO
    head = verb.head
    if (
        verb.dep_ == "xcomp"
        and head.pos_ == "VERB"
        and head.lemma_.lower() in _CARRIERS
        and (verb.tag_ == "VBG" or any(c.lower_ == "to" for c in verb.children))
    ):
        return head, "started"
    carrier = kept_routine_carrier(verb)  # "I always make sure to stretch before bed"
    if carrier is not None:
        return carrier, "kept"
    spliced = verb.dep_ in ("advcl", "ccomp") and not any(c.dep_ == "mark" for c in verb.children)
    if not (spliced and any(c.dep_ == "nsubj" for c in verb.children)) and verb.dep_ in (
        "xcomp",
        "ccomp",
        "advcl",
        "relcl",
        "acl",
        "csubj",
        "pcomp",
        "amod",
    ):
        return None  # a clause under another; not "I used to walk, these days I take the bus"
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if verb.tag_ in ("VBP", "VBZ") and all(c.lemma_.lower() == "do" for c in auxes):
        return verb, "present"
    if verb.tag_ == "VB" and auxes and all(c.lemma_.lower() == "do" for c in auxes):
        return verb, "present"  # "I do walk to work"
    if (
        verb.tag_ == "VBG"
        and any(is_be(c) for c in auxes)
        and not any(c.tag_ == "VBD" or c.lower_ in ("was", "were") for c in auxes)
    ):
        return verb, "progressive"
    return None


def _who(subject: Any | None, people: frozenset[str]) -> str | None:
    """The speaker ("I", or a group with the speaker in it), a named person or the speaker's
    relative; never "you" (advice) nor a generic "we" ("we all blame ...")."""
    if subject is None:
        return None
    if subject.lower_ == "i" or speaker_included(subject):
        return SPEAKER  # "me and my brother", "my friends and I", a "we" of the speaker's
    if subject.lower_ in ("we", "us", "you", "u", "me"):
        return None
    name = person_subject(subject, people, speaker_only=False)
    if name is None or name == SPEAKER or ADDRESSEE in name:
        return None
    return name


def _plain(verb: Any, tensed: Any) -> bool:
    """A plain statement: no modal, denial, condition, hearsay or plan."""
    for clause in {verb.i: verb, tensed.i: tensed}.values():
        if any(c.tag_ == "MD" for c in clause.children) or is_negated(clause):
            return False
        if is_conditional(clause) or is_hearsay(clause):
            return False
    infinitive = verb.lemma_.lower() in _TAKES_INFINITIVE
    return not any(
        c.dep_ in ("ccomp", "acomp", "oprd")
        or (c.dep_ == "xcomp" and (infinitive or not _misread_context(c)))
        for c in verb.children
    )


def _marks(verb: Any, tensed: Any, words: tuple[str, ...]) -> set[str]:
    """Which of `words` (one or two words each) modify the clause as adverbs ("usually",
    "these days", the "instead" of "instead of driving")."""
    wanted = lower_set(words)
    adverbs = [t for t in _own_tokens(verb) if t.dep_ in ("advmod", "npadvmod")]
    adverbs += [c for c in tensed.children if c.dep_ in ("advmod", "npadvmod")]
    found: set[str] = set()
    for adverb in adverbs:
        found |= {adverb.lower_} & wanted
        if adverb.i:
            found |= {f"{adverb.doc[adverb.i - 1].lower_} {adverb.lower_}"} & wanted
    return found


def _own_tokens(verb: Any) -> list[Any]:
    """The tokens of the verb's own clause: not those of another clause below it (a conjoined
    verb, a complement or adverbial clause), but those of a misread "to work"."""
    out = []
    todo = [verb]
    while todo:
        token = todo.pop()
        out.append(token)
        for child in token.children:
            clause = child.dep_ in ("ccomp", "advcl", "relcl", "acl", "xcomp", "csubj") or (
                child.dep_ == "conj" and child.pos_ == "VERB"
            )
            if not clause or _misread_context(child):
                todo.append(child)
    return out


def _context(verb: Any, pattern: HabitPattern) -> tuple[str, list[Any]] | None:
    """The routine context: "to work", "before bed", "breakfast" (of "for breakfast"); the
    small model reads "to work" as an infinitive too ("I bike to work")."""
    contexts = lower_set(pattern.contexts)
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    # on the verb or anywhere in its object ("coffee and a croissant for breakfast")
    for prep in sorted(_own_tokens(verb), key=lambda t: t.i):
        if prep.dep_ != "prep" or prep.lower_ not in _CONTEXT_PREPS:
            continue
        pobjs = [g for g in prep.children if g.dep_ == "pobj"]
        if pobjs and pobjs[0].lemma_.lower() in contexts:
            noun = canonical_name(noun_phrase(pobjs[0]))
            key = noun if prep.lower_ == "for" else f"{prep.lower_} {noun}"
            return key, [prep, *pobjs[0].subtree]
    if objects or verb.lemma_.lower() not in _TAKES_INFINITIVE:
        for child in verb.children:
            if child.dep_ in ("xcomp", "advcl") and _misread_context(child, contexts):
                return f"to {child.lower_}", list(child.subtree)
    return None


def _purpose(verb: Any) -> tuple[str, list[Any]] | None:
    """What a routine is for, keyed as a preference's context is: "these days I use R for
    data analysis" -> "data analysis", "for coding I now use VS Code" -> "coding"."""
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    # on the verb or on its object ("R for data analysis")
    for prep in [c for head in (verb, *objects) for c in head.children]:
        if prep.dep_ != "prep" or prep.lower_ != "for":
            continue
        pobjs = [g for g in prep.children if g.dep_ == "pobj"]
        if not pobjs or pobjs[0].pos_ not in ("NOUN", "VERB") or pobjs[0].lower_ in VAGUE:
            continue
        noun = pobjs[0]
        tokens = list(noun.subtree) if noun.tag_ == "VBG" else noun_phrase(noun)
        if any(t.pos_ in ("PRON", "DET") and t.lower_ in _NOT_CONCRETE for t in tokens):
            continue  # "for that": what, the chat knows
        name = phrase_text(tokens) if noun.tag_ == "VBG" else canonical_name(tokens)
        if name:
            return name, [prep, *tokens]
    return None


def _misread_context(token: Any, contexts: set[str] | None = None) -> bool:
    """ "to work" read as an infinitive with nothing of its own ("I bike to work")."""
    return (
        token.tag_ == "VB"
        and any(c.dep_ == "aux" and c.lower_ == "to" for c in token.children)
        and all(c.dep_ in ("aux", "advmod", "punct") for c in token.children)
        and (contexts is None or token.lower_ in contexts)
    )


def _time(verb: Any) -> tuple[str, list[Any]] | None:
    """A recurring time, as "every <time>": "every morning", "each day", "on weekends", "in
    the morning", "at night", "most evenings"."""
    for child in verb.children:
        lemma = child.lemma_.lower()
        if child.dep_ == "npadvmod" and lemma in _TIMES:
            # "almost every day": the parser reads the "every" a number (nummod)
            marks = {c.lower_ for c in child.children if c.dep_ in ("det", "amod", "nummod")}
            if marks & _EVERY or "most" in marks:
                return f"every {_time_word(child)}", list(child.subtree)
        if child.dep_ == "prep" and child.lower_ in ("on", "in", "at"):
            pobjs = [g for g in child.children if g.dep_ == "pobj" and _time_lemma(g) in _TIMES]
            if not pobjs:
                continue
            noun = pobjs[0]
            dets = {c.lower_ for c in noun.children if c.dep_ == "det"}
            if any(c.dep_ != "det" for c in noun.children):
                continue  # "in the coming weeks": a plan, not a recurring time
            plural = noun.tag_ in ("NNS", "NNPS") or _time_lemma(noun) != noun.lemma_.lower()
            if (
                (child.lower_ == "on" and plural)
                or (child.lower_ == "in" and dets == {"the"})
                or (child.lower_ == "at" and noun.lower_ == "night" and not dets)
            ):
                return f"every {_time_word(noun)}", [child, *noun.subtree]
    return None


def _time_lemma(noun: Any) -> str:
    """ "sunday" of "Sundays", which the parser reads as a name in its own right (NNP, lemma
    "Sundays")."""
    word = str(noun.lemma_).lower()
    if word not in _TIMES and word.endswith("s") and word[:-1] in _TIMES:
        return word[:-1]
    return word


def _time_word(noun: Any) -> str:
    """ "morning" of "mornings", "Monday" of "Mondays"."""
    word = _time_lemma(noun)
    return word.capitalize() if word.endswith("day") and word not in ("day", "weekday") else word


def _object(verb: Any, outside: set[int], excluded: set[str]) -> tuple[str, list[Any]] | None:
    """What is done: the verb's lemma with its particle and direct object ("take the bus"),
    or with the place it goes to ("go to the gym"); None for a pronoun or a vague object."""
    tokens = [verb]
    objects = [c for c in verb.children if c.dep_ == "dobj"]
    for child in verb.children:
        if child.dep_ in _OWN:
            tokens.extend(t for t in child.subtree if t.i not in outside and not _aside(t, child))
    if not objects and verb.lemma_.lower() in _GOING:
        places = [
            c
            for c in verb.children
            if c.dep_ == "prep"
            and c.lower_ in _PLACE_PREPS
            and c.i not in outside
            and any(g.dep_ == "pobj" for g in c.children)
        ]
        going_for = gone_for(verb)  # "go for a run": the doing, not the purpose
        if going_for is not None and going_for.i not in outside:
            places = [*places, going_for]
        if places:
            tokens.extend(t for t in places[0].subtree if not _aside(t, places[0]))
    tokens.sort(key=lambda t: t.i)
    if len(tokens) > _MAX_OBJECT_TOKENS or tokens[0].i != verb.i:
        return None  # too long to be one thing done, or a misparse reaching back
    if any(
        t.lower_ in _NOT_CONCRETE and (t.pos_ in ("PRON", "DET") or t.lower_ in ("one", "ones"))
        for t in tokens
    ):
        return None  # "I usually do it", "I used to have these rabbits": the chat knows what
    if any(o.lemma_.lower() in VAGUE | excluded or o.pos_ == "PRON" for o in objects):
        return None  # "I always have a good time"
    words = []
    for position, token in enumerate(tokens):
        owner = owner_placeholder(token) if token.tag_ == "PRP$" else None
        if token.i == verb.i:
            word = str(verb.lemma_).lower()
        elif owner is not None:
            word = f"{owner}'s"
        else:
            # "R", "VS Code" keep their case; the hyphen of "dairy-free" stays
            word = token.text if token.tag_ == "HYPH" else phrase_text([token])
        adjacent = position + 1 < len(tokens) and tokens[position + 1].i == token.i + 1
        words.append(word + (token.whitespace_ if adjacent else " "))
    return "".join(words).strip(), tokens


def _aside(token: Any, top: Any) -> bool:
    """Whether the token lies in a part of `top` that is no part of what is done: a
    conjoined verb ("instead of driving"), a clause, an adverb, a preposition's phrase other
    than "of" ("a cup of coffee"), punctuation."""
    while token.i != top.i:
        if in_hyphenated_modifier(token):
            token = token.head  # "dairy-free": part of the modifier, not an aside
            continue
        noun_list = (
            token.dep_ in ("conj", "cc")
            and token.pos_ != "VERB"
            and not any(c.dep_ == "conj" and c.pos_ == "VERB" for c in token.head.children)
        )
        if token.dep_ == "prep" and token.lower_ != "of":
            return True
        if token.dep_ in _ASIDE and not noun_list and not fused_apposition(token):
            return True  # "the pad thai" (thai/appos) is one name
        token = token.head
    return False

"""What a pattern found in one text, before it is typed and named as an ExtractedFact, and the
checks every clause-reading pattern kind shares (subject, polarity, tense, modals)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graph_memory.extract.begun_doings import began_doing
from graph_memory.extract.canonical import (
    canonical_name,
    char_span,
    has_to,
    is_be,
    is_conditional,
    is_hearsay,
    is_negated,
    is_past,
    ner_label,
    noun_phrase,
)
from graph_memory.extract.carriers import began_work, clause_carrier
from graph_memory.extract.congratulations import congratulated
from graph_memory.extract.counterfactuals import counterfactual
from graph_memory.extract.disowned import is_disowned
from graph_memory.extract.dropped_i_plans import dropped_i_plan
from graph_memory.extract.modifier_conjuncts import with_split_modifiers
from graph_memory.extract.objects import VAGUE, Found, lower_set
from graph_memory.extract.patterns import PatternSpec, VerbPattern
from graph_memory.extract.people import SPEAKER, person_subject, relative_antecedent
from graph_memory.extract.relative_subjects import relative_subject
from graph_memory.extract.role_doings import role_doer
from graph_memory.extract.under_way import under_way

USED_TO = "used to"


@dataclass(frozen=True)
class Match:
    relation: str
    pattern: PatternSpec
    subject: str  # may hold the SPEAKER / ADDRESSEE placeholders
    subject_label: str
    subject_person: bool
    obj: str
    obj_label: str
    key: str | None
    negated: bool
    span: tuple[int, int]
    cue: str | None = None


@dataclass(frozen=True)
class Who:
    """A resolved subject: its name (with placeholders), NER label, whether a person, tokens."""

    name: str
    label: str
    person: bool
    tokens: list[Any]


def used_to(verb: Any) -> Any | None:
    """The "used" of "I used to <verb>", whose subject and tense the verb takes."""
    head = verb.head
    if verb.dep_ == "xcomp" and head.lemma_ == "use" and head.tag_ == "VBD" and has_to(verb):
        # not "I used his theories to develop weapons": a thing used, once, for a doing
        return None if any(c.dep_ == "dobj" for c in head.children) else head
    return None


_AUXILIARIES = frozenset({"be", "have", "do", "get"})


def misread_aux(verb: Any) -> Any | None:
    """The gerund of "My sister and I enjoy hiking" when the small model reads "enjoy" as its
    auxiliary (a finite verb other than be / have / do); None when parsed as it should be."""
    head = verb.head
    if verb.dep_ != "aux" or head.tag_ != "VBG" or head.i <= verb.i:
        return None
    if verb.tag_ not in ("VBP", "VBZ", "VBD") or verb.lemma_.lower() in _AUXILIARIES:
        return None
    return head


def clause_subject(verb: Any, passive: bool = False) -> Any | None:
    """The clause's subject; a conjoined verb shares its head's ("I love X and hate Y"), and
    "I used to live in Paris" is a clause of "live" with the subject of "used"."""
    dep = "nsubj" if not passive else "nsubjpass"
    gerund = misread_aux(verb)
    if gerund is not None:
        # "i love drinking while i eat": the subject may hang on the misread verb itself.
        own = [c for c in verb.children if c.dep_ == dep]
        if own:
            return own[0]
        # "My friends and I enjoy exploring ...": the parser may make "My friends" an
        # adverbial of the gerund; with "I" or "we" in it, it is the subject.
        verb = gerund
        for child in verb.children:
            if child.dep_ == "npadvmod" and any(
                c.dep_ == "conj" and c.lower_ in ("i", "we") for c in child.children
            ):
                return child
    if verb.dep_ == "aux" and verb.tag_ in ("VBP", "VBZ", "VBD") and (
        verb.lemma_.lower() not in _AUXILIARIES and verb.head.i > verb.i
    ):
        # "I like Spotify for music ...": the small model may read "like" as an auxiliary of
        # the noun after it; the subject before it is still the verb's.
        before = [c for c in verb.head.children if c.dep_ == dep and c.i < verb.i]
        if before:
            return before[0]
    doer = role_doer(verb)  # "I'm a student studying computer science"
    if doer is not None:
        return doer
    while True:
        for child in verb.children:
            if child.dep_ == dep:
                return relative_antecedent(verb, child) or child
        habit = used_to(verb) or clause_carrier(verb) or began_doing(verb)
        if habit is not None:
            verb = habit
            continue
        if not (verb.dep_ == "conj" or _run_on(verb)) or verb.head.i == verb.i:
            return None
        if after_relative_clause(verb):
            return None
        verb = verb.head


def after_relative_clause(conj: Any) -> bool:
    """ "I see people who hold poses, are so strong, and flow with grace": a conjunct after a
    relative clause in its head's clause is the relative clause's more often than the head's
    (the parser hangs it on the head); only a narrative past going on after a relative clause
    of another tense is the head's ("I met a guy who plays guitar and went home")."""
    head = conj.head
    if head.i >= conj.i:
        return False
    relatives = [
        t for t in head.doc[head.i + 1:conj.i]
        if t.dep_ == "relcl" and t.right_edge.i < conj.i and head in t.ancestors
    ]
    if not relatives:
        return False
    past = conj.tag_ == "VBD" and head.tag_ == "VBD"
    return not (past and all(r.tag_ != "VBD" for r in relatives))


def _run_on(verb: Any) -> bool:
    """ "I came home cooked some pasta": a past verb run on after another, with no subject and
    no subordinator of its own, is a second deed of the same subject (the parser calls it an
    adverbial clause or a complement)."""
    head = verb.head
    return bool(
        verb.dep_ in ("advcl", "ccomp") and verb.tag_ == "VBD" and head.tag_ == "VBD"
        and head.i < verb.i
        and not any(c.dep_ in ("mark", "advmod") and c.i < verb.i for c in verb.children)
    )


_BEFORE_IMPLIED = frozenset({"advmod", "intj", "punct", "cc", "npadvmod"})


# Verbs of liking that chat opens a sentence with, its "I" dropped ("Love the new album",
# "Really like Spanish cuisine"); "like" only after an adverb ("Like, who knows?" is a filler).
_DROPPED_I_VERBS = frozenset({"love", "adore", "hate", "prefer", "like"})
_DROPPED_I_ADVERBS = frozenset(
    {"really", "also", "totally", "honestly", "absolutely", "definitely", "still", "genuinely"}
)


def _dropped_i_liking(verb: Any) -> bool:
    """ "Really like Brie Larson's dress", "Love the new album": a liking, not an imperative."""
    lemma = verb.lemma_.lower()
    if verb.tag_ not in ("VBP", "VB") or lemma not in _DROPPED_I_VERBS:
        return False
    before = [t for t in verb.sent if t.i < verb.i]
    adverbs = [t for t in before if t.lower_ in _DROPPED_I_ADVERBS]
    return bool(adverbs) if lemma == "like" else True


# Adverbs that make a bare past no deed told: "Maybe hit a bar on Friday" is a plan.
_UNSURE = frozenset({"maybe", "probably", "perhaps", "hopefully"})
_FIRST_PERSON = frozenset({"my", "me", "myself", "mine", "our", "us", "ourselves"})
# What only a person has: "Had a great time at the fair and bought a hat" is the speaker's.
_LIVED = frozenset(
    {"time", "day", "night", "morning", "evening", "week", "weekend", "blast", "dream", "fun",
     "break", "trip", "vacation", "holiday", "lesson", "class", "meeting", "appointment",
     "breakfast", "brunch", "lunch", "dinner", "snack", "meal", "nap", "workout"}
)  # fmt: skip


def implied_speaker(verb: Any, pattern: Any) -> Who | None:
    """Chat drops its "I": "Just took a test", "Went to the spa today". A past-tense main
    verb with no subject that opens its sentence (after adverbs) is the speaker's; a bare
    present one may be an imperative ("Try the pasta") and is not, unless it is a liking
    ("Really like Spanish cuisine"). A dropped subject of "was" or "had" is as often a thing
    spoken of ("Was very dry", "Had like half of a national dex and released a bunch of dlc"):
    the speaker's only after "just" ("Just had a snack"), with a word of the speaker's in the
    sentence ("Was on my way home") or with what only a person has ("Had a great time")."""
    if getattr(pattern, "subject", "person") == "noun" or verb.dep_ != "ROOT":
        return None
    if dropped_i_plan(verb, pattern):  # "Planning to visit Japan", "Would love to learn Thai"
        return Who(SPEAKER, "", True, [])
    if not (verb.tag_ == "VBD" or _dropped_i_liking(verb)):
        return None
    if any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
        return None
    before = [t for t in verb.sent if t.i < verb.i]
    if any(t.dep_ not in _BEFORE_IMPLIED for t in before):
        return None
    after = verb.doc[verb.i + 1] if verb.i + 1 < len(verb.doc) else None
    if any(t.lower_ in _UNSURE for t in before) or (after is not None and after.lower_ == "ta"):
        return None  # "Maybe hit a bar on Friday", "Gotta eat": no deed done
    if verb.lemma_.lower() in ("be", "have") and not (
        any(t.lower_ == "just" for t in before)
        or any(t.lower_ in _FIRST_PERSON for t in verb.sent)
        or any(c.dep_ == "dobj" and c.lemma_.lower() in _LIVED for c in verb.children)
    ):
        return None
    return Who(SPEAKER, "", True, [])


def who(subject: Any, pattern: Any, roles: frozenset[str]) -> Who | None:
    """The subject a pattern accepts, resolved, or None."""
    mode = getattr(pattern, "subject", "person")
    if any(c.dep_ == "conj" and c.lower_ in ("i", "we") for c in subject.children):
        subject = next(c for c in subject.children if c.dep_ == "conj")  # "Nadia and I"
    if mode == "relative":
        name = relative_subject(subject, roles)
        return None if name is None else Who(name, "PERSON", True, noun_phrase(subject))
    if mode in ("speaker", "person"):
        name = person_subject(subject, roles, speaker_only=mode == "speaker")
        if name is None:
            return None
        return Who(name, "PERSON" if name != SPEAKER else "", True, noun_phrase(subject))
    if subject.pos_ not in ("NOUN", "PROPN") or subject.lower_ in VAGUE:
        return None
    tokens = noun_phrase(subject)
    label = subject.doc[subject.i - 1] if subject.i else None
    # "Plan A depends on ...": the parser heads the name by its label.
    if label is not None and label.dep_ == "compound" and label not in tokens:
        tokens.insert(0, label)
    name = canonical_name(tokens)
    names = {name.lower(), subject.lemma_.lower()}
    names |= {t.lemma_.lower() for t in tokens if t.dep_ == "compound"}
    if pattern.subjects and not names & lower_set(pattern.subjects):
        return None
    return Who(name, ner_label(subject), False, tokens)


_STATE_VERBS = frozenset({"be", "feel", "get", "want", "need", "have"})
_GUESSES = frozenset({"maybe", "perhaps"})


def _whenever(clause: Any) -> bool:
    """ "when I'm sick", "whenever I feel down": a present clause under "when" says what holds
    at such times, no state of now ("when I went to Paris" tells what happened)."""
    if clause.dep_ != "advcl" or is_past(clause) or clause.lemma_.lower() not in _STATE_VERBS:
        return False  # "when I watch movies at home I ...": a pastime the clause presumes
    # the small model reads this "when" as a mark or as an adverb of the clause
    return any(c.dep_ in ("mark", "advmod") and c.lower_ in ("when", "whenever")
               for c in clause.children)


def _answers(word: Any) -> bool:
    """ "Maybe but I'm also a slow drinker", "Maybe, I love ...": the word answers what was
    said before; the clause after it is stated."""
    after = word.doc[word.i + 1] if word.i + 1 < len(word.doc) else None
    return after is None or after.pos_ in ("CCONJ", "PUNCT")


def polarity(clause: Any, pattern: Any, modals: tuple[str, ...] = ()) -> bool | None:
    """None when the clause cannot match; else whether the match is to be negated."""
    if _or_after_denial(clause):
        # "I haven't watched anime or read manga in a while": the denial is both verbs'
        return polarity(clause.head, pattern, modals)
    if is_conditional(clause) or is_hearsay(clause) or _whenever(clause) or is_disowned(clause):
        return None
    if counterfactual(clause):
        return None  # "If I were rich I'd buy a boat": the unreal condition's consequence
    if any(c.dep_ == "advmod" and c.lower_ in _GUESSES and not _answers(c)
           for c in clause.children):
        return None  # "Maybe you have arthritis", "perhaps I'm allergic": a guess
    habit = used_to(clause)
    if habit is not None and pattern.tense == "progressive":
        return None  # "I used to travel to Japan": a past habit, no plan
    tensed = habit if habit is not None else clause
    ended = clause_carrier(clause)
    inner_negated = ended is not None and is_negated(clause)  # "I tend not to like X"
    begun = began_work(clause) is not None  # "I started working at Amazon": held now
    if ended is None and pattern.tense in ("present", "habitual"):
        ended = began_doing(clause)  # "I started doing yoga": a pastime going on now
        begun = begun or ended is not None
    if ended is not None:
        clause = tensed = ended  # "I ended up buying": the tense and polarity of "ended"
    if habit is None:
        # "I've always wanted to ...", "I always loved jazz": still so.
        always = any(c.lower_ == "always" for c in clause.children)
        # "I became a chef", "I became vegetarian": what one became one is.
        became = clause.lemma_ == "become" or begun
        if pattern.tense in ("present", "habitual") and is_past(clause) and not (always or became):
            return None
        if pattern.tense == "progressive" and not (
            clause.tag_ == "VBG" and any(c.dep_ == "aux" and is_be(c) for c in clause.children)
        ):
            return None
        if pattern.tense == "progressive" and (any(
            c.dep_ == "aux" and c.lower_ in ("was", "were", "been") for c in clause.children
        ) or under_way(clause)):
            # "Last month I was visiting Las Vegas": what went on then, no plan; "I've been
            # traveling to Japan a lot": what one keeps doing; "where I'm visiting my aunt": now
            return None
        if pattern.tense == "habitual" and clause.tag_ == "VBG":
            auxes = {c.lower_ for c in clause.children if c.dep_ == "aux"}
            if "been" not in auxes:
                return None  # "Right now I'm playing Brahms"
        if pattern.tense == "past" and not (is_past(clause, perfect=True) or congratulated(clause)):
            return None
        if pattern.tense == "habitual" and is_past(clause, perfect=True) and not (always or begun):
            return None  # "I have read Vinland Saga", "I've eaten sushi": once, no habit
    if any(c.lower_ == "ever" for c in clause.children):
        return None  # "I don't think I've ever watched it", "have you ever ...": no statement
    used = {c.lemma_.lower() for c in _modal_holder(tensed).children if c.tag_ == "MD"}
    if used - set(modals):
        return None  # "I might move to Lisbon", "I will love it"
    if isinstance(pattern, VerbPattern) and pattern.require_modal and not used:
        return None
    negated = is_negated(clause) or inner_negated or (habit is not None and is_negated(habit))
    perfect = clause.tag_ == "VBN" and any(c.lemma_ == "have" for c in clause.children)
    # "I've never liked coffee", "I've never been a fan of jazz", "never been into sports": still so
    liking = clause.lemma_ in ("like", "love", "enjoy") or (clause.lemma_ == "be" and any(
        (c.dep_ == "attr" and c.lemma_.lower() == "fan" and any(p.lower_ == "of" for p in c.rights))
        or (c.dep_ == "prep" and c.lower_ == "into") for c in clause.children))
    never_liked = liking and any(c.lower_ == "never" for c in clause.children)
    if negated and perfect and pattern.polarity != "negative" and not never_liked:
        return None  # "I haven't tried yoga", "I haven't played it": not yet, no denial
    if pattern.polarity == "affirmative":
        return None if negated else False
    if pattern.polarity == "negative":
        # Only habits and abilities refuse something: "I don't eat pork", "I can't eat
        # nuts"; "I haven't eaten lunch" or "I ate dinner not long ago" do not.
        habitual = clause.tag_ in ("VB", "VBP", "VBZ")
        return False if negated and habitual else None
    return negated


def _or_after_denial(verb: Any) -> bool:
    """A verb joined by "or" / "nor", with no subject of its own, to a denied one."""
    return (verb.dep_ == "conj" and verb.head.i != verb.i and is_negated(verb.head)
            and not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
            and any(c.dep_ == "cc" and c.lower_ in ("or", "nor") for c in verb.head.children))


def _modal_holder(verb: Any) -> Any:
    """The verb whose modal a conjoined verb shares: "I might watch a movie or read a book"
    ("read" is "might"'s too); a conjunct with its own subject or auxiliary keeps its own."""
    own = ("aux", "auxpass", "nsubj", "nsubjpass")
    while verb.dep_ == "conj" and verb.head.i != verb.i and not any(
            c.dep_ in own for c in verb.children):
        verb = verb.head
    return verb


def make_matches(
    relation: str,
    pattern: PatternSpec,
    subject: Who | None,
    objects: Sequence[Found | None],
    negated: bool,
    anchors: list[Any],
    key: str | None = None,
    cue: str | None = None,
) -> list[Match]:
    """Matches for the objects found; `subject` None is the speaker."""
    if subject is None:
        subject = Who(SPEAKER, "", True, [])
    return [
        Match(relation, pattern, subject.name, subject.label, subject.person, obj.name,
              obj.label, key, negated, char_span([*anchors, *subject.tokens, *obj.tokens]), cue)
        for obj in with_split_modifiers(list(objects))
    ]  # fmt: skip

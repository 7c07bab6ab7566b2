"""Objects that name nothing identifiable though their head is a real noun: a kind made vague
by a word that says only that there are several ("different restaurants", "various
cuisines"), and a generic thing pointed at with "the" or "every" ("I finished the game",
"watching every game"), which is one the chat named before, if at all. objects.py asks these
of a common noun's tokens; gerunds keep their words ("trying different cuisines" is a doing)."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import determiners
from graph_memory.extract.day_outings import day_outing
from graph_memory.extract.object_spans import generic_the
from graph_memory.extract.open_vocabulary import DEMONSTRATIVES, GENERIC_OBJECTS, HOLLOW_OBJECTS
from graph_memory.extract.retag import COLOURS

# Modifiers that say there are several without saying which.
DIVERSE = frozenset({"different", "various", "assorted", "diverse", "random"})
# ... and that say there is one, which a clause or the chat tells: "the only game I finished
# fairly recently", "the same game".
SINGLING = frozenset({"only", "same"})
# Determiners that point at one thing of the chat or at each of a kind.
POINTING = frozenset({"the", "this", "that", "these", "those", "every", "each"})
# Tokens of a phrase that say nothing of what the thing is.
_FRAME_DEPS = frozenset({"det", "predet", "poss", "case", "nummod"})


def _naming(tokens: list[Any]) -> list[Any]:
    return [t for t in tokens if t.dep_ not in _FRAME_DEPS and not t.is_punct]


def without_diverse(head: Any, tokens: list[Any]) -> list[Any] | None:
    """The tokens without "different", "various", ...; None when nothing but the head is left
    to say what the things are ("different restaurants", "the only game I finished";
    "different hair colors" is hair colors). A "more" says how much, not what: it goes
    ("eating way more greens", "a more busy life"); a "less" or "fewer" stays, as it is what
    is liked ("I like less sugar in my coffee" -> less sugar, never sugar)."""
    tokens = [t for t in tokens if not (t.lower_ == "more" and t.i != head.i)]
    diverse = {t.i for c in head.children if c.dep_ == "amod" and c.lower_ in DIVERSE | SINGLING
               for t in c.subtree}  # fmt: skip
    if not diverse:
        return tokens
    kept = [t for t in tokens if t.i not in diverse]
    return kept if len(_naming(kept)) > 1 else None


def points_back(head: Any, dets: set[str], tokens: list[Any]) -> bool:
    """A bare generic thing with "the" or "every": "I finished the game", "I watched every
    show", praised only ("I have played the hit game among us", "the popular show": which
    game?) (not "the beach", the kind, "the board game", which says what it is, nor "the show
    about the munchausen lady", whose phrase says which)."""
    return (
        head.lemma_.lower() in GENERIC_OBJECTS
        and bool(dets & POINTING)
        and not generic_the(head, dets)
        and all(t.i == head.i or _praise(t, head) for t in _naming(tokens))
        and not any(c.dep_ == "prep" for c in head.children)
    )


# Words that praise a thing of the chat without saying which it is: "the hit game".
_PRAISE = frozenset({"hit", "popular", "famous", "iconic", "legendary", "viral", "acclaimed",
                     "renowned", "beloved", "classic"})


def _praise(token: Any, head: Any) -> bool:
    return token.lower_ in _PRAISE and token.head.i == head.i and token.n_lefts == 0


def specific(head: Any, dets: set[str], tokens: list[Any], verbal: bool) -> list[Any] | None:
    """A common noun's tokens without its vague words, or None when it names nothing
    identifiable (without_diverse; points_back, for verb patterns only: "I found the book
    boring" judges the book the chat is about)."""
    kept = without_diverse(head, tokens)
    if kept is None or (verbal and (points_back(head, dets, kept) or counted_kind(head, kept))):
        return None
    if verbal and day_outing(head, kept):
        return None  # "Went on a hike today": a round of the day
    return kept


# Words that count a kind without saying which of it: "many football matches".
_MANY = frozenset({"many", "several", "numerous", "countless", "multiple"})
# Words that say only that the things were new to the speaker: "some new techniques".
_NEW = frozenset({"new", "other", "more"})
# Verbs whose plural object is owned whatever its count.
_KEEPING = frozenset({"have", "own", "buy", "get", "keep", "grow", "collect", "adopt"})


def counted_kind(head: Any, tokens: list[Any]) -> bool:
    """A plural kind counted by "many" or "several", or "some" things said only to be new, names
    no thing done or liked: "I've watched many football matches", "I learned some new
    techniques", "I don't follow many e sports" (which?; an intensified "way too many fantasy
    novels" tells a habit, and the kind stays); a name in the phrase says which ("many
    Juventus matches"), and so does a clause or a preposition after it ("some new recipes for
    lasagna", "several museums in Rome", wherever the parser hangs the place); "some tacos",
    "some very delicious tacos" are a dish made; things had or bought are owned, however many
    ("I have many plants", "I bought some new shoes")."""
    if head.tag_ != "NNS" or head.head.lemma_.lower() in _KEEPING:
        return False
    if any(t.pos_ == "PROPN" for t in tokens):
        return False
    if any(c.dep_ in ("prep", "relcl", "acl") for c in head.children) or _named_place(head.head):
        return False
    words = {c.lower_ for c in head.children if c.dep_ in ("amod", "det")}
    if any(c.lower_ in _MANY and not list(c.children) for c in head.children
           if c.dep_ in ("amod", "det")):  # fmt: skip
        return True  # not "way too many fantasy novels", "so many": a habit told
    modifiers = [t for t in _naming(tokens) if t.i != head.i]
    return "some" in words and bool(modifiers) and all(t.lower_ in _NEW for t in modifiers)


def nameless_one(head: Any, tokens: list[Any]) -> bool:
    """ "milky ones", "a big one": "one" with no noun beside it stands for a kind the chat
    named elsewhere, if at all; its adjectives alone name nothing ("the Star Wars ones" do),
    except a colour, which chat names as a thing ("I want a red one")."""
    return head.lower_ in ("one", "ones") and not any(
        t.pos_ in ("NOUN", "PROPN") or t.lower_ in COLOURS for t in tokens if t.i != head.i
    )


# Hollow heads that also name a kind liked or done on their own ("I love space", "I run track",
# "I love stories", "I like people"): kept bare.
_NAMING_TOO = frozenset({"space", "track", "story", "life", "world", "people", "person", "news",
                         "read", "sound", "discipline", "music"})


def bare_hollow(name: str, head: Any) -> bool:
    """A common noun alone whose head says nothing by itself: "we both found activities that we
    enjoy", "I like the idea" (not "outdoor activities", which says which)."""
    lemma = head.lemma_.lower()
    return (
        head.pos_ == "NOUN"
        and name.lower() in (head.lower_, lemma)  # not "romance" of "romance ones"
        and lemma in HOLLOW_OBJECTS
        and lemma not in _NAMING_TOO
    )


_KINDS = frozenset({"kind", "kinds", "sort", "sorts", "type", "types"})


def pointing_kind(head: Any) -> bool:
    """ "that kind of software", "these types of games": a kind pointed at is the one the chat
    told of, which the noun alone does not say ("I love all kinds of music" does)."""
    return head.lower_ in _KINDS and any(
        c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in head.children
    )


def split_off_pointer(head: Any) -> bool:
    """ "I love those catchy mottos": the parser may hang "those catchy" on the verb as an
    object of its own, before the noun; its demonstrative points the noun at what the chat
    told of, as "those mottos" would."""
    if head.i == 0:
        return False
    before = head.doc[head.i - 1]
    return (before.dep_ == head.dep_ and before.head.i == head.head.i and before.pos_ == "ADJ"
            and any(c.dep_ == "det" and c.lower_ in DEMONSTRATIVES for c in before.children))


def _named_place(verb: Any) -> bool:
    """Whether the verb's own phrase names where: "visited several museums in Rome"."""
    return any(p.dep_ == "prep" and any(o.dep_ == "pobj" and o.pos_ == "PROPN" for o in p.children)
               for p in verb.children)  # fmt: skip


_BLENDS = frozenset({"mix", "mixture", "blend", "combination", "variety", "range", "selection"})


def pointed_blend(container: Any, inner: Any) -> bool:
    """ "Love the mix of ingredients", "the variety of dishes": a mix pointed at with "the" of
    a bare generic kind is the one the chat told of (a reaction to the other's burger); not
    "the mix of spices in this curry" (which says where), "a variety of dishes", "the blend of
    cumin and coriander" (which names them)."""
    if container is inner or container.lower_ not in _BLENDS:
        return False
    if not determiners(container) & POINTING:
        return False
    if any(c.dep_ == "prep" and c.lower_ != "of" for c in container.children):
        return False
    bare = not any(c.dep_ in ("amod", "compound", "prep", "conj", "relcl", "acl", "det")
                   for c in inner.children)  # fmt: skip
    return bare and inner.lemma_.lower() in GENERIC_OBJECTS

"""Judgements a "<topic> is ..." clause makes without a plain judging adjective after "be":
a judging participle the parser reads as a passive ("Elden Ring is overrated", "Succession is
so well written") and a worth ("Breaking Bad is worth watching", "the trip was worth it").
A title written in lower case is named by the "it" that calls it a story or a show ("I just
finished pachinko. Its a wonderful story"). The opinion grammar (opinions.py) reads the rest of
the clause: its topic, its polarity."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import determiners, is_negated, phrase_text
from graph_memory.extract.objects import Found, noun_object
from graph_memory.extract.patterns import PatternSpec

# Participles that judge by themselves: "Dune is overrated".
_RATED = frozenset({"overrated", "underrated", "overhyped", "underappreciated"})
# What a work is made by ("written", "made", "acted"): judged by how well it was done.
_MADE = frozenset(
    {"write", "make", "act", "direct", "animate", "design", "shoot", "produce", "craft", "edit"}
)
_HOW_WELL = frozenset(
    {"well", "beautifully", "brilliantly", "poorly", "badly", "nicely", "masterfully", "perfectly",
     "terribly", "wonderfully", "superbly"}
)


def passive_judgement(be: Any) -> tuple[Any, str] | None:
    """The participle and its key when "be" is the passive auxiliary of a judging one:
    "Elden Ring is overrated" -> (overrated, "overrated"), "Succession is so well written" ->
    (written, "well written"); None for any other passive ("the movie was released in May")."""
    participle = be.head
    if be.dep_ != "auxpass" or participle.tag_ != "VBN" or is_negated(participle):
        return None
    if participle.lower_ in _RATED:
        return participle, str(participle.lower_)
    if participle.lemma_.lower() not in _MADE:
        return None
    how = [c for c in participle.children if c.dep_ == "advmod" and c.lower_ in _HOW_WELL]
    return (participle, f"{how[0].lower_} {participle.lower_}") if how else None


_WORTH_DETS = frozenset({"a", "the", "every"})
# What a thing costs or fetches, no judgement: "worth a fortune", "worth a lot".
_PRICES = frozenset(
    {"fortune", "lot", "ton", "bunch", "mint", "dollar", "buck", "thousand", "million"}
)


def worth_key(adjective: Any) -> str | None:
    """ "worth watching", "worth it", "worth a visit" of "Dune is worth watching", "the trip
    was worth it", "the Acropolis Museum is worth a visit"; None for a bare "worth" or one
    with a price ("worth $50", "worth 20 dollars")."""
    if adjective.lower_ != "worth" or is_negated(adjective):
        return None
    for child in adjective.children:
        if child.dep_ in ("xcomp", "pcomp") and child.tag_ == "VBG":
            return f"worth {child.lower_}"
        if child.dep_ in ("dobj", "npadvmod", "pobj") and child.lower_ == "it":
            return "worth it"
        if child.dep_ in ("dobj", "npadvmod", "pobj") and child.pos_ == "NOUN" and not any(
            c.like_num or c.tag_ == "$" for c in child.subtree
        ):
            # "worth a visit", "worth the wait", "worth every penny"; not "worth $50"
            said = [d.lower_ for d in child.lefts if d.dep_ == "det" and d.lower_ in _WORTH_DETS]
            if said and child.lemma_.lower() not in _PRICES:
                return f"worth {said[0]} {child.lower_}"
    return None


# What a work read, watched or listened to is called by the "it" that judges it.
_WORK_KINDS = frozenset(
    {"story", "book", "novel", "movie", "film", "show", "series", "anime", "manga", "read",
     "album", "comic"}
)


# Kinds of thing read, watched or done, never a title: "I watched tv", "I finished homework".
_MEDIA = frozenset(
    {"tv", "television", "news", "homework", "music", "podcast", "youtube", "netflix", "radio",
     "poetry", "fiction", "nonfiction", "sport", "sports", "football", "soccer", "basketball",
     "baseball", "hockey", "tennis", "work", "class", "school", "lunch", "dinner", "breakfast"}
)


def lowercase_work(antecedent: Any, be: Any, pattern: PatternSpec) -> Found | None:
    """ "I just finished pachinko. Its a wonderful story": a bare lower-case noun finished,
    read or watched (chat writes titles in lower case) that the "it" after calls a story, a
    book, a show: the work's title. Not "I played football. It's a fun game" (a game may be a
    sport), nor "I finished the book. It's a great story" (which book?)."""
    if antecedent.tag_ != "NN" or not antecedent.is_lower or determiners(antecedent):
        return None
    if antecedent.lemma_.lower() in _WORK_KINDS | _MEDIA:
        return None  # "I read manga. It's a great story": the kind, no title
    if any(c.dep_ in ("amod", "poss", "nummod", "compound") for c in antecedent.children):
        return None
    if not any(c.dep_ == "attr" and c.lemma_.lower() in _WORK_KINDS for c in be.children):
        return None
    return noun_object(antecedent, pattern)


# Kinds of work a title at the start of a sentence is said to be: "Inception is a great movie".
_TITLED_KINDS = _WORK_KINDS | {"game", "film", "sitcom", "documentary", "podcast", "song", "play",
                               "musical", "franchise", "trilogy", "episode"}
# Pastimes and kinds that a capital at the start of a sentence does not make a title.
_KINDS_OF_PLAY = _MEDIA | {"chess", "poker", "golf", "volleyball", "cricket", "rugby", "bowling",
                           "pool", "checkers", "bingo", "cards", "art", "anime", "manga"}


def title_by_its_kind(subject: Any, be: Any, pattern: PatternSpec) -> Found | None:
    """ "Inception is a great movie", "Boss baby is a pretty great movie": a capitalised
    subject at the start of its sentence, that the clause says is a movie, a game or a show, is
    that work's title (the parser may read it as a common noun: "Succession", "Inception").
    Not "Chess is a fun game" (a kind of play), "Pizza is a great food" (no work)."""
    first = subject.left_edge
    # at the start, or after a word that opens the sentence: "Yes, Succession is ..."
    opened = all(t.pos_ in ("INTJ", "PUNCT", "ADV", "CCONJ")
                 for t in subject.doc[subject.sent.start : first.i])
    if not opened or not first.is_title or determiners(subject):
        return None
    if subject.tag_ not in ("NN", "NNP") or subject.lemma_.lower() in _KINDS_OF_PLAY:
        return None
    if not any(c.dep_ == "attr" and c.lemma_.lower() in _TITLED_KINDS for c in be.children):
        return None
    if noun_object(subject, pattern) is None:
        return None
    tokens = list(subject.doc[first.i : subject.i + 1])  # the title as written: "Boss baby"
    return Found(phrase_text(tokens), "WORK_OF_ART", tokens)

"""A ranking said with a superlative: "Dune is one of the most beautiful movies" (key "one of
the most beautiful", as "one of the best" is keyed), and the ranking put first with the name
after "be": "By far I think the best hot springs in Colorado are Pagosa Springs" (Pagosa
Springs, key "best"), "One of the most unforgettable historical sites for me was the Great Wall
of China" (key "one of the most unforgettable"). The name is what is judged; a thing that is
no name ("the best way to relax is yoga", "the best time to go is May") is no topic here.
Used by opinions.py."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from graph_memory.extract.canonical import char_span, is_negated, phrase_text
from graph_memory.extract.match import Match, make_matches, polarity
from graph_memory.extract.objects import Found, lower_set, noun_object, quoted_title
from graph_memory.extract.opinion_topics import of_objects, specific
from graph_memory.extract.patterns import OpinionPattern

_MOST = frozenset({"most", "least"})
# What a ranking first says it ranks that is no kind of named thing: "the best way to relax is
# yoga", "the best part of the trip was Rome" (a part), "the best time to visit is May".
_NO_KIND = frozenset(
    {"way", "part", "thing", "time", "day", "moment", "idea", "choice", "option", "plan", "bit",
     "advice", "tip", "answer", "reason", "month", "year", "season", "week"}
)
# "I think the best X is Y": the speaker's own view, as a judgement said outright is.
_THINKING = frozenset({"think", "believe", "feel", "agree", "say"})
# A name that is a date, a time or a number is no thing judged ("the best day was Friday").
_NO_NAME_ENTITIES = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT",
                               "QUANTITY"})


def ranking(adjective: Any, pattern: OpinionPattern) -> str | None:
    """The ranking a listed judging word makes of its noun: "best" of "the best movies", "most
    beautiful" of "the most beautiful movies"; None for any other ("the most famous", "the
    biggest": no judgement of the list)."""
    listed = lower_set(pattern.adjectives)
    if adjective.lower_ not in listed or is_negated(adjective):
        return None
    if adjective.tag_ == "JJS":
        return str(adjective.lower_)
    most = [c for c in adjective.children if c.dep_ == "advmod" and c.lower_ in _MOST]
    if adjective.pos_ == "ADJ" and most:
        return f"{most[0].lower_} {adjective.lower_}"
    return None


def ranked(noun: Any, pattern: OpinionPattern) -> tuple[Any, str] | None:
    """The superlative of a ranked noun and its key: "best" of "the best hot springs", "one of
    the most unforgettable" of "one of the most unforgettable sites"."""
    if noun.lemma_.lower() == "one":
        for group in of_objects(noun):
            found = ranked(group, pattern) if group.lemma_.lower() != "one" else None
            if found is not None:
                return found[0], f"one of the {found[1]}"
            if group.tag_ == "JJS" and ranking(group, pattern):
                return group, f"one of the {group.lower_}"  # "one of the best"
        return None
    if noun.lemma_.lower() in _NO_KIND or "the" not in {c.lower_ for c in noun.lefts}:
        return None
    for adjective in noun.lefts:
        key = ranking(adjective, pattern) if adjective.dep_ == "amod" else None
        if key is not None:
            return adjective, key
    return None


def most_of_one(one: Any, pattern: OpinionPattern) -> tuple[Any, str] | None:
    """ "one of the most beautiful movies" after "is": its adjective and key."""
    found = ranked(one, pattern) if one.lemma_.lower() == "one" else None
    return found if found is not None and " " in found[1].removeprefix("one of the ") else None


def _own_view(be: Any) -> bool:
    """A ranking said outright, or under the speaker's "I think" (not denied nor guessed)."""
    if be.dep_ in ("ROOT", "conj"):
        return True
    thinking = be.head
    if be.dep_ != "ccomp" or thinking.lemma_.lower() not in _THINKING or is_negated(thinking):
        return False
    if any(c.tag_ == "MD" for c in thinking.children):
        return False
    return any(c.dep_ == "nsubj" and c.lower_ == "i" for c in thinking.children)


def ranked_name_matches(be: Any, relation: str, pattern: OpinionPattern) -> list[Match]:
    """ "The best pizza in town is Luigi's": the named thing after "be" that the ranking
    before it puts first, keyed by the ranking."""
    if not _own_view(be) or polarity(be, pattern) is not False:
        return []
    subjects = [c for c in be.children if c.dep_ == "nsubj"]
    names = [c for c in be.children if c.dep_ == "attr" and c.i > be.i]
    if not subjects or not names:
        return []
    found_rank = ranked(subjects[0], pattern)
    name = names[0]
    if found_rank is None or name.ent_type_ in _NO_NAME_ENTITIES:
        return []
    found = quoted_title(name)
    if found is None and name.pos_ == "PROPN" and specific(name):
        found = noun_object(name, pattern)
        if found is not None and any(c.dep_ == "case" for c in name.children):
            # "Luigi's": the place by its owner's name, kept whole
            tokens = [t for t in name.subtree if not (t.pos_ == "DET" and t.i < name.i)]
            found = Found(phrase_text(tokens), found.label, tokens)
    if found is None:
        return []
    adjective, key = found_rank
    matches = make_matches(relation, pattern, None, [found], False, [be, adjective], key)
    # The ranking's own words only: "the best movie I watched this year was Oppenheimer" keeps
    # its reading of what was watched (a later pattern, over the words after "best").
    return [replace(m, span=char_span([adjective])) for m in matches]

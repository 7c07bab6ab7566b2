"""What an opinion is of: one named or described thing ("Pachinko", "the new Batman movie",
"the ending of Dune", "the pasta at Luigi's"), not a class of things ("snow", "dogs") nor a part
that points back into the chat ("the taste", "the first game"). Used by opinions.py."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name, determiners, phrase_text
from graph_memory.extract.object_spans import JOURNEYS, object_tokens
from graph_memory.extract.objects import VAGUE, Found, noun_object
from graph_memory.extract.open_vocabulary import HOLLOW_OBJECTS, PLACING
from graph_memory.extract.patterns import OpinionPattern
from graph_memory.extract.people import own_placeholder

_DEFINITE = frozenset({"the", "these", "those"})
_JOURNEY_PREPS = frozenset({"to", "through", "around", "across"})
# Works made from another work, which they are named by: "the movie adaptation" (of Gone Girl,
# the chat said), "the sequel", "the English dub"; "the Dune sequel" and "the movie adaptation
# of Dune" say which.
_DERIVATIVES = frozenset(
    {"adaptation", "sequel", "prequel", "remake", "reboot", "spinoff", "spin-off", "version",
     "dub", "translation", "remaster", "continuation"}
)
# Heads that frame a class as a domain: "the art of cooking", "the realm of fantasy".
_REALMS = frozenset({"art", "realm", "field", "genre", "universe"})
# Entity types of a place or a people, that name where a kind of thing comes from.
_ORIGINS = ("GPE", "LOC", "NORP")
# Where a part sits in a whole, as a place in a series does: "the middle section", "the
# opening scene", "the end result" point back into the chat as "the first game" does.
_PLACED = PLACING | {"middle", "opening", "closing", "end"}


def topic_object(noun: Any, pattern: OpinionPattern) -> Found | None:
    """The object a judged noun names; None for a vague word or a bare class ("beer")."""
    if noun.pos_ not in ("NOUN", "PROPN") or noun.lower_ in VAGUE:
        return None
    if own(noun) and noun.pos_ == "NOUN":
        return _own_object(noun)  # "my new job is stressful" -> "<speaker>'s new job"
    if noun.pos_ == "NOUN" and not determiners(noun) and not any(
        t.pos_ == "PROPN" for t in noun.lefts
    ):
        return None  # "I think beer is good": a whole class of things, no topic
    return noun_object(noun, pattern)


def specific(topic: Any) -> bool:
    """Whether a noun names one thing rather than a class: "Pachinko", "the new Batman movie",
    "the Kerastase conditioner"; not "snow", "dogs", "this"."""
    if topic.pos_ == "PROPN":
        # A lone capitalised first word may be any noun ("Snow is beautiful").
        named = topic.ent_type_ or any(t.pos_ == "PROPN" for t in topic.lefts)
        return bool(named or not topic.is_sent_start)
    if topic.pos_ != "NOUN":
        return False
    if topic.lemma_.lower() in JOURNEYS:
        return _journey_named(topic)  # "that trip to Tirana"; not "the road trip", "the trip"
    modifiers = [t for t in topic.lefts if t.dep_ in ("compound", "poss", "amod", "nmod")]
    if topic.tag_ == "NNS" and not determiners(topic) and all(
        t.ent_type_ in ("", *_ORIGINS) for t in modifiers
    ):
        # "micro transactions are pretty bad", whatever its case; "Vienna sausages are great
        # for protein", "New York bagels are the best": a kind by where it comes from is a
        # class too ("Marvel movies", "Harry Potter books" name a maker's or a series' works)
        return False
    if _derived_from_unsaid(topic, modifiers):
        return False  # "the movie adaptation is also excellent": of the work the chat is on
    if any(t.pos_ == "PROPN" for t in modifiers):
        return True
    if determiners(topic) & _DEFINITE and (
        any(g.pos_ == "PROPN" for g in of_objects(topic)) or named_place(topic) is not None
    ):
        return True  # "the ending of Dune", "the pasta at Luigi's": of a named thing
    # "the new Batman movie", "the old stone bridge"; a bare "the taste", "the gameplay",
    # "the first game" or "the original show" points back into the conversation.
    described = [t for t in modifiers if t.pos_ in ("ADJ", "NOUN", "NUM")]
    if topic.tag_ == "NNS" and all(_adjectival(t) and not t.ent_type_ for t in described):
        return False  # "the visual effects", "the crystal clear waters": parts, no one thing
    if described and all(t.lower_ in _PLACED for t in described) and not _has_of_part(topic):
        return False  # "the newest iteration of the turtles" says which by its "of"
    return bool(described) and (bool(determiners(topic) & _DEFINITE) or own(topic))


def own(topic: Any) -> bool:
    """ "my new job", "our new apartment": the speaker's own one thing, said which by its
    modifier as "the new job" is; not "your new job" (a reaction to the other's news) nor
    "his new car" (whose, the message may not say)."""
    return any(c.dep_ == "poss" and c.lower_ in ("my", "our") for c in topic.lefts)


def _journey_named(trip: Any) -> bool:
    """ "the trip to Tirana", "that trip to Tirana", "our trip to Japan": one journey, said
    which by the named place it went to (a bare "the trip" or "the road trip" points back into
    the chat)."""
    pointed = determiners(trip) & {"the", "this", "that"} or own(trip)
    return bool(pointed) and any(
        p.dep_ == "prep" and p.lower_ in _JOURNEY_PREPS
        and any(g.dep_ == "pobj" and g.pos_ == "PROPN" for g in p.children)
        for p in trip.children
    )


def _own_object(noun: Any) -> Found | None:
    """ "my new job" -> "<speaker>'s new job": the owner resolved, as "I love my job" is."""
    owner = own_placeholder(noun)
    tokens = [t for t in object_tokens(noun) if t.dep_ != "poss"]  # "our trip to Japan"
    name = canonical_name(tokens)
    if owner is None or not name or name.lower() in VAGUE:
        return None
    return Found(f"{owner}'s {name}", "", tokens)


def _derived_from_unsaid(topic: Any, modifiers: list[Any]) -> bool:
    """A work made from another that it does not name: "the movie adaptation", "the English
    dub" (a language says which dub, not of what); not "the Dune sequel", "the movie
    adaptation of Dune"."""
    if topic.lemma_.lower() not in _DERIVATIVES or _has_of_part(topic):
        return False
    return not any(t.pos_ == "PROPN" and t.ent_type_ not in ("NORP", "LANGUAGE")
                   for t in modifiers)


def _adjectival(token: Any) -> bool:
    """An adjective, or a noun that only heightens the adjective after it ("crystal" of
    "crystal clear", "ice" of "ice cold"): it says how, not which thing."""
    if token.pos_ == "ADJ":
        return True
    after = token.doc[token.i + 1] if token.i + 1 < len(token.doc) else None
    return (token.dep_ == "nmod" and after is not None and after.pos_ == "ADJ"
            and after.head.i == token.head.i)  # fmt: skip


def _has_of_part(topic: Any) -> bool:
    """ "the newest iteration of the turtles": an "of" part says what the thing is."""
    return any(g.pos_ in ("NOUN", "PROPN") for g in of_objects(topic))


def hollow_of_a_class(topic: Any) -> bool:
    """ "the world of romance novels", "the art of cooking": a hollow head whose "of" names a
    whole class of things; judging it judges the class, no one thing ("the history of Rome",
    "the end of the movie" name one)."""
    if topic.lemma_.lower() not in HOLLOW_OBJECTS | _REALMS:
        return False
    owners = of_objects(topic)
    return bool(owners) and all(
        g.pos_ == "NOUN" and not determiners(g) and not any(
            t.pos_ == "PROPN" or t.ent_type_ for t in g.subtree)
        for g in owners
    )


def of_objects(noun: Any) -> list[Any]:
    """The objects of the noun's "of" phrases: "the turtles" of "the iteration of the turtles"."""
    return [g for p in noun.children if p.dep_ == "prep" and p.lower_ == "of"
            for g in p.children if g.dep_ == "pobj"]


_POINTING_BACK = frozenset({"this", "that", "these", "those", "it", "them"})
_MAX_OF_WORDS = 4


def of_part(noun: Any, found: Found | None) -> Found | None:
    """ "The newest iteration of the turtles is awesome": a topic with its "of" is about
    what the "of" names, kept whole; one of "that complex" points back into the chat, and a
    judgement of it has no topic here."""
    if found is None:
        return None
    heads = [noun, *(t for t in noun.subtree if t.dep_ == "conj" and t.head.i == noun.i)]
    owners = [g for h in heads for g in of_objects(h)]
    if not owners:
        return _at_place(noun, found)
    owner = owners[0]
    inner = [t for t in owner.subtree if not (t.pos_ == "DET" and t.i < owner.i)]
    if owner.pos_ == "PRON" or any(t.lower_ in _POINTING_BACK for t in owner.subtree):
        return None
    if owner.head.head.i != noun.i:
        return found  # the "of" is a conjunct's ("the food and the history of Rome")
    if len(inner) > _MAX_OF_WORDS:
        return None  # a topic cut from a long "of" would say less than was judged
    prep = owner.head
    if prep in found.tokens:
        return found  # "the Great Wall of China": the name has its "of" already
    name = f"{found.name} of {phrase_text(inner)}"
    return Found(name, found.label, [*found.tokens, prep, *inner])


# "the pasta at Luigi's", "the tacos from Chipotle", "the beaches in Thailand".
_PLACE_PREPOSITIONS = frozenset({"at", "from", "in", "on"})
# A work by or with whom made it: "the new album by Taylor Swift", "the new movies with Tom
# Holland" (not "the party with Sam", a moment).
_MAKER_PREPOSITIONS = frozenset({"by", "with"})
_WORKS = frozenset({"movie", "film", "show", "series", "book", "novel", "album", "song", "game",
                    "episode", "play", "musical", "painting", "record", "track", "season"})


def named_place(noun: Any) -> Any | None:
    """The named place a thing is at or from, or who made a work: "Luigi's" of "the pasta at
    Luigi's", "Taylor Swift" of "the new album by Taylor Swift"."""
    wanted = _PLACE_PREPOSITIONS | (_MAKER_PREPOSITIONS if noun.lemma_.lower() in _WORKS else set())
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ in wanted:
            named = [g for g in prep.children if g.dep_ == "pobj" and g.pos_ == "PROPN"]
            if named:
                return named[0]
    return None


def _at_place(noun: Any, found: Found) -> Found:
    """ "The pasta at Luigi's was delicious" -> "pasta at Luigi's": which pasta, by its place."""
    place = named_place(noun)
    if place is None:
        return found
    inner = [t for t in place.subtree if not (t.pos_ == "DET" and t.i < place.i)]
    if len(inner) > _MAX_OF_WORDS or place.head in found.tokens:
        return found
    name = f"{found.name} {place.head.lower_} {phrase_text(inner)}"
    return Found(name, found.label, [*found.tokens, place.head, *inner])

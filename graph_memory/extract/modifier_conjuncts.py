"""Objects whose modifiers are coordinated: "Italian and Greek food" is Italian food and Greek
food, "a good mystery or historical fiction novel" a mystery novel and a historical fiction
novel. The noun phrase the parser gives leaves the "and" and the second modifier out ("Italian
food", "good mystery fiction novel"), a cut or garbled object; each modifier is a thing of its
own with the shared head, as coordinated nouns are. A pair that names one kind ("black and
white photography", "sweet and sour chicken") or one thing of both ("a garlic and onion
seasoning") stays whole."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import canonical_name
from graph_memory.extract.gerund_conjuncts import split_gerund_objects
from graph_memory.extract.object_spans import BINOMIALS
from graph_memory.extract.objects import Found

_MODIFIERS = frozenset({"amod", "compound", "nmod"})
# "both indoor and outdoor activities": the word that opens the pair is no part of either.
_PAIRING = frozenset({"both", "either", "neither"})
# Pairs of modifiers that name one kind together.
_ONE_KIND = BINOMIALS | frozenset(
    {"black and white", "sweet and sour", "hot and sour", "sweet and salty", "salt and vinegar"}
    | {"sweet and spicy", "arts and crafts", "hip hop and r", "true and tried"}
)

# Kinds of work named by their genre ("horror movies", "jazz music"), and the genres.
_WORKS = frozenset({"movie", "film", "show", "series", "book", "novel", "game", "music", "song",
                    "album", "podcast", "comic", "story"})
_GENRES = frozenset(
    {"horror", "action", "comedy", "drama", "romance", "thriller", "mystery", "fantasy", "sci-fi",
     "scifi", "adventure", "animation", "anime", "documentary", "crime", "war", "western",
     "musical", "superhero", "disney", "indie", "rpg", "strategy", "puzzle", "racing",
     "fighting", "shooter", "sports", "sport", "board", "video", "card", "party", "survival",
     "zombie", "spy", "heist", "detective", "history", "historical", "kids", "family"}
    | {"rock", "pop", "jazz", "rap", "country", "metal", "punk", "folk", "classical", "techno",
       "house", "blues", "reggae", "gospel", "opera", "soul", "kpop", "k-pop", "edm", "funk",
       "disco", "trap", "grunge", "emo", "lofi", "lo-fi", "electronic", "dance", "christmas"}
)


def split_modifiers(found: Found) -> list[Found]:
    """The object once per coordinated modifier, or the object alone when it has none (or
    when its name is no plain reading of its words, a name already shaped by its pattern)."""
    tokens = sorted(found.tokens, key=lambda t: t.i)
    inside = {t.i for t in tokens}
    heads = [t for t in tokens if t.head.i not in inside or t.head.i == t.i]
    if len(heads) != 1 or canonical_name(tokens) != found.name:
        return [found]
    if any(not any(ch.isalnum() for ch in t.text) and t.text != "&" for t in tokens):
        return [found]  # "Tomato, diced • Onion , diced or sliced • Garlic": a list, no phrase
    head = heads[0]
    for modifier in tokens:
        if modifier.i >= head.i or modifier.dep_ not in _MODIFIERS:
            continue
        # "Italian, Greek and French food": the parser chains the list, each on the one before
        joined = [c for c in modifier.conjuncts
                  if modifier.i < c.i < head.i and c.i not in inside]
        links = [c for t in (modifier, *joined) for c in t.children
                 if c.dep_ == "cc" and c.i < head.i]
        if links and not joined and (
            listed := _paired_with_head(modifier, links[0], tokens, found.label)
        ):
            return listed
        if not joined or not links:
            continue
        if (alone := _thing_before_genres(modifier, joined, tokens, found.label)):
            return alone
        doc = head.doc
        last = max(t.i for c in joined for t in c.subtree)
        pair = " ".join(t.lower_ for t in doc[modifier.i : last + 1])
        # "a garlic and onion seasoning", "a ham and cheese sandwich": one thing of both
        one_thing = links[0].lower_ == "and" and head.tag_ == "NN" and any(
            c.dep_ == "det" and c.lower_ in ("a", "an")
            for c in (*head.children, *modifier.children))
        described = _described_twice(modifier, joined, tokens)
        if pair in _ONE_KIND or one_thing or described:
            whole = sorted({*tokens, *doc[modifier.i : last + 1]}, key=lambda t: t.i)
            return [Found(canonical_name(whole), found.label, whole)]
        before = [t for t in tokens if t.i < modifier.i and t.lower_ not in _PAIRING]
        after = [t for t in tokens if t.i > last]
        # the first modifier with the head alone ("mystery ... novel"); the last one with the
        # words between it and the head ("historical fiction novel"), named as the first
        # would be with its own word in the modifier's place
        first = [*before, modifier, head]
        out = [Found(canonical_name(first), found.label, first)]
        pattern = canonical_name([*before, modifier, *after]).split(" ")
        word = canonical_name([modifier])
        if word not in pattern:
            return [found]
        at = pattern.index(word)
        for conj in joined:
            own_words = _alone(conj)
            own = canonical_name(own_words)
            words = [*before, *own_words, *after]
            name = " ".join([*pattern[:at], own, *pattern[at + 1:]])
            out.append(Found(name, found.label, words))
        return [f for f in out if f.name]
    return [found]


def _paired_with_head(
    modifier: Any, link: Any, tokens: list[Any], label: str
) -> list[Found]:
    """ "a soft spot for classical and jazz": the parser hangs the first of two things on the
    second as its modifier, with the "and" and no conjunct, which read "classical jazz";
    each is a thing of its own. Not a pair that names one kind ("black and white")."""
    head = max(tokens, key=lambda t: t.i)
    between = [t for t in tokens if modifier.i < t.i < head.i and t.i != link.i]
    if link.i != modifier.i + 1 or between or head.i != link.i + 1:
        return []
    if list(modifier.children) != [link]:
        return []
    if f"{modifier.lower_} {link.lower_} {head.lower_}" in _ONE_KIND:
        return []
    rest = [t for t in tokens if t.i > link.i]
    before = [t for t in tokens if t.i < modifier.i and t.lower_ not in _PAIRING]
    first, second = canonical_name([*before, modifier]), canonical_name(rest)
    if not first or not second:
        return []
    return [Found(first, "", [*before, modifier]), Found(second, label, rest)]


def _thing_before_genres(
    modifier: Any, joined: list[Any], tokens: list[Any], label: str
) -> list[Found]:
    """ "I love coffee and horror movies": the parser hangs a thing liked on the kind of work
    after it, beside the work's genre, which read "coffee movie"; a noun no genre before a
    genre of a work is a thing of its own ("action and comedy movies" are both movies)."""
    head = max(tokens, key=lambda t: t.i)
    if head.lemma_.lower() not in _WORKS or modifier.pos_ != "NOUN":
        return []
    if modifier.lemma_.lower() in _GENRES or not all(c.lower_ in _GENRES for c in joined):
        return []
    if any(t.i < modifier.i for t in tokens):
        return []  # "my coffee and horror movies": the words before belong to both
    rest = [t for t in tokens if t.i > modifier.i]
    out = [Found(canonical_name([modifier]), "", [modifier])]
    kind = canonical_name(rest)  # "movie": the genre's own word goes before it
    out += [Found(f"{canonical_name([c])} {kind}", label, [c, *rest]) for c in joined]
    return [f for f in out if f.name]


def _alone(conj: Any) -> list[Any]:
    """The modifier's own words, without the list's next ones hung on it ("Greek" of "Greek
    and French" in "Italian, Greek and French food")."""
    cut = {t.i for c in conj.children if c.dep_ in ("conj", "cc", "punct") for t in c.subtree}
    return [t for t in conj.subtree if t.i not in cut]


def _kind_word(token: Any) -> bool:
    """A modifier that names a kind by a people, a place or a name ("Italian", "Korean")."""
    return bool(token.ent_type_ == "NORP" or token.text[:1].isupper())


def _described_twice(modifier: Any, joined: list[Any], tokens: list[Any]) -> bool:
    """ "warm and cozy sweaters": plain adjectives joined before one noun describe one thing
    twice; adjectives that name kinds ("Italian and French food") or a pair opened by "both"
    ("both indoor and outdoor activities") name two kinds."""
    adjectives = [modifier, *joined]
    if any(t.pos_ != "ADJ" or _kind_word(t) for t in adjectives):
        return False
    return not any(t.lower_ in _PAIRING and t.i < modifier.i for t in tokens)


def with_split_modifiers(objects: list[Found | None]) -> list[Found]:
    """Every object found, each coordinated modifier a thing of its own."""
    return [part for found in objects if found is not None
            for whole in split_gerund_objects(found) for part in split_modifiers(whole)]

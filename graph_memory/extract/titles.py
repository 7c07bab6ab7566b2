"""Titles of works written in chat: in quotes, or in lower case ("the guardians of the galaxy
game", "I read the grapes of wrath", "my favorite is prisoner of Azkaban"), beside the kind of
work ("a game called stardew valley", "the book, Calculus with Analytic Geometry"), or going on
after a preposition of motion ("Spiderman into the spiderverse"). The parser heads such a
title by its first noun, which alone ("guardian", "prisoner") names nothing; each finder returns
the title whole, as written, with its tokens, or None. Each asks for the parse's signs (no
article, a verb of reading, watching or playing, one's favourite, title case), never a list of
titles."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.canonical import clean_text, determiners, phrase_text
from graph_memory.extract.naming_clauses import NAMING_VERBS, WHOLE_TITLE_DEPS
from graph_memory.extract.open_vocabulary import WATCHED_WORKS, WORK_KINDS
from graph_memory.extract.person_nouns import names_a_person

MEDIA = frozenset({"game", "movie", "film", "show", "series", "book", "novel", "album"})
_QUOTES = frozenset({'"', "\u201c", "\u201d"})
_MAX_TITLE_TOKENS = 8
_MAX_OF_PART = 4
# Verbs whose object is a work: what one reads, watches, plays, listens to or finishes.
_WORK_VERBS = frozenset(
    {"read", "reread", "watch", "rewatch", "binge", "play", "replay", "finish", "listen"}
    | {"rewatche"}  # the lemma the model gives "rewatching", "rewatched"
)
# Heads that are a part, a copy or a kind of a work, not its title: "the end of the book",
# "the first season of the show", "the rest of the game".
_PARTS = frozenset(
    {"end", "rest", "part", "beginning", "start", "middle", "half", "top", "bottom", "side"}
    | {"season", "episode", "chapter", "volume", "version", "copy", "trailer", "finale", "sequel"}
    | {"remake", "ending", "story", "plot", "soundtrack", "level", "mode", "lot", "kind", "type"}
    | {"sort", "couple", "bunch", "bit", "day", "night", "week", "month", "year", "time"}
)

# What one reads of one's own, not a work: "my work email", "my bank statement".
_OWN_READINGS = frozenset(
    {"email", "mail", "message", "text", "note", "letter", "bill", "schedule", "syllabus"}
    | {"notification", "feed", "journal", "diary", "list", "card", "phone", "report", "essay"}
)

Title = tuple[str, list[Any]]


def quoted_title(token: Any) -> Title | None:
    """The title in double quotes the token stands in, whole: '"A Gentleman in Moscow" is a
    fantastic choice' is about "A Gentleman in Moscow", not "Gentleman"."""
    sent = token.sent
    opening = [t for t in sent if t.i < token.i and t.text in _QUOTES]
    closing = [t for t in sent if t.i > token.i and t.text in _QUOTES]
    if not opening or not closing or len(opening) % 2 == 0:
        return None
    inside = list(token.doc[opening[-1].i + 1 : closing[0].i])
    if not inside or len(inside) > _MAX_TITLE_TOKENS:
        return None
    name = clean_text(token.doc[inside[0].i : inside[-1].i + 1].text)
    return (name, inside) if name else None


def _without_determiners(tokens: list[Any]) -> list[Any]:
    while tokens and (tokens[0].pos_ == "DET" or tokens[0].tag_ == "PRP$"):
        tokens = tokens[1:]
    return tokens


def titled_media(head: Any, vague: frozenset[str]) -> Title | None:
    """ "the guardians of the galaxy game", "the lord of the rings movies": a title written in
    lower case before the kind of work it names."""
    if head.pos_ not in ("NOUN", "PROPN") or head.lower_ in vague:
        return None  # "a couple of video games" is no title
    for prep in head.rights:
        if prep.dep_ != "prep" or prep.lower_ != "of":
            continue
        for work in prep.children:
            if work.dep_ == "pobj" and work.lemma_.lower() in MEDIA and any(
                c.dep_ == "compound" for c in work.children
            ):
                tokens = _without_determiners(list(head.doc[head.left_edge.i : work.i + 1]))
                if 2 < len(tokens) <= _MAX_TITLE_TOKENS:
                    return phrase_text(tokens), tokens
    return None


def _work_verb(head: Any) -> bool:
    """Whether the head is what is read, watched, played or listened to."""
    if head.dep_ == "dobj":
        return str(head.head.lemma_).lower() in _WORK_VERBS
    prep = head.head
    return bool(
        head.dep_ == "pobj" and prep.lower_ == "to" and prep.head.lemma_.lower() == "listen"
    )


def lowercase_title(head: Any) -> Title | None:
    """ "I read the grapes of wrath", "finished the guardians of the galaxy": a work written in
    lower case as "the <noun> of <noun>", the object of a verb of reading, watching, playing
    or listening, is its title whole (not "grape"); "the end of the book" is no title."""
    if head.pos_ not in ("NOUN", "PROPN") or not head.is_lower or head.lemma_.lower() in _PARTS:
        return None
    if not _work_verb(head):
        return None
    if "the" not in determiners(head) or any(c.dep_ in ("amod", "nummod") for c in head.lefts):
        return None
    for prep in head.rights:
        if prep.dep_ != "prep" or prep.lower_ != "of":
            continue
        names = [c for c in prep.children if c.dep_ == "pobj"]
        inner = list(names[0].subtree) if names else []
        plain = all(
            t.pos_ in ("NOUN", "PROPN") or (t.pos_ == "DET" and t.lower_ == "the") for t in inner
        )
        if inner and plain and len(inner) <= _MAX_OF_PART and names[0].pos_ != "PRON":
            tokens = _without_determiners(list(head.doc[head.left_edge.i : inner[-1].i + 1]))
            return phrase_text(tokens), tokens
    return None


def possessive_title(head: Any) -> Title | None:
    """ "I started watching my hero academia": a "my" that the parser hangs on a noun before the
    head, not on the head, is a word of the title (one's own thing would be "my academia");
    read as the object of a verb of reading, watching, playing or listening, in lower case."""
    if head.pos_ != "NOUN" or not head.is_lower or not _work_verb(head):
        return None
    own = [c for c in head.children if c.dep_ == "poss"]
    if own:
        # one finishes one's own things ("I finished my soccer practice")
        finished = head.dep_ == "dobj" and head.head.lemma_.lower() == "finish"
        return None if finished else _title_of_my(head, own[0])
    for modifier in head.lefts:
        owners = [c for c in modifier.children if c.dep_ == "poss" and c.tag_ == "PRP$"]
        if modifier.dep_ == "compound" and owners and owners[0].lower_ == "my":
            tokens = list(head.doc[owners[0].i : head.i + 1])
            if len(tokens) <= _MAX_TITLE_TOKENS:
                return phrase_text(tokens), tokens
    return None


def _title_of_my(head: Any, owner: Any) -> Title | None:
    """ "I started watching my hero academia" as the parser hangs it, "my" on the head: one's
    own thing read, watched or played is named by its kind of work ("my history book", "my
    favorite show") or is a person ("my baby brother"); "my" before a plain noun and a head
    that is neither ("hero academia") starts a title written in lower case."""
    lefts = [t for t in head.lefts if t.i > owner.i]
    if owner.lower_ != "my" or not lefts or any(
            t.dep_ != "compound" or t.pos_ != "NOUN" or not t.is_lower for t in lefts):
        return None
    lemma = head.lemma_.lower()
    kinds = MEDIA | WORK_KINDS | WATCHED_WORKS | _PARTS | _OWN_READINGS
    if lemma in kinds or names_a_person(lemma):
        return None
    tokens = list(head.doc[owner.i : head.i + 1])
    return phrase_text(tokens), tokens


_FAVOURITES = frozenset({"favorite", "favourite", "fave", "fav"})
_LIKINGS = frozenset({"love", "like", "enjoy", "adore", "recommend", "prefer", "hate"})
# Measures and servings whose "of" names a stuff, not a title: "cup of coffee", "piece of cake".
_MEASURES = frozenset(
    {"cup", "glass", "bowl", "bottle", "slice", "piece", "box", "jar", "pack", "pot", "plate"}
    | {"amount", "number", "pile", "load", "pair", "set", "lack", "loss", "sense", "lot"}
    | {"plenty", "ton", "bunch", "handful", "variety", "mix", "range", "pinch", "bag", "can"}
)


def _favourite_clause(head: Any) -> bool:
    """Whether the head is said to be one's favourite: "my favorite is X", "X is probably my
    favorite", "my favorite book is X"."""
    verb = head.head
    if head.dep_ not in ("attr", "nsubj", "acomp") or verb.lemma_ != "be":
        return False
    return any(
        side.i != head.i
        and side.dep_ in ("nsubj", "attr", "acomp")
        and (side.lower_ in _FAVOURITES or any(m.lower_ in _FAVOURITES for m in side.lefts))
        for side in verb.children
    )


def bare_of_title(head: Any) -> Title | None:
    """ "My personal favorite is prisoner of Azkaban", "I read goblet of fire", "I love god of
    war": a singular noun with no article nor modifier before it, followed by "of" and a plain
    name, read, watched or played, called one's favourite, or liked and taken by the parser for
    a name, is a title written in lower case ("prisoner" alone names nothing). "a cup of
    coffee", "the city of lights", "a lot of fun" have an article or measure and stay as they
    are."""
    if head.tag_ not in ("NN", "NNP") or not head.is_lower or list(head.lefts):
        return None
    lemma = head.lemma_.lower()
    if lemma in _PARTS | _MEASURES | _FAVOURITES:
        return None
    # A lower-case word the parser takes for a name ("god" of "I love god of war") is a title's
    # first word when it is liked too.
    liked = head.tag_ == "NNP" and (
        (head.dep_ == "dobj" and head.head.lemma_.lower() in _LIKINGS)
        or (head.dep_ == "pobj" and head.head.lower_ == "of" and head.head.head.lemma_ == "fan")
    )
    if not (_work_verb(head) or _favourite_clause(head) or liked):
        return None
    nxt = head.doc[head.i + 1] if head.i + 1 < len(head.doc) else None
    if nxt is None or nxt.lower_ != "of" or nxt.head.i != head.i or nxt.dep_ != "prep":
        return None
    names = [c for c in nxt.children if c.dep_ == "pobj"]
    if len(names) != 1 or names[0].pos_ not in ("NOUN", "PROPN", "ADJ"):
        return None  # "favorite of mine", "lots of them"
    inner = list(names[0].subtree)
    plain = all(
        t.pos_ in ("NOUN", "PROPN") or t.i == names[0].i or (t.pos_ == "DET" and t.lower_ == "the")
        for t in inner
    )
    if not plain or len(inner) > _MAX_OF_PART or inner[0].i != nxt.i + 1:
        return None
    tokens = list(head.doc[head.i : inner[-1].i + 1])
    return phrase_text(tokens), tokens


# The small words a title written in title case leaves in lower case.
_TITLE_SMALL_WORDS = frozenset(
    {"of", "with", "and", "the", "a", "an", "in", "on", "to", "for", "at", "from", "into", "or"}
)


def _name_tokens(name: Any) -> list[Any] | None:
    """The words of a name, whole, without its article; None when they are no plain name."""
    tokens = _without_determiners([t for t in name.subtree if not t.is_punct])
    if not tokens or len(tokens) > _MAX_TITLE_TOKENS or any(t.pos_ == "PRON" for t in tokens):
        return None
    if tokens[-1].i - tokens[0].i + 1 != len(tokens) or "\n" in phrase_text(tokens):
        return None
    return tokens


def _set_off(words: list[Any]) -> bool:
    """Whether a name after a comma is the work's, not the one spoken to: closed by a comma too
    ("the game, Elden Ring, last week") or of several words naming no person ("the book,
    Calculus with Analytic Geometry"); "I love the show, Emi." calls Emi."""
    doc, last = words[0].doc, words[-1].i
    if last + 1 < len(doc) and doc[last + 1].text == ",":
        return True
    return len(words) > 1 and all(t.ent_type_ != "PERSON" for t in words)


def named_work(head: Any) -> Title | None:
    """ "I love a game called stardew valley", "I'm reading the book Dune", "the book, Dune": a
    kind of work with its name beside it or called by it is about the name, not the kind."""
    if head.lemma_.lower() not in WORK_KINDS:
        return None
    doc = head.doc
    beside = head.i + 2 if head.i + 1 < len(doc) and doc[head.i + 1].text == "," else head.i + 1
    for child in head.rights:
        names = []
        if child.dep_ == "appos" and child.pos_ == "PROPN" and child.left_edge.i == beside:
            # "Burton Rodin's book, Calculus with Analytic Geometry": a name in title case
            words = [t for t in child.subtree if not t.is_punct]
            if all(t.is_title or t.is_digit or t.lower_ in _TITLE_SMALL_WORDS for t in words) and (
                beside == head.i + 1 or _set_off(words)
            ):
                names = [child]
        elif child.dep_ == "acl" and child.lemma_.lower() in NAMING_VERBS:
            names = [n for n in child.children if n.dep_ in WHOLE_TITLE_DEPS]
        tokens = _name_tokens(names[0]) if names else None
        if tokens is not None:
            return phrase_text(tokens), tokens
    return None


def work_name(head: Any) -> Title | None:
    """The whole name a kind of work names, read from the kind ("a game called stardew valley")
    or from a word of the name beside it ("Calculus" of "the book, Calculus with Analytic
    Geometry")."""
    if head.dep_ == "appos" and head.head.lemma_.lower() in WORK_KINDS:
        return named_work(head.head)
    return named_work(head)


_WORK_PARTS = frozenset({"season", "episode", "chapter", "volume", "issue", "book", "part"})


def part_of_pronoun(head: Any) -> bool:
    """ "I've watched a couple season of it", "I finished last of us": a part of a work, or a
    word read as an adjective, whose "of" holds a pronoun names nothing by itself (the work is
    named elsewhere, if at all)."""
    if head.lemma_.lower() not in _WORK_PARTS and head.pos_ != "ADJ":
        return False
    return any(
        prep.dep_ == "prep" and prep.lower_ == "of"
        and any(g.dep_ == "pobj" and g.pos_ == "PRON" for g in prep.children)
        for prep in head.rights
    )


# Prepositions of motion no reading, watching or playing takes: after the name of what is
# watched they go on with its title ("Spiderman into the spiderverse").
_TITLE_PREPS = frozenset({"into", "across", "beyond", "versus", "vs", "vs."})
_TIMES = frozenset(
    {"night", "morning", "evening", "afternoon", "day", "dawn", "hour", "week", "weekend"}
    | {"year", "month", "summer", "winter", "spring", "fall", "autumn", "midnight"}
)


def name_with_preposition(head: Any) -> Title | None:
    """ "I was rewatching Spiderman into the spiderverse": a name watched, read or played, then
    a preposition of motion and a plain noun, is one title; "into the night" (a time) is not."""
    doc = head.doc
    if head.pos_ != "PROPN" or not _work_verb(head) or head.i + 2 >= len(doc):
        return None
    prep = doc[head.i + 1]
    if prep.lower_ not in _TITLE_PREPS or prep.dep_ != "prep" or prep.head.i not in (
        head.i, head.head.i
    ):
        return None
    names = [c for c in prep.children if c.dep_ == "pobj"]
    if len(names) != 1 or names[0].pos_ not in ("NOUN", "PROPN") or names[0].ent_type_:
        return None
    if names[0].lemma_.lower() in _TIMES:
        return None  # "I played Minecraft into the night"
    inner = list(names[0].subtree)
    plain = all(t.pos_ in ("NOUN", "PROPN") or t.lower_ == "the" for t in inner)
    if not plain or len(inner) > _MAX_OF_PART or inner[0].i != prep.i + 1:
        return None
    start = min(t.i for t in head.lefts if t.dep_ == "compound") if any(
        t.dep_ == "compound" for t in head.lefts) else head.i
    tokens = list(doc[start : inner[-1].i + 1])
    return phrase_text(tokens), tokens


def coordinated_title(head: Any) -> Any | None:
    """The second noun of a title joined by "and", else None: "kingdoms and castles is one of my
    favorites" (two plurals that take "is" are one name), "my favorite game is kingdoms and
    castles", "pride and prejudice is my favorite book" (the other side is a kind of work);
    "cats and dogs are my favorite" are two."""
    doc, verb = head.doc, head.head
    if head.dep_ not in ("nsubj", "attr") or verb.lemma_ != "be" or head.i + 2 >= len(doc):
        return None
    second = doc[head.i + 2]
    if doc[head.i + 1].lower_ != "and" or second.dep_ != "conj" or second.head.i != head.i:
        return None
    if list(second.children) or list(head.lefts) or head.pos_ != "NOUN" or second.pos_ != "NOUN":
        return None
    others = [c for c in verb.children if c.dep_ in ("nsubj", "attr") and c.i != head.i]
    of_work = any(c.lemma_.lower() in WORK_KINDS for c in others)
    singular = verb.tag_ == "VBZ" or verb.lower_ in ("was", "wasn't")
    plural = "NNS" in (head.tag_, second.tag_)
    return second if of_work or (head.dep_ == "nsubj" and singular and plural) else None

"""The grammar of the `possessive` pattern kind (see patterns.py and ontology/README.md): "my
<key> is <object>", the same said the other way round ("Inter is my favorite team"), and what
is on a list of the speaker's ("Japan is on my bucket list")."""

from __future__ import annotations

from typing import Any

from graph_memory.extract.attribute_values import judged, of_the_moment
from graph_memory.extract.canonical import (
    canonical_name,
    has_to,
    is_be,
    is_conditional,
    is_negated,
    ner_label,
    noun_phrase,
    phrase_text,
    with_conjuncts,
)
from graph_memory.extract.favorite_names import as_written, favorite_values
from graph_memory.extract.goal_clauses import clause_object
from graph_memory.extract.had_favorites import had_favorite
from graph_memory.extract.match import Match, Who, make_matches, polarity, who
from graph_memory.extract.named_fragments import fragment_named_before
from graph_memory.extract.naming_clauses import NAME_DEPS, NAMING_VERBS
from graph_memory.extract.objects import Found, lower_set, noun_object, object_ok
from graph_memory.extract.opinions import experienced
from graph_memory.extract.patterns import PossessivePattern
from graph_memory.extract.people import (
    PARTICIPANTS,
    SPEAKER,
    owner_placeholder,
    person_subject,
)
from graph_memory.extract.ranked_likings import ranked_likings
from graph_memory.extract.retag import COLOURS
from graph_memory.extract.run_on_values import cut_short
from graph_memory.extract.unowned_favorites import speaker_favorite

# How a favorite's mark hangs on its key: "favorite" an adjective, "go-to" (one token, see
# tokens.py) whatever the parser makes of it.
_MARKS = frozenset({"amod", "compound", "nmod"})


def possessive_matches(
    key_head: Any, be: Any, relation: str, pattern: PossessivePattern, roles: frozenset[str]
) -> list[Match]:
    """`be` is the verb "is", or the gerund the parser makes the head ("my hobby is
    knitting": "is" becomes its auxiliary), which is then the object."""
    if pattern.listed or pattern.examples:
        return []
    if "*" in pattern.keys and not pattern.modifiers and any(
        c.dep_ in ("acl", "relcl") for c in key_head.children
    ):
        return []  # "your decision to study in Paris is a big step": a deed judged, no key
    if _named_value(key_head) is not None:
        return []  # "my favorite band, Radiohead, is touring": the name is the value
    left = [t for t in key_head.subtree if t.i <= key_head.i]
    modifiers = lower_set(pattern.modifiers)
    # "my favorite color" and also "my favorite is ...", "my favourites are ...".
    if modifiers and not any(
        t.lemma_.lower() in modifiers and (t.dep_ in _MARKS or t.i == key_head.i)
        for t in key_head.subtree
    ):
        return []
    owner: Who | None = None
    if pattern.subject == "speaker":
        owners = [t for t in left if t.dep_ == "poss" and t.head.i == key_head.i]
        placeholder = owner_placeholder(owners[0]) if owners else (
            speaker_favorite(key_head, modifiers))  # "another favorite is X"
        if placeholder is not None:
            owner = Who(placeholder, "", True, [])
        else:
            # "Sam's phone number", "my sister's favorite color": a named person's or a
            # relative's own attribute.
            named = person_subject(owners[0], roles, speaker_only=False) if owners else None
            if named is None:
                return []
            owner = Who(named, "PERSON", True, [])
        owned = {t.i for o in owners for t in o.subtree}
        key_tokens = [
            t for t in left
            if t.i not in owned and t.lemma_.lower() not in modifiers and t.pos_ != "DET"
            and t.tag_ != "PRP$" and not _least_of(t, modifiers) and t.lower_ not in _RANKS
        ]  # fmt: skip
    else:
        owners = [c for c in key_head.children if c.dep_ == "poss" and c.pos_ != "PRON"]
        for prep in key_head.rights:
            if prep.dep_ == "prep" and prep.lower_ in pattern.prepositions:
                owners.extend(g for g in prep.children if g.dep_ == "pobj")
        named_by = [
            t for t in key_head.lefts if t.dep_ in ("compound", "nmod") and t.pos_ == "NOUN"
        ]
        if not owners and named_by and named_by[-1].lemma_.lower() not in lower_set(pattern.keys):
            owners = named_by[-1:]  # "the project deadline", "the essay due date"
        owner = who(owners[0], pattern, roles) if owners else None
        if owner is None:
            return []
        key_tokens = [t for t in key_head.lefts if t.dep_ == "compound"] + [key_head]
    # "my favorite is X" has no key, nor has "my personal favorite", nor "my favorite one".
    kindless = key_head.lemma_.lower() in modifiers or key_head.lower_ in ("one", "ones")
    key = "" if kindless else phrase_text(key_tokens).lower()
    if key and key_head.tag_ == "NNS" and key.endswith(key_head.lower_):
        # "one of my favorite movies is Dune": the key is the kind, "movie"
        key = key[: len(key) - len(key_head.lower_)] + key_head.lemma_.lower()
    if any(t.lower_ == "all" for t in left):
        for prefix in ("all-time", "all time", "time"):  # "my all time favorite is ..."
            if key == prefix or key.startswith(prefix + " "):
                key = key[len(prefix):].strip()  # "one of my all-time favorite books": book
                break
    names = {key, key_head.lemma_.lower()}
    # "my dream job is to ...", "my ultimate dream travel experience would be to ...": a key
    # word as the compound of the key names it too.
    key_words = names | {t.lemma_.lower() for t in key_head.lefts if t.dep_ == "compound"}
    if "*" not in pattern.keys and not key_words & lower_set(pattern.keys):
        return []
    negated = polarity(be, pattern, pattern.modals)
    if any(_least_of(t, modifiers) for t in left):
        # "my least favorite food is okra": the opposite of a favorite (not "isn't")
        negated = None if negated else True
    if any(c.tag_ == "MD" for c in be.children) and any(is_conditional(t) for t in be.subtree):
        return []  # "my plan would be to move to Spain if I won the lottery": a hypothetical
    if names & lower_set(pattern.exclude_keys) or negated is None:
        return []
    if "*" in pattern.keys and (of_the_moment(be) or judged(be)):
        return []  # "my room is freezing right now", "our cities are such a difficult concept"
    stored_key = key if "*" in pattern.keys and key else None
    gerund = be.tag_ == "VBG" and not is_be(be)
    if gerund and pattern.object != "noun":
        return []
    found = [
        noun_object(be, pattern, misparsed=True) if gerund else _possessive_object(be, pattern)
    ]
    if key_head.tag_ == "NNS" and pattern.object == "noun":
        found.extend(_more_values(be, gerund, pattern))
    return make_matches(relation, pattern, owner, found, negated, [*left, be], stored_key)


# The rank of a favorite, no part of its kind: "my second favorite band" is a band.
_RANKS = frozenset({"second", "third", "fourth", "fifth"})


def _least_of(token: Any, modifiers: set[str]) -> bool:
    """The "least" of "least favorite": it turns a favorite into its opposite."""
    return token.lower_ == "least" and token.head.lemma_.lower() in modifiers


def _more_values(be: Any, gerund: bool, pattern: PossessivePattern) -> list[Found | None]:
    """ "My hobbies are hiking and photography", "my favorite foods are sushi, ramen and
    tacos", "my favorite colors are blue and green": a plural key lists its values, one fact
    each (the first is read already)."""
    values = [be] if gerund else [c for c in be.rights if c.dep_ == "attr"][:1] or [
        c for c in be.rights if c.dep_ == "acomp" and _colour_of_a_colour(be, c)][:1]
    return [noun_object(c, pattern, misparsed=gerund) for c in with_conjuncts(values)[1:]]


def favorite_matches(
    attr: Any, be: Any, relation: str, pattern: PossessivePattern, roles: frozenset[str]
) -> list[Match]:
    """The possessive said the other way round: "Inter is my favorite team", "Dune is one of
    my favourite books", "goblet of fire is probably my favorite"; the subject is the value."""
    modifiers = lower_set(pattern.modifiers)
    # "Knitting is my hobby", "photography is one of my passions": a key named outright.
    named_keys = set() if "*" in pattern.keys else lower_set(pattern.keys)
    if not (modifiers or named_keys) or pattern.subject != "speaker" or pattern.object != "noun":
        return []
    if pattern.listed or pattern.examples:
        return []
    key_head = attr
    if attr.lower_ == "one":  # "one of my favorite books"
        inner = [g for p in attr.children if p.lower_ == "of" for g in p.children]
        key_head = inner[0] if inner else attr
    owners = [c for c in key_head.children if c.dep_ == "poss"]
    owner = owner_placeholder(owners[0]) if owners else (
        _of_mine(key_head) or speaker_favorite(key_head, modifiers))  # "X is another favorite"
    marked = key_head.lemma_.lower() in modifiers | named_keys or any(
        c.dep_ in _MARKS and c.lemma_.lower() in modifiers for c in key_head.lefts
    )
    subjects = [c for c in be.children if c.dep_ == "nsubj"] or _subject_of_has_to(be)
    if owner is None or not marked or not subjects:
        return []
    if polarity(be, pattern, pattern.modals) is not False:
        return []  # "pizza isn't my favorite food" is no dislike
    if any(c.tag_ == "MD" for c in be.children) and any(is_conditional(t) for t in be.subtree):
        return []  # "if I had to pick, Dune would be my favorite book": a hypothetical
    if subjects[0].lower_ in ("it", "that", "they"):
        # "I just finished Dune. It's one of my favorite books": what was just read or seen;
        # "Italian sub with provolone. It's my go-to sandwich": a thing named alone before.
        antecedent = fragment_named_before(subjects[0])
        if antecedent is None and subjects[0].lower_ == "it":
            antecedent = experienced(subjects[0])
        if antecedent is None:
            return []
        subjects = [antecedent]
    key_tokens = [
        t for t in key_head.lefts if t.dep_ == "compound" and t.lemma_.lower() not in modifiers
    ]
    # "Tea is my favorite, more than coffee": a comparative misread as the kind is no key
    kindless = key_head.lemma_.lower() in modifiers or key_head.pos_ not in ("NOUN", "PROPN")
    key = "" if kindless else phrase_text([*key_tokens, key_head])
    stored_key = canonical_name([*key_tokens, key_head]) if key and "*" in pattern.keys else None
    found = [as_written(noun_object(value, pattern), value, key_head)
             for value in favorite_values(subjects[0], key_head)]
    least = any(_least_of(t, modifiers) for t in key_head.subtree)  # "my least favorite X"
    return make_matches(
        relation, pattern, Who(owner, "", True, []), found, least, [be, key_head], stored_key
    )


def _of_mine(key_head: Any) -> str | None:
    """The speaker of "a favorite of mine", "an old favorite of ours" ("Sushi is a favorite
    of mine"); None for anyone else's ("a favorite of hers")."""
    mine = any(g.lower_ in ("mine", "ours") for p in key_head.children
               if p.dep_ == "prep" and p.lower_ == "of" for g in p.children)
    return SPEAKER if mine else None


def _subject_of_has_to(be: Any) -> list[Any]:
    """ "Pizza has to be my favorite food": chat's "has to be" is a plain "is"; its subject
    hangs on "has"."""
    has = be.head
    if be.dep_ != "xcomp" or has.lemma_ != "have" or not has_to(be) or has.dep_ != "ROOT":
        return []
    if has.tag_ not in ("VBZ", "VBP") or is_negated(has):
        return []  # "pizza doesn't have to be my favorite", "it had to be": no favorite now
    return [c for c in has.children if c.dep_ == "nsubj"]


def _vocative(name: Any) -> bool:
    """ "our favorite shows, Bella!": a name set off by a comma that closes its sentence, or
    a speaker's own, is the one spoken to."""
    doc = name.doc
    if name.text in doc.user_data.get(PARTICIPANTS, ()):
        return True
    after = doc[name.right_edge.i + 1] if name.right_edge.i + 1 < len(doc) else None
    closes = after is None or after.text in (".", "!", "?") or after.is_sent_start
    return bool(name.left_edge.i and doc[name.left_edge.i - 1].text == "," and closes)


def _named_value(key_head: Any) -> Any | None:
    """The name a favorite is given in its own phrase: 'my favorite band, Radiohead', 'one of
    my favorite sitcoms "Friends"' (an appositive), 'one of my favorite pieces is called Blue
    Rider' (a naming verb); None when the phrase gives none."""
    for child in key_head.rights:
        if child.dep_ == "appos" and child.pos_ in ("PROPN", "NOUN") and not _vocative(child):
            return child
    holder = key_head.head.head if key_head.dep_ == "pobj" else key_head  # "one of my ..."
    if holder.lower_ != "one" and holder is not key_head:
        return None
    named = holder.head
    if holder.dep_ == "appos" and named.pos_ == "PROPN" and named.i < holder.i:
        # After the name: "we went to Nobu, my favorite restaurant", "Inception, one of my
        # favorite movies", "Nobu, my favorite".
        return None if _vocative(named) else named
    verb = holder.head
    if holder.dep_ == "nsubjpass" and verb.lemma_.lower() in NAMING_VERBS:
        named = [c for c in verb.children if c.dep_ in NAME_DEPS]
        return named[0] if named and named[0].pos_ in ("PROPN", "NOUN") else None
    return None


def named_favorite_matches(
    key_head: Any, relation: str, pattern: PossessivePattern, roles: frozenset[str]
) -> list[Match]:
    """A favorite named in its own phrase, wherever it stands: 'I started re-watching one of
    my favorite sitcoms "Friends"', 'my favorite band, Radiohead, is touring', 'one of my
    favorite pieces is called Blue Rider'. The name is what is liked, the key the kind."""
    modifiers = lower_set(pattern.modifiers)
    if not modifiers or pattern.subject != "speaker" or pattern.object != "noun" or pattern.listed:
        return []
    bare = key_head.lemma_.lower() in modifiers  # "Nobu, my favorite"
    if not bare and not any(
        c.dep_ in _MARKS and c.lemma_.lower() in modifiers for c in key_head.lefts
    ):
        return []
    owners = [c for c in key_head.children if c.dep_ == "poss"]
    owner = owner_placeholder(owners[0]) if owners else None
    value = _named_value(key_head)
    if owner is None and (had := had_favorite(key_head)) is not None:
        owner, value = had  # "I have a favorite nail salon called Base Coat"
    if owner is None or value is None or (bare and value.pos_ != "PROPN"):
        return []  # "my favorite: poached egg and salmon bagel": a favorite what?
    key_tokens = [
        t for t in key_head.lefts if t.dep_ == "compound" and t.lemma_.lower() not in modifiers
    ]
    keyed = "*" in pattern.keys and not bare
    stored_key = canonical_name([*key_tokens, key_head]) if keyed else None
    found = [noun_object(value, pattern)]
    least = any(_least_of(t, modifiers) for t in key_head.subtree)
    return make_matches(
        relation, pattern, Who(owner, "", True, []), found, least, [key_head], stored_key
    )


_LIST_PLACES = frozenset({"on", "at"})
_LIST_TOPS = frozenset({"top", "head"})
_NEXT_UP = frozenset({"next", "up"})


def listed_matches(
    key_head: Any, relation: str, pattern: PossessivePattern, roles: frozenset[str]
) -> list[Match]:
    """ "Japan is on my bucket list", "going on a safari is on my travel wishlist too",
    "seeing the northern lights is at the top of my bucket list": what is on the list."""
    if (liked := ranked_likings(key_head, pattern)) is not None:
        return liked  # "Sushi is among my favorites", "Sherlock is at the top of my list"
    prep = key_head.head
    if key_head.dep_ != "pobj" or prep.dep_ != "prep":
        return []
    be = prep.head
    topped = prep.lower_ == "of"
    if topped and be.lemma_.lower() in _LIST_TOPS and be.dep_ == "pobj":
        prep = be.head  # "at the top of my bucket list"
        be = prep.head
    while be.lower_ in _NEXT_UP and be.dep_ in ("acomp", "advmod") and be.head.i != be.i:
        be = be.head  # "Zip lining is next up on my bucket list": the next thing to do on it
    if prep.lower_ not in _LIST_PLACES or not is_be(be):
        return []
    # "my travel wishlist": the parser may hang "my" on the compound.
    owners = [t for t in key_head.subtree if t.dep_ == "poss" and t.i < key_head.i]
    owner = owner_placeholder(owners[0]) if owners else None
    key = phrase_text([*(c for c in key_head.lefts if c.dep_ == "compound"), key_head]).lower()
    keys = lower_set(pattern.keys)
    # "my travel bucket list": the list named by the key's last words.
    words = key.split()
    endings = {" ".join(words[i:]) for i in range(len(words))}
    named = (endings | {key_head.lemma_.lower()}) & keys
    if owner is None or not named or (named == {"list"} and key != "list"):
        return []  # "milk is on my shopping list": a bare list only
    ranked = topped or any(c.dep_ == "acomp" for c in be.children)
    if key == "list" and (ranked or not _list_of_wishes(key_head)):
        # "Sherlock is on my list of favorites", "Sherlock is at the top of my list", "museums
        # are high on our list": a list of likings, or a ranking
        return []
    if polarity(be, pattern) is not False:
        return []  # "Iceland is not on my bucket list" says nothing to keep
    gerunds = [c for c in be.children if c.dep_ == "csubj" and c.tag_ == "VBG"]
    subjects = [c for c in be.children if c.dep_ == "nsubj"]
    if gerunds and subjects and subjects[0].i > gerunds[0].i and not any(
        c.dep_ == "dobj" for c in gerunds[0].children
    ):
        # "Seeing the pyramids is on my list": the parser makes the gerund's object the
        # subject of "is".
        tokens = [gerunds[0], *noun_phrase(subjects[0])]
        name = f"{gerunds[0].lemma_.lower()} {phrase_text(tokens[1:])}"
        found = [Found(name, "", tokens) if object_ok(name, gerunds[0], pattern) else None]
    elif gerunds:
        found = [clause_object(gerunds[0], pattern, as_lemma=True)]
    elif subjects and subjects[0].tag_ == "VBG" and any(
        c.dep_ in ("dobj", "prep") for c in subjects[0].children
    ):  # "Visiting Iceland is on my bucket list" -> visit Iceland
        found = [clause_object(subjects[0], pattern, as_lemma=True)]
    elif subjects and subjects[0].tag_ == "VBG":  # "Skydiving has been on my bucket list"
        found = [noun_object(subjects[0], pattern, misparsed=True)]
    elif subjects and subjects[0].lower_ == "it":
        # "I haven't been to Italy yet, but it's on my bucket list": the place named before.
        place = _place_named_before(subjects[0])
        found = [noun_object(place, pattern)] if place is not None else []
    elif subjects:
        found = [noun_object(subjects[0], pattern)]
    else:
        return []
    return make_matches(
        relation, pattern, Who(owner, "", True, []), found, False, [be, key_head], None
    )


# "on my list" alone is the list of what one means to do; "of places to visit" says so too.
_WISHED_THINGS = frozenset({"place", "thing", "destination", "spot", "country", "city"})


def _list_of_wishes(key_head: Any) -> bool:
    return all(
        g.lemma_.lower() in _WISHED_THINGS
        for p in key_head.children if p.dep_ == "prep" and p.lower_ == "of"
        for g in p.children if g.dep_ == "pobj"
    )  # fmt: skip


_TRAVEL_VERBS = frozenset({"be", "go", "travel"})


def _place_named_before(pronoun: Any) -> Any | None:
    """The one named place the speaker has or has not been, gone or travelled to ("I haven't
    been to Italy yet, but it's ...") earlier in the sentence or in the one before; None when
    there is none or more than one."""
    sent = pronoun.sent
    tokens = [t for t in sent if t.i < pronoun.i]
    if sent.start > 0:
        tokens += list(pronoun.doc[sent.start - 1].sent)
    places = [
        t for t in tokens
        if t.dep_ == "pobj" and t.head.lower_ == "to" and t.pos_ == "PROPN"
        and t.head.head.lemma_.lower() in _TRAVEL_VERBS
        and any(c.dep_ == "nsubj" and c.lower_ in ("i", "we") for c in t.head.head.children)
    ]  # fmt: skip
    if len(places) != 1 or any(c.dep_ == "conj" for c in places[0].children):
        return None  # "I went to Spain and Portugal, it's ...": which?
    return places[0]


def _code(token: Any) -> bool:
    """A merged code of digits (tokens.py) the parser took for punctuation: "(555) 123-4567"."""
    return bool(token.dep_ == "punct" and sum(c.isdigit() for c in token.text) >= 3)


def _possessive_object(be: Any, pattern: PossessivePattern) -> Found | None:
    if pattern.value_prepositions:  # "my major is in computer science"
        wanted = lower_set(pattern.value_prepositions)
        values = [g for c in be.rights if c.dep_ == "prep" and c.lower_ in wanted
                  for g in c.children if g.dep_ == "pobj"]  # fmt: skip
        return noun_object(values[0], pattern) if values else None
    for child in be.rights:
        if pattern.object == "clause":
            if child.dep_ == "xcomp" and has_to(child):
                return clause_object(child, pattern)
        elif _code(child) or (
            (child.dep_ == "attr" or (child.dep_ == "acomp" and child.tag_ == "CD"))
            and (child.pos_ in ("NUM", "X", "SYM")
                 or any(c.dep_ == "nummod" for c in child.children))
        ):
            # ("is 555-8642": the small model may call a number a complement adjective, and
            # "(555) 123-4567", one token (tokens.py), a bracket.)
            # Codes, numbers and counts are values as written: "555-1234", "50 books".
            tokens = noun_phrase(child)
            if child.pos_ != "NOUN":
                tokens = [t for t in child.subtree if not t.is_punct or t.i < child.right_edge.i]
            name = child.text if _code(child) else canonical_name(tokens, keep_counts=True)
            ok = name and object_ok(name, child, pattern)
            return Found(name, ner_label(child), tokens) if ok else None
        elif (lettered := _lettered_value(child)) is not None:
            name = f"{lettered[0].text} {lettered[1].lower_}"
            return Found(name, "", lettered) if object_ok(name, child, pattern) else None
        elif child.dep_ == "attr" or (
            child.dep_ == "acomp" and (pattern.adjectives or _colour_of_a_colour(be, child))
            and all(_of_now(c) or _shade(c) or _another_colour(c) for c in child.children)
        ):
            # "a jimmy deans egg sausage sandwich" read as "a jimmy deans" + a clause: no value
            return None if cut_short(child) else noun_object(child, pattern)
        elif child.dep_ == "npadvmod" and child.ent_type_ == "DATE" and pattern.subject == "noun":
            # "the deadline for the grant is next Friday": the parser makes a date an adverb of
            # "is" (a thing's date; "my first class is today" is a moment of the speaker's).
            tokens = [t for t in child.subtree if not t.is_punct]
            return Found(phrase_text(tokens), "DATE", tokens)
    return None


def _lettered_value(value: Any) -> list[Any] | None:
    """ "My blood type is O negative", "A positive", "AB negative": a capital-letter code and
    the adjective it qualifies are one value (the parser makes the letter a determiner, a
    compound or an adverb of the adjective); the adjective alone says nothing."""
    if value.pos_ != "ADJ" or value.dep_ not in ("attr", "acomp"):
        return None
    lefts = list(value.lefts)
    if len(lefts) != 1 or any(not c.is_punct for c in value.rights):
        return None
    letter = lefts[0]
    if not (letter.text.isalpha() and letter.text.isupper() and len(letter.text) <= 2):
        return None
    if letter.text == "I" or letter.i != value.i - 1:
        return None
    return [letter, value]


# "My favorite color is green now / these days": the parser may hang the time on the value.
_NOW_WORDS = frozenset({"now", "nowadays", "these", "days", "lately", "currently"})


# "My favorite color is dark blue": a shade of a colour is part of it.
_SHADES = frozenset({"dark", "light", "pale", "bright", "deep", "pastel", "baby", "sky", "royal"})


def _colour_of_a_colour(be: Any, value: Any) -> bool:
    """ "My eye color is dark brown", "my hair colour is black": a colour is the value of a
    colour (not of "my car is red", whose colour is no attribute named)."""
    return value.lower_ in COLOURS and any(
        c.dep_ == "nsubj" and c.lemma_.lower() in ("color", "colour") for c in be.children)


def _another_colour(token: Any) -> bool:
    """ "My favorite colors are blue and green": the list of colours hung on the first one."""
    return token.dep_ in ("cc", "punct") or (token.dep_ == "conj" and token.lower_ in COLOURS)


def _shade(token: Any) -> bool:
    return token.lower_ in _SHADES and token.i == token.head.i - 1 and token.head.lower_ in COLOURS


def _of_now(token: Any) -> bool:
    return token.dep_ in ("advmod", "npadvmod") and all(
        t.lower_ in _NOW_WORDS for t in token.subtree)

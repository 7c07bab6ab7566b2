"""Mend the small model's part-of-speech slips after the parse, where the parse itself is
right.

en_core_web_sm often tags a liking verb after an adverb as a preposition or interjection
("I really like winter": like/IN, winter/pobj), while the parser still makes it the clause's
head with the speaker as its subject. The tagger and the parser are separate heads over one
tok2vec, so the clause's structure stands; only the verb's tag and its object's label slipped.
A liking word with a nominal subject of its own is the verb its structure says it is; so is
one that heads its sentence after adverbs alone, its "I" dropped ("really like the dress").
Two attachment slips are mended too: a capital letter that labels the noun before it ("option
A over option D") and the thing liked hung on a comparative ("I like summer better")."""

from __future__ import annotations

from typing import Any

from spacy.attrs import LOWER, POS
from spacy.symbols import VERB

# Words whose every reading with a subject of their own is a verb.
_LIKING_VERBS = frozenset({"like", "love", "enjoy", "prefer", "adore", "hate", "dislike"})
_SUBJECTS = frozenset({"nsubj"})
_PERSONAL = frozenset({"i", "we", "you", "he", "she", "they"})
# Colours, which chat names as things ("I love blue") and the model reads as adjectives.
COLOURS = frozenset(
    {"red", "orange", "yellow", "green", "blue", "purple", "pink", "black", "white", "brown"}
    | {"grey", "gray", "teal", "turquoise", "navy", "beige", "violet", "maroon", "lavender"}
    | {"gold", "silver", "cyan", "magenta", "burgundy", "lilac", "mint", "coral", "indigo"}
)
# What the model makes a liking word that it hangs on its object: "I really like yellow"
# (intj), "I LOVE sushi" (compound), "I like oatmeal with berries" (aux).
_UNDER_OBJECT = frozenset({"intj", "compound", "amod", "aux"})
_EMPHATIC = frozenset({"do", "does", "did"})
# Capital letters that label a thing after its noun: "option A", "plan B", "vitamin D" ("I" is
# the pronoun). Lower-case ids, as the doc's LOWER array holds them; the text must be a capital.
_LABEL_LETTERS = frozenset("abcdefghjklmnopqrstuvwxyz")
# What a liked colour may be to the parser: an adjective complement or the misread root.
_COLOUR_DEPS = frozenset({"acomp", "xcomp", "dobj", "oprd", "ccomp", "ROOT"})


def mend_verb_tags(doc: Any) -> None:
    """Retag, in place, a liking word that heads a subject but is not tagged a verb. Candidates
    are chosen on the doc's arrays: no Token is made for the other words (the write path's
    hot loop, as in rules.RuleExtractor._extract_doc)."""
    strings = doc.vocab.strings
    liking = {strings.add(word) for word in _LIKING_VERBS}  # ids as the doc's arrays hold them
    colours = {strings.add(word) for word in COLOURS}
    bare_m = strings.add("m")
    letters = {strings.add(letter) for letter in _LABEL_LETTERS}
    rows = doc.to_array([LOWER, POS]).reshape(-1, 2).tolist() if len(doc) else []
    for i, (lower, _) in enumerate(rows):
        if lower in liking:
            _mend_told_liking(doc[i])
    for i, (lower, pos) in enumerate(rows):
        if pos == VERB or lower not in liking:
            continue
        token = doc[i]
        if not (any(c.dep_ in _SUBJECTS for c in token.children) or _opens_after_adverbs(token)):
            continue
        token.pos_ = "VERB"
        token.tag_ = "VBP"
        token.lemma_ = token.lower_
        for child in token.children:
            if child.dep_ == "pobj":  # the object the preposition reading gave it
                child.dep_ = "dobj"
        _raise_over_object(token)
    past = {strings.add(word) for word in _LIKED}
    choosing = {strings.add(word) for word in _CHOOSING}
    for i, (lower, pos) in enumerate(rows):
        if pos == VERB and lower in past and doc[i].dep_ == "amod":
            _mend_perfect_under_object(doc[i])
    for i, (lower, _) in enumerate(rows):
        if lower in liking and doc[i].pos_ == "VERB":
            _mend_compared_object(doc[i])
        elif lower in choosing:
            _choice_as_preference(doc[i])
    for i, (lower, pos) in enumerate(rows):
        if lower in liking and (pos != VERB or doc[i].dep_ == "intj"):
            _mend_under_object(doc[i]) or _mend_emphatic_do(doc[i])
    for i, (lower, _) in enumerate(rows):
        if lower in letters and i:
            _mend_letter_label(doc[i])
        if lower in colours:
            _colour_as_noun(doc[i])
        elif lower == bare_m and i and doc[i - 1].lower_ == "i" and not doc[i - 1].whitespace_:
            doc[i].lemma_ = "be"  # chat's "Im", split by the tokenizer: "Im really into jazz"


# Verbs that tell or know what someone likes: "You told me you like action movies", "I know
# you like jazz", where the model reads "you" as their object and "like" as a preposition.
_TELLING = frozenset({"tell", "say", "mention", "know", "remember", "think", "guess", "bet"})


def _mend_told_liking(word: Any) -> None:
    """ "You told me you like action movies" (you/dobj, like/IN, movies/pobj): a liking word
    right after a subject pronoun that hangs, as it does, on a verb of telling or knowing is
    the verb of a clause told: the pronoun becomes its subject and the thing its object. Not
    a hedge's "like" ("I told you like five times": no one told to before "you", a count)."""
    head = word.head
    if word.dep_ == "ccomp" and head.lemma_.lower() in _TELLING:
        for child in word.children:  # "you said you like action movies": like/ccomp, movies/pobj
            if child.dep_ == "pobj" and any(c.dep_ == "nsubj" for c in word.children):
                child.dep_ = "dobj"
        return
    if word.dep_ != "prep" or word.i == 0 or head.lemma_.lower() not in _TELLING:
        return
    subject = word.doc[word.i - 1]
    if subject.lower_ not in _PERSONAL or subject.i < head.i:
        return
    if subject.head.i not in (head.i, word.i):  # its object ("told me you") or its subject
        return
    told_to = [c for c in head.children if c.dep_ == "dative" and c.i < subject.i]
    if head.lemma_.lower() == "tell" and not told_to:
        return  # "I told you like ...": "you" is the one told
    things = [c for c in word.children if c.dep_ == "pobj"]
    if len(things) != 1 or not (things[0].pos_ in ("NOUN", "PROPN") or things[0].tag_ == "VBG"):
        return
    if any(c.dep_ == "nummod" or c.like_num for c in things[0].children):
        return  # "like 5 times": a hedge
    _as_verb(word)
    word.dep_ = "ccomp"
    subject.head = word
    subject.dep_ = "nsubj"
    things[0].dep_ = "dobj"


def _opens_after_adverbs(word: Any) -> bool:
    """ "really like Brie Larson's dress", "Also like Taylor's dress": chat drops its "I"; a
    liking word heading its sentence after adverbs alone is the verb (matching reads it as
    the speaker's only after such an adverb, as for "Really like Spanish cuisine")."""
    if word.dep_ != "ROOT" or word.i == word.sent.start:
        return False
    return all(t.pos_ == "ADV" for t in word.doc[word.sent.start : word.i])


def _raise_over_object(verb: Any) -> None:
    """ "I also really like bratwurst": read as an interjection, the liking word hangs, with its
    subject, on the noun after it, which the parser made the sentence's root; the noun is its
    object ("I really like yellow": a colour, read as an adjective, is one too)."""
    noun = verb.head
    nominal = noun.pos_ in ("NOUN", "PROPN") or (noun.pos_ == "ADJ" and noun.lower_ in COLOURS)
    if noun.i <= verb.i or noun.dep_ != "ROOT" or not nominal:
        return
    if any(c.dep_ in _SUBJECTS for c in noun.children):
        return  # the noun has a subject of its own: not an object
    verb.head = verb
    verb.dep_ = "ROOT"
    noun.head = verb
    noun.dep_ = "dobj"


# The participles of the liking verbs: "I've always preferred cats".
_LIKED = frozenset({"liked", "loved", "enjoyed", "preferred", "adored", "hated", "disliked"})


def _mend_perfect_under_object(verb: Any) -> None:
    """ "I've always preferred cats": the model reads the participle as an adjective of the
    noun after it ("preferred cats"), which it makes the root, while the participle keeps
    the subject and the "have" of the clause. With both, it is the clause's verb and the
    noun its object."""
    auxes = [c for c in verb.children if c.dep_ == "aux" and c.lemma_.lower() == "have"]
    if auxes and any(c.dep_ in _SUBJECTS for c in verb.children):
        _raise_over_object(verb)


# "I'd take X over Y any day": a standing choice, said with "would".
_CHOOSING = frozenset({"take", "choose", "pick"})
_POINTING = frozenset({"the", "this", "that", "these", "those"})
# What "over" may hold besides the thing set aside: a time ("over the weekend", "over lunch").
OVER_SPANS = frozenset({"weekend", "summer", "winter", "holiday", "break", "year", "month", "week",
                    "night", "day", "time", "phone", "top", "edge", "counter", "head",
                    "breakfast", "brunch", "lunch", "dinner", "drink"})


def _choice_as_preference(verb: Any) -> None:
    """ "I'd take a beach over a city any day", "I would choose dogs over cats": with "would",
    choosing a thing over another is preferring it (lemma "prefer", so the patterns of
    "prefer" read it: PREFERS the one, AVOIDS the other); not "I'd pick you up over the
    weekend" (a particle, a pronoun, a time), nor "the bus over the bridge" (one thing, a way)."""
    if not any(c.dep_ == "aux" and c.lemma_.lower() == "would" for c in verb.children):
        return
    if any(c.dep_ == "prt" for c in verb.children):
        return
    things = [c for c in verb.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
    if len(things) != 1:
        return
    others = [g for h in (verb, things[0]) for p in h.children
              if p.dep_ == "prep" and p.lower_ == "over"
              for g in p.children if g.dep_ == "pobj" and g.pos_ in ("NOUN", "PROPN")]
    if len(others) != 1 or others[0].ent_type_ in ("DATE", "TIME"):
        return
    if others[0].lemma_.lower() in OVER_SPANS or any(
            c.dep_ == "det" and c.lower_ in _POINTING for t in (things[0], others[0])
            for c in t.children):
        return  # "I'd take the bus over the bridge": a way, not a choice of kind
    verb.lemma_ = "prefer"


_COMPARATIVES = frozenset({"better", "more"})
# How much more, not what: "I like it a lot more", "a bit better".
_AMOUNTS = frozenset({"lot", "bit", "ton", "way", "little", "time", "day"})


def _mend_compared_object(verb: Any) -> None:
    """ "I like summer better than winter", "I like option A better": the model hangs the
    thing liked on "better" as its adverbial, so the liking has no object. A noun between the
    liking verb and its "better" / "more" is the verb's object (not an amount: "a lot")."""
    if any(c.dep_ == "dobj" for c in verb.children):
        return
    for adverb in verb.rights:
        if adverb.dep_ != "advmod" or adverb.lower_ not in _COMPARATIVES:
            continue
        nouns = [c for c in adverb.lefts if c.dep_ == "npadvmod" and c.pos_ in ("NOUN", "PROPN")
                 and c.lemma_.lower() not in _AMOUNTS]
        if len(nouns) == 1 and nouns[0].i > verb.i:
            nouns[0].head = verb
            nouns[0].dep_ = "dobj"
            return


def _as_verb(word: Any) -> None:
    word.pos_ = "VERB"
    word.tag_ = "VBP"
    word.lemma_ = word.lower_


def _mend_under_object(word: Any) -> bool:
    """ "I really like yellow" (like/UH, yellow the root), "I LOVE sushi" (LOVE a compound),
    "I like oatmeal with berries" (like an auxiliary of "oatmeal", an adjective): misread, the
    liking word hangs on the word after it, which the parser made the root and gave the
    subject "I" before the liking word. The word after it is its object."""
    thing = word.head
    if thing.i <= word.i or thing.dep_ != "ROOT" or word.dep_ not in _UNDER_OBJECT:
        return False
    if thing.pos_ not in ("NOUN", "PROPN", "ADJ") or thing.tag_ in ("JJR", "JJS"):
        return False
    subjects = [c for c in thing.children if c.dep_ in _SUBJECTS and c.i < word.i]
    if len(subjects) != 1 or subjects[0].lower_ not in _PERSONAL:
        return False
    if any(t.pos_ not in ("ADV", "PART") for t in word.doc[subjects[0].i + 1 : word.i]):
        return False  # only adverbs between the subject and the liking word
    _as_verb(word)
    word.head = word
    word.dep_ = "ROOT"
    for child in list(thing.children):
        if child.i < word.i:  # the subject and its adverbs
            child.head = word
    thing.head = word
    thing.dep_ = "dobj"
    if thing.pos_ == "ADJ" and thing.lower_ not in COLOURS:  # "I like oatmeal with berries"
        thing.pos_ = "NOUN"
        thing.tag_ = "NN"
    return True


def _mend_emphatic_do(word: Any) -> bool:
    """ "I do love sushi", "I really do love playing video games": after an emphatic "do" the
    model reads the liking word as a noun, the object of "do". "do" is its auxiliary; the
    subject, the object and the rest of the clause are the liking word's."""
    do = word.doc[word.i - 1] if word.i else None
    if do is None or do.lower_ not in _EMPHATIC or word.pos_ not in ("NOUN", "PROPN"):
        return False
    subjects = [c for c in do.children if c.dep_ in _SUBJECTS]
    if len(subjects) != 1 or subjects[0].lower_ not in _PERSONAL or word.head.i not in (
        do.i, *(c.i for c in do.children if c.dep_ == "dobj")
    ):
        return False
    _as_verb(word)
    if do.tag_ == "VBD":
        word.tag_ = "VB"
    word.head = word
    word.dep_ = "ROOT" if do.dep_ == "ROOT" else do.dep_
    if do.dep_ != "ROOT":
        word.head = do.head
    for child in list(do.children):
        if child.i != word.i:
            child.head = word
    do.head = word
    do.dep_ = "aux"
    for child in word.children:
        if child.dep_ == "acl" and child.tag_ == "VBG":  # "love playing video games"
            child.dep_ = "xcomp"
    return True


def _colour_as_noun(word: Any) -> None:
    """ "I love blue", "I hate orange": a colour standing alone after a liking verb is the
    thing liked, not an adjective of the clause."""
    verb = word.head
    if word.pos_ != "ADJ" or word.dep_ not in _COLOUR_DEPS or verb.i >= word.i:
        return
    if verb.pos_ != "VERB" or verb.lemma_.lower() not in _LIKING_VERBS:
        return
    if any(c.dep_ not in ("prep", "advmod", "punct", "cc", "conj") for c in word.children):
        return
    word.pos_ = "NOUN"
    word.tag_ = "NN"
    word.dep_ = "dobj"


def _mend_letter_label(letter: Any) -> None:
    """ "I prefer option A over option D": the model reads a lone capital letter after a noun
    as a preposition or as an object of its own, so the noun and its label split in two
    ("option" and "A"). A capital letter right after a common noun that does not already
    hang on it ("the plan A" as "plan" + det) is the noun's label: the letter takes the
    noun's place in the clause, with its determiners and adjectives, and the noun becomes its
    compound, as the parser reads "option B"."""
    noun = letter.doc[letter.i - 1]
    if len(letter.text) != 1 or not letter.text.isupper() or not noun.whitespace_:
        return
    if noun.pos_ != "NOUN" or not noun.is_lower or letter.dep_ in ("det", "compound"):
        return
    if noun.head.i == letter.i or noun.dep_ == "compound" or letter.is_ancestor(noun.head):
        return
    letter.pos_ = "PROPN"
    letter.tag_ = "NNP"
    if noun.dep_ == "ROOT":
        letter.head = letter
    else:
        letter.head = noun.head
    letter.dep_ = noun.dep_
    for child in list(noun.children):
        if child.i < noun.i:  # "the", "new": the labelled thing's
            child.head = letter
    noun.head = letter
    noun.dep_ = "compound"

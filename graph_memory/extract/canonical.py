"""Canonical entity names, so that "my peanuts", "the peanut" and "Peanuts" meet as one entity,
and the small phrase and clause helpers of the parse that the rules are built from.

`canonical_name` and the helpers work on spaCy tokens (they need the parse); `normalize_name`
works on plain strings and is what the entity resolver compares.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from spacy.attrs import DEP, LOWER

from graph_memory.extract.contrasts import contrasts, set_aside
from graph_memory.extract.question_tags import asked_after

_SPACES = re.compile(r"\s+")
# Words that stand for a noun mentioned elsewhere: "a red one" names "red".
_PROFORMS = frozenset({"one", "ones"})
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})
# Parts of a verb phrase that are not part of what is wanted or liked ("get a refund today").
_CLAUSE_DROP = frozenset(
    {"advmod", "advcl", "npadvmod", "punct", "cc", "conj", "mark", "intj", "parataxis", "nsubj",
     "aux", "auxpass", "dep", "ccomp"}
)  # fmt: skip
_CONTENT_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ"})
# "im allergic": without the apostrophe the small model leaves a bare "m" that is not "be".
_BE_FORMS = frozenset({"m", "am", "im"})
# Verbs with their "to" fused in: "I wanna go", "I gotta leave".
_TO_FUSED = frozenset({"wanna", "gotta", "hafta"})
_CONDITIONS = frozenset({"if", "unless", "whether"})
WH_TAGS = frozenset({"WP", "WRB", "WDT"})
# Words that say how many, not what: no part of a name.
_QUANTIFIERS = frozenset({"few", "several", "many", "much", "numerous", "multiple"})
# Nouns the parser reads as a count without "of": "a couple new books", "a dozen eggs".
_COUNT_NOUNS = frozenset({"couple", "dozen", "handful"})
# Chat fillers the parser folds into noun phrases ("I hate mushrooms lol"), and "various",
# which says nothing of what a thing is ("exploring various neighborhoods").
FILLERS = frozenset(
    {"lol", "lmao", "haha", "hahaha", "tbh", "btw", "imo", "omg", "xd", "tho", "please", "thanks"}
    | {"wbu", "hbu"}
    | {"alot", "lots", "various"}
)


def _strip_punct(text: str) -> str:
    """Strip surrounding punctuation; symbols ($, %, +) are part of a value and stay."""
    start, end = 0, len(text)
    while start < end and unicodedata.category(text[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(text[end - 1]).startswith("P"):
        end -= 1
    return text[start:end]


def clean_text(text: str) -> str:
    """Collapse whitespace and strip surrounding punctuation; case is kept."""
    return _strip_punct(_SPACES.sub(" ", text.translate(_QUOTES)).strip()).strip()


def normalize_name(text: str) -> str:
    """The comparison form of a name: NFKC, lower-case, single spaces, no outer punctuation."""
    return clean_text(unicodedata.normalize("NFKC", text)).lower()


def _join(tokens: list[Any], words: list[str]) -> str:
    # Keep the text's own spacing between neighbours ("gluten-free", "555-1234", "dog's").
    parts = []
    for position, (token, word) in enumerate(zip(tokens, words, strict=True)):
        adjacent = position + 1 < len(tokens) and tokens[position + 1].i == token.i + 1
        parts.append(word + (token.whitespace_ if adjacent else " "))
    return clean_text("".join(parts))


# Letters and codes that complete a name keep their case: "plan A", "component X", "B12".
_LABEL = re.compile(r"^(?:[A-Z]|[A-Z0-9]*\d[A-Z0-9]*|[A-Z0-9]+(?:-[A-Z0-9]+)+)$")


def _word(token: Any) -> str:
    if (
        token.pos_ == "PROPN"
        or token.ent_type_
        or (token.pos_ != "PRON" and _LABEL.match(token.text))
    ):
        return str(token.text)
    return str(token.lower_)


def phrase_text(tokens: Iterable[Any]) -> str:
    """A phrase as written (determiners kept), lower-cased except proper nouns: goals, keys."""
    ordered = sorted((t for t in tokens if t.lower_ not in FILLERS), key=lambda t: t.i)
    return _join(ordered, [_word(t) for t in ordered])


def _root(tokens: list[Any]) -> Any:
    inside = {t.i for t in tokens}
    for token in tokens:
        if token.head.i not in inside or token.head.i == token.i:
            return token
    return tokens[-1]


# Words whose number names a kind, no count: "type 2 diabetes", "stage 3 cancer".
NUMBERED_LABELS = frozenset({"type", "stage", "grade", "level", "phase", "class", "gen"})


def canonical_name(tokens: Any, keep_counts: bool = False) -> str:
    """Canonical name of a noun phrase (a Span, a Token, or the tokens of one phrase).

    Drops determiners, possessives and counts ("my two dogs" -> "dog"), lemmatises a plural
    common-noun head, lower-cases common nouns, keeps proper nouns' case ("Acme Corp").
    keep_counts keeps counts and plurals, for values ("50 books").
    """
    if hasattr(tokens, "i") and not hasattr(tokens, "root"):
        tokens = [tokens]
    ordered = sorted(tokens, key=lambda t: t.i)
    if not ordered:
        return ""
    root = _root(ordered)
    quantifiers = {
        t.i for t in ordered if t.i != root.i and t.lower_ in _QUANTIFIERS and t.pos_ != "PROPN"
    }
    kept = []
    for token in ordered:
        if token.tag_ in ("PRP$", "WP$") or token.dep_ in ("poss", "predet", "preconj"):
            continue
        if token.pos_ == "DET" and token.i < root.i:
            continue  # "the" inside a name stays: "Lord of the Rings"
        if token.lower_ in FILLERS:
            continue
        if token.i in quantifiers:
            continue  # "a few gift cards" -> "gift card", "several museums" -> "museum"
        if token.dep_ == "advmod" and token.head.i in quantifiers:
            continue  # "so many youtube shorts" -> "youtube short": "so" says how many too
        if keep_counts:
            pass
        elif token.i < root.i and token.dep_ == "nummod" and root.pos_ == "NOUN" and (
            token.like_num or token.pos_ == "NUM" or token.lower_ in _COUNT_NOUNS
        ) and not (token.i and token.nbor(-1).lower_ in NUMBERED_LABELS):
            # a count goes; a noun the parser calls one stays ("a half marathon"), and so does
            # a number after its noun, a name's ("John Wick Chapter 4")
            continue
        kept.append(token)
    if len(kept) > 1 and kept[-1].i == root.i and root.lower_ in _PROFORMS:
        kept.pop()
    words = []
    for token in kept:
        word = _word(token)
        if token.i == root.i and token.pos_ == "NOUN" and token.tag_ == "NNS" and not keep_counts:
            lemma = str(token.lemma_).lower()
            # The small model's lemmatiser invents lemmas for unknown words ("ramen" ->
            # "raman"): trust it only for words that look like English plurals.
            if word.endswith("s") and lemma and lemma != word and word.startswith(lemma[:2]):
                word = lemma
        words.append(word)
    return _join(kept, words) if kept else ""


# --- phrases of the parse --------------------------------------------------------------------


def noun_phrase(head: Any) -> list[Any]:
    """The head with what precedes it ("the payment service") and tight right parts ("March 3")."""
    doc = head.doc
    tokens = [
        doc[i]
        for i in range(head.left_edge.i, head.i + 1)
        if doc[i].dep_ not in ("cc", "conj", "punct", "aux") or doc[i].tag_ == "HYPH" or i == head.i
    ]
    for child in head.rights:
        if child.dep_ in ("compound", "nummod", "flat"):
            tokens.extend(child.subtree)
    return tokens


def verb_phrase(verb: Any) -> list[Any]:
    """A verb with its objects and particles, without adverbs, subjects or subclauses:
    "get a refund" from "to get a refund today because it broke"."""
    tokens = [verb]
    for child in verb.children:
        if child.dep_ not in _CLAUSE_DROP or _pointing_back(child):
            tokens.extend(child.subtree)
    cut = contrasts(tokens)
    return sorted((t for t in tokens if t.i not in cut), key=lambda t: t.i)


def _pointing_back(child: Any) -> bool:
    """ "get back into reading", "go back to Japan": "back" with a phrase of its own says where
    the verb goes; the parser hangs it as an adverb."""
    return child.dep_ == "advmod" and child.lower_ == "back" and any(
        c.dep_ == "prep" and list(c.children) for c in child.children
    )


def has_content(tokens: Iterable[Any], verb: Any, verbs: bool = False) -> bool:
    """Whether a verb phrase says more than its verb and pronouns ("see them" does not);
    with `verbs`, another verb counts ("get promoted")."""
    return any(
        t.i != verb.i and (t.pos_ in _CONTENT_POS or (verbs and t.pos_ == "VERB")) for t in tokens
    )


def with_conjuncts(tokens: Iterable[Any]) -> list[Any]:
    """The tokens and what is conjoined to them ("peanuts and shellfish"), not what is set
    aside ("dogs rather than cats")."""
    out: list[Any] = []
    for token in tokens:
        out.append(token)
        out.extend(c for c in token.subtree
                   if (c.head in out or after_name_of(c, out)) and c.dep_ == "conj"
                   and not set_aside(c))
    return out


def after_name_of(conj: Any, out: list[Any]) -> bool:
    """ "God of War and Zelda": the parser joins "Zelda" to the last word of the name's "of"
    part; both are names, so it is the name's conjunct."""
    inner, prep = conj.head, conj.head.head
    return (
        conj.pos_ == "PROPN" and inner.pos_ == "PROPN" and inner.dep_ == "pobj"
        and prep.lower_ == "of" and prep.head in out and prep.head.pos_ == "PROPN"
    )


def determiners(token: Any) -> set[str]:
    """Determiners of a noun, shared along a conjunction ("the peace and quiet"), not with a
    verb the parser conjoined to it ("my friends and I enjoy exploring"); a possessive shows
    as "<poss>"."""
    found: set[str] = set()
    while True:
        for child in token.lefts:
            if child.dep_ in ("det", "poss"):
                found.add(child.lower_ if child.dep_ == "det" else "<poss>")
        if token.dep_ != "conj" or token.head.i == token.i:
            return found
        if (token.pos_ == "VERB") != (token.head.pos_ == "VERB"):
            return found
        token = token.head


def ner_label(head: Any) -> str:
    """The NER label of a phrase's head; the small model's labels on common nouns are noise."""
    return str(head.ent_type_) if head.pos_ in ("PROPN", "NUM") else ""


def has_to(verb: Any) -> bool:
    """Whether a verb is a "to" infinitive (also the "na" of "gonna", "wanna")."""
    if verb.dep_ == "xcomp" and verb.head.lower_ in _TO_FUSED:
        return True
    return any(c.dep_ == "aux" and c.lower_ in ("to", "na") for c in verb.children)


def char_span(tokens: Iterable[Any]) -> tuple[int, int]:
    """Character offsets [start, end) covering the tokens."""
    listed = list(tokens)
    return min(t.idx for t in listed), max(t.idx + len(t) for t in listed)


# --- clauses of the parse -----------------------------------------------------------------------


def is_be(token: Any) -> bool:
    """Whether the token is a form of "be" (including chat's bare "m" of "im")."""
    return token.lemma_ == "be" or token.lower_ in _BE_FORMS


def is_negated(token: Any) -> bool:
    """Whether the clause headed by the token is negated ("don't", "never", "no longer")."""
    for child in token.children:
        if child.dep_ == "neg" or child.lower_ == "never":
            return True
        # "Neither do I have a car", "nor do I own one", "neither Sam nor I like cats", "I
        # have neither a car nor a bike".
        if _neither(child, token):
            return True
        # "no longer", "not anymore" hang off an adverb; a clause the parser hung on one
        # ("worth watching if you haven't already") is not.
        marked = any(g.dep_ == "mark" for g in child.children)
        if child.dep_ == "advmod" and not marked and any(g.dep_ == "neg" for g in child.children):
            return True
        # "I'm no longer vegetarian": the parser hangs "no longer" on the complement.
        if child.dep_ in ("acomp", "attr") and is_be(token) and any(
            g.dep_ == "advmod" and g.lower_ in ("longer", "more")
            and any(n.dep_ == "neg" for n in g.children)
            for g in child.children
        ):
            return True
    return False


def _neither(child: Any, verb: Any) -> bool:
    """A "neither" or "nor" on the verb before it, or a "neither" on its subject or object."""
    if child.lower_ in ("neither", "nor") and child.dep_ in ("preconj", "cc"):
        return bool(child.i < verb.i)
    return child.dep_ in ("nsubj", "nsubjpass", "dobj") and any(
        g.lower_ == "neither" and g.dep_ == "preconj" for g in child.children)


def is_past(verb: Any, perfect: bool = False) -> bool:
    """Whether the clause is in the simple past ("I lived", "I didn't live"), or with
    `perfect` also in the perfect ("I've lived")."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    if verb.tag_ == "VBD" or any(c.tag_ == "VBD" for c in auxes):
        return True
    return perfect and verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in auxes)


_CONDITION_HEADS = "graph_memory.condition_heads"


def _condition_heads(doc: Any) -> frozenset[int]:
    """The heads of the doc's "if"/"unless"/"whether" clauses, found once per doc from its
    arrays (most chat messages have none, and then no clause walks its ancestors)."""
    heads: frozenset[int] | None = doc.user_data.get(_CONDITION_HEADS)
    if heads is None:
        strings = doc.vocab.strings
        marks = {strings.add(w) for w in _CONDITIONS}
        mark = strings.add("mark")
        rows = doc.to_array([DEP, LOWER]).reshape(-1, 2).tolist() if len(doc) else []
        heads = frozenset(
            doc[i].head.i for i, (d, w) in enumerate(rows) if d == mark and w in marks
        )
        doc.user_data[_CONDITION_HEADS] = heads
    return heads


def is_conditional(token: Any) -> bool:
    """Whether the token sits in an "if"/"unless"/"whether" clause, or in what someone wishes
    were so ("I wish I had a dog", "wish I lived closer"): a counterfactual, nothing held."""
    if _is_wished(token):
        return True
    heads = _condition_heads(token.doc)
    if not heads:
        return False
    return token.i in heads or any(node.i in heads for node in token.ancestors)


# Verbs that ask the hearer to make a world up: "Imagine we invent a machine that ...",
# "Suppose I quit my job", "Picture me running a bakery" (said without a subject).
_MADE_UP = frozenset({"imagine", "suppose", "pretend", "picture"})


def _is_wished(token: Any) -> bool:
    """Whether the token's clause (or one above it) is the clause a "wish" takes, or one that
    an imperative "imagine" makes up."""
    for node in (token, *token.ancestors):
        if node.dep_ != "ccomp":
            continue
        lemma = node.head.lemma_.lower()
        if lemma == "wish" or (lemma in _MADE_UP and not any(
                c.dep_ in ("nsubj", "nsubjpass") for c in node.head.children)):
            return True
    return False


# Verbs that report what someone thinks, says or wishes: the clause under them is theirs.
_REPORTING = frozenset(
    {"think", "say", "believe", "claim", "guess", "assume", "suspect", "tell", "insist", "feel"}
    | {"reckon", "suggest", "joke", "worry", "fear", "hope", "wish", "imagine", "suppose", "doubt"}
    | {"swear", "argue", "pretend", "want", "expect", "convince", "tease", "say", "keep"}
)
_THIRD_PERSON = frozenset({"he", "she", "they"})
# "It keeps me awake" reports nobody's view: a reporter must be someone.
_NOT_A_REPORTER = frozenset({"it", "this", "that", "which", "what"})
# A finding is no opinion: what a doctor or a test says or shows of the speaker is a fact
# ("the doctor says I'm allergic to shellfish"); what the doctor thinks stays hearsay.
_AUTHORITIES = frozenset(
    {"doctor", "doc", "physician", "allergist", "dentist", "dermatologist", "nurse", "vet"}
    | {"pediatrician", "specialist", "cardiologist", "gp", "test", "result", "scan", "x-ray"}
)
_FINDINGS = frozenset({"say", "tell", "confirm", "show", "find", "diagnose"})


def is_hearsay(token: Any) -> bool:
    """Whether the token's clause is what another person thinks or says of someone ("My
    friend thinks I'm allergic to peanuts", "my mom says I should be a doctor"): no statement
    of the speaker's. The reporter's own words about themselves stay ("you said you love
    hiking", "Sam says he loves it"), and so does the speaker's "I think ..."."""
    clause = token
    while clause.dep_ == "conj" and clause.head.i != clause.i:
        clause = clause.head
    if clause.dep_ != "ccomp" or clause.head.lemma_.lower() not in _REPORTING:
        return False
    reporters = [c for c in clause.head.children if c.dep_ == "nsubj"]
    if not reporters or reporters[0].lower_ in ("i", "we"):
        return False
    reporter = reporters[0]
    if reporter.lower_ in _NOT_A_REPORTER or asked_after(clause):
        return False
    if reporter.lemma_.lower() in _AUTHORITIES and clause.head.lemma_.lower() in _FINDINGS:
        return False
    inner = [c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not inner:
        return True
    own = inner[0].lower_ == reporter.lower_
    pointed = inner[0].lower_ in _THIRD_PERSON and reporter.lower_ not in _THIRD_PERSON
    return not (own or pointed)


_YOUTH = frozenset({"kid", "child", "teen", "teenager", "youngster", "boy", "girl", "baby"})
_YOUNG = frozenset({"young", "younger", "little", "small", "kid", "child", "teen", "teenager"})


def is_childhood(verb: Any) -> bool:
    """Whether the clause is set in the speaker's childhood: "as a kid", "when I was
    little", "growing up" (on the verb or its gerund: "I loved playing it as a kid"); what
    it says held then, not now."""
    heads = [verb, *(c for c in verb.children if c.dep_ == "xcomp")]
    for child in (c for h in heads for c in h.children):
        if child.dep_ == "prep" and child.lower_ == "as":
            if any(g.lemma_.lower() in _YOUTH for g in child.children if g.dep_ == "pobj"):
                return True
        elif child.dep_ == "advcl":
            if child.lemma_.lower() == "grow" and any(c.lower_ == "up" for c in child.children):
                return True
            if is_be(child) and any(c.lower_ == "when" for c in child.children):
                said = [c for c in child.children if c.dep_ in ("acomp", "attr")]
                if any(c.lemma_.lower() in _YOUNG for c in said):
                    return True
    return False


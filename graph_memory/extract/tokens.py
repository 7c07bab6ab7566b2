"""Tokenisation fixes applied before the parse, so that names and identifiers stay whole.

The English tokenizer splits identifiers at hyphens ("ORD-20240512-8891" -> three tokens) and
reads a capital letter before a full stop as an initial ("plan A." -> "A."): the parse then
loses the name. Both are fixed on the Doc, before tagging; the text and its offsets are kept.
"""

from __future__ import annotations

import re
from typing import Any

from spacy.tokens import Doc

from graph_memory.extract.bare_clitics import mend_clitic_lemmas
from graph_memory.extract.chat_spelling import mend_typed_modals, split_contractions
from graph_memory.extract.fave_words import TRIGGERS as FAVE_TRIGGERS
from graph_memory.extract.fave_words import mend_fave_words

# Codes with a digit, joined by hyphens or slashes: order ids, phone numbers, part numbers.
_IDENTIFIER = re.compile(r"(?<![\w-])(?=[\w/-]*\d)[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)+(?![\w-])")
# A phone number with its area code in parentheses: "(555) 123-4567", "+1 (555) 123-4567".
_PHONE = re.compile(r"(?<![\w(])(?:\+\d{1,3}\s?)?\(\d{2,5}\)\s?\d{2,5}[-\s.]\d{2,5}(?![\w-])")
# A relative by marriage, one word: "my sister-in-law Dave", "my mother-in-law has diabetes".
_IN_LAW = re.compile(r"(?i)\b(brother|sister|mother|father|son|daughter|parent)(s?)-in-law\b")
# "my go-to drink": one word, a favorite's mark.
_GO_TO = re.compile(r"(?i)(?<![\w-])go-to(?![\w-])")
# Chat's "my go to drink", "it's my usual go to": the same mark written with a space (after an
# owner, where "go" cannot be the verb: "I go to the gym" keeps it).
_SPACED_GO_TO = re.compile(
    r"(?i)\b(?:my|our|your|his|her|their|usual)\s+(go to)(?![\w-])(?!\s+the\b)")
_INITIAL = re.compile(r"^[A-Z]\.$")
_MAYBE_INITIAL = re.compile(r"\b[A-Z]\.")


def tokenize(nlp: Any, text: str) -> Doc:
    """The pipeline's tokenisation of `text`, with identifiers merged, a final capital
    letter split from its full stop, chat's "its" and "Ill" for "it's" and "I'll"
    split and a modal typed with a doubled letter read as the modal ("mightt")."""
    doc: Doc = nlp.make_doc(text)
    lowered = text.lower()
    if "its" in lowered or "ill" in lowered:  # most messages have neither
        split_contractions(doc)  # "its a wonderful story", "Ill be there"
    mend_typed_modals(doc)  # "I mightt try": read as "might"
    mend_clitic_lemmas(doc)  # "ive been": "ve" read as "have"
    if any(word in lowered for word in FAVE_TRIGGERS):
        mend_fave_words(doc)  # "my fave food": read as "favorite"
    last = len(doc) - 1
    initials = []
    if _MAYBE_INITIAL.search(text):  # most messages have none: no walk over their tokens
        initials = [
            t for t in doc if _INITIAL.match(t.text) and (t.i == last or doc[t.i + 1].is_space)
        ]
    if initials:
        with doc.retokenize() as retokenizer:
            for token in initials:
                retokenizer.split(token, [token.text[0], "."], heads=[(token, 0), (token, 0)])
    if "-in-law" in lowered:
        _merge_in_laws(doc, text)
    if "go to" in lowered:
        _merge_spaced_go_to(doc, text)
    if "-" in text or "/" in text or "(" in text:
        found = [doc.char_span(*m.span()) for m in _IDENTIFIER.finditer(text)]
        if "(" in text:
            phones = [doc.char_span(*m.span()) for m in _PHONE.finditer(text)]
            # A phone number contains its identifier part ("123-4567"): the longer span wins.
            found = [s for s in found if s is None or not any(
                p is not None and p.start <= s.start and s.end <= p.end for p in phones)]
            found += phones
        # "my go-to snack": one word, a favorite's mark, not the verb "go"
        found += [doc.char_span(*m.span()) for m in _GO_TO.finditer(text)]
        spans = [s for s in found if s is not None and len(s) > 1]
        if spans:
            with doc.retokenize() as retokenizer:
                for span in spans:
                    retokenizer.merge(span)
    return doc


def _merge_spaced_go_to(doc: Doc, text: str) -> None:
    """ "my go to sandwich" as "my go-to sandwich": one word, read as the hyphenated one is."""
    found = [doc.char_span(*m.span(1)) for m in _SPACED_GO_TO.finditer(text)]
    spans = [span for span in found if span is not None and len(span) == 2]
    if not spans:
        return
    with doc.retokenize() as retokenizer:
        for span in spans:
            retokenizer.merge(span, attrs={"LEMMA": "go-to", "NORM": "go-to"})


def _merge_in_laws(doc: Doc, text: str) -> None:
    """ "sister-in-law" as one noun, its lemma without the plural ("sisters-in-law")."""
    found = [(doc.char_span(*m.span()), m) for m in _IN_LAW.finditer(text)]
    spans = [(span, m) for span, m in found if span is not None and len(span) > 1]
    if not spans:
        return
    with doc.retokenize() as retokenizer:
        for span, m in spans:
            lemma = f"{m.group(1).lower()}-in-law"
            retokenizer.merge(span, attrs={"LEMMA": lemma, "TAG": "NNS" if m.group(2) else "NN",
                                           "POS": "NOUN"})

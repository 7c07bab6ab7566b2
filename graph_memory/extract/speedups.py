"""Faster, output-identical versions of two spaCy pipeline steps the rules rely on.

The English model's attribute ruler (tag -> part of speech and morphology, plus exceptions)
runs 179 Matcher patterns over every token, and its lemmatizer recomputes the lemma of every
base-form token: together about a fifth of the extractor's time on chat messages. Almost all
of the ruler's patterns are one token with a fixed TAG and/or LOWER: those become dictionary
lookups here; the rest still go through a Matcher. Matches are applied in the ruler's own
order (by rule, later rules win), so the annotations are exactly spaCy's (tested on REALTALK).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import product
from typing import Any

import numpy
from spacy.attrs import LEMMA, LOWER, MORPH, ORTH, POS, TAG
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc

_Key = tuple[int, int]  # (TAG hash, LOWER hash); 0 is "any"
_Match = tuple[int, int, int, int]  # rule id, match id, start, end (AttributeRuler.match's)
_LEMMA_CACHE_SIZE = 200_000


def _options(value: Any) -> list[str] | None:
    """The strings a one-token pattern value accepts, or None when it is not that simple."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict) and set(value) == {"IN"} and isinstance(value["IN"], list):
        items = value["IN"]
        return items if all(isinstance(v, str) for v in items) else None
    return None


class _FastAttributeRuler:
    """AttributeRuler.match and set_annotations for one ruler, with its simple rules indexed."""

    def __init__(self, ruler: Any) -> None:
        self._ruler = ruler
        strings = ruler.vocab.strings
        self._simple: dict[_Key, list[int]] = {}
        self._others = Matcher(ruler.vocab)
        for rule, entry in enumerate(ruler.patterns):
            for pattern in entry["patterns"]:
                keys = self._keys(pattern, entry["index"], strings)
                if keys is None:
                    self._others.add(str(rule), [pattern])
                else:
                    for key in keys:
                        self._simple.setdefault(key, []).append(rule)
        self._match_ids = [strings.add(str(rule)) for rule in range(len(ruler.attrs))]

    @staticmethod
    def _keys(pattern: list[dict[str, Any]], index: int, strings: Any) -> list[_Key] | None:
        if len(pattern) != 1 or index not in (0, -1):
            return None
        spec = pattern[0]
        if not spec or set(spec) - {"TAG", "LOWER"}:
            return None
        tags = _options(spec["TAG"]) if "TAG" in spec else [""]
        lowers = _options(spec["LOWER"]) if "LOWER" in spec else [""]
        if tags is None or lowers is None:
            return None
        return [
            (strings.add(t) if t else 0, strings.add(w) if w else 0)
            for t, w in product(tags, lowers)
        ]

    def match(self, doc: Doc) -> list[_Match]:
        found: set[_Match] = set()
        if len(doc):
            simple = self._simple
            for i, (tag, lower) in enumerate(doc.to_array([TAG, LOWER]).tolist()):
                for key in ((tag, lower), (tag, 0), (0, lower)):
                    for rule in simple.get(key, ()):
                        found.add((rule, self._match_ids[rule], i, i + 1))
        strings = self._ruler.vocab.strings
        for match_id, start, end in self._others(doc, allow_missing=True, as_spans=False):
            found.add((int(strings[match_id]), match_id, start, end))
        return sorted(found)  # by rule: later rules take precedence, as in AttributeRuler

    def set_annotations(self, doc: Doc, matches: list[_Match]) -> None:
        from spacy.tokens._retokenize import set_token_attrs

        ruler = self._ruler
        for rule, _, start, end in matches:
            index = ruler.indices[rule]
            position = start + index if index >= 0 else end + index
            if not start <= position < end:  # what AttributeRuler reports for a bad index
                raise ValueError(f"attribute ruler rule {rule}: index {index} outside the match")
            set_token_attrs(doc[position], ruler.attrs[rule])


def _cached_lemmatize(lemmatize: Callable[[Any], list[str]]) -> Callable[[Any], list[str]]:
    """The rule lemmatizer caches only inflected words; cache base forms too (same key)."""
    cache: dict[tuple[int, int, int], list[str]] = {}

    def cached(token: Any) -> list[str]:
        key = (token.orth, token.pos, token.morph.key)
        lemmas = cache.get(key)
        if lemmas is None:
            if len(cache) >= _LEMMA_CACHE_SIZE:
                cache.clear()
            lemmas = cache[key] = lemmatize(token)
        return lemmas

    return cached


def _array_lemmatizer(lemmatizer: Any) -> Callable[..., Iterator[Doc]]:
    """Lemmatizer.pipe reading each doc's (ORTH, POS, MORPH, LEMMA) arrays: a lemma comes from
    the cache keyed like _cached_lemmatize's, and a Token is made only for a key not seen
    before; the lemmas go back in one from_array. Same lemmas as Lemmatizer.__call__ (a
    lemma the attribute ruler set is kept unless the lemmatizer overwrites)."""
    cache: dict[tuple[int, int, int], int] = {}
    strings = lemmatizer.vocab.strings

    def lemmatize_doc(doc: Doc) -> Doc:
        if not len(doc):
            return doc
        rows: Any = doc.to_array([ORTH, POS, MORPH, LEMMA]).reshape(-1, 4).tolist()  # ints
        lemmas: list[int] = []
        for i, (orth, pos, morph, lemma) in enumerate(rows):
            if lemma and not lemmatizer.overwrite:
                lemmas.append(lemma)
                continue
            key = (orth, pos, morph)
            found = cache.get(key)
            if found is None:
                if len(cache) >= _LEMMA_CACHE_SIZE:
                    cache.clear()
                found = cache[key] = strings.add(lemmatizer.lemmatize(doc[i])[0])
            lemmas.append(found)
        column: Any = numpy.asarray(lemmas, dtype="uint64").reshape(-1, 1)
        doc.from_array([LEMMA], column)
        return doc

    def pipe(stream: Iterable[Doc], *, batch_size: int = 128) -> Iterator[Doc]:
        if not lemmatizer._validated:
            lemmatizer._validate_tables()
        error_handler = lemmatizer.get_error_handler()
        for doc in stream:
            try:
                yield lemmatize_doc(doc)
            except Exception as e:  # as Pipe.pipe reports a failing doc
                error_handler(lemmatizer.name, lemmatizer, [doc], e)

    return pipe


def speed_up(nlp: Language) -> None:
    """Install the faster attribute ruler and lemmatizer cache in a pipeline, in place."""
    if "attribute_ruler" in nlp.pipe_names:
        ruler: Any = nlp.get_pipe("attribute_ruler")
        fast = _FastAttributeRuler(ruler)
        ruler.match = fast.match
        ruler.set_annotations = fast.set_annotations
    if "lemmatizer" in nlp.pipe_names:
        lemmatizer: Any = nlp.get_pipe("lemmatizer")
        if lemmatizer.mode == "rule":
            lemmatizer.lemmatize = _cached_lemmatize(lemmatizer.lemmatize)
            lemmatizer.pipe = _array_lemmatizer(lemmatizer)  # nlp.pipe's path

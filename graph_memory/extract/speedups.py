"""Faster, output-identical versions of spaCy pipeline steps the rules rely on.

The English model's attribute ruler (tag -> part of speech and morphology, plus exceptions)
runs 179 Matcher patterns over every token, and its lemmatizer recomputes the lemma of every
base-form token: together about a fifth of the extractor's time on chat messages. All but 8
of the ruler's patterns are one token (TAG, LOWER, DEP, IS_SPACE conditions): those become
dictionary lookups on the doc's arrays here; the longer ones still go through a Matcher, run
only on docs where their first token occurs. Matches are applied in the ruler's own
order (by rule, later rules win), so the annotations are exactly spaCy's (tested on REALTALK).

The models (tok2vec, tagger, parser, NER) multiply their matrices through thinc, which calls
BLIS; the BLIS wheel runs its generic kernel on our x86 machines (BLIS_ARCH_DEBUG=1 prints
"selecting sub-configuration 'generic'"), 2 to 3 times slower than numpy's OpenBLAS on the
models' shapes. The models' ops call numpy instead, with OpenBLAS on one thread: the write
thread, the embedding worker and the engine already share the cores, and a second BLAS thread
only waits for one (it doubled the CPU time per message). The annotations and REALTALK facts
stay identical (tested).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import numpy
from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, ORTH, POS, TAG
from spacy.language import Language
from spacy.matcher import Matcher
from spacy.tokens import Doc
from thinc.api import NumpyOps
from threadpoolctl import threadpool_limits

_Match = tuple[int, int, int, int]  # rule id, match id, start, end (AttributeRuler.match's)
_LEMMA_CACHE_SIZE = 200_000


# Token attributes a one-token check reads, in the order of the rows it reads them from.
_CHECK_ATTRS = ("TAG", "LOWER", "DEP", "IS_SPACE")
_ARRAY_ATTRS = [TAG, LOWER, DEP, IS_SPACE]
# One condition of a token spec: (column, operator, value): "==" an int or bool, "IN" or
# "NOT_IN" a frozenset of hashes, "REGEX" a compiled pattern searched in the LOWER string.
_Condition = tuple[int, str, Any]


def _conditions(spec: dict[str, Any], strings: Any) -> list[_Condition] | None:
    """A token spec as conditions on (TAG, LOWER, DEP, IS_SPACE), as the Matcher reads them,
    or None when it uses anything else."""
    out: list[_Condition] = []
    for attr, value in spec.items():
        if attr not in _CHECK_ATTRS:
            return None
        column = _CHECK_ATTRS.index(attr)
        if attr == "IS_SPACE":
            if not isinstance(value, bool):
                return None
            out.append((column, "==", value))
        elif isinstance(value, str):
            out.append((column, "==", strings.add(value)))
        elif isinstance(value, dict) and len(value) == 1:
            [(op, items)] = value.items()
            if op in ("IN", "NOT_IN") and isinstance(items, list):
                if not all(isinstance(v, str) for v in items):
                    return None
                out.append((column, op, frozenset(strings.add(v) for v in items)))
            elif op == "REGEX" and attr == "LOWER" and isinstance(items, str):
                out.append((column, op, re.compile(items)))
            else:
                return None
        else:
            return None
    return out


def _holds(conditions: list[_Condition], row: list[int], strings: Any) -> bool:
    for column, op, value in conditions:
        found = row[column]
        if op == "==":
            if found != value:
                return False
        elif op == "IN":
            if found not in value:
                return False
        elif op == "NOT_IN":
            if found in value:
                return False
        elif not value.search(strings[found]):  # REGEX
            return False
    return True


# Conditions filed under one value of one column (its first "==" or "IN" one, LOWER first):
# column -> value -> the (rule, other conditions) a token with that value may match.
_Index = list[dict[int, list[tuple[int, list[_Condition]]]]]
_INDEX_ORDER = (1, 0, 2, 3)  # LOWER, TAG, DEP, IS_SPACE


def _file(index: _Index, loose: list[tuple[int, list[_Condition]]], rule: int,
          conditions: list[_Condition]) -> None:
    """Put a rule's conditions in the index, or in `loose` when none can file it."""
    for column in _INDEX_ORDER:
        for condition in conditions:
            if condition[0] == column and condition[1] in ("==", "IN"):
                values = [condition[2]] if condition[1] == "==" else condition[2]
                rest = [c for c in conditions if c is not condition]
                for value in values:
                    index[column].setdefault(int(value), []).append((rule, rest))
                return
    loose.append((rule, conditions))


def _passing(index: _Index, loose: list[tuple[int, list[_Condition]]], row: list[int],
             strings: Any) -> Iterator[int]:
    """The rules whose conditions a token's row meets."""
    for column in _INDEX_ORDER:
        for rule, rest in index[column].get(row[column], ()):
            if _holds(rest, row, strings):
                yield rule
    for rule, conditions in loose:
        if _holds(conditions, row, strings):
            yield rule


class _FastAttributeRuler:
    """AttributeRuler.match and set_annotations for one ruler, with its one-token rules
    indexed by a value they require and checked on the doc's arrays. Longer rules go through
    a Matcher, run only on a doc where some token passes a rule's first-token check."""

    def __init__(self, ruler: Any) -> None:
        self._ruler = ruler
        strings = ruler.vocab.strings
        self._index: _Index = [{} for _ in _CHECK_ATTRS]
        self._loose: list[tuple[int, list[_Condition]]] = []
        self._others = Matcher(ruler.vocab)
        self._start_index: _Index = [{} for _ in _CHECK_ATTRS]
        self._start_loose: list[tuple[int, list[_Condition]]] = []
        self._always_match = False  # a longer rule's first token has no cheap check
        for rule, entry in enumerate(ruler.patterns):
            for pattern in entry["patterns"]:
                first = _conditions(pattern[0], strings) if pattern else None
                if len(pattern) == 1 and entry["index"] in (0, -1) and first is not None:
                    _file(self._index, self._loose, rule, first)
                    continue
                self._others.add(str(rule), [pattern])
                if first is None:
                    self._always_match = True
                else:
                    _file(self._start_index, self._start_loose, rule, first)
        self._match_ids = [strings.add(str(rule)) for rule in range(len(ruler.attrs))]

    def match(self, doc: Doc) -> list[_Match]:
        found: set[_Match] = set()
        strings = self._ruler.vocab.strings
        rows: list[list[int]] = doc.to_array(_ARRAY_ATTRS).tolist() if len(doc) else []
        match_ids, index = self._match_ids, self._index
        for i, row in enumerate(rows):
            for column in _INDEX_ORDER:  # _passing, inlined: this runs for every token
                for rule, rest in index[column].get(row[column], ()):
                    if not rest or _holds(rest, row, strings):
                        found.add((rule, match_ids[rule], i, i + 1))
            for rule, conditions in self._loose:
                if _holds(conditions, row, strings):
                    found.add((rule, match_ids[rule], i, i + 1))
        if self._always_match or any(
            next(_passing(self._start_index, self._start_loose, row, strings), None) is not None
            for row in rows
        ):
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


def _numpy_matrix_products(nlp: Language) -> None:
    """Make the pipeline's models multiply matrices with numpy's BLAS on one thread."""
    numpy_ops = NumpyOps(use_blis=False)
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is None:
            continue
        for node in model.walk():
            if isinstance(node.ops, NumpyOps) and node.ops.use_blis:
                node.ops = numpy_ops
    threadpool_limits(limits=1, user_api="blas")  # process-wide; see the module docstring


def speed_up(nlp: Language) -> None:
    """Install the faster attribute ruler, lemmatizer cache and matrix products in a
    pipeline, in place."""
    _numpy_matrix_products(nlp)
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

"""The small model's tag slips on liking verbs, mended after the parse (extract/retag.py),
with the real spaCy model: "I really like winter" is tagged like/IN, winter/pobj."""

from __future__ import annotations

from typing import Any

import pytest
import spacy

from graph_memory.extract.retag import mend_verb_tags
from graph_memory.extract.rules import MODEL, RuleExtractor
from graph_memory.models import ExtractionInput
from graph_memory.ontology import load_ontology


@pytest.fixture(scope="module")
def nlp() -> Any:
    return spacy.load(MODEL)


@pytest.fixture(scope="module")
def extractor() -> RuleExtractor:
    return RuleExtractor(load_ontology())


def preferences(extractor: RuleExtractor, text: str) -> set[str]:
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return {f.triple.object.name for f in extractor.extract([item])[0].facts
            if f.triple.predicate == "PREFERS" and f.triple.subject.name == "Emi"}


def test_the_model_mistags_the_verb_and_the_mend_fixes_it(nlp: Any) -> None:
    doc = nlp("I really like winter.")
    assert doc[2].pos_ != "VERB"  # the slip this module exists for
    mend_verb_tags(doc)
    assert (doc[2].pos_, doc[2].tag_, doc[3].dep_) == ("VERB", "VBP", "dobj")


@pytest.mark.parametrize(
    ("text", "liked"),
    [("I really like winter.", "winter"),
     ("I really like tea as well", "tea"),
     ("I also really like ghibli movies", "ghibli movie"),
     ("Now that I think about it I really like grapes", "grape")],
)
def test_a_mistagged_liking_is_a_preference(
    extractor: RuleExtractor, text: str, liked: str
) -> None:
    assert liked in preferences(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["It looks like winter.", "I feel like a walk.", "Do you really like winter?",
     "It's like a dream."],
)
def test_like_as_a_preposition_stays_one(extractor: RuleExtractor, text: str) -> None:
    assert preferences(extractor, text) == set()

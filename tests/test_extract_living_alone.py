"""Living alone is a lasting attribute of the speaker's ("I live alone", "im living alone now",
"I've been living alone since college" -> HAS_ATTRIBUTE alone, key "living situation"); a
denial, a past, a supposition, a question or someone else's is none."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str, str | None, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(subject, relation, object, key, negated) of each fact of one message by Emi to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.triple.key,
             f.negated) for f in extractor.extract([item])[0].facts]


@pytest.mark.parametrize(
    "text",
    ["I mentioned already i live alone lol", "I live alone but my parents live close by",
     "im living alone now", "I've been living alone since college.", "I actually live alone."],
)  # fmt: skip
def test_living_alone_is_an_attribute(extractor: RuleExtractor, text: str) -> None:
    assert ("Emi", "HAS_ATTRIBUTE", "alone", "living situation", False) in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["I don't live alone.", "I used to live alone.", "If I lived alone I would get a dog.",
     "Do you live alone?", "I could never live alone.", "I'd hate to live alone.",
     "My grandma lives alone."],
)  # fmt: skip
def test_no_other_living_alone_is_the_speakers(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[3] == "living situation"]

"""Living alone is a lasting attribute of the speaker's ("I live alone", "im living alone now",
"I've been living alone since college" -> HAS_ATTRIBUTE alone, key "living situation"); a
denial, a past, a supposition, a question or someone else's is none."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str, str | None, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """Each fact of one message by Emi to Sam."""
    return deniable_rows(extractor, text)


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

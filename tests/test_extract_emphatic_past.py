"""Chat's emphatic "did" tells a simple past: a choice, a chance or a start told with it was
carried out as one told with "decided", "managed", "started" is ("I did decide to start
playing the piano again", "I did manage to visit the Louvre", "I did start doing yoga", "I did
start working at Amazon"); a denial or a question is none, and the same deed told without
"did" reads the same."""

from __future__ import annotations

import pytest
from conftest import deniable_rows

from graph_memory.extract.rules import RuleExtractor

Row = tuple[str, str, str, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(subject, relation, object, negated) of each fact of one message by Emi to Sam."""
    return [(s, r, o, negated) for s, r, o, _, negated in deniable_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "fact"),
    [("I did decide to go to Japan.", ("Emi", "VISITED", "Japan", False)),
     ("I did manage to visit the Louvre.", ("Emi", "VISITED", "Louvre", False)),
     ("I did decide to start playing the piano again.", ("Emi", "STATES", "piano", False)),
     ("I did start doing yoga a few months ago.", ("Emi", "HAS_HOBBY", "yoga", False)),
     ("I did start working at Amazon last month.", ("Emi", "WORKS_AT", "Amazon", False)),
     ("You did manage to visit the Louvre.", ("Sam", "VISITED", "Louvre", False))],
)  # fmt: skip
def test_an_emphatic_did_carries_the_deed_out(
    extractor: RuleExtractor, text: str, fact: Row
) -> None:
    assert fact in _facts(extractor, text)


@pytest.mark.parametrize(
    ("emphatic", "plain"),
    [("I did decide to go to Japan.", "I decided to go to Japan."),
     ("I did manage to visit the Louvre.", "I managed to visit the Louvre."),
     ("I did start doing yoga a few months ago.", "I started doing yoga a few months ago.")],
)  # fmt: skip
def test_an_emphatic_did_reads_as_the_simple_past(
    extractor: RuleExtractor, emphatic: str, plain: str
) -> None:
    assert _facts(extractor, emphatic) == _facts(extractor, plain)


@pytest.mark.parametrize(
    "text",
    ["I didn't decide to go to Japan.", "Did you decide to go to Japan?",
     "I did not manage to visit the Louvre.", "I did decide to go to Japan next year."],
)  # fmt: skip
def test_no_denied_asked_or_planned_deed_is_done(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] in ("VISITED", "DID", "STATES")]

"""A work watched, read or played under a past verb that says it was done is a deed (DID, keyed
by the work's verb): one went out to do it, got to or managed to do it (carried_deeds.py), as
a work finished or tried is; a carrier that leaves it under way, ahead or denied does not."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str | None]


def _deeds(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key) of each event or open fact of one message said by Emi to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.predicate, f.triple.object.name, f.triple.key)
            for f in extractor.extract([item])[0].facts
            if f.triple.predicate in ("DID", "STATES", "VISITED", "ATTENDED", "HAS_GOAL")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # gone out to do it
        ("Last night I went to watch Killers of the Flower Moon with my husband",
         [("DID", "Killers of the Flower Moon", "watch")]),
        ("We went to play Settlers of Catan at my neighbour's house",
         [("DID", "Settlers of Catan", "play")]),
        # got to, managed to
        ("I finally got to watch Aftersun last weekend", [("DID", "Aftersun", "watch")]),
        ("I finally got to play Hades over the holidays", [("DID", "Hades", "play")]),
        ("we managed to read Middlemarch for book club", [("DID", "Middlemarch", "read")]),
        # finished and tried, as before
        ("I finished reading Piranesi on the train", [("DID", "Piranesi", "read")]),
        ("I tried playing Stardew Valley", [("DID", "Stardew Valley", "play")]),
    ],
)  # fmt: skip
def test_a_work_done_under_a_past_carrier_is_a_deed(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    assert _deeds(extractor, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        # denied or missed
        "I didn't get to watch Past Lives",
        "I never got to play Hades",
        "I was going to watch Past Lives but the tickets sold out",
        # ahead, or asked
        "I'll go to watch Past Lives with my sister",
        "Did you go to watch Past Lives?",
        # begun or kept up: under way, not done
        "I started watching Severance",
        "I kept playing Hades all night",
        # a while spent on a kind of thing is no work done
        "I've spent so many hours this month playing video games",
    ],
)
def test_a_carrier_that_leaves_the_work_undone_tells_no_deed(
    extractor: RuleExtractor, text: str
) -> None:
    assert [row for row in _deeds(extractor, text) if row[0] == "DID"] == []


"""A doing taken up, then liked as "it" ("I started playing Stardew Valley. I love it", issue
11), with sentences written for it (not the benchmark's), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I started playing Hollow Knight last week. I love it.", "Hollow Knight"),
        ("I've begun reading Dune and I'm really enjoying it.", "Dune"),
        ("I just started watching Shogun and I love it so far", "Shogun"),
    ],
)  # fmt: skip
def test_a_work_taken_up_then_liked_as_it(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert ("Emi", "PREFERS", thing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I started playing Hollow Knight but my brother loves it.",  # someone else's liking
        "I want to start reading Pachinko. I love it.",  # only wished
        "I started watching Shogun. Do you like it?",  # asked
    ],
)  # fmt: skip
def test_no_liking_of_a_work_taken_up(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []

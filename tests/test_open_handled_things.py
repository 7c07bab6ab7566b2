"""A thing moved, placed or left somewhere in passing ("I tossed my old sneakers in the trash",
"I left my keys in the car") is a moment's doing: the open fallback keeps no fact of it,
however specific the thing; a place or a work left for good, a verb made its own by a particle
and a gathering thrown stay facts (handled_things.py)."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I left Boston for good after college.", "Boston"),  # a place left
        ("I left my hometown when I was 18.", "Emi's hometown"),
        ("I set up a small bakery stand at the farmers market.", "small bakery stand"),
        ("I moved out of Seattle last spring.", "Seattle"),
        ("We threw a surprise party for my dad.", "surprise party"),
    ],
)  # fmt: skip
def test_what_is_left_for_good_or_made_stays(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[0] == "Emi" and r[2] == thing]


@pytest.mark.parametrize(
    "text",
    [
        "I tossed my old sneakers in the trash.",
        "I poured the pancake batter into the pan.",
        "I threw my camera into the lake by accident lol",
        "I left my laptop charging all night so it's at full battery.",
        "I left my umbrella in the taxi.",
        "I moved the sofa and the desk all by myself.",
        "I added some cinnamon in and it tastes great",
    ],
)  # fmt: skip
def test_a_thing_handled_in_passing_is_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("STATES", "DID")] == []


def test_a_thing_handled_as_a_habit_stays(extractor: RuleExtractor) -> None:
    # in the present, handling tells a way of doing, no moment
    rows = fact_rows(extractor, "I put in some chili flakes.")
    assert ("Emi", "STATES", "chili flake", "put in") in rows, rows

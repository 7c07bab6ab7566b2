"""An illness or a state of health told as over (had or been at a time now past) is no
current HAS_CONDITION; one had until now, still felt, or come on at that time is kept."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput


def _conditions(extractor: RuleExtractor, text: str) -> set[str]:
    """The HAS_CONDITION objects of one message said by Emi to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return {f.triple.object.name for f in extractor.extract([item])[0].facts
            if f.triple.predicate == "HAS_CONDITION"}


@pytest.mark.parametrize(
    "text",
    ["Darn, that must be annoying, I had a cold a few weeks ago",
     "I hate being sick, I was sick just a few weeks ago",
     "I had the flu last month", "I had a fever last week but I'm fine now",
     "I had a headache yesterday", "When I was little, I had asthma", "I had asthma as a kid",
     "I had the flu over the weekend", "I was sick over the weekend",
     "Back in college I had depression"],
)  # fmt: skip
def test_a_state_had_at_a_past_time_is_over(extractor: RuleExtractor, text: str) -> None:
    assert _conditions(extractor, text) == set()


@pytest.mark.parametrize(
    ("text", "condition"),
    [("I've had asthma since I was a kid", "asthma"), ("I have a cold", "cold"),
     ("I had a cold", "cold"), ("I caught a cold last week", "cold"),
     ("I broke my leg skiing last month.", "broken leg"), ("I've been sick all week.", "sick"),
     ("I was sick last week and I am still sick", "sick"),
     ("I have had migraines since last year", "migraine"),
     ("I have a cold, I got it over the weekend", "cold"),
     ("I had a great time back home and I have asthma", "asthma")],
)  # fmt: skip
def test_a_state_had_until_now_or_come_on_is_kept(
    extractor: RuleExtractor, text: str, condition: str
) -> None:
    assert condition in _conditions(extractor, text)

"""Likings and pastimes, fourth round (issue 11): classes of phrasing left open by the earlier
rounds (idioms of liking, ...), each with sentences written for it (not the benchmark's), and
the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...]) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("Jazz is right up my alley.", "PREFERS", "jazz"),
        ("Honestly, thrillers are right up my alley", "PREFERS", "thriller"),
        ("I love the cafe, and the pastries are totally up my alley.", "PREFERS", "pastry"),
        ("Hiking is totally my cup of tea.", "PREFERS", "hiking"),
        ("Opera is not my cup of tea.", "AVOIDS", "opera"),
        ("Horror movies aren't really my cup of tea.", "AVOIDS", "horror movie"),
        ("Country music is not up my alley.", "AVOIDS", "country music"),
        # the regex's objects are canonical now, as the parsed likings' are
        ("Horror movies aren't really my thing.", "AVOIDS", "horror movie"),
    ],
)  # fmt: skip
def test_an_idiom_of_liking(extractor: RuleExtractor, text: str, relation: str, thing: str) -> None:
    # a word first in the sentence may keep its capital ("Opera"): the bench compares lower-cased
    assert (relation, thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "That's right up my alley!",  # a pronoun
        "This sounds right up my alley.",  # a reaction, no thing named
        "Is jazz up your alley?",  # a question
        "If opera is up my alley, I'll buy tickets.",  # a hypothetical
        "Sam thinks opera is up my alley.",  # hearsay
        "Sam said camping isn't for me.",  # hearsay, of the dislike's regex too
        "Opera is not everyone's cup of tea.",  # not the speaker's own
    ],
)  # fmt: skip
def test_no_idiom_of_liking(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []

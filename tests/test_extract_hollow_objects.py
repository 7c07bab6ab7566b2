"""Precision sweep (issue 11): objects that name nothing identifiable, a fed-up "sick of X"
read as a condition, and a liking the parser glues to a role ("a vegan and love cooking")."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        # "different", "various": several, but which?
        ("I tried different restaurants.", "DID"),
        ("I've been exploring different neighborhoods.", "STATES"),
        ("I like a lot of different music.", "PREFERS"),
        ("I love various cuisines.", "PREFERS"),
        ("We went to random restaurants.", "STATES"),
        # a bare generic thing with "the" or "every" points back into the chat
        ("I finished the game.", "DID"),
        ("I've been watching every game.", "HAS_HOBBY"),
        # fed up with a thing is no health condition
        ("I'm sick of Netflix.", "HAS_CONDITION"),
        ("I'm sick and tired of my commute.", "HAS_CONDITION"),
        # a liking glued to the role by the parser is no role
        ("I'm a vegan and love cooking.", "IS_A"),
        # a judging modifier split by its hyphen ("well-known") is still a judgement
        ("Conor McGregor is definitely a well-known name in the MMA world.", "IS_A"),
        # "one" with adjectives alone stands for a kind named elsewhere
        ("I prefer milky ones.", "PREFERS"),
        ("My favorite is milky ones that have a brown sugar flavoring.", "PREFERS"),
        # a role with a hollow head is no role
        ("Honestly I'm also a point in my life where 10k would help a lot.", "IS_A"),
    ],
)
def test_hollow_or_misread_objects_make_no_fact(
    extractor: RuleExtractor, text: str, relation: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == relation] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the rest of the phrase says what they are: the vague word goes
        ("I've experimented with different hair colors.",
         ("Emi", "STATES", "hair color", "experiment with")),
        ("My brother has a lot of different Rubiks cubes.",
         ("Emi's brother", "STATES", "Rubiks cube", "have")),
        # a doing keeps its words
        ("I love trying different cuisines.",
         ("Emi", "PREFERS", "trying different cuisines", None)),
        # a definite thing that says what it is, and a kind with "the"
        ("I finished the board game.", ("Emi", "DID", "board game", "finish")),
        ("I love the beach.", ("Emi", "PREFERS", "beach", None)),
        # a condition stays one
        ("I've been sick all week.", ("Emi", "HAS_CONDITION", "sick", None)),
        ("I'm sick with the flu.", ("Emi", "HAS_CONDITION", "sick", None)),
        # roles and diets with "a"
        ("I'm a vegan.", ("Emi", "HAS_DIET", "vegan", None)),
        ("I'm a nurse and love hiking.", ("Emi", "IS_A", "nurse", None)),
        ("I'm a pastry chef.", ("Emi", "IS_A", "pastry chef", None)),
        # "more" says how much, not what
        ("I personally enjoy a more busy life.", ("Emi", "PREFERS", "busy life", None)),
        ("I've been eating way more greens now.", ("Emi", "PREFERS", "greens", None)),
        # a "less" is what is liked, never the thing itself
        ("I love less sugar in my coffee.", ("Emi", "PREFERS", "less sugar", None)),
        # a focus word is no part of the doing
        ("I love cooking too, especially desserts. My brother helps me.",
         ("Emi", "PREFERS", "cooking desserts", None)),
        # a count is no vague word: which museums is Rome's to say
        ("I have visited several museums in Rome.", ("Emi", "VISITED", "museum", None)),
    ],
)  # fmt: skip
def test_objects_that_say_what_they_are_stay(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)

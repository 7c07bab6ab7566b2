"""IS_A of a named third person needs a role that names a person (issue 11, precision sweep):
chat names firms, dishes, places and characters as often as people."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    "text",
    [
        "And because Michelin is a French company.",
        "Tiramisu is a classic Italian delicacy.",
        "Springs is an easy day trip from Santa Fe.",
        "When Spiderman looks at the suit, he realizes that he becomes an Avengers level guy.",
    ],
)
def test_a_thing_named_like_a_person_has_no_identity(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "IS_A"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tom is a teacher.", ("Tom", "IS_A", "teacher", None)),
        ("Tom is an athlete.", ("Tom", "IS_A", "athlete", None)),
        ("My friend Anna is a nurse.", ("Anna", "IS_A", "nurse", None)),
        ("Tom? He is a chef.", ("Tom", "IS_A", "chef", None)),
        # the chat's own people and relatives, whatever the role's word
        ("Sam is a homebody.", ("Sam", "IS_A", "homebody", None)),
        ("I'm a homebody.", ("Emi", "IS_A", "homebody", None)),
        ("I'm a vegan.", ("Emi", "IS_A", "vegan", None)),
        ("My mom is a hairdresser.", ("Emi's mom", "IS_A", "hairdresser", None)),
    ],
)
def test_people_keep_their_roles(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)

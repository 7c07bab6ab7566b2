"""Small open classes, second pass: a degree, licence or permit won is a deed done; chat's
lower-case name set right after one's own relative or pet is their name (also where the parser
makes the name the phrase's head), and a lower-case employer worked at now is the workplace."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str, str | None, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(subject, relation, object, key, negated) of each fact of a message Emi said to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.triple.key,
             f.negated) for f in extractor.extract([item])[0].facts]


# --- a degree, licence or permit won ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "won", "verb"),
    [
        ("I just got my driver's license", "driver's license", "get"),
        ("I got my master's degree", "master's degree", "get"),
        ("I finally got my license", "Emi's license", "get"),
        ("I earned my PhD last year", "Emi's phd", "earn"),
        ("I received my diploma in May", "Emi's diploma", "receive"),
    ],
)
def test_a_degree_or_licence_won_is_done(
    extractor: RuleExtractor, text: str, won: str, verb: str
) -> None:
    assert ("Emi", "DID", won, verb, False) in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I got a license plate",
        "I didn't get my license",
        "If I get my license I'll drive",
        "Did you get your license?",
        "I got my degree certificate framed",
        "I got my nails done",
    ],
)
def test_no_degree_won_without_one_won(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] == "DID" and f[3] == "get"]


def test_a_degree_hoped_for_is_a_goal(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I hope to get my degree")
    assert [f[1] for f in facts] == ["HAS_GOAL"]


# --- a lower-case name after one's own relative ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "name", "role"),
    [
        ("my sister sarah lives in ohio", "Sarah", "sister"),
        ("my son leo is 5", "Leo", "son"),
        ("my brother mike works at google", "Mike", "brother"),
        ("my husband tom and i went to paris", "Tom", "husband"),
    ],
)
def test_a_lowercase_name_after_ones_relative_is_their_name(
    extractor: RuleExtractor, text: str, name: str, role: str
) -> None:
    assert ("Emi", "HAS_RELATIVE", name, role, False) in _facts(extractor, text)


def test_the_named_relative_is_the_subject_of_the_clause(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "my brother mike works at google")
    assert ("Mike", "WORKS_AT", "google", None, False) in facts


@pytest.mark.parametrize(
    ("text", "role"),
    [("your sister sarah is nice", "sister"), ("my sister lol", "sister")],
)
def test_no_lowercase_name_but_after_ones_own_relative(
    extractor: RuleExtractor, text: str, role: str
) -> None:
    relatives = [f for f in _facts(extractor, text) if f[1] == "HAS_RELATIVE"]
    assert all(f[2] == role for f in relatives)


def test_a_possessive_without_its_apostrophe_names_no_relative(extractor: RuleExtractor) -> None:
    assert not _facts(extractor, "This is my friends cat btw")


# --- a lower-case employer -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "employer"),
    [
        ("i work at deloitte", "deloitte"),
        ("i work at mcdonalds", "mcdonalds"),
        ("im working at starbucks now", "starbucks"),
    ],
)
def test_a_lowercase_employer_worked_at_now_is_the_workplace(
    extractor: RuleExtractor, text: str, employer: str
) -> None:
    assert ("Emi", "WORKS_AT", employer, None, False) in _facts(extractor, text)


def test_a_relatives_lowercase_employer_is_theirs(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "my mom works at walmart")
    assert ("Emi's mom", "WORKS_AT", "walmart", None, False) in facts


@pytest.mark.parametrize(
    "text",
    [
        "i worked at target",
        "i used to work at target",
        "i dont work at target",
        "i work at home",
        "do you work at target?",
        "I worked at a barbecue restaurant",
    ],
)
def test_no_lowercase_employer_but_one_worked_at_now(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] == "WORKS_AT" and not f[4]]


# --- a lower-case name the parser made the head of one's own role -----------------------------


@pytest.mark.parametrize(
    ("text", "row"),
    [
        ("my dog max is sick", ("Emi", "HAS_PET", "Max", "dog", False)),
        ("i love my dog max", ("Emi", "HAS_PET", "Max", "dog", False)),
        ("my boyfriend jake is great", ("Emi", "HAS_RELATIVE", "Jake", "boyfriend", False)),
    ],
)
def test_a_lowercase_name_headed_over_ones_role_is_its_name(
    extractor: RuleExtractor, text: str, row: Row
) -> None:
    assert row in _facts(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["my cat toys are everywhere", "my dog food is expensive", "my dog park is closed"],
)
def test_a_thing_of_ones_pet_names_no_pet(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[1] == "HAS_PET" and f[2][:1].isupper()]

"""Facts said of the speaker together with another (issue 11): "my husband and I", "Brad and
I", "me and my mom" give the partner the fact too, where the partner is someone the memory can
name; unnamed friends, questions, conditionals and the day's moments give nobody anything."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "partner", "relation", "thing"),
    [
        ("My husband and I love hiking.", "Emi's husband", "PREFERS", "hiking"),
        ("Brad and I like to go for walks.", "Brad", "PREFERS", "go for walks"),
        ("Me and my brother love hiking.", "Emi's brother", "PREFERS", "hiking"),
        ("My sister and I live in Ohio.", "Emi's sister", "LIVES_IN", "Ohio"),
        ("Today me and my mom cooked lasagna together.", "Emi's mom", "DID", "lasagna"),
    ],
)  # fmt: skip
def test_a_pair_shares_the_fact(
    extractor: RuleExtractor, text: str, partner: str, relation: str, thing: str
) -> None:
    rows = [(r[0], r[1], r[2].lower()) for r in fact_rows(extractor, text)]
    assert ("Emi", relation, thing.lower()) in rows
    assert (partner, relation, thing.lower()) in rows


@pytest.mark.parametrize(
    "text",
    [
        "My friends and I love hiking.",  # unnamed friends: nobody the memory can name
        "You and I love hiking.",  # the addressee's own fact is not said here
        "My wife and I went to dinner.",  # a moment of the day
        "Do my husband and I like hiking?",  # a question
        "If my husband and I had money we would buy a boat.",  # a hypothetical
    ],
)  # fmt: skip
def test_no_fact_for_the_partner(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert not [r for r in rows if r[0] not in ("Emi",) and r[1] != "HAS_RELATIVE"]


@pytest.mark.parametrize(
    "text", ["My husband and I have two kids.", "My husband and I have two dogs."]
)
def test_what_a_pair_has_stays_the_speakers(extractor: RuleExtractor, text: str) -> None:
    # the kids, the dogs: stored once, the speaker's (the guidelines' labels)
    rows = fact_rows(extractor, text)
    assert any(r[0] == "Emi" and r[1] in ("HAS_RELATIVE", "HAS_PET") and "two" in r[2]
               for r in rows)
    assert not [r for r in rows if r[0] == "Emi's husband"]


@pytest.mark.parametrize(
    ("text", "subject", "thing"),
    [
        ("It's exciting that your best friend has an internship in San Francisco!",
         "Sam's best friend", "internship"),
        ("It's great that your sister plays on a soccer team.", "Sam's sister", "soccer team"),
    ],
)  # fmt: skip
def test_the_addressees_relative_states_a_fact(
    extractor: RuleExtractor, text: str, subject: str, thing: str
) -> None:
    rows = fact_rows(extractor, text)
    assert (subject, "STATES", thing) in [(r[0], r[1], r[2]) for r in rows]


@pytest.mark.parametrize(
    "text",
    [
        "It's great that your friend has an internship in Paris.",  # an unnamed friend
        "Your sister plays in a band.",  # said outright: a recall or a guess of the speaker's
        "Did your sister get an internship?",  # a question
        "If your brother got an internship he would move.",  # a condition
        "I think your mom has a great recipe.",  # the speaker's guess
        "Your partner will do things you don't want them to.",  # advice, a modal
    ],
)  # fmt: skip
def test_no_open_fact_for_the_addressees_people(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert not [r for r in rows if r[1] == "STATES"]

"""Facts about the speaker's relatives (issue 11, the guidelines' Subjects): a relative's
recommendation is a liking of theirs, with sentences written for it (not the benchmark's),
and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "subject", "thing"),
    [
        ("My brother also highly recommends the Spider-Man games.", "Emi's brother",
         "spider-man game"),
        ("my mom always recommends ginger tea for colds", "Emi's mom", "ginger tea"),
        ("My sister has been recommending Orange for years.", "Emi's sister", "orange"),
        ("My husband Tom recommends Thai food to everyone.", "Tom", "thai food"),
        ("My dad is a chef and he recommends Thai food.", "Emi's dad", "thai food"),
    ],
)  # fmt: skip
def test_a_relatives_recommendation_is_their_liking(
    extractor: RuleExtractor, text: str, subject: str, thing: str
) -> None:
    rows = [(r[0], r[1], r[2].lower()) for r in fact_rows(extractor, text)]
    assert (subject, "PREFERS", thing) in rows


@pytest.mark.parametrize(
    "text",
    [
        "I highly recommend Dune.",  # advice to the one spoken to
        "You recommend Dune?",
        "Sam recommends Dune.",  # a bare name: a critic as often as a friend
        "My mom recommended a book to me yesterday.",  # once, no standing liking
        "My brother recommends it.",  # a pronoun
        "My dad recommends the place.",  # the chat's place
        "My sister doesn't recommend the Hilton.",  # no liking stated
        "Does your brother recommend Dune?",  # a question
        "My brother might recommend Dune.",  # a guess
    ],
)  # fmt: skip
def test_no_liking_from_other_recommendations(extractor: RuleExtractor, text: str) -> None:
    assert "PREFERS" not in [r[1] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I love Spider-Man games as well as god of war", "god of war"),
        ("I love lord of the rings", "lord of the rings"),
    ],
)  # fmt: skip
def test_a_lowercase_title_keeps_its_of(extractor: RuleExtractor, text: str, thing: str) -> None:
    # "god of war" (a title the small model tags a proper noun) is no "god"
    rows = fact_rows(extractor, text)
    assert ("Emi", "PREFERS", thing, None) in rows
    assert ("Emi", "PREFERS", thing.split()[0], None) not in rows


def test_a_common_noun_of_stays_cut(extractor: RuleExtractor) -> None:
    # only a lower-case proper noun's "of" part is the title's: "a cup of coffee" is coffee
    assert ("Emi", "PREFERS", "coffee", None) in fact_rows(extractor, "I love a cup of coffee")


@pytest.mark.parametrize(
    ("text", "subject", "thing"),
    [
        ("I listen to jazz", "Emi", "jazz"),
        ("I listen to jazz sometimes.", "Emi", "jazz"),
        ("My sister listens to country.", "Emi's sister", "country"),
    ],
)  # fmt: skip
def test_what_one_listens_to_is_a_liking(
    extractor: RuleExtractor, text: str, subject: str, thing: str
) -> None:
    # the small model reads "to jazz" as an infinitive (listened_to.py mends it)
    rows = [(r[0], r[1], r[2].lower()) for r in fact_rows(extractor, text)]
    assert (subject, "PREFERS", thing) in rows


@pytest.mark.parametrize(
    "text",
    [
        "I listen to relax.",  # a purpose, no thing listened to
        "I'm listening to jazz right now.",  # the moment's
        "Do you listen to jazz?",  # a question
    ],
)  # fmt: skip
def test_no_liking_from_other_listening(extractor: RuleExtractor, text: str) -> None:
    assert "PREFERS" not in [r[1] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("My best friend has an internship in San Francisco.", "STATES", "internship"),
        ("My best friend launched a new business.", "DID", "new business"),
    ],
)  # fmt: skip
def test_a_best_friends_own_doings(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    # a best friend counts as someone (the guidelines' HAS_RELATIVE), so the open facts are theirs
    rows = [(r[0], r[1], r[2].lower()) for r in fact_rows(extractor, text)]
    assert ("Emi's best friend", relation, thing) in rows


@pytest.mark.parametrize(
    "text",
    [
        "My best friend might adopt a cat.",  # a guess
        "Does your best friend have an internship?",  # a question
        "If my best friend launched a business, I would help.",  # a hypothetical
    ],
)  # fmt: skip
def test_no_open_fact_of_a_best_friend_unstated(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[0] != "Emi"]

"""Open classes of recall: a work under way liked now ("I'm reading Dune and I love it"); a
school year the parser reads as an adjective before a doing of study ("I'm a junior studying
biology"); a performer seen in concert ("I saw Coldplay in concert": the concert attended); a
school graduated from that the small model tags a place ("I graduated from Stanford"). A
thing made and liked, someone else's liking, a denial, a plan, a past role, a high school and
a place seen are none of these."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm reading Dune and I love it.", ("Emi", "PREFERS", "Dune", None)),
        ("I'm currently watching Severance and I love it.", ("Emi", "PREFERS", "Severance", None)),
        ("I'm reading Dune and loving it.", ("Emi", "PREFERS", "Dune", None)),
        ("I'm watching Severance. I love it.", ("Emi", "PREFERS", "Severance", None)),
        ("I'm reading Dune and I don't like it.", ("Emi", "AVOIDS", "Dune", None)),
        ("I'm reading Dune and I hate it.", ("Emi", "AVOIDS", "Dune", None)),
    ],
)  # fmt: skip
def test_a_work_under_way_liked_now_is_liked(extractor: RuleExtractor, text: str,
                                             expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm making a cake and I love it.",  # no work taken in: the cake is the day's
        "I'm reading Dune and my son loves it.",  # someone else's liking
        "I'm reading Dune and I love how it ends.",  # "it" is not what is loved
        "Are you reading Dune and loving it?",  # a question
    ],
)
def test_no_liking_of_a_thing_under_way_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] in ("PREFERS", "AVOIDS") for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a junior studying biology.",
         [("Emi", "IS_A", "junior", None), ("Emi", "STUDIES", "biology", None)]),
        ("I'm a senior majoring in economics.",
         [("Emi", "IS_A", "senior", None), ("Emi", "STUDIES", "economics", None)]),
        ("I'm a senior studying law at Yale.",
         [("Emi", "IS_A", "senior", None), ("Emi", "STUDIES", "law", None),
          ("Emi", "STUDIES_AT", "Yale", None)]),
        ("I'm a junior minoring in French at NYU.",
         [("Emi", "STUDIES", "French", None), ("Emi", "STUDIES_AT", "NYU", None)]),
    ],
)  # fmt: skip
def test_a_school_year_before_a_doing_of_study(extractor: RuleExtractor, text: str,
                                               expected: list[Row]) -> None:
    rows = fact_rows(extractor, text)
    for row in expected:
        assert row in rows
    assert not any("studying" in r[2] or "majoring" in r[2] for r in rows)


@pytest.mark.parametrize(
    "text",
    [
        "I was a junior studying biology.",  # a past role
        "Are you a senior majoring in economics?",  # a question
        "I'm not a senior majoring in economics.",  # a denial
    ],
)
def test_no_study_from_a_school_year_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] == "STUDIES" for r in fact_rows(extractor, text))


def test_a_senior_role_of_work_is_left_as_it_was(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I'm a senior software engineer.")
    assert ("Emi", "IS_A", "senior software engineer", None) in rows


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I saw Coldplay in concert last year.", ("Emi", "ATTENDED", "Coldplay concert", None)),
        ("I went to see Taylor Swift in concert.",
         ("Emi", "ATTENDED", "Taylor Swift concert", None)),
        ("I've seen Metallica in concert twice.", ("Emi", "ATTENDED", "Metallica concert", None)),
    ],
)  # fmt: skip
def test_a_performer_seen_in_concert_is_a_concert_attended(extractor: RuleExtractor, text: str,
                                                           expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I've never seen Coldplay in concert.",  # a denial
        "I'm going to see Coldplay in concert next week.",  # a plan
        "I saw Dune in theaters.",  # no concert
        "Did you see Coldplay in concert?",  # a question
    ],
)
def test_no_concert_attended_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] == "ATTENDED" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I graduated from Stanford last year.", ("Emi", "STUDIES_AT", "Stanford", None)),
        ("I graduated from Berkeley.", ("Emi", "STUDIES_AT", "Berkeley", None)),
        ("I graduated from UCLA.", ("Emi", "STUDIES_AT", "UCLA", None)),
    ],
)  # fmt: skip
def test_a_school_graduated_from_is_studied_at(extractor: RuleExtractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I graduated from high school in Ohio.",  # no named school
        "Did you graduate from Stanford?",  # a question
        "I'm going to graduate from Stanford next year.",  # ahead
    ],
)
def test_no_school_graduated_from_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] == "STUDIES_AT" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm halfway through Dune.", ("Emi", "STATES", "Dune", "halfway through")),
        ("I'm halfway through the first season of Severance.",
         ("Emi", "STATES", "Severance", "halfway through")),
        ("I'm almost halfway through Pachinko and loving it.",
         ("Emi", "STATES", "Pachinko", "halfway through")),
    ],
)  # fmt: skip
def test_a_work_one_is_halfway_through_is_under_way(extractor: RuleExtractor, text: str,
                                                    expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I was halfway through the movie when the power went out.",  # a moment told
        "I'm halfway through it.",  # a pronoun
        "Are you halfway through Dune?",  # a question
        "I'm not halfway through Dune yet.",  # a denial
        "I'm halfway through my shift.",  # the round of a day
    ],
)
def test_nothing_halfway_through_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[3] == "halfway through" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I loved breaking bad.", ("Emi", "PREFERS", "breaking bad", None)),  # a title, lower case
        ("I love eating healthy.", ("Emi", "PREFERS", "eating healthy", None)),
        ("I love staying fit.", ("Emi", "PREFERS", "staying fit", None)),
        ("I love breaking bad habits.", ("Emi", "PREFERS", "breaking bad habits", None)),
    ],
)  # fmt: skip
def test_a_gerund_liked_keeps_its_bare_complement(extractor: RuleExtractor, text: str,
                                                  expected: Row) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert not any(r[1] == "PREFERS" and r[2] in ("breaking", "eating", "staying") for r in rows)


@pytest.mark.parametrize(
    "text",
    [
        "I love feeling good.",  # a linking verb's state: no doing, and no bare "feeling"
        "I hate getting sick.",
        "Do you like eating healthy?",  # a question
    ],
)
def test_no_liking_of_a_linking_gerund_or_a_question(extractor: RuleExtractor,
                                                     text: str) -> None:
    assert not any(r[1] in ("PREFERS", "AVOIDS") for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have a sister who works at Google.", ("Emi's sister", "WORKS_AT", "Google", None)),
        ("I have a younger brother who lives in Denver.",
         ("Emi's younger brother", "LIVES_IN", "Denver", None)),
        ("My sister, who lives in Ohio, is a nurse.", ("Emi's sister", "LIVES_IN", "Ohio", None)),
        ("My husband Tom, who works at Google, loves hiking.", ("Tom", "WORKS_AT", "Google", None)),
        ("I have two kids who love soccer.", ("Emi's kids", "PREFERS", "soccer", None)),
    ],
)  # fmt: skip
def test_a_relative_clause_tells_of_its_person(extractor: RuleExtractor, text: str,
                                               expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't have a sister who works at Google.",  # no one
        "I have a friend who lives in Ohio.",  # an unnamed friend: no one we can name
        "I met a guy who works at Google.",
        "I know someone who lives in Paris.",
        "Do I have a sister who works at Google?",  # a question
    ],
)
def test_no_fact_of_a_relative_clause_on_no_one(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] in ("WORKS_AT", "LIVES_IN") for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I'm married.", "married"),
        ("I got married last year.", "married"),
        ("We just got engaged!", "engaged"),
        ("I'm recently divorced.", "divorced"),
        ("I'm single.", "single"),
        ("We're engaged!", "engaged"),
        ("My wife and I have been married for 10 years.", "married"),
        ("I've been single for a while.", "single"),
    ],
)
def test_a_relationship_status_told(extractor: RuleExtractor, text: str, value: str) -> None:
    assert ("Emi", "HAS_ATTRIBUTE", value, "relationship status") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm not married.",  # denied
        "When I got married, we moved to Ohio.",  # a time, no status now
        "I'm engaged in a big project.",  # engaged in a thing
        "I'm single-handedly running the team.",
        "My sister got married last year.",  # someone else's
        "I've been separated from my group.",  # no partner's
        "Are you married?",  # a question
    ],
)
def test_no_relationship_status_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[3] == "relationship status" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have a 5 year old daughter.", ("Emi", "HAS_RELATIVE", "daughter", "daughter")),
        ("My 10 year old daughter plays soccer.", ("Emi's daughter", "HAS_HOBBY", "soccer", None)),
        ("I have a 3 year old son and a 6 year old daughter.",
         ("Emi", "HAS_RELATIVE", "son", "son")),
        ("I have a 6 month old puppy.", ("Emi", "HAS_PET", "puppy", "puppy")),
    ],
)  # fmt: skip
def test_an_age_is_no_part_of_a_role(extractor: RuleExtractor, text: str,
                                     expected: Row) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert not any("old" in r[2] or (r[3] or "").startswith("old") for r in rows)


def test_an_old_friend_keeps_its_role_word(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "My old friend Tom lives in Ohio.")
    assert ("Emi", "HAS_RELATIVE", "Tom", "old friend") in rows


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have type 1 diabetes.", ("Emi", "HAS_CONDITION", "type 1 diabetes", None)),
        ("I have type 1 diabetes and asthma.", ("Emi", "HAS_CONDITION", "asthma", None)),
        ("My dad has stage 3 cancer.", ("Emi's dad", "HAS_CONDITION", "stage 3 cancer", None)),
        ("I was diagnosed with type 2 diabetes.",
         ("Emi", "HAS_CONDITION", "type 2 diabetes", None)),
    ],
)  # fmt: skip
def test_a_kind_named_by_its_number_is_had(extractor: RuleExtractor, text: str,
                                           expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I bought 3 books.", "book"),  # a count still goes
        ("I have two kids.", "two kids"),  # a role keeps its count, as before
    ],
)
def test_a_count_is_no_numbered_kind(extractor: RuleExtractor, text: str, name: str) -> None:
    assert name in [r[2] for r in fact_rows(extractor, text)]


def test_a_numbered_kind_denied_is_no_condition(extractor: RuleExtractor) -> None:
    assert ("Emi", "HAS_CONDITION", "type 1 diabetes", None) not in fact_rows(
        extractor, "I don't have type 1 diabetes.")


@pytest.mark.parametrize(
    ("text", "school"),
    [
        ("I'm in my final year of college.", "college"),
        ("I'm in my second year at NYU.", "NYU"),
        ("I'm in my third year of med school.", "med school"),
        ("Im in my last year at Stanford University and loving it", "Stanford University"),
    ],
)
def test_a_year_of_school_one_is_in(extractor: RuleExtractor, text: str, school: str) -> None:
    assert ("Emi", "STUDIES_AT", school, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "When I was in my first year of college, I lived in a dorm.",  # a past time
        "I'm in my final year of the program.",  # no school
        "Are you in your final year of college?",  # a question
    ],
)
def test_no_school_from_a_year_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[1] == "STUDIES_AT" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I hate waking up early.", ("Emi", "AVOIDS", "waking up early", None)),
        ("I don't like waking up early.", ("Emi", "AVOIDS", "waking up early", None)),
        ("I love staying up late.", ("Emi", "PREFERS", "staying up late", None)),
        ("I hate waking up.", ("Emi", "AVOIDS", "waking up", None)),
    ],
)  # fmt: skip
def test_a_doing_of_the_days_hours_is_liked_with_its_hour(extractor: RuleExtractor, text: str,
                                                          expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_waking_up_to_a_thing_is_no_liking_of_waking_up(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I love waking up to the sound of rain.")
    assert ("Emi", "PREFERS", "waking up", None) not in rows


def test_a_doing_liked_early_keeps_no_hour_without_its_particle(extractor: RuleExtractor) -> None:
    assert ("Emi", "PREFERS", "hiking", None) in fact_rows(extractor, "I love hiking early.")


@pytest.mark.parametrize(
    ("text", "kids"),
    [
        ("I'm a mom of three.", "three kids"),
        ("I'm a proud father of two kids.", "two kids"),
        ("I'm a dad of 3 and I love it.", "3 kids"),
        ("I'm a mother of four boys.", "four kids"),
    ],
)
def test_a_parent_of_a_number_has_that_many_kids(extractor: RuleExtractor, text: str,
                                                 kids: str) -> None:
    assert ("Emi", "HAS_RELATIVE", kids, "kids") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm a mom of two dogs.",  # pets, no kids
        "I'm a mom of two cats lol",
        "Are you a mom of three?",  # a question
    ],
)
def test_no_kids_from_a_parent_of_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not any(r[3] == "kids" for r in fact_rows(extractor, text))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I coach soccer.", ("Emi", "STATES", "soccer", "coach")),
        ("I also coach soccer on weekends.", ("Emi", "STATES", "soccer", "coach")),
        ("I foster kittens.", ("Emi", "STATES", "kitten", "foster")),
    ],
)  # fmt: skip
def test_a_verb_read_as_its_objects_modifier_is_the_verb(extractor: RuleExtractor, text: str,
                                                         expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love pizza.", ("Emi", "PREFERS", "pizza", None)),  # the liking words, as before
        ("I really like yellow.", ("Emi", "PREFERS", "yellow", None)),
    ],
)  # fmt: skip
def test_a_liking_read_under_its_object_is_unchanged(extractor: RuleExtractor, text: str,
                                                     expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_no_verb_made_of_a_name(extractor: RuleExtractor) -> None:
    assert fact_rows(extractor, "I Tom.") == []

"""Health statements the condition list cannot name (issue 11): an injury done to one's own
body part ("I hurt my back") and a pain of a body part one has ("I got some neck pain"), each
with sentences written for it (not the benchmark's), and the near misses that stay out: a
question, a conditional, a denial, a fear, someone else's body, a pain over or long past, a
haircut."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


def _conditions(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(r[0], r[2]) for r in fact_rows(extractor, text) if r[1] == "HAS_CONDITION"]


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("I hurt my back at work.", "hurt back"),
        ("I slipped on the stairs and hurt my lower back.", "hurt lower back"),
        ("I sprained my ankle playing basketball.", "sprained ankle"),
        ("I twisted my knee yesterday.", "twisted knee"),
        ("I burned my hand on the stove.", "burned hand"),
        ("I pulled my hamstring last week.", "pulled hamstring"),
    ],
)  # fmt: skip
def test_an_injury_to_ones_own_body_part(
    extractor: RuleExtractor, text: str, condition: str
) -> None:
    assert ("Emi", condition) in _conditions(extractor, text)


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("I got some neck pain from sleeping weird.", "neck pain"),
        ("I have really bad pain in my ears.", "ear pain"),
        ("I have pain in both of my knees.", "knee pain"),
        ("Yoga helped a lot with my back pain.", "back pain"),
        ("I've had shoulder pain for years.", "shoulder pain"),
    ],
)  # fmt: skip
def test_a_pain_of_a_body_part(extractor: RuleExtractor, text: str, condition: str) -> None:
    assert ("Emi", condition) in _conditions(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Did you hurt your back?",  # a question
        "If I hurt my back again I'll quit.",  # a conditional
        "I didn't hurt my knee, luckily.",  # denied
        "I'm afraid I'll sprain my ankle on those stairs.",  # a fear
        "I might twist my ankle in these shoes.",  # a maybe
        "I cut my hair yesterday.",  # grooming, no injury
        "My back pain went away after the massage.",  # over
        "I had bad stomach pains two weeks ago.",  # past
        "Do you have back pain?",  # a question
        "I'm so tired today.",  # a passing state
    ],
)  # fmt: skip
def test_no_condition_of_the_speaker(extractor: RuleExtractor, text: str) -> None:
    assert _conditions(extractor, text) == []


def test_someone_elses_injury_stays_theirs(extractor: RuleExtractor) -> None:
    # no rule here reads "her back": the sister's injury is no condition of the speaker's
    found = _conditions(extractor, "My sister hurt her back lifting boxes.")
    assert ("Emi", "hurt back") not in found


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("I tested positive for covid.", "covid"),
        ("I just tested positive for the flu yesterday.", "flu"),
        ("I took another test, turns out im covid positive", "covid"),
    ],
)  # fmt: skip
def test_a_positive_test(extractor: RuleExtractor, text: str, condition: str) -> None:
    assert ("Emi", condition) in _conditions(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Did you test positive for covid?",  # a question
        "If I tested positive for covid I would stay home.",  # a conditional
        "I tested negative for covid.",  # none found
    ],
)  # fmt: skip
def test_no_positive_test(extractor: RuleExtractor, text: str) -> None:
    assert _conditions(extractor, text) == []


def test_someone_elses_positive_test_stays_theirs(extractor: RuleExtractor) -> None:
    assert ("Emi", "covid") not in _conditions(extractor, "My sister tested positive for covid.")


@pytest.mark.parametrize(
    ("text", "course"),
    [
        ("I'm registering for a pottery class.", "pottery class"),
        ("I'm enrolling in two statistics courses.", "statistics course"),
    ],
)  # fmt: skip
def test_a_course_being_enrolled_in(extractor: RuleExtractor, text: str, course: str) -> None:
    assert ("STUDIES", course) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I'm enrolling in a class next semester.",  # a plan
        "Are you enrolling in any classes?",  # a question
    ],
)  # fmt: skip
def test_no_course_being_enrolled_in(extractor: RuleExtractor, text: str) -> None:
    assert "STUDIES" not in [r[1] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("My back has been killing me.", "back pain"),
        ("My knees have been hurting for weeks.", "knee pain"),
        ("Ugh, my ear is still in pain.", "ear pain"),
        ("My shoulder is still sore from the fall.", "shoulder pain"),
    ],
)  # fmt: skip
def test_a_lasting_pain_of_a_body_part(
    extractor: RuleExtractor, text: str, condition: str
) -> None:
    assert ("Emi", condition) in _conditions(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "My arms really hurt right now.",  # a passing state
        "My feet hurt after that hike.",  # a passing state
        "Is your back still sore?",  # a question
        "If my back is still sore tomorrow I'll see a doctor.",  # a conditional
        "This game has been killing me.",  # no body part
        "My sister's back has been killing her.",  # hers
    ],
)  # fmt: skip
def test_no_lasting_pain(extractor: RuleExtractor, text: str) -> None:
    assert [c for c in _conditions(extractor, text) if c[0] == "Emi"] == []


@pytest.mark.parametrize(
    ("text", "course"),
    [
        ("Today in math class, we learned about derivatives.", "math class"),
        ("Today I had a really long chemistry class.", "chemistry class"),
        ("I have a biology class at 9.", "biology class"),
    ],
)  # fmt: skip
def test_a_school_subjects_class_of_the_day(
    extractor: RuleExtractor, text: str, course: str
) -> None:
    assert ("STUDIES", course) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I had a yoga class today.",  # a pastime's class
        "I had a math class in high school that I hated.",  # long past
        "It was the easiest math class that I took at university.",  # past: DID
        "Do you have a math class today?",  # a question
        "If I had a chemistry class today I would skip it.",  # a conditional
        "I teach a math class.",  # a teacher's class
        "In math class the students were loud.",  # not the speaker's doing
    ],
)  # fmt: skip
def test_no_school_subjects_class(extractor: RuleExtractor, text: str) -> None:
    assert "STUDIES" not in [r[1] for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("I have a stomach ache.", "stomach ache"),
        ("I got a bad stomach ache after lunch", "stomach ache"),
        ("I have a toothache.", "toothache"),
        ("I've had a stomach ache all day.", "stomach ache"),
    ],
)  # fmt: skip
def test_an_ache_had_now(extractor: RuleExtractor, text: str, condition: str) -> None:
    assert ("Emi", condition) in _conditions(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I had a stomach ache last week.",  # over
        "Do you have a stomach ache?",  # a question
        "I have a back massage tomorrow.",  # no ache
    ],
)  # fmt: skip
def test_no_ache_had_now(extractor: RuleExtractor, text: str) -> None:
    assert _conditions(extractor, text) == []

"""Paraphrases of the written classes of issue 11 (items 2-4), as a different user would type
them: other verbs, other word order, other names, contractions, lower case, a fronted time
phrase. Each case is scored by the benchmark's own match rule (bench/extraction_scoring.py):
the facts extracted must be exactly the expected ones (every expected fact found, nothing
else), and a negative (question, hypothetical, someone else's claim) must give no fact. The
real extractor (conftest's) reads each message as said by Emi to Sam on Wednesday
2024-03-13; a time is checked as the write path grounds it (extract/when.py `occurred`)."""

from __future__ import annotations

import sys
from datetime import UTC, date, datetime
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from extraction_scoring import Fact, match_facts, predicted_facts  # bench/: on sys.path above

from graph_memory.extract.base import Extractor
from graph_memory.extract.when import occurred
from graph_memory.models import ExtractionInput

SAID_AT = datetime(2024, 3, 13, 10, 0, tzinfo=UTC)  # a Wednesday

# (subject, relation or relations separated by "|", object, key or None)
Gold = tuple[str, str, str, str | None]


def gap(reason: str) -> pytest.MarkDecorator:
    """A paraphrase the rules still miss: it must fail (strict), so a fix shows."""
    return pytest.mark.xfail(strict=True, reason=f"known gap: {reason}")


def _extract(extractor: Extractor, text: str) -> list[Fact]:
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam", timestamp=SAID_AT)
    return predicted_facts(extractor.extract([item])[0])


def _gold(row: Gold, negated: bool = False) -> Fact:
    subject, relations, obj, key = row
    return Fact(subject, tuple(relations.split("|")), obj, key, None, negated)


def assert_exactly(extractor: Extractor, text: str, expected: list[Gold],
                   negated: bool = False) -> None:
    gold = [_gold(row, negated) for row in expected]
    found = _extract(extractor, text)
    pairs = match_facts(gold, found)
    missing = [gold[i].label() for i in range(len(gold)) if i not in {g for g, _ in pairs}]
    extra = [found[j].label() for j in range(len(found)) if j not in {p for _, p in pairs}]
    assert (missing, extra) == ([], []), f"{text!r}: missing {missing}, extra {extra}"


CONSTRAINTS: list[tuple[str, list[Gold]]] = [
    ("i'm allergic to peanuts and shellfish",
     [("Emi", "ALLERGIC_TO", "peanut", None), ("Emi", "ALLERGIC_TO", "shellfish", None)]),
    ("I am allergic to shrimp, dust and cats.",
     [("Emi", "ALLERGIC_TO", "shrimp", None), ("Emi", "ALLERGIC_TO", "dust", None),
      ("Emi", "ALLERGIC_TO", "cat", None)]),
    ("Tom is allergic to shellfish.", [("Tom", "ALLERGIC_TO", "shellfish", None)]),
    ("My husband Tom is allergic to eggs.",
     [("Tom", "ALLERGIC_TO", "egg", None), ("Emi", "HAS_RELATIVE", "Tom", "husband")]),
    ("Because you're allergic to gluten, I made rice noodles.",
     [("Sam", "ALLERGIC_TO", "gluten", None), ("Emi", "DID", "rice noodle", None)]),
    ("I have a peanut allergy.", [("Emi", "ALLERGIC_TO", "peanut", None)]),
    ("I'm vegan.", [("Emi", "HAS_DIET", "vegan", None)]),
    ("My wife is vegetarian and I'm vegan.",
     [("Emi's wife", "HAS_DIET", "vegetarian", None), ("Emi", "HAS_DIET", "vegan", None),
      ("Emi", "HAS_RELATIVE", "wife", "wife")]),
    ("We keep halal.", [("Emi", "HAS_DIET", "halal", None)]),
    ("I never eat pork.", [("Emi", "AVOIDS", "pork", None)]),
    ("I don't drink alcohol.", [("Emi", "AVOIDS", "alcohol", None)]),
    ("i can't stand cilantro", [("Emi", "AVOIDS", "cilantro", None)]),
    ("I hate mushrooms and olives.",
     [("Emi", "AVOIDS", "mushroom", None), ("Emi", "AVOIDS", "olive", None)]),
]


@pytest.mark.parametrize(("text", "expected"), CONSTRAINTS)
def test_constraints_and_avoidances(extractor: Extractor, text: str,
                                    expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm no longer vegetarian.", [("Emi", "HAS_DIET", "vegetarian", None)]),
        ("I don't work at Google anymore.", [("Emi", "WORKS_AT", "Google", None)]),
        ("i'm not vegan anymore", [("Emi", "HAS_DIET", "vegan", None)]),
    ],
)
def test_a_denied_state_is_negated(extractor: Extractor, text: str,
                                   expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected, negated=True)


PREFERENCES: list[tuple[str, list[Gold]]] = [
    ("I'd prefer plan B.", [("Emi", "PREFERS", "plan B", None)]),
    ("i prefer option A over option D",
     [("Emi", "PREFERS", "option A", None), ("Emi", "AVOIDS", "option D", None)]),
    ("For dinner I like pasta with pesto.", [("Emi", "PREFERS", "pasta with pesto", "dinner")]),
    ("I prefer a window seat on long flights.",
     [("Emi", "PREFERS", "window seat", "long flight")]),
    ("For backend work I prefer Go.", [("Emi", "PREFERS", "Go", "backend work")]),
    ("I prefer Python for data science.", [("Emi", "PREFERS", "Python", "data science")]),
    ("When it comes to backend work, I prefer Go.",
     [("Emi", "PREFERS", "Go", "backend work")]),
    ("I love pizza, tacos and curry.",
     [("Emi", "PREFERS", "pizza", None), ("Emi", "PREFERS", "taco", None),
      ("Emi", "PREFERS", "curry", None)]),
    ("i really like jazz and blues",
     [("Emi", "PREFERS", "jazz", None), ("Emi", "PREFERS", "blues", None)]),
    ("My favorite color is green.",
     [("Emi", "PREFERS|HAS_ATTRIBUTE", "green", "favorite color")]),
    ("My favourite food is sushi.",
     [("Emi", "PREFERS|HAS_ATTRIBUTE", "sushi", "favourite food")]),
    ("My daughter Mia loves horses.",
     [("Mia", "PREFERS", "horse", None), ("Emi", "HAS_RELATIVE", "Mia", "daughter")]),
    ("Tom loves jazz.", [("Tom", "PREFERS", "jazz", None)]),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES)
def test_preferences(extractor: Extractor, text: str, expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected)


IDENTITY_AND_PEOPLE: list[tuple[str, list[Gold]]] = [
    ("I'm a nurse.", [("Emi", "IS_A", "nurse", None)]),
    ("I am a PhD student in chemistry.",
     [("Emi", "IS_A", "PhD student", None), ("Emi", "STUDIES", "chemistry", None)]),
    ("I work as a nurse.", [("Emi", "IS_A", "nurse", None)]),
    ("I'm an accountant at KPMG.",
     [("Emi", "IS_A", "accountant", None), ("Emi", "WORKS_AT", "KPMG", None)]),
    ("i'm a junior at UCLA",
     [("Emi", "IS_A", "junior", None), ("Emi", "STUDIES_AT", "UCLA", None)]),
    ("My mom is a nurse at Mercy Hospital.",
     [("Emi's mom", "IS_A", "nurse", None), ("Emi's mom", "WORKS_AT", "Mercy Hospital", None),
      ("Emi", "HAS_RELATIVE", "mom", "mom")]),
    ("I'm originally from Brazil.", [("Emi", "FROM", "Brazil", None)]),
    ("I come from Poland.", [("Emi", "FROM", "Poland", None)]),
    ("I grew up in Texas, but now I live in Chicago.",
     [("Emi", "FROM", "Texas", None), ("Emi", "LIVES_IN", "Chicago", None)]),
    ("I have two daughters.", [("Emi", "HAS_RELATIVE", "two daughters", "daughter")]),
    ("I've got three kids.", [("Emi", "HAS_RELATIVE", "three kids", "kid")]),
    ("My brother lives in Boston.",
     [("Emi's brother", "LIVES_IN", "Boston", None),
      ("Emi", "HAS_RELATIVE", "brother", "brother")]),
    ("My wife Anna and I adopted a kitten.",
     [("Emi", "HAS_RELATIVE", "Anna", "wife"), ("Emi", "HAS_PET", "kitten", "kitten")]),
    ("My brother-in-law Dave is a chef.",
     [("Emi", "HAS_RELATIVE", "Dave", "brother-in-law"), ("Dave", "IS_A", "chef", None)]),
    ("My mother-in-law has asthma.",
     [("Emi's mother-in-law", "HAS_CONDITION", "asthma", None),
      ("Emi", "HAS_RELATIVE", "mother-in-law", "mother-in-law")]),
    ("Tom wants to meet my sister.",
     [("Tom", "HAS_GOAL", "meet Emi's sister", None),
      ("Emi", "HAS_RELATIVE", "sister", "sister")]),
    ("My dog Max sleeps on the couch all day.", [("Emi", "HAS_PET", "Max", "dog")]),
    ("I have a cat named Luna.", [("Emi", "HAS_PET", "Luna", "cat")]),
    ("I have two cats.", [("Emi", "HAS_PET", "two cats", "cat")]),
    ("i have a dog named rex", [("Emi", "HAS_PET", "Rex", "dog")]),
    ("I'm married with two kids.",  # the status told with the children is kept (people4)
     [("Emi", "HAS_RELATIVE", "two kids", "kids"),
      ("Emi", "HAS_ATTRIBUTE", "married", "relationship status")]),
    ("I have a son and a daughter.",
     [("Emi", "HAS_RELATIVE", "son", "son"), ("Emi", "HAS_RELATIVE", "daughter", "daughter")]),
    ("I've got a brother and two sisters.",
     [("Emi", "HAS_RELATIVE", "brother", "brother"),
      ("Emi", "HAS_RELATIVE", "two sisters", "sister")]),
    ("I have two kids, Leo and Mia.",
     [("Emi", "HAS_RELATIVE", "Leo", "kids"), ("Emi", "HAS_RELATIVE", "Mia", "kids")]),
    ("my dogs Max and Bella hate the rain",
     [("Emi", "HAS_PET", "Max", "dog"), ("Emi", "HAS_PET", "Bella", "dog")]),
    ("We have a golden retriever named Max.", [("Emi", "HAS_PET", "Max", "golden retriever")]),
    ("We have a dog and two cats.",
     [("Emi", "HAS_PET", "dog", "dog"), ("Emi", "HAS_PET", "two cats", "cat")]),
    ("I own a Honda Civic.", [("Emi", "OWNS", "Honda Civic", None)]),
    ("I've got a Tesla.", [("Emi", "OWNS", "Tesla", None)]),
]


@pytest.mark.parametrize(("text", "expected"), IDENTITY_AND_PEOPLE)
def test_identity_relatives_pets_and_possessions(extractor: Extractor, text: str,
                                                 expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected)


ACTIVITIES: list[tuple[str, list[Gold]]] = [
    ("I play the piano.", [("Emi", "HAS_HOBBY", "piano", None)]),
    ("I play tennis and golf.",
     [("Emi", "HAS_HOBBY", "tennis", None), ("Emi", "HAS_HOBBY", "golf", None)]),
    ("I've been doing pilates for a year.", [("Emi", "HAS_HOBBY", "pilates", None)]),
    ("My hobby is painting.", [("Emi", "HAS_HOBBY", "painting", None)]),
    ("My favorite bands are Radiohead and Muse.",
     [("Emi", "PREFERS|HAS_ATTRIBUTE", "Radiohead", "favorite band"),
      ("Emi", "PREFERS|HAS_ATTRIBUTE", "Muse", "favorite band")]),
    ("My hobbies are hiking and photography.",
     [("Emi", "HAS_HOBBY", "hiking", None), ("Emi", "HAS_HOBBY", "photography", None)]),
    ("I study chemistry.", [("Emi", "STUDIES", "chemistry", None)]),
    ("I'm majoring in economics at Stanford.",
     [("Emi", "STUDIES", "economics", None), ("Emi", "STUDIES_AT", "Stanford", None)]),
    ("I work at Google as a designer.",
     [("Emi", "WORKS_AT", "Google", None), ("Emi", "IS_A", "designer", None)]),
    ("I've worked for Siemens for ten years.", [("Emi", "WORKS_AT", "Siemens", None)]),
    ("I live in Berlin with my boyfriend.",
     [("Emi", "LIVES_IN", "Berlin", None), ("Emi", "HAS_RELATIVE", "boyfriend", "boyfriend")]),
    ("I moved to Denver in 2019.", [("Emi", "LIVES_IN", "Denver", None)]),
    ("I want to learn Spanish and to visit Japan.",
     [("Emi", "HAS_GOAL", "learn Spanish", None), ("Emi", "HAS_GOAL", "visit Japan", None)]),
    ("I'm going to start a new job at Google next month.",
     [("Emi", "HAS_GOAL", "start a new job at Google", None)]),
    ("I would like to learn the piano someday.",
     [("Emi", "HAS_GOAL", "learn the piano", None)]),
    ("I'm planning to run a marathon.", [("Emi", "HAS_GOAL", "run a marathon", None)]),
    ("I'm moving to Berlin next year.", [("Emi", "HAS_GOAL", "move to Berlin", None)]),
    ("I broke my arm playing football.", [("Emi", "HAS_CONDITION", "broken arm", None)]),
    ("I've had the flu all week.", [("Emi", "HAS_CONDITION", "flu", None)]),
    ("My dad has diabetes and high blood pressure.",
     [("Emi's dad", "HAS_CONDITION", "diabetes", None),
      ("Emi's dad", "HAS_CONDITION", "high blood pressure", None),
      ("Emi", "HAS_RELATIVE", "dad", "dad")]),
    ("I have asthma.", [("Emi", "HAS_CONDITION", "asthma", None)]),
    ("I have diabetes.", [("Emi", "HAS_CONDITION", "diabetes", None)]),
    ("I was diagnosed with ADHD last year.", [("Emi", "HAS_CONDITION", "ADHD", None)]),
    ("my dad got diagnosed with cancer",
     [("Emi's dad", "HAS_CONDITION", "cancer", None), ("Emi", "HAS_RELATIVE", "dad", "dad")]),
    ("I thought the new Dune movie was amazing.",
     [("Emi", "HAS_OPINION", "new Dune movie", "amazing")]),
    ("Honestly the new cafe is too crowded.",
     [("Emi", "HAS_OPINION", "new cafe", "too crowded")]),
    ("My shoe size is 9.", [("Emi", "HAS_ATTRIBUTE", "9", "shoe size")]),
    ("My blood type is O negative.", [("Emi", "HAS_ATTRIBUTE", "O negative", "blood type")]),
]


@pytest.mark.parametrize(("text", "expected"), ACTIVITIES)
def test_hobbies_work_study_places_plans_health_opinions(
        extractor: Extractor, text: str, expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected)


TASKS_AND_ORDERS: list[tuple[str, list[Gold]]] = [
    ("Plan B depends on module Y.", [("plan B", "DEPENDS_ON", "module Y", None)]),
    ("The launch depends on the new API and the security review.",
     [("launch", "DEPENDS_ON", "new API", None),
      ("launch", "DEPENDS_ON", "security review", None)]),
    ("The deployment is blocked by ticket OPS-112.",
     [("deployment", "DEPENDS_ON", "OPS-112", None)]),
    ("The frontend depends on the API.", [("frontend", "DEPENDS_ON", "API", None)]),
    ("The launch is waiting on legal approval.",
     [("launch", "DEPENDS_ON", "legal approval", None)]),
    ("The project deadline is March 31.", [("project", "HAS_DEADLINE", "March 31", None)]),
    ("The deadline for the grant is next Friday.",
     [("grant", "HAS_DEADLINE", "next Friday", None)]),
    ("The deadline for the tax return is April 15.",
     [("tax return", "HAS_DEADLINE", "April 15", None)]),
    ("The report is due on the 15th of next month.",
     [("report", "HAS_DEADLINE", "the 15th of next month", None)]),
    ("My order number is ORD-20240512-8891.",
     [("Emi", "HAS_ORDER", "ORD-20240512-8891", None)]),
    ("Order B12-7781 cost $19.99.",
     [("Emi", "HAS_ORDER", "B12-7781", None), ("B12-7781", "ORDER_AMOUNT", "$19.99", None)]),
    ("I ordered a red lamp and three plates.",
     [("Emi", "ORDER_CONTAINS", "red lamp", None),
      ("Emi", "ORDER_CONTAINS", "three plates", None)]),
]


@pytest.mark.parametrize(("text", "expected"), TASKS_AND_ORDERS)
def test_tasks_orders_and_identifiers(extractor: Extractor, text: str,
                                      expected: list[Gold]) -> None:
    assert_exactly(extractor, text, expected)


EVENTS: list[tuple[str, list[Gold], date]] = [
    ("I went to a Coldplay concert last weekend.",
     [("Emi", "ATTENDED", "Coldplay concert", None)], date(2024, 3, 9)),
    ("Last week I went to Paris.", [("Emi", "VISITED", "Paris", None)], date(2024, 3, 4)),
    ("I visited Rome last month.", [("Emi", "VISITED", "Rome", None)], date(2024, 2, 1)),
    ("Yesterday we went to the Giants game.",
     [("Emi", "ATTENDED", "Giants game", None)], date(2024, 3, 12)),
    ("Two days ago I finished my thesis.",
     [("Emi", "DID", "thesis", "finish")], date(2024, 3, 11)),
    ("I ran a half marathon on Sunday.",
     [("Emi", "DID", "half marathon", "run")], date(2024, 3, 10)),
    ("Two years ago I moved to Lisbon.", [("Emi", "LIVES_IN", "Lisbon", None)],
     date(2022, 3, 13)),
]


@pytest.mark.parametrize(("text", "expected", "when"), EVENTS)
def test_events_are_grounded_in_time(extractor: Extractor, text: str,
                                     expected: list[Gold], when: date) -> None:
    assert_exactly(extractor, text, expected)
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam", timestamp=SAID_AT)
    facts = extractor.extract([item])[0].facts
    grounded = [occurred(text, f, SAID_AT) for f in facts if f.triple.predicate == expected[0][1]]
    assert [g.start.date() if g else None for g in grounded] == [when], (text, grounded)


@pytest.mark.parametrize(
    "text",
    [
        "Are you allergic to anything?",
        "Do you prefer plan A or plan B?",
        "If I were vegan I'd miss cheese.",
        "My doctor thinks I might be allergic to gluten.",
        "Have you ever visited Rome?",
        "What's your favorite color?",
        "Do you work at Google?",
        "people say Tokyo is amazing",
        "I wish I had a dog.",
        "wish i had a bigger apartment lol",
        "I need to order A4 paper.",
        "I got some carrots, peppers and some chicken for the soup.",
        "Were you diagnosed with asthma as a kid?",
        "Are you a student at NYU?",
        "I'm waiting for the bus.",
        "My first class is today at 5pm!",
        "You should try the new sushi place.",
        "Is the report due on Friday?",
        "Thanks so much, I'd love to hear about it!",
    ],
)
def test_questions_hypotheticals_and_other_claims_give_no_fact(
        extractor: Extractor, text: str) -> None:
    assert_exactly(extractor, text, [])


@pytest.mark.parametrize(
    "text", ["I'm a teacher at heart.", "I'm a student at home this week.", "I'm a nurse at night."]
)
def test_a_role_at_no_workplace_names_no_employer_or_school(
        extractor: Extractor, text: str) -> None:
    relations = [f.relations[0] for f in _extract(extractor, text)]
    assert "WORKS_AT" not in relations and "STUDIES_AT" not in relations, (text, relations)


def test_a_misparsed_stay_at_home_role_is_no_role_stay(extractor: Extractor) -> None:
    objects = [f.object for f in _extract(extractor, "i'm a stay at home mom")]
    assert "stay" not in objects, objects

"""Precision of what is stored, eighth pass, by class of phrasing (the relations besides
likings and plain statements): the consequence of an unreal "if" clause is no plan; a kind
named by where it comes from is a class, no topic of an opinion; a goal whose only thing is one
hollow noun ("a lesson") says nothing to do; a pet imagined lost is no pet had; a work made from
another that it does not name ("the movie adaptation") points back into the chat; a going told
only by what it is for ("go for the sightseeing") leaves the place to the chat; "the world of"
a class found great judges the class; a role in something told without it ("I'm just a
spectator") is no identity."""

from __future__ import annotations

import pytest

from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

Row = tuple[str, str, str | None, bool]


def _facts(extractor: RuleExtractor, text: str) -> list[Row]:
    """(relation, object, key, negated) of each fact of one message said by Emi to Sam."""
    item = ExtractionInput(text=text, speaker="Emi", addressee="Sam")
    return [(f.triple.predicate, f.triple.object.name, f.triple.key, f.negated)
            for f in extractor.extract([item])[0].facts]


def _pairs(extractor: RuleExtractor, text: str) -> set[tuple[str, str]]:
    return {(r, o) for r, o, _, _ in _facts(extractor, text)}


def _relations(extractor: RuleExtractor, text: str) -> set[str]:
    return {r for r, _, _, _ in _facts(extractor, text)}


# --- the consequence of an unreal condition -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["If I were rich I would love to buy a boat.",
     "If I had more time, I'd want to learn Spanish.",
     "If I could choose, I'd love to visit the Roaring Twenties.",
     "I would love to go to Japan if I had the money."],
)  # fmt: skip
def test_a_wish_under_an_unreal_condition_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert "HAS_GOAL" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "goal"),
    [("If I get the job, I'm planning to move to Denver.", "move to Denver"),
     ("I want to visit Japan if I can.", "visit Japan"),
     ("If all goes well, I'm going to start a bakery.", "start a bakery"),
     ("I'd love to visit Rome.", "visit Rome")],
)  # fmt: skip
def test_a_plan_on_an_open_condition_or_none_stays(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("HAS_GOAL", goal) in _pairs(extractor, text)


# --- a kind named by where it comes from ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Vienna sausages are great for protein", "New York bagels are the best.",
     "Texas tacos are great."],
)  # fmt: skip
def test_a_kind_by_its_origin_judged_is_no_opinion(extractor: RuleExtractor, text: str) -> None:
    assert "HAS_OPINION" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [("Harry Potter movies are the best.", "Harry Potter movie"),
     ("The tacos in Mexico City were amazing.", "taco in Mexico City"),
     ("The New York bagels we had yesterday were amazing.", "New York bagel"),
     ("Paris is beautiful.", "Paris")],
)  # fmt: skip
def test_a_series_a_place_or_the_things_had_judged_stay(
    extractor: RuleExtractor, text: str, topic: str
) -> None:
    assert ("HAS_OPINION", topic) in _pairs(extractor, text)


# --- one hollow thing to do -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I'm going to sign up for a lesson right now and hopefully get started sometime soon.",
     "I'm going to sign up for a lesson next week.", "I'm going to take a lesson.",
     "I'm planning to book a lesson."],
)  # fmt: skip
def test_a_goal_of_one_hollow_thing_is_none(extractor: RuleExtractor, text: str) -> None:
    assert "HAS_GOAL" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I'm going to sign up for a yoga lesson.", "sign up for a yoga lesson"),
     ("I want to see the world.", "see the world"),
     ("I want to get a job.", "get a job")],
)  # fmt: skip
def test_a_goal_that_says_what_stays(extractor: RuleExtractor, text: str, goal: str) -> None:
    assert ("HAS_GOAL", goal) in _pairs(extractor, text)


# --- a pet imagined lost --------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I should show empathy and if I lost my cat in the snow id be worried sick",
     "But I think if I was missing my cat Id be super sad and I would miss her",
     "If I lost my dog, I would be devastated."],
)  # fmt: skip
def test_a_pet_imagined_lost_is_no_pet(extractor: RuleExtractor, text: str) -> None:
    assert "HAS_PET" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "fact"),
    [("I miss my cat so much.", ("HAS_PET", "cat")),
     ("If my sister visits, we'll go to the zoo.", ("HAS_RELATIVE", "sister")),
     ("If I miss my flight my mom will be mad.", ("HAS_RELATIVE", "mom"))],
)  # fmt: skip
def test_a_pet_or_relative_had_stays(
    extractor: RuleExtractor, text: str, fact: tuple[str, str]
) -> None:
    assert fact in _pairs(extractor, text)


# --- a work made from one the chat named ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["The movie adaptation is also excellent.", "The live action remake was awful.",
     "The new sequel was great.", "The English dub is great."],
)  # fmt: skip
def test_a_derived_work_that_names_no_source_is_no_topic(
    extractor: RuleExtractor, text: str
) -> None:
    assert "HAS_OPINION" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [("The movie adaptation of Dune is excellent.", "movie adaptation of Dune"),
     ("The Dune sequel was great.", "Dune sequel"),
     ("The new Batman movie was great.", "new Batman movie")],
)  # fmt: skip
def test_a_derived_work_with_its_source_stays(
    extractor: RuleExtractor, text: str, topic: str
) -> None:
    assert ("HAS_OPINION", topic) in _pairs(extractor, text)


# --- a going told by what it is for ---------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I personally just wanna go for the sightseeing and the food.",
     "I want to go for the views."],
)  # fmt: skip
def test_a_going_for_the_thing_alone_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert "HAS_GOAL" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "goal"),
    [("I want to go to Japan for the food.", "go to Japan for the food"),
     ("I want to go for a run.", "go for a run"),
     ("I'm planning to go for a hike this weekend.", "go for a hike")],
)  # fmt: skip
def test_a_going_that_says_where_or_what_stays(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("HAS_GOAL", goal) in _pairs(extractor, text)


# --- the world of a class -------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Personally I find the world of romance novels quite great.",
     "I find the world of fashion fascinating.", "I find the realm of fantasy books amazing."],
)  # fmt: skip
def test_a_class_framed_by_a_hollow_head_found_so_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert "HAS_OPINION" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "topic"),
    [("I found the book boring.", "book"),
     ("I found the Barbie movie hilarious.", "Barbie movie")],
)  # fmt: skip
def test_a_thing_found_so_stays(extractor: RuleExtractor, text: str, topic: str) -> None:
    assert ("HAS_OPINION", topic) in _pairs(extractor, text)


# --- a role in something, told without it --------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["I used to play tennis when I was younger, but now I'm just a spectator.",
     "I'm a member.", "I'm just a viewer."],
)  # fmt: skip
def test_a_role_in_something_unsaid_is_no_identity(extractor: RuleExtractor, text: str) -> None:
    assert "IS_A" not in _relations(extractor, text)


@pytest.mark.parametrize(
    ("text", "role"),
    [("I'm a gym member.", "gym member"), ("I'm a chess player.", "chess player"),
     ("I'm a teacher.", "teacher")],
)  # fmt: skip
def test_a_role_that_says_in_what_stays(extractor: RuleExtractor, text: str, role: str) -> None:
    assert ("IS_A", role) in _pairs(extractor, text)

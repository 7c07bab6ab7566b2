"""Comparisons and choices (issue 11), with the real spaCy model, by the rule of the annotation
guidelines (bench/data/extraction/README.md, "Comparisons and choices"): "prefer X over / to
Y" prefers X and avoids Y; "like X more / better than Y" prefers X only; a comparison of two
classes ("dogs are better than cats") and a choice of the moment ("I'd rather stay home") give
nothing. Also the classes of the paraphrase gaps closed with them: a letter that labels a noun
("option A", "vitamin D"), "have got", an opinion of excess ("too crowded"), a value of a
letter and an adjective ("O negative"), a colour with its shade ("dark blue"), the "with"
part of a thing liked ("pizza with pineapple"), an occasion after it ("on long flights"), and
other wordings of a liking ("I've always preferred", "favor", "partial to", "tend to",
"working from home")."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _only(extractor: RuleExtractor, text: str, relations: tuple[str, ...]) -> set[Row]:
    return {r for r in fact_rows(extractor, text) if r[1] in relations}


PREFERENCE = ("PREFERS", "AVOIDS")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a choice made with "prefer": the one set aside is avoided
        ("I prefer cats to dogs.",
         {("Emi", "PREFERS", "cat", None), ("Emi", "AVOIDS", "dog", None)}),
        ("We chose plan C, but I prefer plan B over plan C.",
         {("Emi", "PREFERS", "plan B", None), ("Emi", "AVOIDS", "plan C", None)}),
        # between two doings, the parser hangs the choice on the doing preferred
        ("I prefer hiking over running.",
         {("Emi", "PREFERS", "hiking", None), ("Emi", "AVOIDS", "running", None)}),
        ("Honestly I prefer reading to gaming.",
         {("Emi", "PREFERS", "reading", None), ("Emi", "AVOIDS", "gaming", None)}),
        # liking one more than the other is no dislike of the other
        ("I like tea more than coffee.", {("Emi", "PREFERS", "tea", None)}),
        ("I like summer better than winter.", {("Emi", "PREFERS", "summer", None)}),
        ("I love Rome more than Paris.", {("Emi", "PREFERS", "Rome", None)}),
        ("I like cats way better than dogs.", {("Emi", "PREFERS", "cat", None)}),
        ("I like option A better.", {("Emi", "PREFERS", "option A", None)}),
        ("I like tennis a lot more now.", {("Emi", "PREFERS", "tennis", None)}),
        ("I like less sugar in my coffee.", {("Emi", "PREFERS", "less sugar", None)}),
    ],
)  # fmt: skip
def test_choices_and_comparisons_of_likings(
    extractor: RuleExtractor, text: str, expected: set[Row]
) -> None:
    assert _only(extractor, text, PREFERENCE) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Dogs are better than cats.",  # two classes compared: no one thing judged
        "Tea is way better than coffee.",
        "I'd rather stay home.",  # a choice of the moment
        "I'd rather read a book than watch TV tonight.",
        "I like it better than before.",  # a pronoun: what?
        "I like it a lot more.",  # "a lot" is how much, not what
        "I like coffee less these days.",  # a liking lessened: neither liked nor avoided
        "I like tea less than coffee.",
        "I dislike tea less than coffee.",
        "Do you prefer tea over coffee?",  # a question
    ],
)
def test_comparisons_that_state_no_liking(extractor: RuleExtractor, text: str) -> None:
    assert _only(extractor, text, PREFERENCE) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what is set aside with "rather than" / "instead of" is no liking, plan or pastime
        ("I love dogs rather than cats.", {("Emi", "PREFERS", "dog", None)}),
        ("I like hiking rather than running.", {("Emi", "PREFERS", "hiking", None)}),
        ("These days I prefer cycling instead of running.",
         {("Emi", "PREFERS", "cycling", None)}),
        ("I watch movies rather than shows.", {("Emi", "HAS_HOBBY", "movie", None)}),
        ("I want to learn Spanish instead of French.",
         {("Emi", "HAS_GOAL", "learn Spanish", None)}),
        # a plain "and" still joins two
        ("I love dogs and cats.",
         {("Emi", "PREFERS", "dog", None), ("Emi", "PREFERS", "cat", None)}),
    ],
)  # fmt: skip
def test_what_is_set_aside_is_not_joined(extractor: RuleExtractor, text: str,
                                         expected: set[Row]) -> None:
    assert set(fact_rows(extractor, text)) == expected


def test_a_doing_with_its_own_to_is_no_choice(extractor: RuleExtractor) -> None:
    """ "to the gym" is where the doing goes, not a doing set against it."""
    found = fact_rows(extractor, "I prefer going to the gym.")
    assert not [r for r in found if r[1] == "AVOIDS"], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i prefer option A over option D", ("Emi", "PREFERS", "option A", None)),
        ("i prefer option A over option D", ("Emi", "AVOIDS", "option D", None)),
        ("I love vitamin C serum.", ("Emi", "PREFERS", "vitamin C serum", None)),
        ("I prefer option A.", ("Emi", "PREFERS", "option A", None)),
    ],
)
def test_a_capital_letter_labels_the_noun_before_it(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've got a Tesla.", ("Emi", "OWNS", "Tesla", None)),
        ("I've got an iPhone.", ("Emi", "OWNS", "iPhone", None)),
        ("Tom has got a Honda Civic.", ("Tom", "OWNS", "Honda Civic", None)),
    ],
)
def test_have_got_is_have(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize("text", ["I've got to go.", "I had got a Tesla for a week."])
def test_have_got_to_and_a_past_have_got_own_nothing(extractor: RuleExtractor,
                                                     text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "OWNS"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Honestly the new cafe is too crowded.",
         ("Emi", "HAS_OPINION", "new cafe", "too crowded")),
        ("The soup at Luigi's was too salty.",
         ("Emi", "HAS_OPINION", "soup at Luigi's", "too salty")),
        ("I think the new office is too noisy.",
         ("Emi", "HAS_OPINION", "new office", "too noisy")),
    ],
)  # fmt: skip
def test_a_quality_in_excess_is_an_opinion(extractor: RuleExtractor, text: str,
                                           expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    ["The new cafe is too far to walk.",  # what cannot be done, no judgement
     "It's too cold.",  # no topic
     "The new cafe is crowded."],  # a plain state, not a judgement
)
def test_no_opinion_without_an_excess_of_a_topic(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My blood type is O negative.", ("Emi", "HAS_ATTRIBUTE", "O negative", "blood type")),
        ("My blood type is A positive.", ("Emi", "HAS_ATTRIBUTE", "A positive", "blood type")),
        ("My blood type is AB negative.", ("Emi", "HAS_ATTRIBUTE", "AB negative", "blood type")),
    ],
)
def test_a_letter_and_its_adjective_are_one_value(extractor: RuleExtractor, text: str,
                                                  expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("For dinner I like pasta with pesto.",
         ("Emi", "PREFERS", "pasta with pesto", "dinner")),
        ("For breakfast I like oatmeal with berries.",
         ("Emi", "PREFERS", "oatmeal with berries", "breakfast")),
        ("I love toast with jam for breakfast.",
         ("Emi", "PREFERS", "toast with jam", "breakfast")),
        ("I hate pizza with pineapple.", ("Emi", "AVOIDS", "pizza with pineapple", None)),
        ("I like movies with subtitles.", ("Emi", "PREFERS", "movie with subtitles", None)),
        # company is no part of the thing, nor a meal it is had with
        ("I like coffee with friends.", ("Emi", "PREFERS", "coffee", None)),
        ("I enjoy a beer with coworkers.", ("Emi", "PREFERS", "beer", None)),
        ("I enjoy dinner with family.", ("Emi", "PREFERS", "dinner", None)),
        ("I like tea with breakfast.", ("Emi", "PREFERS", "tea", None)),
        ("For lunch I like a sandwich with my kids.", ("Emi", "PREFERS", "sandwich", "lunch")),
    ],
)  # fmt: skip
def test_a_thing_liked_keeps_what_it_comes_with(extractor: RuleExtractor, text: str,
                                                    expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I prefer a window seat on long flights.",
         ("Emi", "PREFERS", "window seat", "long flight")),
        ("I like coffee on hot days.", ("Emi", "PREFERS", "coffee", "hot day")),
        ("I prefer tea during exams.", ("Emi", "PREFERS", "tea", "exam")),
        # a doing's own "on" phrase is part of it, one of the speaker's a single occasion
        ("I love going on slides.", ("Emi", "PREFERS", "going on slides", None)),
        ("I like a beer on my trips.", ("Emi", "PREFERS", "beer", None)),
    ],
)  # fmt: skip
def test_an_occasion_after_the_thing_liked_is_its_context(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My favorite color is dark blue.", ("Emi", "PREFERS", "dark blue", "color")),
        ("My favourite colour is light green.", ("Emi", "PREFERS", "light green", "colour")),
        ("My eye color is dark brown.", ("Emi", "HAS_ATTRIBUTE", "dark brown", "eye color")),
        ("Tom's hair colour is black.", ("Tom", "HAS_ATTRIBUTE", "black", "hair colour")),
    ],
)
def test_a_colour_with_its_shade_is_one_value(extractor: RuleExtractor, text: str,
                                              expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize("text", ["My car is red.", "My mood is low.",
                                  "My favorite color is really blue."])
def test_no_colour_value_of_what_is_no_colour(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_ATTRIBUTE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a liking told with "have always" ("preferred cats" misread as a noun phrase)
        ("I've always preferred cats.", {("Emi", "PREFERS", "cat", None)}),
        ("I have always loved old movies.", {("Emi", "PREFERS", "old movie", None)}),
        # "favor" chooses as "prefer" does; "partial to" likes as "fond of" does
        ("I favor Python over Java.",
         {("Emi", "PREFERS", "Python", None), ("Emi", "AVOIDS", "Java", None)}),
        ("I'm partial to dark chocolate.", {("Emi", "PREFERS", "dark chocolate", None)}),
        ("I'm not partial to spicy food.", {("Emi", "AVOIDS", "spicy food", None)}),
        # "tend to": what one usually likes, with the polarity of either verb
        ("I tend to prefer indie games.", {("Emi", "PREFERS", "indie game", None)}),
        ("I don't tend to like horror movies.", {("Emi", "AVOIDS", "horror movie", None)}),
        ("I tend not to like horror movies.", {("Emi", "AVOIDS", "horror movie", None)}),
    ],
)  # fmt: skip
def test_other_wordings_of_a_liking(extractor: RuleExtractor, text: str,
                                    expected: set[Row]) -> None:
    assert _only(extractor, text, PREFERENCE) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I tended to like horror movies.",  # a past habit, not now
        "The odds favor the home team.",  # not the speaker's
        "The preferred option is B.",
        "Can you do me a favor?",
    ],
)
def test_near_misses_of_those_wordings(extractor: RuleExtractor, text: str) -> None:
    assert _only(extractor, text, PREFERENCE) == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "work" is told by its "from" / "on" / "with" phrase when it has one
        ("I love working from home.", {("Emi", "PREFERS", "working from home", None)}),
        ("I enjoy working on cars.", {("Emi", "PREFERS", "working on cars", None)}),
        ("I like working with kids.", {("Emi", "PREFERS", "working with kids", None)}),
        ("I love working.", {("Emi", "PREFERS", "working", None)}),
        ("I like working on it.", set()),  # on what?
    ],
)
def test_a_doing_told_by_its_phrase(extractor: RuleExtractor, text: str,
                                    expected: set[Row]) -> None:
    assert _only(extractor, text, PREFERENCE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "least favorite" is the opposite of a favorite, in each of its wordings
        ("My least favorite food is okra.", {("Emi", "AVOIDS", "okra", "food")}),
        ("Okra is my least favorite vegetable.", {("Emi", "AVOIDS", "Okra", "vegetable")}),
        ("My least favourite band, Nickelback, is touring.",
         {("Emi", "AVOIDS", "Nickelback", "band")}),
        ("Sushi is my favorite food.", {("Emi", "PREFERS", "Sushi", "food")}),
        ("Okra is not my least favorite vegetable.", set()),
        # a rank is no part of the kind, nor a comparative misread as the kind
        ("My second favorite band is Muse.", {("Emi", "PREFERS", "Muse", "band")}),
        ("Tea is my favorite, more than coffee.", {("Emi", "PREFERS", "tea", None)}),
    ],
)  # fmt: skip
def test_a_least_favorite_is_avoided_and_a_rank_is_no_kind(extractor: RuleExtractor, text: str,
                                     expected: set[Row]) -> None:
    assert _only(extractor, text, PREFERENCE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # with "would", choosing one thing over another is preferring it
        ("I'd take a beach over a city any day.",
         {("Emi", "PREFERS", "beach", None), ("Emi", "AVOIDS", "city", None)}),
        ("I would choose dogs over cats.",
         {("Emi", "PREFERS", "dog", None), ("Emi", "AVOIDS", "cat", None)}),
        ("I'd pick tea over coffee every time.",
         {("Emi", "PREFERS", "tea", None), ("Emi", "AVOIDS", "coffee", None)}),
        # not a particle verb, a time or a way, nor a past choice or a question
        ("I'd pick you up over the weekend.", set()),
        ("I would take a nap over the weekend.", set()),
        ("I'd take a walk over lunch.", set()),
        ("I'd take the bus over the bridge.", set()),
        ("Would you pick tea over coffee?", set()),
    ],
)  # fmt: skip
def test_a_choice_with_would_is_a_preference(extractor: RuleExtractor, text: str,
                                             expected: set[Row]) -> None:
    assert _only(extractor, text, PREFERENCE) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "prefer to <verb>" is a liking of the doing, as "like to" is
        ("I prefer to walk.", {("Emi", "PREFERS", "walk", None)}),
        ("I prefer to cook at home.", {("Emi", "PREFERS", "cook at home", None)}),
        # the doing set against it is avoided, and no part of the doing preferred
        ("I prefer to read books over watching TV.",
         {("Emi", "PREFERS", "read books", None), ("Emi", "AVOIDS", "watching tv", None)}),
        # "to" with no thing chosen before it is the infinitive, no choice
        ("I prefer to text.", set()),
        ("I'd prefer to stay home tonight.", set()),  # a wish of the moment
    ],
)  # fmt: skip
def test_prefer_to_do(extractor: RuleExtractor, text: str, expected: set[Row]) -> None:
    assert _only(extractor, text, PREFERENCE) == expected

"""Precision of what is stored, sixth pass, by class of phrasing: one clause read twice under
two readings keeps the better one; an employer left is a denied WORKS_AT; a doing's object
list is each doing; a modifier the parser hangs on the next thing of a list is a thing of its
own; the noun a container holds is what a doing is done to; a quoted clause is someone's
words."""

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


def _likings(extractor: RuleExtractor, text: str) -> list[tuple[str, str]]:
    return [(r, o) for r, o, _, _ in _facts(extractor, text) if r in ("PREFERS", "AVOIDS")]


# --- one clause, two readings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "diet"),
    [("I eat vegan", "vegan"), ("I eat vegan food", "vegan"), ("we eat vegetarian", "vegetarian"),
     ("I eat halal", "halal")],
)  # fmt: skip
def test_a_diet_eaten_is_no_liking_beside_it(
    extractor: RuleExtractor, text: str, diet: str
) -> None:
    facts = _facts(extractor, text)
    assert ("HAS_DIET", diet, None, False) in facts
    assert not _likings(extractor, text)


def test_a_diet_food_liked_in_a_clause_of_its_own_stays(extractor: RuleExtractor) -> None:
    text = "I'm vegan and I love vegan food"
    assert ("PREFERS", "vegan food") in _likings(extractor, text)


@pytest.mark.parametrize(
    ("text", "thing"),
    [("Hiking is my favorite thing to do", "hiking"),
     ("My favorite thing to do is hiking", "hiking"),
     ("Reading is my favourite thing to do on weekends", "reading"),
     ("Pizza is my favorite thing to eat", "pizza")],
)  # fmt: skip
def test_a_favourite_read_with_and_without_its_key_is_one_fact(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert _likings(extractor, text) == [("PREFERS", thing)]


def test_the_same_liking_told_twice_in_two_clauses_keeps_both(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I love pizza for breakfast. Honestly I love pizza.")
    assert ("PREFERS", "pizza", "breakfast", False) in facts
    assert ("PREFERS", "pizza", None, False) in facts


# --- an employer left -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "company"),
    [("I got laid off from Google", "Google"), ("I was fired from Amazon last year", "Amazon"),
     ("I quit Google", "Google"), ("I left Microsoft in 2020", "Microsoft"),
     ("I resigned from Deloitte", "Deloitte"), ("I retired from IBM", "IBM"),
     ("I left Google after five years", "Google"),
     ("I got fired from Amazon Web Services", "Amazon Web Services")],
)  # fmt: skip
def test_an_employer_left_is_a_denied_workplace(
    extractor: RuleExtractor, text: str, company: str
) -> None:
    assert ("WORKS_AT", company, None, True) in _facts(extractor, text)


def test_a_job_lost_from_a_company_keeps_its_work_status(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I got laid off from Google")
    assert ("HAS_ATTRIBUTE", "laid off", "work status", False) in facts


@pytest.mark.parametrize(
    "text",
    [
        "I left Paris in 2020",
        "I didn't quit Google",
        "I didn't leave Microsoft",
        "I just left Starbucks and I am heading home",
        "I left Target early today",
        "If I get laid off from Google I will cry",
        "I quit smoking",
        "Did you quit Google?",
    ],
)
def test_no_employer_left_without_a_company_left(extractor: RuleExtractor, text: str) -> None:
    assert not [f for f in _facts(extractor, text) if f[0] == "WORKS_AT"]


# --- a doing's object list ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "doings"),
    [
        ("I love watching Severance and Succession",
         ["watching Severance", "watching Succession"]),
        ("I love reading Dune and Hyperion", ["reading Dune", "reading Hyperion"]),
        ("I love watching football and basketball", ["watching football", "watching basketball"]),
        ("I like playing tennis and golf with my dad", ["playing tennis", "playing golf"]),
        ("I hate doing dishes and laundry", ["doing dishes", "doing laundry"]),
    ],
)  # fmt: skip
def test_a_doings_object_list_is_each_doing(
    extractor: RuleExtractor, text: str, doings: list[str]
) -> None:
    assert sorted(o for _, o in _likings(extractor, text)) == sorted(doings)


def test_a_noun_cut_from_its_phrase_is_no_doing_of_its_own(extractor: RuleExtractor) -> None:
    # the parser reads "shows" as a verb hung elsewhere: "watching TV" would be a cut object
    likings = [o for _, o in _likings(extractor, "I love watching movies and TV shows")]
    assert "watching tv" not in likings
    assert "watching movies" in likings


def test_two_doings_are_not_one_doings_list(extractor: RuleExtractor) -> None:
    text = "I love watching movies and eating popcorn"
    assert "watching popcorn" not in [o for _, o in _likings(extractor, text)]


def test_a_show_watched_and_liked_is_no_hobby(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "I love watching Severance and Succession")
    assert not [f for f in facts if f[0] == "HAS_HOBBY"]


# --- a modifier hung on the next thing of a list --------------------------------------------


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("I have a soft spot for classical and jazz.", ["classical", "jazz"]),
        ("I'm into classical and rock", ["classical", "rock"]),
        ("I listen to classical and jazz music", ["classical music", "jazz music"]),
        ("I love Italian and Mexican food", ["Italian food", "Mexican food"]),
    ],
)  # fmt: skip
def test_each_thing_of_a_list_is_its_own(
    extractor: RuleExtractor, text: str, things: list[str]
) -> None:
    assert sorted(o for _, o in _likings(extractor, text)) == sorted(things)


@pytest.mark.parametrize(
    ("text", "thing"),
    [("I love black and white photography", "black and white photography"),
     ("I love sweet and sour chicken", "sweet and sour chicken")],
)  # fmt: skip
def test_a_pair_that_names_one_kind_stays_whole(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert _likings(extractor, text) == [("PREFERS", thing)]


# --- the noun a container holds -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I like adding lots of honey to make it sweet!", "adding honey"),
        ("I love eating a bowl of ramen", "eating ramen"),
        ("I enjoy reading a lot of books", "reading books"),
        ("I love watching all kinds of movies", "watching movies"),
        ("I like adding honey to my tea.", "adding honey"),
    ],
)
def test_a_doing_is_done_to_the_noun_a_container_holds(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert _likings(extractor, text) == [("PREFERS", doing)]


# --- a quoted clause ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'He kept saying "You must be cheddar, cause I love cheese"',
        'My mom always says "I hate mornings" lol',
        "He wrote \u201cI love you more than pizza\u201d on the card",
    ],
)
def test_a_quoted_clause_is_no_statement_of_the_speaker(
    extractor: RuleExtractor, text: str
) -> None:
    assert not _likings(extractor, text)


@pytest.mark.parametrize(
    ("text", "title"),
    [('I love "Stranger Things" so much', "Stranger Things"),
     ("I love \u201cStranger Things\u201d", "Stranger Things"),
     ('As for me, I enjoy "Sherlock" for its clever plots.', "Sherlock")],
)  # fmt: skip
def test_a_title_quoted_in_the_speakers_clause_is_liked(
    extractor: RuleExtractor, text: str, title: str
) -> None:
    assert ("PREFERS", title) in _likings(extractor, text)


def test_the_words_between_two_quoted_titles_are_no_quote(extractor: RuleExtractor) -> None:
    text = ('I was watching "The Protector" last week. My favorite genre is romance. '
            '"The Notebook" is an all time favorite for me.')
    assert ("PREFERS", "romance") in _likings(extractor, text)


# --- a setting set before the subject -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("In the Italian cooking class, I also learned how to prepare Osso Buco.", "Osso Buco"),
        ("At the gym I worked on my deadlift", "Emi's deadlift"),
    ],
)
def test_a_setting_set_before_the_subject_is_no_object(
    extractor: RuleExtractor, text: str, kept: str
) -> None:
    states = [o for r, o, _, _ in _facts(extractor, text) if r == "STATES"]
    assert states == [kept]


def test_a_place_gone_to_after_a_fronted_time_stays(extractor: RuleExtractor) -> None:
    facts = _facts(extractor, "In the morning I went to the gym")
    assert ("STATES", "gym", "go to", False) in facts


# --- a title watched or played is no pastime --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("I have been watching Suits.", "Suits"),
        ("I've been watching a lot of Friends lately", "Friends"),
        ("I've been playing Monster Hunter World again recently", "Monster Hunter World"),
        ("I've been playing Monster Hunter World a lot.", "Monster Hunter World"),
        ("i've been playing a lot of League of Legends recently.", "League of Legends"),
    ],
)
def test_a_title_watched_or_played_is_no_pastime(
    extractor: RuleExtractor, text: str, title: str
) -> None:
    facts = _facts(extractor, text)
    assert not [f for f in facts if f[0] == "HAS_HOBBY"]
    assert [o for r, o, _, _ in facts if r == "STATES"] == [title]


def test_a_title_cut_by_the_parser_is_no_pastime(extractor: RuleExtractor) -> None:
    assert not _facts(extractor, "I have been watching Breaking Bad")


@pytest.mark.parametrize(
    ("text", "pastime"),
    [
        ("I watch the NFL", "NFL"),
        ("I watch the Premier League", "Premier League"),
        ("I watch Korean dramas", "Korean drama"),
        ("I watch a lot of anime", "anime"),
        ("I play tennis", "tennis"),
        ("I play video games", "video game"),
    ],
)
def test_a_league_or_a_kind_watched_or_played_is_a_pastime(
    extractor: RuleExtractor, text: str, pastime: str
) -> None:
    assert ("HAS_HOBBY", pastime, None, False) in _facts(extractor, text)


# --- a thing liked before a genre of a work -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("I love coffee and horror movies.", ["coffee", "horror movie"]),
        ("I love pizza and action movies", ["pizza", "action movie"]),
        ("I love tea and jazz music", ["tea", "jazz music"]),
        ("I hate spiders and horror movies", ["spider", "horror movie"]),
    ],
)  # fmt: skip
def test_a_thing_before_a_genre_of_a_work_is_its_own(
    extractor: RuleExtractor, text: str, things: list[str]
) -> None:
    assert sorted(o for _, o in _likings(extractor, text)) == sorted(things)


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("I like action and comedy movies", ["action movie", "comedy movie"]),
        ("I love math and physics courses", ["math course", "physics course"]),
    ],
)  # fmt: skip
def test_two_genres_or_kinds_before_one_work_are_both_of_it(
    extractor: RuleExtractor, text: str, things: list[str]
) -> None:
    assert sorted(o for _, o in _likings(extractor, text)) == sorted(things)

"""Titles of works typed in chat, lower case and unquoted (issue 11): each shape read whole,
with the near misses that must stay as they were."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.base import Extractor


def objects(extractor: Extractor, text: str) -> list[tuple[str, str]]:
    """(relation, object) of each fact of one message of Emi's."""
    return [(relation, name) for _, relation, name, _ in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a bare singular noun with "of" and a name, called one's favourite or read, is a title
        ("My personal favorite is prisoner of Azkaban", ("PREFERS", "prisoner of Azkaban")),
        ("I think the fourth movie, goblet of fire is probably my favorite.",
         ("PREFERS", "goblet of fire")),
        ("I think my favorite is return of the king.", ("PREFERS", "return of the king")),
        ("I'm watching house of cards.", ("STATES", "house of cards")),
        # liked, in lower case, its first word taken by the parser for a name
        ("I love god of war.", ("PREFERS", "god of war")),
        ("I love lord of the rings.", ("PREFERS", "lord of the rings")),
        ("I've been playing god of war lately.", ("STATES", "god of war")),  # a game: a work
        ("I'm a huge fan of lord of the rings.", ("PREFERS", "lord of the rings")),
    ],
)
def test_bare_title_with_of_is_whole(extractor: Extractor, text: str, expected: tuple[str, str]
                                     ) -> None:
    assert expected in objects(extractor, text)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        # an article, a measure, a part or an amount before "of" starts no title
        ("My favorite is the history of Rome.", "history of Rome"),
        ("I want to visit the city of lights.", "city of lights"),
        ("I'm a fan of city of lights.", "city of lights"),  # a common noun: a city, a fan
        ("I love a cup of coffee in the morning.", "cup of coffee"),
        ("My favorite drink is cup of coffee.", "cup of coffee"),
        ("I love cup of tea.", "cup of tea"),
        ("My favorite part is end of the movie.", "end of the movie"),
        ("Hiking is a lot of fun.", "lot of fun"),
        ("I've been playing lots of games.", "lots of games"),
        ("I read most of the book.", "most of the book"),
    ],
)
def test_of_phrase_that_is_no_title_is_not_read_as_one(extractor: Extractor, text: str,
                                                       phrase: str) -> None:
    assert phrase not in [name for _, name in objects(extractor, text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a kind of work called by its name is about the name, whole and as written
        ("I love a game called stardew valley.", ("PREFERS", "stardew valley")),
        ("I love a band called Queen.", ("PREFERS", "Queen")),
    ],
)
def test_work_called_by_its_name_is_the_name(extractor: Extractor, text: str,
                                             expected: tuple[str, str]) -> None:
    found = objects(extractor, text)
    assert expected in found
    assert ("PREFERS", "game") not in found


def test_kind_of_work_without_a_name_stays_unnamed(extractor: Extractor) -> None:
    # no name beside the kind: nothing is made up from the next words
    assert objects(extractor, "I love the game, it's so fun.") == []


def test_and_inside_an_item_of_a_serial_list_joins_one_name(extractor: Extractor) -> None:
    text = ("I'm taking Data Analytics, Microeconomics, Business and Society, and Power, "
            "Influence, and Negotiational Change.")
    found = objects(extractor, text)
    assert ("STUDIES", "Business and Society") in found
    assert ("STUDIES", "Business") not in found and ("STUDIES", "Society") not in found


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # no serial comma: "and" parts the list's last item
        ("I'm taking Biology, Chemistry and Physics.", ["Biology", "Chemistry", "Physics"]),
        # two places the entity reader holds apart stay two
        ("I visited Paris, Rome and London, and Berlin.", ["Paris", "Rome", "London", "Berlin"]),
    ],
)
def test_and_between_list_items_parts_them(extractor: Extractor, text: str,
                                           names: list[str]) -> None:
    found = [name for _, name in objects(extractor, text)]
    assert found == names


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a name set off by commas beside a kind of work, whole in title case
        ("I bought the book, Calculus with Analytic Geometry.",
         ("OWNS", "Calculus with Analytic Geometry")),
        ("I bought the game, Elden Ring, last week.", ("OWNS", "Elden Ring")),
    ],
)
def test_name_set_off_beside_a_work_is_the_work(extractor: Extractor, text: str,
                                                expected: tuple[str, str]) -> None:
    assert expected in objects(extractor, text)


def test_name_spoken_to_after_a_work_is_no_title(extractor: Extractor) -> None:
    # "Jo" after the comma calls someone: the show is not called Jo
    assert not any(name == "Jo" for _, name in objects(extractor, "I love the show, Jo."))


@pytest.mark.parametrize(
    "text",
    ["Ive watched a couple season of it although it is quite long.",
     "I also have finished last of us the first game."],
)
def test_part_of_a_work_named_by_a_pronoun_names_nothing(extractor: Extractor, text: str
                                                         ) -> None:
    assert objects(extractor, text) == []


def test_part_of_a_named_work_keeps_the_work(extractor: Extractor) -> None:
    assert ("STATES", "Dune") in objects(extractor, "I read the first chapter of Dune.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a preposition of motion after a name watched goes on with its title
        ("I just watched Spiderman into the spiderverse last night.",
         ("DID", "Spiderman into the spiderverse")),
        ("I was rewatching Spiderman into the spiderverse and across the spiderverse.",
         ("STATES", "Spiderman into the spiderverse")),
        ("I watched Alien vs Predator.", ("DID", "Alien vs Predator")),
    ],
)
def test_name_with_preposition_of_motion_is_one_title(extractor: Extractor, text: str,
                                                      expected: tuple[str, str]) -> None:
    assert expected in objects(extractor, text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("I played Minecraft into the night.", "Minecraft"),  # a time, not a title's word
        ("I played Fortnite against my friends.", "Fortnite"),  # whom with, not a title
        ("I watched Avatar with my brother.", "Avatar"),
    ],
)
def test_preposition_after_a_name_that_is_no_title_stays_out(extractor: Extractor, text: str,
                                                             name: str) -> None:
    assert ("DID", name) in objects(extractor, text)  # a work played or watched: a deed


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # two plurals taking "is", or called a kind of work: one title joined by "and"
        ("kingdoms and castles is one of my favorites.", ("PREFERS", "kingdoms and castles")),
        ("My favorite game is kingdoms and castles.", ("PREFERS", "kingdoms and castles")),
        ("pride and prejudice is my favorite book.", ("PREFERS", "pride and prejudice")),
    ],
)
def test_title_joined_by_and_is_whole(extractor: Extractor, text: str,
                                      expected: tuple[str, str]) -> None:
    assert expected in objects(extractor, text)


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        ("Cats and dogs are my favorite.", "cats and dogs"),  # "are": two things
        ("Pizza and pasta is my favorite.", "pizza and pasta"),  # no plural, no kind of work
        ("My favorite things are books and movies.", "books and movies"),
    ],
)
def test_things_joined_by_and_stay_apart(extractor: Extractor, text: str, pair: str) -> None:
    assert pair not in [name.lower() for _, name in objects(extractor, text)]

"""Likings, fifth round (issue 11): chat's "fav" / "fave" for "favorite", and a kind liked in a
way said with "my" / "our" ("I like my drinks cold", "we love our burgers here"), examples after
"things like" / "stuff like", each with sentences written for it (not the benchmark's), and the
near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, deniable_rows, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _likings(extractor: RuleExtractor, text: str) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS", "HAS_HOBBY")]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("My fav drink is boba", "boba", "drink"),
        ("my fave food is sushi", "sushi", "food"),
        ("pizza is my fav food", "pizza", "food"),
        ("Dune is one of my faves", "Dune", None),
        ("Ramen is my fave", "Ramen", None),
    ],
)  # fmt: skip
def test_fav_and_fave_are_favorite(
    extractor: RuleExtractor, text: str, thing: str, key: str | None
) -> None:
    assert ("Emi", "PREFERS", thing, key) in fact_rows(extractor, text)


def test_faves_listed_are_each_a_favorite(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "My faves are sushi and ramen")
    assert {("Emi", "PREFERS", "sushi", None), ("Emi", "PREFERS", "ramen", None)} <= set(rows)


@pytest.mark.parametrize(
    "text",
    [
        "whats your fav cereal?",  # a question
        "Her fav color is blue",  # someone else's
        "If I had to choose, my fave food would be sushi",  # a hypothetical
    ],
)  # fmt: skip
def test_no_fave_of_the_speaker(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi"] == []


@pytest.mark.parametrize(
    ("text", "kind", "key"),
    [
        ("I like my drinks cold", "drink", "cold"),
        ("i like my carbonated drinks to be super cold", "carbonated drink", "super cold"),
        ("I like my coffee black", "coffee", "black"),
        ("I like my coffee really strong", "coffee", "strong"),
        ("I like my oysters simply sauteed in butter.", "oyster", "sauteed in butter"),
    ],
)  # fmt: skip
def test_a_kind_liked_in_a_state(
    extractor: RuleExtractor, text: str, kind: str, key: str
) -> None:
    rows = _likings(extractor, text)
    assert rows == [("Emi", "PREFERS", kind, key)]  # never "Emi's drink"


def test_a_kind_disliked_in_a_state(extractor: RuleExtractor) -> None:
    # the denied liking is stored as its opposite (AVOIDS), as "I don't like coffee" is
    rows = deniable_rows(extractor, "I don't like my drinks cold")
    assert ("Emi", "AVOIDS", "drink", "cold", False) in rows


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("we quite love our burgers here", {"burger"}),
        ("Here in Texas we love our burgers and barbeque!", {"burger", "barbeque"}),
    ],
)  # fmt: skip
def test_what_we_love_here(extractor: RuleExtractor, text: str, kinds: set[str]) -> None:
    rows = _likings(extractor, text)
    assert {(r[1], r[2]) for r in rows} == {("PREFERS", k) for k in kinds}


@pytest.mark.parametrize(
    "text",
    [
        "Do you like your coffee black?",  # a question
        "You like your coffee black",  # the addressee's
        "If I could, I'd like my drinks cold",  # a hypothetical
        "I want my coffee hot",  # a wish of the moment
        "My sister likes her drinks cold",  # someone else's
    ],
)  # fmt: skip
def test_no_kind_liked_of_the_speaker(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi"] == []


@pytest.mark.parametrize(
    ("text", "owned"),
    [
        ("I love my cat so much", "Emi's cat"),  # how much, no state
        ("I love my job, it's cool", "Emi's job"),  # another clause's judgement
        ("we love our dog here", "Emi's dog"),  # one thing owned, no kind
        ("I like my friends honest", "Emi's friend"),  # whom, no kind
    ],
)  # fmt: skip
def test_an_owned_thing_stays_owned(extractor: RuleExtractor, text: str, owned: str) -> None:
    rows = _likings(extractor, text)
    assert [r[2] for r in rows if r[1] == "PREFERS"] == [owned]


def test_no_hollow_kind_liked_in_a_state(extractor: RuleExtractor) -> None:
    assert [r for r in _likings(extractor, "I like my things organized") if r[2] == "thing"] == []


@pytest.mark.parametrize(
    ("text", "relation", "things"),
    [
        ("I usually play things like cod or fortnite", "HAS_HOBBY", {"cod", "fortnite"}),
        ("I watch stuff like anime and documentaries", "HAS_HOBBY", {"anime", "documentary"}),
        ("I do things like yoga and pilates", "HAS_HOBBY", {"yoga", "pilates"}),
        ("I love things like hiking and camping", "PREFERS", {"hiking", "camping"}),
    ],
)  # fmt: skip
def test_examples_after_things_like(
    extractor: RuleExtractor, text: str, relation: str, things: set[str]
) -> None:
    rows = _likings(extractor, text)
    assert {(r[0], r[1], r[2]) for r in rows} == {("Emi", relation, t) for t in things}


@pytest.mark.parametrize(
    "text",
    [
        "Do you play things like cod?",  # a question
        "I like stuff like that",  # a pronoun names nothing
        "I played games like a pro",  # a likeness, no example
        "If I had time I'd play things like cod",  # a hypothetical
    ],
)  # fmt: skip
def test_no_examples_after_things_like(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi"] == []


def test_someone_elses_things_like_are_theirs(extractor: RuleExtractor) -> None:
    rows = _likings(extractor, "My brother plays things like cod")
    assert [(r[0], r[2]) for r in rows] == [("Emi's brother", "cod")]


@pytest.mark.parametrize(
    "text",
    [
        "My fave was a jimmy deans egg sausage croissant sandwich",  # cut short: "jimmy dean"
        "My favorite is a jimmy deans egg sausage croissant sandwich",
    ],
)  # fmt: skip
def test_no_favorite_cut_short(extractor: RuleExtractor, text: str) -> None:
    assert _likings(extractor, text) == []


def test_a_favorite_named_whole_stays(extractor: RuleExtractor) -> None:
    rows = _likings(extractor, "My favorite snack is a peanut butter sandwich")
    assert rows == [("Emi", "PREFERS", "peanut butter sandwich", "snack")]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Jon Jones is my top pick in MMA.", "Jon Jones"),
        ("My top choice is Kyoto", "Kyoto"),
        ("Kyoto is my top choice for a trip", "Kyoto"),
        ("My top pick would be the Grand Canyon", "Grand Canyon"),  # hedged, as "favorite" is
    ],
)  # fmt: skip
def test_a_top_pick_is_a_favorite(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("Emi", "PREFERS", thing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "What's your top pick?",  # a question
        "If I had to choose, my top pick would be Kyoto",  # a hypothetical
        "The top pick of the critics is Dune",  # theirs
        "My top priority is my health",  # no pick
    ],
)  # fmt: skip
def test_no_top_pick_of_the_speaker(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi"] == []



@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("Sushi is among my favorites", {"Sushi"}),
        ('"Sherlock" and "Stranger Things" are on my list of favorites',
         {"Sherlock", "Stranger Things"}),
        ('I love mysteries, so "Sherlock" is at the top of my list.', {"Sherlock"}),
        ("Museums and art galleries are high on our list", {"museum", "art gallery"}),
    ],
)  # fmt: skip
def test_a_thing_ranked_among_likings(
    extractor: RuleExtractor, text: str, things: set[str]
) -> None:
    rows = _likings(extractor, text)
    assert {("Emi", "PREFERS", t, None) for t in things} <= set(rows)


@pytest.mark.parametrize(
    "text",
    [
        "Japan is at the top of my list",  # a place: a wish to go
        "Visiting Peru is high on my list",  # a doing: a wish
        "Pizza is not among my favorites",  # denied
        "Is sushi among your favorites?",  # a question
        "Sushi is among her favorites",  # someone else's
        "Sushi is on your list of favorites",  # the addressee's
        "Milk is on my shopping list",  # a list of its own
    ],
)  # fmt: skip
def test_no_thing_ranked_among_likings(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[0] == "Emi" and r[1] == "PREFERS"] == []


def test_a_wished_place_on_my_list_stays_a_goal(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "Greece is on my list too")
    assert [(r[1], r[2]) for r in rows] == [("HAS_GOAL", "Greece")]


@pytest.mark.parametrize(
    ("text", "kind", "key"),
    [
        # the parser hangs the state on the liking as an adverbial clause
        ("I usually enjoy my salads plain and my bread toasted.", "salad", "plain"),
        ("I prefer my burgers medium rare.", "burger", "medium rare"),
        # ... or, in a framed clause, on the frame's verb
        ("Thats weird since i like my juices to be extra cold that my teeth hurt", "juice",
         "extra cold"),
        ("Funny since i like my sodas to be ice cold so they fizz", "soda", "ice cold"),
    ],
)  # fmt: skip
def test_a_kind_liked_in_a_state_the_parser_hangs_apart(
    extractor: RuleExtractor, text: str, kind: str, key: str
) -> None:
    rows = _likings(extractor, text)
    assert ("Emi", "PREFERS", kind, key) in rows
    assert not [r for r in rows if r[2].startswith("Emi's")]  # never "Emi's salad"


@pytest.mark.parametrize(
    "text",
    [
        "I love my job, happy to be there every day.",  # a comma: no state of the kind
        "I like my friends honest and kind.",  # whom, not a kind
        "I love my sister so much.",  # how much, not which state
    ],
)  # fmt: skip
def test_no_state_read_apart_from_its_kind(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _likings(extractor, text) if r[3] is not None] == []

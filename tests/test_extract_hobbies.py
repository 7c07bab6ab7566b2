"""Pastimes, likings and routines said in chat's own ways (issue 11): classes of phrasing the
earlier rounds left open, each with sentences written for it (not the benchmark's), and the
near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor

_HOBBY = ("PREFERS", "HAS_HOBBY", "HAS_HABIT")


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...] = _HOBBY) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I usually jog.", "jogging"),
        ("I often swim at the lake near my house.", "swimming"),
        ("I hike regularly.", "hiking"),
        ("I also usually bake with my kids.", "baking"),
        ("I normally paint in the garage.", "painting"),
        # chat's run-on, read as a relative clause of the laugh
        ("nice lol i usually jog or go to the gym", "jogging"),
    ],
)  # fmt: skip
def test_a_pastime_verb_told_with_how_often(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("Emi", "HAS_HOBBY", doing, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I usually run late.",  # an idiom of the day, no pastime
        "I often run out of time.",
        "I always cook too much.",
        "I usually run into trouble with that.",
        "I usually run with it.",  # an idiom
        "Do you usually jog?",  # a question
        "I don't usually swim.",  # a denial
        "If I'm stressed I usually bake.",  # a routine of a mood, not a pastime told
        "When I'm bored I usually draw.",
        "That's the trail I usually hike.",  # the trail's clause
        "She usually runs.",  # who, the chat knows
        "I sometimes swim.",  # too seldom said to be a pastime
    ],
)  # fmt: skip
def test_no_pastime_from_how_often(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _rows(extractor, text) if r[1] == "HAS_HOBBY"] == []


@pytest.mark.parametrize(
    ("text", "obj", "key"),
    [
        # a recurring time or a routine context stays the routine's key, read as a habit
        ("I usually paint on weekends.", "paint", "every weekend"),
        ("I always read before bed.", "read", "before bed"),
    ],
)  # fmt: skip
def test_a_timed_pastime_stays_a_keyed_habit(
    extractor: RuleExtractor, text: str, obj: str, key: str
) -> None:
    assert _rows(extractor, text) == [("Emi", "HAS_HABIT", obj, key)]


@pytest.mark.parametrize(
    ("text", "obj", "key"),
    [
        ("I go for a run every morning.", "go for a run", "every morning"),
        ("Every evening I go for a walk around the block.", "go for a walk", "every evening"),
        ("I often go for a swim after work.", "go for a swim", "after work"),
        ("I usually go for long walks with my dog.", "go for long walks", None),
        ("I go for coffee every morning.", "go for coffee", "every morning"),
    ],
)  # fmt: skip
def test_a_going_told_by_what_it_is_for(
    extractor: RuleExtractor, text: str, obj: str, key: str | None
) -> None:
    # the "for" phrase is what is done, not the routine's key ("go" [run] before)
    assert ("Emi", "HAS_HABIT", obj, key) in _rows(extractor, text)
    assert not [r for r in _rows(extractor, text) if r[2] == "go"]


@pytest.mark.parametrize(
    "text",
    [
        "I went for a run this morning.",  # one day's
        "I'm going for a run.",  # now, or a plan
        "I usually go for the cheapest option.",  # a choice
        "I usually go for very cold or super hot.",
        "I always go for it.",  # the chat's
        "Do you usually go for a run in the morning?",  # a question
    ],
)  # fmt: skip
def test_no_routine_of_going_for_a_choice_or_a_moment(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in _rows(extractor, text) if r[1] == "HAS_HABIT"] == []


@pytest.mark.parametrize(
    ("text", "relation", "title"),
    [
        ("I love the Lord of the Rings trilogy.", "PREFERS", "Lord of the Rings trilogy"),
        ("I love the Pirates of the Caribbean movies.", "PREFERS",
         "Pirates of the Caribbean movies"),
        ("I watched the Lord of the Rings trilogy.", "DID", "Lord of the Rings trilogy"),
    ],
)  # fmt: skip
def test_a_title_with_its_of_part_before_its_kind(
    extractor: RuleExtractor, text: str, relation: str, title: str
) -> None:
    # the parser heads "of the Rings trilogy" by the kind: the first noun alone ("Lord") was read
    objects = [r[2] for r in fact_rows(extractor, text) if r[1] == relation]
    assert title in objects
    assert title.split()[0] not in objects


@pytest.mark.parametrize(
    "text",
    [
        "I love the Lord of the new movies.",  # no title case after "of"
        "I love Game of Thrones.",  # a plain name after "of": read as it was
    ],
)  # fmt: skip
def test_no_kind_read_into_a_title_without_title_case(
    extractor: RuleExtractor, text: str
) -> None:
    objects = [r[2] for r in fact_rows(extractor, text) if r[1] == "PREFERS"]
    assert not any(o.endswith(("movies", "movie")) for o in objects)
    if "Thrones" in text:
        assert objects == ["Game of Thrones"]


@pytest.mark.parametrize(
    ("text", "things", "key"),
    [
        ("My favorite foods include sushi and ramen.", ["sushi", "ramen"], "food"),
        ("Some of my favorite taco toppings include fresh salsa, guacamole and a squeeze of "
         "lime.", ["fresh salsa", "guacamole", "lime"], "taco topping"),
        ("My favorite bands include Radiohead, Muse and Blur.", ["Radiohead", "Muse", "Blur"],
         "band"),
        ("Our favorite spots include the Louvre and Montmartre.", ["Louvre", "Montmartre"],
         "spot"),
    ],
)  # fmt: skip
def test_favorites_listed_with_include(
    extractor: RuleExtractor, text: str, things: list[str], key: str
) -> None:
    rows = _rows(extractor, text, ("PREFERS",))
    assert [r[2] for r in rows] == things
    assert {r[3] for r in rows} == {key}


@pytest.mark.parametrize(
    "text",
    [
        "Her favorite foods include sushi.",  # not the speaker's own
        "My favorite foods don't include sushi.",  # no list told
        "My favorites include these.",  # a pronoun
        "The menu includes sushi and ramen.",  # no favorites
        "My favorite meal includes rice.",  # what the one favorite holds
        "Some of our favorite moments included sitting by the beach.",  # a past trip's
        "Do your favorite foods include sushi?",  # a question
    ],
)  # fmt: skip
def test_no_favorites_from_other_includes(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS",)) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I love a squeeze of lime on my tacos.", "lime"),
        ("I love a drizzle of honey on my toast.", "honey"),
    ],
)  # fmt: skip
def test_a_dash_of_a_seasoning_is_the_seasoning(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    # "a squeeze of lime" names lime, as "a cup of coffee" names coffee
    assert [r[2] for r in _rows(extractor, text, ("PREFERS",))] == [thing]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Conor McGregor is another favorite; his fights are always a big deal.",
         "Conor McGregor"),
        ("Another favorite is the Appalachian Trail.", "Appalachian Trail"),
        ("A favorite one for me is Alberobello in Italy.", "Alberobello"),
        ("Ramen is another favorite for me.", "Ramen"),
    ],
)  # fmt: skip
def test_a_favorite_without_my_that_is_the_speakers(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert _rows(extractor, text, ("PREFERS",)) == [("Emi", "PREFERS", thing, None)]


@pytest.mark.parametrize(
    "text",
    [
        "It's a favorite for many.",  # anyone's
        "Sushi is a favorite in Japan.",
        "Sushi is a favorite among locals.",
        "Pizza is a favorite.",  # no "another", no "for me": whose?
        "Ramen is a favorite for my kids.",  # theirs
        "Is sushi another favorite?",  # a question
        "That's another favorite.",  # a pronoun
    ],
)  # fmt: skip
def test_no_favorite_of_someone_unnamed(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _rows(extractor, text, ("PREFERS",)) if r[0] == "Emi"] == []


def test_my_favorite_one_has_no_key(extractor: RuleExtractor) -> None:
    # "one" stands for the kind said before; it names none
    assert _rows(extractor, "My favorite one is Alberobello.", ("PREFERS",)) == [
        ("Emi", "PREFERS", "Alberobello", None)
    ]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Friends is my favorite show.", "Friends"),  # not the lemma "friend"
        ("Friends is my go-to show.", "Friends"),
        ("Cats are my favorite animals.", "cat"),  # no kind named by names: a common noun
    ],
)  # fmt: skip
def test_a_plural_title_opening_the_sentence_is_kept_as_written(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert [r[2] for r in _rows(extractor, text, ("PREFERS",))] == [thing]


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("I have a favorite nail salon in Los Angeles called Base Coat.", "Base Coat",
         "nail salon"),
        ("I have a favorite coffee shop called Blue Bottle.", "Blue Bottle", "coffee shop"),
        ("We have a favorite bar named The Tipsy Cow.", "Tipsy Cow", "bar"),
    ],
)  # fmt: skip
def test_a_favorite_one_has_named_by_called(
    extractor: RuleExtractor, text: str, thing: str, key: str
) -> None:
    assert _rows(extractor, text, ("PREFERS",)) == [("Emi", "PREFERS", thing, key)]


@pytest.mark.parametrize(
    "text",
    [
        "I have a favorite restaurant downtown.",  # no name
        "I had a favorite bar called Moe's.",  # may be gone
        "If I had a favorite bar called Moe's, I'd go daily.",  # a guess
        "I don't have a favorite bar called Moe's.",
        "She has a favorite bar called Moe's.",  # hers
        "Do you have a favorite bar called Moe's?",  # a question
    ],
)  # fmt: skip
def test_no_favorite_had_without_a_name_or_of_now(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in _rows(extractor, text, ("PREFERS",)) if r[0] == "Emi"] == []


@pytest.mark.parametrize(
    "text",
    [
        "The kids love the zoo, and another favorite is the aquarium.",  # the kids' list
        "The kids loved the zoo, and another favorite was the aquarium.",
        "Another favorite was the lasagna.",  # a trip's, maybe not the speaker's
    ],
)  # fmt: skip
def test_another_favorite_in_someone_elses_list_is_not_the_speakers(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in _rows(extractor, text, ("PREFERS",)) if r[2] in ("aquarium", "lasagna")]
    # the speaker's own list goes on
    mine = "I love the zoo, and another favorite is the aquarium."
    assert ("Emi", "PREFERS", "aquarium", None) in _rows(extractor, mine, ("PREFERS",))

"""Likings, things got and favorites on classes of real-chat phrasing (issue 11): each class
with sentences written for it (not the benchmark's) and the near misses that must stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a favorite named in its own phrase: an appositive, a quoted title, a naming verb
        ('Today I started re-watching one of my favorite sitcoms "Friends".',
         ("Emi", "PREFERS", "Friends", "sitcom")),
        ("One of my favorite paintings is called Starry Night.",
         ("Emi", "PREFERS", "Starry Night", "painting")),
        ("My favorite game, Elden Ring, is hard.", ("Emi", "PREFERS", "Elden Ring", "game")),
        # things got for oneself, the last one read as the subject of the "to" clause
        ("I went and got myself a new tent and a sleeping bag to be ready.",
         ("Emi", "OWNS", "sleeping bag", None)),
        ("I went and got myself a new tent and a sleeping bag to be ready.",
         ("Emi", "OWNS", "tent", None)),
        # a thing of a person named by name is that thing
        ("I love Taylor Swift's new album.", ("Emi", "PREFERS", "Taylor Swift's new album", None)),
        # the "I" dropped before an adverb and a liking word tagged a preposition
        ("really like Emma Stone's dress.", ("Emi", "PREFERS", "Emma Stone's dress", None)),
        # the noun before a filler keeps its modifiers
        ("Really like korean food haha", ("Emi", "PREFERS", "korean food", None)),
        # the exception to a denial is held
        ("I'm not really into sports other than tennis.", ("Emi", "PREFERS", "tennis", None)),
        ("I don't like vegetables except carrots.", ("Emi", "PREFERS", "carrot", None)),
        ("I'm not a fan of sports other than tennis.", ("Emi", "PREFERS", "tennis", None)),
        # a doing's length is counted in words that say what it is ("a" is none)
        ("I love making a homemade shrimp scampi.",
         ("Emi", "PREFERS", "making a homemade shrimp scampi", None)),
        ("I really enjoy baking a rich chocolate cake.",
         ("Emi", "PREFERS", "baking a rich chocolate cake", None)),
        # a favorite cousin is still a cousin
        ("My favorite cousin is coming to visit.", ("Emi", "HAS_RELATIVE", "cousin", "cousin")),
    ],
)  # fmt: skip
def test_likings_and_things_got(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_a_favorite_named_by_apposition_is_no_doing(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "My favorite band, Radiohead, is touring.")
    assert ("Emi", "PREFERS", "Radiohead", "band") in found
    assert not [r for r in found if r[2] == "touring"], found


def test_the_denial_stays_beside_its_exception(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I'm not really into sports other than tennis.")
    assert ("Emi", "AVOIDS", "sport", None) in found
    assert ("Emi", "PREFERS", "tennis", None) in found


@pytest.mark.parametrize(
    ("text", "unwanted"),
    [
        ("Is your favorite band, Radiohead, touring?", "PREFERS"),  # a question
        ("We talked about our favorite movies, Sam!", "PREFERS"),  # the one spoken to
        ("It's been great chatting about our favorite shows, Bella! Talk soon.", "PREFERS"),
        ("I want my kids to be happy.", "PREFERS"),  # whom one wants, no thing liked
        ("I love his dress.", "PREFERS"),  # a pronoun's: whose?
        ("Hokusai's wave print is a personal favorite.", "PREFERS"),
        ("Just like that.", "PREFERS"),  # "like" as a preposition, no liking
        ("Like, who knows?", "PREFERS"),
        # an exception to a liking is no liking
        ("I like all fruit other than bananas.", "AVOIDS"),
        # a doing that is nothing without its clause
        ("I love watching the sun set over the lake.", "PREFERS"),
        ("I like trying to cook new things.", "PREFERS"),
        # a favorite name with a pet word in it is no pet
        ("It's one of my favorite Teenage Mutant ninja turtles episodes.", "HAS_PET"),
    ],
)
def test_near_misses_stay_out(extractor: RuleExtractor, text: str, unwanted: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == unwanted], found


def test_an_exception_to_a_liking_is_not_liked(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I like all fruit other than bananas.")
    assert not [r for r in found if r[2] == "banana"], found


@pytest.mark.parametrize(
    ("text", "whole", "parts"),
    [
        ("I love mac and cheese.", ("Emi", "PREFERS", "mac and cheese", None), ("mac", "cheese")),
        ("Honestly I like Fish and Chips.", ("Emi", "PREFERS", "Fish and Chips", None),
         ("Fish", "Chips", "chip")),
        ("I made some macaroni and cheese for dinner.",
         ("Emi", "DID", "macaroni and cheese", "make"), ("macaroni", "cheese")),
    ],
)  # fmt: skip
def test_a_pair_that_names_one_dish_stays_whole(
    extractor: RuleExtractor, text: str, whole: Row, parts: tuple[str, ...]
) -> None:
    found = fact_rows(extractor, text)
    assert whole in found
    assert not [r for r in found if r[2] in parts], found


def test_two_things_liked_are_two_likings(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I like tea and coffee.")
    assert ("Emi", "PREFERS", "tea", None) in found
    assert ("Emi", "PREFERS", "coffee", None) in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a general noun with its examples is about them
        ("I'm really interested in fields such as photography and astronomy.",
         [("Emi", "PREFERS", "photography", None), ("Emi", "PREFERS", "astronomy", None)]),
        ("I love board games such as Catan.", [("Emi", "PREFERS", "Catan", None)]),
        # an example pointing into the chat leaves the liking as it was
        ("Personally I enjoy rural life, such as the photo I sent you.",
         [("Emi", "PREFERS", "rural life", None)]),
    ],
)  # fmt: skip
def test_examples_are_what_is_liked(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    found = fact_rows(extractor, text)
    assert all(row in found for row in expected), found
    assert not [r for r in found if r[2] in ("field", "board game", "photo")], found


@pytest.mark.parametrize(
    "text",
    [
        "I also enjoy just laying on the couch and napping.",  # "laying" alone says nothing
        "This is the shrimp risotto I love to cook.",  # the dish is liked, not "cook"
        "I used to think kombucha was great but it's way too sour.",  # an opinion given up
        "I love taking care of my hair and I have tips.",  # no "taking care" without its "of"
    ],
)
def test_hollow_or_given_up_likings_stay_out(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "HAS_OPINION")], found


@pytest.mark.parametrize(
    ("text", "cut"),
    [
        # a "my" hung on a word inside the object is a word of a title, no owner
        ("I've been watching my hero academia.", "hero academia"),
        # a title watched is no pastime (a kind of work is: "horror movies")
        ("I've been watching the guardians of the galaxy movies.", "guardians of the galaxy"),
    ],
)
def test_a_title_is_neither_cut_nor_a_hobby(extractor: RuleExtractor, text: str, cut: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[2] == cut or (r[1] == "HAS_HOBBY" and cut in r[2])], found


def test_a_kind_of_work_watched_is_still_a_hobby(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I watch horror movies.")
    assert ("Emi", "HAS_HOBBY", "horror movie", None) in found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just finished Dune. It's one of my favorite books now.",
         ("Emi", "PREFERS", "Dune", "book")),
        ("I watched Oppenheimer last night. It's one of my favorite movies.",
         ("Emi", "PREFERS", "Oppenheimer", "movie")),
    ],
)  # fmt: skip
def test_it_is_one_of_my_favorites_of_what_was_just_seen(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "It's one of my favorite spas in the city.",  # "it" names nothing here
        "Have you read Dune? It's one of my favorite books.",  # asked, not told as done
        "I watched Oppenheimer and Barbie. It's one of my favorite movies.",  # which one?
    ],
)
def test_it_without_one_thing_seen_names_no_favorite(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"]


def test_a_run_on_liking_is_no_relative_clause(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "Wow thats a really pretty tree i love fall")
    assert ("Emi", "PREFERS", "fall", None) in found
    assert not [r for r in found if "tree" in r[2]], found


def test_a_relative_clause_still_names_its_noun(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "The cake that I baked was great.")
    assert ("Emi", "DID", "cake", "bake") in found


def test_a_favorite_spot_is_no_liking_of_its_kind(extractor: RuleExtractor) -> None:
    text = "As for me, I don't have any favorite hiking spots since I don't travel much."
    assert not [r for r in fact_rows(extractor, text) if r[2] == "hiking"]
    liked = fact_rows(extractor, "I have a weakness for chocolate.")
    assert ("Emi", "PREFERS", "chocolate", None) in liked


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a possessive said of one of several: the key is the kind, in the singular
        ("One of my favorite brunch spots in Boston is Tatte.",
         ("Emi", "PREFERS", "Tatte", "brunch spot")),
        ('One of my all-time favorite books is "The Night Circus".',
         ("Emi", "PREFERS", "The Night Circus", "book")),
        ("One of my goals is to learn Spanish.", ("Emi", "HAS_GOAL", "learn Spanish", None)),
    ],
)  # fmt: skip
def test_one_of_my_favorites_is(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_one_of_my_friends_is_no_favorite(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "One of my friends is a nurse.")
    assert not [r for r in found if r[1] in ("PREFERS", "HAS_ATTRIBUTE")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a colour liked is a thing, though the model reads it as an adjective
        ("I love blue.", ("Emi", "PREFERS", "blue", None)),
        ("Honestly I hate orange.", ("Emi", "AVOIDS", "orange", None)),
        ("I also really like green.", ("Emi", "PREFERS", "green", None)),
        ("I really like yellow as a color.", ("Emi", "PREFERS", "yellow", None)),
        # the liking word read as a name or an interjection on the thing after it
        ("I LOVE sushi.", ("Emi", "PREFERS", "sushi", None)),
        # an emphatic "do" makes the model read the liking word as a noun
        ("I do love sushi.", ("Emi", "PREFERS", "sushi", None)),
        ("I really do love cooking.", ("Emi", "PREFERS", "cooking", None)),
        ("I do love playing video games, lately the Yakuza series.",
         ("Emi", "PREFERS", "playing video games", None)),
    ],
)  # fmt: skip
def test_likings_the_model_misreads(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Do you love blue?",  # a question
        "I love the blue one.",  # which one?
        "I do love it.",  # a pronoun names nothing
        "I like it hot.",  # a way of having it, no colour
        "The sky looks blue and I love it.",
    ],
)
def test_misread_likings_name_something(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a liking said the other way round: the thing is the subject, the key the complement
        ("Knitting is my hobby.", ("Emi", "HAS_HOBBY", "knitting", None)),
        ("Photography is one of my passions.", ("Emi", "HAS_HOBBY", "photography", None)),
        ("Jazz is my jam.", ("Emi", "PREFERS", "jazz", None)),
        ("Baking is totally my thing.", ("Emi", "PREFERS", "baking", None)),
        # a liking read by the model as a passive
        ("I'm obsessed with Korean dramas.", ("Emi", "PREFERS", "Korean drama", None)),
        ("I'm addicted to coffee.", ("Emi", "PREFERS", "coffee", None)),
        # "big on", "big into", "a sucker for"
        ("I'm big into fishing.", ("Emi", "PREFERS", "fishing", None)),
        ("I'm not very big on sweets.", ("Emi", "AVOIDS", "sweets", None)),
        ("I'm a sucker for romantic comedies.", ("Emi", "PREFERS", "romantic comedy", None)),
        # the liking word read as an auxiliary of the thing, itself read as an adjective
        ("I like oatmeal with berries.", ("Emi", "PREFERS", "oatmeal with berries", None)),
    ],
)  # fmt: skip
def test_likings_in_set_phrases(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "That's my thing.",  # a pronoun names nothing
        "It's my hobby.",
        "Knitting isn't my hobby.",  # a denial is no hobby
        "Is jazz your jam?",  # a question
        "She seems obsessed with it.",
        "He is obsessed with me.",
        "I'm a big guy.",  # no "on" or "into": no liking
        "I'm a sucker.",
    ],
)
def test_set_phrases_name_a_liked_thing(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS", "HAS_HOBBY")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a phrasal verb that is a doing on its own
        ("I enjoy working out.", ("Emi", "PREFERS", "working out", None)),
        ("I really love eating out.", ("Emi", "PREFERS", "eating out", None)),
        ("I hate working out.", ("Emi", "AVOIDS", "working out", None)),
        # "a cat person": the kind of person is what is liked
        ("I'm a cat person.", ("Emi", "PREFERS", "cat", None)),
        ("I'm not really a beach person.", ("Emi", "AVOIDS", "beach", None)),
        ("My sister is a dog person.", ("Emi's sister", "PREFERS", "dog", None)),
    ],
)  # fmt: skip
def test_doings_and_kinds_of_person(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I love figuring out.",  # figuring out what?
        "I'm not a morning person.",  # a trait, no liking
        "I'm a people person.",
        "I'm a very creative person.",
        "Are you a dog person?",
    ],
)
def test_no_liking_without_a_thing(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS", "HAS_HOBBY")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a doing after the preposition of a liking
        ("I'm not a fan of drinking hot water.", ("Emi", "AVOIDS", "drinking hot water", None)),
        ("I'm really into baking bread.", ("Emi", "PREFERS", "baking bread", None)),
        ("I'm passionate about teaching kids.", ("Emi", "PREFERS", "teaching kids", None)),
        ("I recently got into baking bread.", ("Emi", "HAS_HOBBY", "baking bread", None)),
        # "much of a fan", "more of a ... person"
        ("I'm not much of a fan of spicy food.", ("Emi", "AVOIDS", "spicy food", None)),
        ("I'm more of a coffee person.", ("Emi", "PREFERS", "coffee", None)),
        # chat's "Im" is "I'm"
        ("Im really into architecture.", ("Emi", "PREFERS", "architecture", None)),
    ],
)  # fmt: skip
def test_likings_of_doings_and_degrees(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_a_doing_looked_forward_to_is_no_liking(extractor: RuleExtractor) -> None:
    # the plan is read as a clause ("visit ..."), never as the gerund taken for a thing
    found = fact_rows(extractor, "I'm looking forward to visiting the city.")
    assert not [r for r in found if r[2].startswith("visiting")], found
    found = fact_rows(extractor, "I'm more of a chill person.")
    assert not [r for r in found if r[1] == "PREFERS"], found


def test_an_interest_or_a_passion_had_is_a_liking(extractor: RuleExtractor) -> None:
    assert ("Emi", "PREFERS", "economics", None) in fact_rows(
        extractor, "I have a particular interest in economics.")
    assert ("Emi", "PREFERS", "cooking", None) in fact_rows(
        extractor, "I've always had a passion for cooking.")
    # "no" denies it, the noun's or a fan's
    assert ("Emi", "AVOIDS", "politics", None) in fact_rows(
        extractor, "I have no interest in politics.")
    assert ("Emi", "AVOIDS", "jazz", None) in fact_rows(extractor, "I'm no fan of jazz.")
    # the other's interest recapped, a thing pointed at, a question: nothing
    for text in ("Your interest in technology is fascinating.",
                 "I have an interest in the project.", "Do you have an interest in art?"):
        assert [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "AVOIDS")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a doing with what it is done to after its preposition
        ("I also like listening to music.", ("Emi", "PREFERS", "listening to music", None)),
        ("I like thinking of names.", ("Emi", "PREFERS", "thinking of names", None)),
        ("I love swimming in the ocean.", ("Emi", "PREFERS", "swimming", None)),
    ],
)  # fmt: skip
def test_a_doing_keeps_its_argument(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "They're hilarious and I love listening to them.",  # listening to whom?
        "Now I just enjoy playing occasionally.",  # playing what?
        "I love watching.",
        "I enjoyed talking to you too.",  # a chat move
    ],
)
def test_a_doing_without_its_object_names_nothing(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS", "HAS_HOBBY")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a kind of place or weather named with "the"
        ("I love the beach.", ("Emi", "PREFERS", "beach", None)),
        ("I really enjoy the outdoors.", ("Emi", "PREFERS", "outdoors", None)),
        ("I hate the cold.", ("Emi", "AVOIDS", "cold", None)),
        # the leisure time a liked doing is done in is no part of it (it makes the doing a
        # pastime: test_extract_likings3.py)
        ("I like to play video games in my free time.",
         ("Emi", "HAS_HOBBY", "playing video games", None)),
        ("I like to go fishing on weekends.", ("Emi", "PREFERS", "go fishing", None)),
    ],
)  # fmt: skip
def test_generic_kinds_and_leisure(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I love the beach you sent.",  # one of the chat's
        "I also enjoyed the outdoors.",  # a moment past
        "I love the idea.",
    ],
)
def test_the_chats_own_things_are_no_likings(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # time spent says with whom or where
        ("I love spending time with my family.",
         ("Emi", "PREFERS", "spending time with family", None)),
        ("I really enjoy spending time outdoors.",
         ("Emi", "PREFERS", "spending time outdoors", None)),
    ],
)  # fmt: skip
def test_time_spent_says_how(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I love spending time.",  # spent how?
        "I love spending time with them.",
        "Hm I like to wait and see the pet first.",  # a way of going about it, no liking
    ],
)
def test_time_alone_is_no_liking(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "X is something I love": the liked thing is what "is" says it of
        ("Cooking is something I really enjoy.", ("Emi", "PREFERS", "cooking", None)),
        ("Hiking is one thing I love.", ("Emi", "PREFERS", "hiking", None)),
        ("Sushi is something I hate.", ("Emi", "AVOIDS", "Sushi", None)),
    ],
)  # fmt: skip
def test_a_liking_said_of_a_placeholder(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize("text", ["This is something I love.", "It is something I enjoy."])
def test_a_placeholder_of_a_pronoun_names_nothing(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], found


def test_not_caring_for_a_thing_is_a_dislike(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I don't really care for sushi.")
    assert ("Emi", "AVOIDS", "sushi", None) in found
    for text in ("I care for my mom.", "I didn't care for the ending.", "I don't care for him."):
        found = fact_rows(extractor, text)
        assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], (text, found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "hates" is "hate" (the tables know "hat" too; the stem took its "e")
        ("My daughter hates spinach.", ("Emi's daughter", "AVOIDS", "spinach", None)),
        ("Tom hates waiting.", ("Tom", "AVOIDS", "waiting", None)),
    ],
)  # fmt: skip
def test_a_third_persons_dislike(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_never_having_liked_a_thing_is_a_dislike(extractor: RuleExtractor) -> None:
    assert ("Emi", "AVOIDS", "coffee", None) in fact_rows(extractor, "I've never liked coffee.")
    found = fact_rows(extractor, "I haven't liked it.")  # a pronoun, and not "never"
    assert not [r for r in found if r[1] in ("PREFERS", "AVOIDS")], found
    found = fact_rows(extractor, "I've never tried sushi.")  # not yet: no dislike
    assert not [r for r in found if r[1] == "AVOIDS"], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "go-to" marks a favorite, as "favorite" does
        ("My go-to drink is an iced latte.", ("Emi", "PREFERS", "iced latte", "drink")),
        ("Popcorn is my go-to snack.", ("Emi", "PREFERS", "popcorn", "snack")),
        ("One of my go-to poses is the downward dog.",
         ("Emi", "PREFERS", "downward dog", "pose")),
    ],
)  # fmt: skip
def test_a_go_to_is_a_favorite(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_going_to_is_no_go_to(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I go to the gym a lot.")
    assert not [r for r in found if r[1] == "PREFERS"], found

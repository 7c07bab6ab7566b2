"""Precision of objects on real chat (issue 11): what people set against their meaning, count
words that are names, "I" typed together with its auxiliary, bare verbs that need an object,
passing business of a day, and clauses the parser misreads as objects."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor

# The extractor is conftest's (the default rule extractor over the default ontology); `rows`
# reads its facts as (subject, relation, object, key), as in test_extract_chat.py.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ", not X": the contrast is no part of the goal
        ("I mean, I want to learn Dutch, not German", ("Emi", "HAS_GOAL", "learn Dutch", None)),
        ("I want to visit Rome, not Paris.", ("Emi", "HAS_GOAL", "visit Rome", None)),
        ("I'm planning to study biology, not chemistry.",
         ("Emi", "HAS_GOAL", "study biology", None)),
        # a noun the parser takes for a count is part of the name; a number is a count
        ("I ran a half marathon last week.", ("Emi", "DID", "half marathon", "run")),
        ("I ran a quarter marathon.", ("Emi", "DID", "quarter marathon", "run")),
        # "Ido enjoy": "I do enjoy", the speaker
        ("Ido enjoy cooking and sharing meals, especially with friends and family.",
         ("Emi", "PREFERS", "cooking", None)),
        ("Ido enjoy cooking with friends.", ("Emi", "PREFERS", "cooking", None)),
        # a person named Ido agrees in the third person
        ("Ido loves hiking.", ("Ido", "PREFERS", "hiking", None)),
        # a bare verb that names a liking on its own still does
        ("I like to snowboard.", ("Emi", "PREFERS", "snowboard", None)),
        ("I love hiking, but the trails are muddy.", ("Emi", "PREFERS", "hiking", None)),
    ],
)  # fmt: skip
def test_objects_say_what_was_meant(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I mean, I want to learn Dutch, not German", "learn Dutch not German"),
        ("I want to visit Rome, not Paris.", "visit Rome not Paris"),
        ("I ran a half marathon last week.", "marathon"),
        ("I adopted three cats.", "cat"),  # a pet's count is kept ("three cats")
    ],
)
def test_mangled_objects_are_not_stored(extractor: RuleExtractor, text: str, wrong: str) -> None:
    assert wrong not in {obj for _, _, obj, _ in fact_rows(extractor, text)}


@pytest.mark.parametrize(
    "text",
    [
        # a bare verb that needs its object: watch what, play what?
        "I will play but I also like to watch so I might do a bit of both",
        "I usually like to play better than him",
        "I like to try.",
        # the passing business of a day: a meal, a photo shot, a workout set, a flavour tried
        "Heres some food we made about a week ago!",
        "I took a closeup of the petals from multiple angles",
        "I just finished my sets at the gym",
        "We tried different flavors not just the classic once",
        # the next clause's subject, hung on the verb before ", so", is not its object
        "We want to make this trip special, so some beauty treatments and pampering sessions "
        "sound perfect.",
        "I love it here, so the beaches are great.",
    ],
)
def test_passing_and_misread_objects_stay_out(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


def test_a_typed_together_i_is_nobody_named(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "Ido enjoy cooking with friends.")
    assert found and all(subject == "Emi" for subject, _, _, _ in found), found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('I recently enjoyed "Where the Crawdads Sing"',
         ("Emi", "PREFERS", "Where the Crawdads Sing", None)),
        ('I loved "The Night Circus" so much.', ("Emi", "PREFERS", "The Night Circus", None)),
        ('I finished "Project Hail Mary" last week.',
         ("Emi", "DID", "Project Hail Mary", "finish")),
    ],
)  # fmt: skip
def test_a_quoted_title_after_the_verb_is_its_object_whole(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a verb a goal pattern reads in the progressive is the fallback's in the past (a
        # relative visited is a HAS_RELATIVE fact: "my grandparents" is a role now)
        ("We visited my old school over the holidays.",
         ("Emi", "STATES", "Emi's old school", "visit")),
        ("I flew a drone yesterday.", ("Emi", "STATES", "drone", "fly")),
        # ... and the progressive stays a plan
        ("I'm visiting my grandparents next week.",
         ("Emi", "HAS_GOAL", "visit Emi's grandparents", None)),
    ],
)  # fmt: skip
def test_a_plan_verb_in_the_past_is_a_deed(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


def test_a_plan_in_the_progressive_is_no_open_fact(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I'm visiting my grandparents next week.")
    assert all(relation != "STATES" for _, relation, _, _ in found), found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a proper name with its "of" part is one name
        ("I loved Lord of the Rings.", ("Emi", "PREFERS", "Lord of the Rings", None)),
        ("I work at the University of Texas.",
         ("Emi", "WORKS_AT", "University of Texas", None)),
        ("I watched Guardians of the Galaxy.",
         ("Emi", "DID", "Guardians of the Galaxy", "watch")),
        # a team or band is "the" and its plural, in lower case too
        ("I'm a big fan of the pistons but they're not doing too well this year",
         ("Emi", "PREFERS", "pistons", None)),
        ("I'm a huge fan of the Beatles.", ("Emi", "PREFERS", "Beatles", None)),
        ("I'm a big fan of dogs.", ("Emi", "PREFERS", "dog", None)),  # a kind, no team
    ],
)  # fmt: skip
def test_names_stay_whole(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # going to bed is a passing plan, whatever follows the idiom
        "for now im beat lol im going to hit the hay for the night lol",
        "I want to hit the sack early tonight.",
        # "return to it" goes back to a game; it requests no return
        "I didn't even get halfway but I definitely want to return to it eventually.",
        # a thing's progressive event is no attribute value of it
        "Also my season is starting next week.",
        "My shift is ending soon.",
    ],
)
def test_passing_plans_and_events_are_no_goals_or_values(
    extractor: RuleExtractor, text: str
) -> None:
    assert fact_rows(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'd like to return it.", ("Emi", "HAS_GOAL", "return", None)),
        ("My hobby is knitting.", ("Emi", "HAS_HOBBY", "knitting", None)),
        ("I want to visit my parents in Ohio.",
         ("Emi", "HAS_GOAL", "visit Emi's parents in Ohio", None)),
    ],
)  # fmt: skip
def test_service_requests_values_and_goals_still_found(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The newest iteration of the turtles is actually also pretty awesome.",
         ("Emi", "HAS_OPINION", "newest iteration of turtles", "awesome")),
        ("The new season of Stranger Things is amazing.",
         ("Emi", "HAS_OPINION", "new season of Stranger Things", "amazing")),
        ("The Etihad apartment is an AMAZING experience.",
         ("Emi", "HAS_OPINION", "Etihad apartment", "amazing")),
    ],
)  # fmt: skip
def test_a_judged_topic_keeps_its_of_part(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The intricate architecture and rich history of that complex are truly captivating.",
        "The ending of it was terrible.",
    ],
)
def test_a_topic_of_something_pointed_back_at_is_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"] == []


@pytest.mark.parametrize(
    "text",
    [
        "Oh cool I loved playing sunshine as a kid",
        "I loved reading comics as a child.",
        "I loved Pokemon when I was little.",
        "Growing up, I loved Harry Potter.",
    ],
)
def test_a_liking_of_childhood_is_no_current_preference(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] in ("PREFERS", "HAS_HOBBY")] == []


def test_a_liking_without_a_childhood_frame_stays(extractor: RuleExtractor) -> None:
    assert ("Emi", "PREFERS", "Dune", None) in fact_rows(extractor, "I loved Dune.")


@pytest.mark.parametrize(
    ("text", "once"),
    [
        ("I have actually read vinland Saga, and it's a really awesome story.", "vinland Saga"),
        ("I've watched Breaking Bad.", "Breaking Bad"),
        ("I've eaten sushi.", "sushi"),
    ],
)
def test_the_perfect_tells_an_experience_not_a_habit(
    extractor: RuleExtractor, text: str, once: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("HAS_HOBBY", "PREFERS") and r[2] == once], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've been watching a lot of anime lately", ("Emi", "HAS_HOBBY", "anime", None)),
        ("I've always played chess.", ("Emi", "HAS_HOBBY", "chess", None)),
    ],
)  # fmt: skip
def test_a_habit_in_the_perfect_progressive_or_always_stays(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # "going to be <state>" foretells, it plans nothing
        "You're both going to be nervous and you're both going to say stupid things.",
        "I'm going to be late.",
        "I'm going to be so tired tomorrow.",
    ],
)
def test_a_state_foretold_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_GOAL"] == []


@pytest.mark.parametrize(
    "text",
    [
        "It is not because you're not rich enough, or have enough friends.",
        "I have many friends.",
        "I have no friends here.",
        "I have the dog today.",  # a dog pointed at is no pet of the speaker's
    ],
)
def test_a_measure_of_people_names_no_relative(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert [r for r in found if r[1] in ("HAS_RELATIVE", "HAS_PET")] == [], found


def test_plans_and_counted_relatives_stay(extractor: RuleExtractor) -> None:
    assert ("Emi", "HAS_GOAL", "be a teacher", None) in fact_rows(
        extractor, "I'm going to be a teacher."
    )
    found = fact_rows(extractor, "I have three kids.")
    assert ("Emi", "HAS_RELATIVE", "three kids", "kids") in found


@pytest.mark.parametrize(
    "text",
    [
        "So yeah I agree, micro transactions are pretty bad and I don't support them",
        "Dogs are great.",
        "Video games are awesome.",
    ],
)
def test_a_judged_class_is_no_opinion_topic(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_OPINION"] == []


def test_a_measured_generic_thing_is_no_open_fact(extractor: RuleExtractor) -> None:
    assert fact_rows(extractor, "We played many games.") == []
    assert fact_rows(extractor, "I have many friends.") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Because i've recently finished the guardians of the galaxy game",
         ("Emi", "DID", "guardians of the galaxy game", "finish")),
        ("I finished the legend of zelda game",
         ("Emi", "DID", "legend of zelda game", "finish")),
        ("I watched the lord of the rings movies",
         ("Emi", "DID", "lord of the rings movies", "watch")),
    ],
)  # fmt: skip
def test_a_lower_case_title_before_its_kind_of_work_stays_whole(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


def test_a_couple_of_works_is_no_title(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I finished a couple of video games")
    assert not [r for r in found if "couple" in r[2]], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what is done in a game keeps the game
        ("I liked beating people up in the game for money or doing side missions",
         ("Emi", "PREFERS", "beating people up in the game", None)),
        ("I love killing zombies in video games.",
         ("Emi", "PREFERS", "killing zombies in video games", None)),
        ("I love hiking in the mountains.", ("Emi", "PREFERS", "hiking", None)),
        # a kind of thing with a kind named is a liking; with praise alone it is not
        ("I love horror movies.", ("Emi", "PREFERS", "horror movie", None)),
        ("I love Italian food.", ("Emi", "PREFERS", "Italian food", None)),
    ],
)  # fmt: skip
def test_a_liked_activity_keeps_its_setting_and_kind(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "She has an amazing voice and has some really good songs that I enjoy.",
        "I love great movies.",
        "I love good food.",
    ],
)
def test_a_generic_thing_with_only_praise_names_nothing(
    extractor: RuleExtractor, text: str
) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "<kind> I like is <thing>": the thing, not the kind
        ("One mobile game trope that I don't like is a stamina system.",
         ("Emi", "AVOIDS", "stamina system", None)),
        ("One dish I love is lasagna.", ("Emi", "PREFERS", "lasagna", None)),
        ("A band I really like is Radiohead.", ("Emi", "PREFERS", "Radiohead", None)),
        # a judgement after "is" leaves the described noun the object
        ("The cake that I baked was delicious.", ("Emi", "DID", "cake", "bake")),
    ],
)  # fmt: skip
def test_what_is_names_the_thing_a_relative_clause_describes(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("Maybe you have arthritis.", "HAS_CONDITION"),
        ("Perhaps I'm allergic to cats.", "ALLERGIC_TO"),
    ],
)
def test_a_guess_with_maybe_or_perhaps_states_nothing(extractor: RuleExtractor, text: str,
                                                      relation: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == relation]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have arthritis.", ("Emi", "HAS_CONDITION", "arthritis", None)),
        # the "maybe" is the comparison's, not the liking's
        ("I love sushi, maybe more than pizza.", ("Emi", "PREFERS", "sushi", None)),
        # a "maybe" answering what was said before
        ("Maybe but I'm also a slow reader.", ("Emi", "IS_A", "slow reader", None)),
    ],
)
def test_a_statement_without_a_guess_on_its_verb_stays(extractor: RuleExtractor, text: str,
                                                       expected: Row) -> None:
    assert expected in fact_rows(extractor, text)

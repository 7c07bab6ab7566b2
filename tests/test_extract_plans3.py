"""Plans and likings, more phrasings (issue 11, plans and preferences recall): a doing
considered, a will told under "I'm thinking", a bare "list" of things to do, a plan told
before "what do you think?", kinds joined before one noun ("Italian and French food") and a
thing a liked doing is chosen over ("working from home over the office"). Each class with the
phrasings it must leave out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm considering moving to Denver.", ("Emi", "HAS_GOAL", "move to Denver", None)),
        ("We're considering adopting a rescue dog.",
         ("Emi", "HAS_GOAL", "adopt a rescue dog", None)),
        ("My boyfriend is considering getting a cat.",
         ("Emi's boyfriend", "HAS_GOAL", "get a cat", None)),
    ],
)  # fmt: skip
def test_a_doing_considered_is_a_goal(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I was considering bringing it home but I decided not to.",  # a pronoun, and given up
        "I'm considering a relaxing evening.",  # no doing
        "I'm not considering moving to Denver.",
        "Are you considering moving to Denver?",
        "It's very busy today, considering it's new years eve.",
    ],
)
def test_considering_without_a_doing_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Im thinking I will stay with my family and most likely go out to eat somewhere.",
         ("Emi", "HAS_GOAL", "stay with Emi's family", None)),
        ("I'm thinking I'll take a pottery class next month.",
         ("Emi", "HAS_GOAL", "take a pottery class", None)),
        ("We're thinking we will adopt a dog.", ("Emi", "HAS_GOAL", "adopt a dog", None)),
    ],
)  # fmt: skip
def test_a_will_told_while_thinking_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I think I'll adopt a dog.",  # a guess of the moment, not weighed
        "I'm thinking I might adopt a dog.",  # a hypothetical
        "I'm thinking he will adopt a dog.",  # someone else's
        "I'm thinking I'll go to bed.",  # a passing plan of the day
        "I'm thinking I won't adopt a dog.",
    ],
)
def test_other_thoughts_are_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Greece is on my list too; the history of the Mediterranean is so alluring.",
         ("Emi", "HAS_GOAL", "Greece", None)),
        ("A trip to Japan is definitely on my list.",
         ("Emi", "HAS_GOAL", "trip to Japan", None)),
        ("Iceland is on my list of places to visit.", ("Emi", "HAS_GOAL", "Iceland", None)),
        ("I think visiting Iceland is on my bucket list.",
         ("Emi", "HAS_GOAL", "visit Iceland", None)),
        ("Honestly, seeing the northern lights has been on my list for years.",
         ("Emi", "HAS_GOAL", "see the northern lights", None)),
    ],
)  # fmt: skip
def test_a_thing_on_ones_list_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert any(row[:2] == expected[:2] and row[2].lower() == expected[2].lower() for row in rows)


@pytest.mark.parametrize(
    "text",
    [
        "Milk is on my shopping list.",  # a list of errands
        '"Sherlock" and "Stranger Things" are definitely on my list of favorites too!',
        "Greece is not on my list.",
        "You are on my list.",
        '"Sherlock" is at the top of my list with its clever plots.',  # a ranking of likings
        "Museums and art galleries are also high on our list, there's so much culture here!",
    ],
)
def test_other_lists_hold_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love Italian and French food.", ["Italian food", "French food"]),
        ("I like Japanese and Korean dramas.", ["Japanese drama", "Korean drama"]),
        ("I love Italian, Greek and French food.", ["Italian food", "Greek food", "French food"]),
        ("I'm a big fan of Mexican and Thai food.", ["Mexican food", "Thai food"]),
    ],
)  # fmt: skip
def test_kinds_joined_before_one_noun_are_each_liked(
    extractor: RuleExtractor, text: str, expected: list[str]
) -> None:
    liked = {obj for _, relation, obj, _ in fact_rows(extractor, text) if relation == "PREFERS"}
    assert liked == set(expected)


@pytest.mark.parametrize(
    ("text", "wrong"),
    [
        ("I love warm and cozy sweaters.", "cozy sweater"),  # one thing described twice
        ("I like indoor and outdoor activities.", "outdoor activity"),  # ("both" makes two)
        ("I love New York and Paris.", "Paris York"),
    ],
)  # fmt: skip
def test_other_adjectives_do_not_split(extractor: RuleExtractor, text: str, wrong: str) -> None:
    assert wrong not in {obj for _, _, obj, _ in fact_rows(extractor, text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm going to Italy next month, what do you think?",
         ("Emi", "HAS_GOAL", "go to Italy", None)),
        ("I was also thinking of joining a book club, what do you think about them?",
         ("Emi", "HAS_GOAL", "join a book club", None)),
    ],
)  # fmt: skip
def test_a_plan_asked_about_after_is_stated(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "You think I should adopt a dog?",
        "Do you think I should join a book club?",
        "My mom thinks I should join a book club.",
    ],
)
def test_what_another_thinks_is_still_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I prefer working from home over the office.",
         {("PREFERS", "working from home"), ("AVOIDS", "office")}),
        ("I prefer cooking over takeout.", {("PREFERS", "cooking"), ("AVOIDS", "takeout")}),
        ("I prefer working from home over going to the office.",
         {("PREFERS", "working from home"), ("AVOIDS", "going to the office")}),
    ],
)  # fmt: skip
def test_a_thing_a_liked_doing_is_chosen_over_is_avoided(
    extractor: RuleExtractor, text: str, expected: set[tuple[str, str]]
) -> None:
    assert {(relation, obj) for _, relation, obj, _ in fact_rows(extractor, text)} == expected


@pytest.mark.parametrize(
    "text",
    [
        "I prefer hiking over the weekend.",  # a time
        "I prefer reading over the summer.",
        "I prefer walking over the bridge.",  # the path of a motion
    ],
)
def test_over_a_time_or_a_path_is_no_choice(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "AVOIDS"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We've been wanting to go play paintball for a while.",
         ("Emi", "HAS_GOAL", "go play paintball", None)),
        ("I want to go see the Eiffel Tower.",
         ("Emi", "HAS_GOAL", "go see the Eiffel Tower", None)),
        ("I've been looking to get into podcasts for a little while.",
         ("Emi", "HAS_GOAL", "get into podcasts", None)),
        ("I'm kinda leaning towards going into law.", ("Emi", "HAS_GOAL", "go into law", None)),
        ("I'm leaning towards moving to Berlin.", ("Emi", "HAS_GOAL", "move to Berlin", None)),
    ],
)  # fmt: skip
def test_a_doing_gone_to_or_leant_towards_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm gonna go play some games.",  # an excluded pastime of the day, gone to
        "I'm gonna go take a nap.",
        "As for dinner, I'm leaning toward trying a new pasta dish.",  # the moment's pick
        "I'm leaning towards the blue one.",
        "I want to travel for a while.",  # a span alone is no goal's object
    ],
)
def test_passing_doings_and_picks_are_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We love a game of padel, or badminton.", {"padel", "badminton"}),
        ("I love a game of chess.", {"chess"}),
        ("I love Game of Thrones.", {"Game of Thrones"}),  # a title, no round of a game
        ("I'm drawn to impressionist paintings.", {"impressionist painting"}),
        ("I've always been drawn to old cities.", {"old city"}),
    ],
)  # fmt: skip
def test_a_round_of_a_game_and_what_one_is_drawn_to_are_liked(
    extractor: RuleExtractor, text: str, expected: set[str]
) -> None:
    assert {obj for _, relation, obj, _ in fact_rows(extractor, text)
            if relation == "PREFERS"} == expected  # fmt: skip


@pytest.mark.parametrize(
    "text",
    [
        "I was drawn to the noise.",  # past, and a thing of the moment
        "I'm drawn to it.",
        "I've always been drawn to the beauty of the Greek islands.",  # the beauty is no thing
    ],
)
def test_other_drawings_are_no_liking(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "PREFERS"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've never been a fan of country music.", ("AVOIDS", "country music")),
        ("I've never been a big fan of seafood.", ("AVOIDS", "seafood")),
        ("I can't get enough of true crime podcasts.", ("PREFERS", "true crime podcast")),
        ("We can't get enough of the beach.", ("PREFERS", "beach")),
    ],
)  # fmt: skip
def test_set_phrases_of_liking_and_dislike(
    extractor: RuleExtractor, text: str, expected: tuple[str, str]
) -> None:
    assert expected in {(relation, obj) for _, relation, obj, _ in fact_rows(extractor, text)}


@pytest.mark.parametrize(
    "text",
    [
        "I have never been to Japan.",  # not yet, no dislike
        "I've never been a fan of his.",
        "I've never been a pistons fan but I really want them to win.",  # a fan of no "of"
        "I can't get enough sleep.",  # no "of": too little of a thing
        "I can get enough of sushi.",
        "I couldn't get enough of it.",
    ],
)
def test_near_phrasings_state_no_liking(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] in ("PREFERS", "AVOIDS")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i love drinking while i eat too", ("PREFERS", "drinking while eating")),
        ("I like reading while I drive.", ("PREFERS", "reading while driving")),
        ("I enjoy knitting while I watch TV.", ("PREFERS", "knitting while watching TV")),
        ("I don't like texting while I drive.", ("AVOIDS", "texting while driving")),
        ("I hate talking while I eat.", ("AVOIDS", "talking while eating")),
    ],
)  # fmt: skip
def test_a_doing_liked_while_the_speaker_does_another(
    extractor: RuleExtractor, text: str, expected: tuple[str, str]
) -> None:
    assert expected in {(relation, obj) for _, relation, obj, _ in fact_rows(extractor, text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I love swimming while he watches.", "swimming"),  # someone else's doing: the gerund
        ("I love reading while I'm on the train.", "reading"),  # where, no doing
        ("I love reading while I watch it.", "reading"),  # a pronoun names nothing
    ],
)  # fmt: skip
def test_other_while_clauses_leave_the_doing_alone(
    extractor: RuleExtractor, text: str, expected: str
) -> None:
    liked = {obj for _, relation, obj, _ in fact_rows(extractor, text) if relation == "PREFERS"}
    assert liked == {expected}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm working towards getting my degree.", ("Emi", "HAS_GOAL", "get Emi's degree", None)),
        ("I'm preparing to launch my own business.",
         ("Emi", "HAS_GOAL", "launch Emi's own business", None)),
        ("I'm saving up for a trip to Japan.", ("Emi", "HAS_GOAL", "trip to Japan", None)),
        ("We're saving for a house.", ("Emi", "HAS_GOAL", "house", None)),
        ("I'm applying for a new job.", ("Emi", "HAS_GOAL", "apply for a new job", None)),
        ("I'm applying to colleges.", ("Emi", "HAS_GOAL", "apply to colleges", None)),
        ("I'm gearing up for my first half marathon.",
         ("Emi", "HAS_GOAL", "Emi's first half marathon", None)),
    ],
)  # fmt: skip
def test_a_goal_worked_prepared_saved_or_applied_for(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm preparing to go to bed.",  # an errand of the day
        "I was preparing to leave.",
        "I'm saving money for the kids.",  # no thing saved for from the list
        "I'm saving it for later.",
        "I'm applying sunscreen.",
        "I'm applying for it.",
        "I'm constantly exploring new opportunities and working towards finding the right fit.",
    ],
)
def test_other_preparing_saving_and_applying_is_no_goal(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I have plans to visit Japan next year.", ("Emi", "HAS_GOAL", "visit Japan", None)),
        ("We have plans to move to Canada.", ("Emi", "HAS_GOAL", "move to Canada", None)),
        ("I have a plan for over the summer to visit a few islands.",
         ("Emi", "HAS_GOAL", "visit a few islands", None)),
        ("I have a goal to run a marathon.", ("Emi", "HAS_GOAL", "run a marathon", None)),
        ("I'm planning a get-together with friends.", ("Emi", "HAS_GOAL", "get-together", None)),
        ("I'm planning a picnic.", ("Emi", "HAS_GOAL", "picnic", None)),
    ],
)  # fmt: skip
def test_plans_had_and_gatherings_planned_are_goals(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I have no plans to move.",
        "Do you have plans to travel?",
        "I had plans to go out tonight but I'm sick.",  # a plan of the past, given up
        "I have plans to go home.",  # an errand
    ],
)
def test_other_plans_had_are_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm toying with the idea of getting a cat.", ("Emi", "HAS_GOAL", "get a cat", None)),
        ("Lately, I've been intrigued by the idea of exploring the ruins of Petra in Jordan.",
         ("Emi", "HAS_GOAL", "explore the ruins of Petra", None)),
        ("I want to visit the Amalfi Coast in Italy.",
         ("Emi", "HAS_GOAL", "visit the Amalfi Coast", None)),
    ],
)  # fmt: skip
def test_an_idea_weighed_is_a_goal_named_without_where_it_lies(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I love the idea of visiting Japan.",  # a reaction to what was said
        "I was intrigued by the idea of exploring Petra.",  # then, not now
        "I'm fascinated by space.",
        "I'm toying with my phone.",
    ],
)
def test_other_ideas_are_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Reality TV is my guilty pleasure.", {"reality tv"}),
        ("My guilty pleasures are candy and chips.", {"candy", "chip"}),
        ("Candy is one of my guilty pleasures.", {"candy"}),
        ("It's my pleasure.", set()),  # politeness
        ("The pleasure is mine.", set()),
    ],
)  # fmt: skip
def test_a_guilty_pleasure_is_liked(
    extractor: RuleExtractor, text: str, expected: set[str]
) -> None:
    liked = {obj.lower() for _, relation, obj, _ in fact_rows(extractor, text)
             if relation == "PREFERS"}  # fmt: skip
    assert liked == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm determined to finish my degree.", ("Emi", "HAS_GOAL", "finish Emi's degree", None)),
        ("I'm excited to start my new job next week.",
         ("Emi", "HAS_GOAL", "start Emi's new job", None)),
        ("I'm eager to start my internship.", ("Emi", "HAS_GOAL", "start Emi's internship", None)),
        ("I'm excited to explore Laduree and enjoy the vibes there.",
         ("Emi", "HAS_GOAL", "explore Laduree", None)),
    ],
)  # fmt: skip
def test_a_doing_one_is_set_on_is_a_goal(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm excited to hear about your trip.",  # a chat move
        "Im excited to see what you do for it!",
        "Im really excited to play today even though its simply a friendly match.",  # the day's
        "I was excited to start.",
        "I'm not excited to go back to work.",
    ],
)
def test_other_eagerness_is_no_goal(extractor: RuleExtractor, text: str) -> None:
    assert not [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"]

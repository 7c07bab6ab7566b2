"""Recall of what people say about themselves, fourth round (issue 11): classes of phrasing
mined from REALTALK messages that gave no fact (a doing found restful or dull, a thing found
to be so, a judging word beyond praise and blame, a doing one will start), each with
sentences written for it (not the mined ones), and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _rows(extractor: RuleExtractor, text: str, relations: tuple[str, ...]) -> list[Row]:
    return [r for r in fact_rows(extractor, text) if r[1] in relations]


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I find driving relaxing.", "PREFERS", "driving"),
        ("I find hiking really therapeutic.", "PREFERS", "hiking"),
        ("i find yoga so calming", "PREFERS", "yoga"),
        ("Honestly I find classical music soothing.", "PREFERS", "classical music"),
        ("I find gardening to be very relaxing.", "PREFERS", "gardening"),
        ("I really find cooking for my family rewarding.", "PREFERS", "cooking"),
        ("Yeah, I find baking kind of therapeutic, so I bake a lot.", "PREFERS", "baking"),
        ("I always find running so boring.", "AVOIDS", "running"),
        ("I find small talk exhausting.", "AVOIDS", "small talk"),
        ("I find commuting really stressful.", "AVOIDS", "commuting"),
    ],
)  # fmt: skip
def test_a_doing_found_restful_or_dull(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert (relation, thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I find it relaxing to read.",  # a pronoun
        "I find myself gravitating towards science fiction.",
        "I don't find running fun.",  # a denial
        "Do you find hiking relaxing?",  # a question
        "If I find hiking fun, I'll keep going.",  # a hypothetical
        "I find the gym boring.",  # which gym? (a determiner)
        "I find Sam annoying.",  # a person, no liking
        "I find time to read every day.",  # no judgement
        "Sam finds yoga relaxing.",  # not the speaker's
    ],
)  # fmt: skip
def test_no_doing_found_restful_or_dull(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("Personally, I found Bali very beautiful.", "bali", "beautiful"),
        ("I found Paris beautiful", "paris", "beautiful"),
        ("I found Tokyo really overwhelming.", "tokyo", "overwhelming"),
        ("I found the museum fascinating.", "museum", "fascinating"),
        ("I find Dune fascinating.", "dune", "fascinating"),
    ],
)  # fmt: skip
def test_a_thing_found_so(extractor: RuleExtractor, text: str, thing: str, key: str) -> None:
    rows = _rows(extractor, text, ("HAS_OPINION",))
    assert ("Emi", "HAS_OPINION", thing, key) in [(r[0], r[1], r[2].lower(), r[3]) for r in rows]


@pytest.mark.parametrize(
    "text",
    [
        "I found Bali yesterday.",  # no judgement
        "I didn't find Bali beautiful.",  # a denial
        "I found it beautiful.",  # a pronoun
        "Did you find Bali beautiful?",  # a question
    ],
)  # fmt: skip
def test_no_thing_found_so(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_OPINION",)) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("Control is a really weird game.", "control", "weird"),
        ("Succession is a really intense show.", "succession", "intense"),
        ("Inception is a very confusing movie.", "inception", "confusing"),
        ("The Weeknd was ok", "weeknd", "ok"),
        ("I think Lisbon is so cozy.", "lisbon", "cozy"),
    ],
)  # fmt: skip
def test_a_judging_word_beyond_praise_and_blame(
    extractor: RuleExtractor, text: str, thing: str, key: str
) -> None:
    rows = _rows(extractor, text, ("HAS_OPINION",))
    assert (thing, key) in [(r[2].lower(), r[3]) for r in rows]


@pytest.mark.parametrize(
    "text",
    [
        "It's ok.",  # a pronoun
        "That's crazy!",
        "I'm ok, thanks.",
        "The weather was so weird today.",  # chit-chat of the moment
        "Control isn't a weird game.",  # a denial
        "Is Control a weird game?",  # a question
    ],
)  # fmt: skip
def test_no_judging_word_beyond_praise_and_blame(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_OPINION",)) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'll start learning Spanish.", "learn Spanish"),
        ("I will start going to the gym.", "go to the gym"),
        ("I think I'll start looking into other jobs since I'm underpaid", "look into other jobs"),
        ("I'll begin looking for a new apartment.", "look for a new apartment"),
        ("ill start saving for a house", "save for a house"),
    ],
)  # fmt: skip
def test_a_doing_one_will_start(extractor: RuleExtractor, text: str, goal: str) -> None:
    assert ("HAS_GOAL", goal) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "ill start getting ready for bed",  # of the day
        "ill start to head home after a couple more hours",
        "I'll start cooking dinner.",
        "I'll start working on it.",  # a pronoun
        "I won't start learning Spanish.",  # a denial
        "Will you start learning Spanish?",  # a question
        "He'll start learning Spanish.",  # not the speaker's
        "If I start running, I'll feel better.",  # a condition
    ],
)  # fmt: skip
def test_no_doing_one_will_start(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_GOAL",)) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Space really fascinates me.", "space"),
        ("Ancient history interests me a lot.", "ancient history"),
        ("Astronomy has always fascinated me.", "astronomy"),
        ("Machu Picchu in Peru has always intrigued me for its history.", "machu picchu"),
        ("I love jazz, and space really fascinates me.", "space"),
        ("Honestly, marine biology excites me.", "marine biology"),
    ],
)  # fmt: skip
def test_a_thing_that_holds_ones_interest(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Fast food doesn't really interest me.", "fast food"),
        ("Horror movies don't appeal to me.", "horror movie"),
        ("Space really fascinates me, but golf doesn't interest me.", "golf"),
    ],
)  # fmt: skip
def test_a_thing_that_does_not_hold_ones_interest(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert ("AVOIDS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "That fascinates me!",  # a pronoun
        "Your story fascinates me.",  # the other's, a reaction
        "The idea of living abroad excites me.",  # an idea, no thing named
        "The connection between law and economics fascinates me.",  # a relation, cut short
        "What fascinates me is how fast it grew.",
        "Sam thinks jazz interests me.",  # hearsay
        "Does space fascinate you?",  # a question
        "If space fascinates me, I'll study it.",  # a condition
    ],
)  # fmt: skip
def test_no_thing_that_holds_ones_interest(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I root for the Celtics.", "celtics"),
        ("I always root for the underdog.", "underdog"),
        ("I've always rooted for the Yankees.", "yankees"),
        ("We root for Arsenal.", "arsenal"),
    ],
)  # fmt: skip
def test_a_side_one_roots_for(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I'm rooting for you!",  # a wish of the chat
        "I'm rooting for the Lakers tonight.",  # one game
        "I don't root for the Yankees.",
        "I rooted for Spain yesterday.",  # one match, past
        "Do you root for the Yankees?",
    ],
)  # fmt: skip
def test_no_side_one_roots_for(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS",)) == []


@pytest.mark.parametrize(
    ("text", "thing", "key"),
    [
        ("Dune might be one of my favorite books.", "dune", "book"),
        ("Dune could be my favorite book.", "dune", "book"),
        ("My favorite would be pizza.", "pizza", None),
        ("Honestly my favorite food might be sushi.", "sushi", "food"),
    ],
)  # fmt: skip
def test_a_favorite_hedged_by_a_modal(
    extractor: RuleExtractor, text: str, thing: str, key: str | None
) -> None:
    rows = _rows(extractor, text, ("PREFERS",))
    assert (thing, key) in [(r[2].lower(), r[3]) for r in rows]


@pytest.mark.parametrize(
    "text",
    [
        "If I had to pick, Dune would be my favorite book.",  # a hypothetical
        "If I had to choose, my favorite would be pizza.",
        "Pizza might not be my favorite food.",  # a denial
        "You might be my favorite person.",  # the other, a pronoun
        "That might be my favorite.",
    ],
)  # fmt: skip
def test_no_favorite_hedged_by_a_modal(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "relation", "thing"),
    [
        ("I have two cats, do you have any pets?", "HAS_PET", "two cats"),
        ("I love hiking, have you ever tried it?", "PREFERS", "hiking"),
        ("I work at Google, where do you work?", "WORKS_AT", "Google"),
        ("I want to visit Miami for New Years, maybe next year we can go together?",
         "HAS_GOAL", "visit Miami for New Years"),
        ("I just got a puppy, want to see a picture?", "HAS_PET", "puppy"),
        ("My sister lives in Ohio, where does your family live?", "LIVES_IN", "Ohio"),
        ("I think Dune is amazing, so have you read it?", "HAS_OPINION", "Dune"),
    ],
)  # fmt: skip
def test_a_statement_run_on_into_a_question(
    extractor: RuleExtractor, text: str, relation: str, thing: str
) -> None:
    assert (relation, thing) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I love sushi, do you like ramen?",  # the question's own liking is not stated
        "Do you like sushi, what do you think?",  # it asks from the start
        "I wonder, do you like sushi?",
        "If I move to Denver, would you visit?",  # a condition
        "I love it, am I weird?",  # the speaker's own question
        "So you have two cats, do you like them?",  # not the speaker's statement
    ],
)  # fmt: skip
def test_no_statement_from_the_question_after_it(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[0] == "Sam" or r[2] in ("ramen", "Denver", "two cats")] == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I'm fascinated by sharks.", "shark"),
        ("I'm really captivated by astronomy.", "astronomy"),
        ("History-wise, I'm always intrigued by ancient civilizations.", "ancient civilization"),
        ("I've always been fascinated by volcanoes.", "volcano"),
    ],
)  # fmt: skip
def test_a_lasting_interest_told_in_the_passive(
    extractor: RuleExtractor, text: str, thing: str
) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I was fascinated by the new Batman movie.",  # a moment past: an opinion, no liking
        "I'm fascinated by your story.",  # the chat's
        "I've always been fascinated by the idea of living abroad.",  # an idea: a goal's
        "I'm not really intrigued by politics.",
        "Are you fascinated by sharks?",
    ],
)  # fmt: skip
def test_no_lasting_interest_told_in_the_passive(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "relation", "things"),
    [
        ('Some of my favorites for unwinding are "Friends" and "The Office".', "PREFERS",
         {"Friends", "The Office"}),
        ("Some of my favorite foods are sushi and ramen.", "PREFERS", {"sushi", "ramen"}),
        ("Some of my hobbies are knitting and hiking.", "HAS_HOBBY", {"knitting", "hiking"}),
    ],
)  # fmt: skip
def test_some_of_my_favorites(
    extractor: RuleExtractor, text: str, relation: str, things: set[str]
) -> None:
    assert things <= {r[2] for r in _rows(extractor, text, (relation,))}


@pytest.mark.parametrize(
    "text",
    [
        "Some of my friends are doctors.",  # no favorite
        "Some of my favorite memories are from college.",  # no value named
        "Are some of your favorite foods sushi and ramen?",
    ],
)  # fmt: skip
def test_no_some_of_my_favorites(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "HAS_HOBBY")) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I'll start playing the piano again.", "play the piano"),
        ("I think I'll take your advice and start playing the piano again.", "play the piano"),
        ("I'll start watching Severance.", "watch Severance"),
    ],
)  # fmt: skip
def test_a_doing_one_will_start_that_is_played_or_watched(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("HAS_GOAL", goal) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    ["I'll start playing video games.", "I'll start watching tv.", "ill start watching a movie"],
)
def test_no_pastime_of_the_day_one_will_start(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_GOAL",)) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("Sushi is a favorite of mine.", "sushi"),
        ("The cheeseburger is an old favorite of mine.", "cheeseburger"),
        ("Jazz is a big favorite of mine", "jazz"),
        ("Tacos are a favorite of ours.", "taco"),
    ],
)  # fmt: skip
def test_a_favorite_of_mine(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2].lower()) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "Dune is a favorite of hers.",  # someone else's
        "Sushi isn't a favorite of mine.",  # a denial is no dislike
        "Is sushi a favorite of yours?",
        "Sushi is a favorite of many people.",
    ],
)  # fmt: skip
def test_no_favorite_of_mine(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I do bake!", "baking"),
        ("i do knit", "knitting"),
        ("I do run, but only on weekends.", "running"),
    ],
)  # fmt: skip
def test_a_pastime_affirmed_with_do(extractor: RuleExtractor, text: str, doing: str) -> None:
    assert ("HAS_HOBBY", doing) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I don't bake.",  # a denial
        "Do you bake?",  # a question
        "I do bake a cake for her birthday.",  # one thing baked
        "I did bake yesterday.",  # once, past
    ],
)  # fmt: skip
def test_no_pastime_affirmed_with_do(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("HAS_HOBBY",)) == []


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("As for coding, I'm curious about web development.", "web development"),
        ("I've always been curious about astronomy.", "astronomy"),
        ("im really curious about marine biology lol", "marine biology"),
    ],
)  # fmt: skip
def test_a_field_one_is_curious_about(extractor: RuleExtractor, text: str, thing: str) -> None:
    assert ("PREFERS", thing) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I'm curious about the results.",  # a thing of the chat
        "I'm curious about your experience with hot spring baths.",
        "I'm curious about what happened.",
        "I'm not curious about politics.",  # no dislike either
        "I'm always curious about different subjects.",  # which?
        "Are you curious about astronomy?",
        "If I'm curious about astronomy, I read about it.",
    ],
)  # fmt: skip
def test_no_field_one_is_curious_about(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS", "AVOIDS")) == []


@pytest.mark.parametrize(
    ("text", "doing"),
    [
        ("I'm drawn to crafting engaging narratives.", "crafting engaging narratives"),
        ("I've always been drawn to writing poetry.", "writing poetry"),
        ("I'm obsessed with baking bread.", "baking bread"),
        ("I'm hooked on playing chess.", "playing chess"),
    ],
)  # fmt: skip
def test_a_doing_liked_told_in_the_passive(
    extractor: RuleExtractor, text: str, doing: str
) -> None:
    assert ("PREFERS", doing) in [(r[1], r[2]) for r in fact_rows(extractor, text)]


@pytest.mark.parametrize(
    "text",
    [
        "I was drawn to working there.",  # once, past, a place pointed at
        "I'm not obsessed with baking bread.",
        "Are you hooked on playing chess?",
    ],
)  # fmt: skip
def test_no_doing_liked_told_in_the_passive(extractor: RuleExtractor, text: str) -> None:
    assert _rows(extractor, text, ("PREFERS",)) == []

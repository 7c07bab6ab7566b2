"""Events told in chat (issue 11, events recall): the place where one visited someone or went
doing something, a date gone on, a first experience told of one day, a title read or watched
named by its author. Each class with the phrasings it must not take."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


def _relations(rows: list[Row], relation: str) -> list[Row]:
    return [r for r in rows if r[1] == relation]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I visited my grandparents in Ohio.", ("Emi", "VISITED", "Ohio", None)),
        ("Heres a picture that I took when I visited the Disney world in Orlando!",
         ("Emi", "VISITED", "Orlando", None)),
        ("I went skiing in Colorado last winter.", ("Emi", "VISITED", "Colorado", None)),
        ("We went snorkeling in Hawaii.", ("Emi", "VISITED", "Hawaii", None)),
        ("I went backpacking around Europe after college.", ("Emi", "VISITED", "Europe", None)),
    ],
)
def test_the_named_place_of_a_visit_or_a_doing_gone_to(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm going skiing in Colorado next week.",  # a plan
        "I want to visit my family in Texas.",  # a wish
        "I didn't go skiing in Colorado.",  # denied
        "I visited a friend in the hospital.",  # no named place
        "We went in January.",  # a time, no place
        "I went to college in Ohio.",  # where one studied
        "I went to high school in Texas.",
    ],
)
def test_no_visit_from_a_plan_a_denial_or_a_common_place(
    extractor: RuleExtractor, text: str
) -> None:
    assert _relations(fact_rows(extractor, text), "VISITED") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Today I had an eventful day, I went on a first date with a colleague from work!",
         ("Emi", "DID", "first date", "go")),
        ("I went on a blind date last night.", ("Emi", "DID", "blind date", "go")),
    ],
)
def test_a_date_gone_on_is_done(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm going on a date tomorrow.",
        "I haven't been on a date in years.",
        "I went on a walk with my dog.",
    ],
)
def test_no_date_done_from_a_plan_a_denial_or_a_walk(extractor: RuleExtractor, text: str) -> None:
    assert _relations(fact_rows(extractor, text), "DID") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just watched spongebob for the first time", ("Emi", "DID", "spongebob", "watch")),
        ("Today I played tennis for the first time.", ("Emi", "DID", "tennis", "play")),
    ],
)
def test_a_first_experience_is_no_passing_moment(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I just went to the gym for the first time in a month.",  # a return, of the day
        "Today I played some games with my brother.",  # a day's doing, nothing specific
        "I just watched a movie.",
    ],
)
def test_a_return_or_a_day_doing_stays_passing(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("DID", "STATES")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I read 1984 by George Orwell.", ("Emi", "DID", "1984", "read")),
        ("I watched 1917 by Sam Mendes.", ("Emi", "DID", "1917", "watch")),
        ("Instead of ducks newburyport, I started reading 2666 by roberto bolano",
         ("Emi", "STATES", "2666", "read")),
        ("I also started reading 11/22/63 by stephen king", ("Emi", "STATES", "11/22/63", "read")),
    ],
)
def test_a_title_named_by_its_author(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I read 50 pages by the fire.",  # a count, no author
        "I watched 2 episodes by myself.",
        "I have a bad habit of going to sleep at like 3.",  # a bare number is no deed
    ],
)
def test_a_count_read_is_no_title(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[2].replace("/", "").isdigit()] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The last Marvel movie i watched in theaters was spider-man",
         ("Emi", "DID", "spider-man", "watch")),
        ("Orange is actually one of the first manga that I read.",
         ("Emi", "DID", "Orange", "read")),
        ("If you liked that series I think another similar series I read was called Pendragon",
         ("Emi", "DID", "Pendragon", "read")),
        ('Another novel I read recently and loved is "The Rosie Project" by Graeme Simsion.',
         ("Emi", "DID", "The Rosie Project", "read")),
        ("The best movie I watched this year was Oppenheimer.",
         ("Emi", "DID", "Oppenheimer", "watch")),
    ],
)
def test_a_work_named_by_a_copula_on_what_one_read_or_watched(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The show I watch every night is Severance.",  # a habit, no deed
        "The book I'm reading is Dune.",  # under way
        "The book she read was Dune.",  # not the speaker's
        "The guy I watched was John.",  # no work
        "The last movie I watched was the new batman movie.",  # a kind, no title
        "Hmm documentaries can be interesting, the last one I watched was the jeffery dahmer one",
    ],
)
def test_no_deed_from_a_habit_another_or_an_unnamed_work(
    extractor: RuleExtractor, text: str
) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("DID", "STATES")] == []


def test_a_naming_put_after_the_verb_names_the_work(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I watched a show last night called Severance.")
    assert ("Emi", "DID", "Severance", "watch") in rows
    rows = fact_rows(extractor, "I read this book not too long ago called Vinland Saga")
    assert any(r[2] == "Vinland Saga" and r[3] == "read" for r in rows)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I decided to go to a pretty garden in the morning",
         ("Emi", "VISITED", "pretty garden", None)),
        ("Last year for spring break we decided to go to Tulum, Mexico.",
         ("Emi", "VISITED", "Tulum", None)),
        ("I decided to take a pottery class.", ("Emi", "DID", "pottery class", "take")),
    ],
)
def test_a_choice_told_in_the_past_was_carried_out(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I decided to go to Japan next year.",  # a plan
        "I decided to go home.",
        "Maybe I'll decide to go to the museum.",
    ],
)
def test_a_choice_set_ahead_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("VISITED", "DID", "ATTENDED")] == []


def test_the_perfect_choice_stays_a_goal(extractor: RuleExtractor) -> None:
    assert ("Emi", "HAS_GOAL", "learn Spanish", None) in fact_rows(
        extractor, "I've decided to learn Spanish.")


@pytest.mark.parametrize(
    "text",
    [
        "I tried a new recipe, and it turned out delicious.",
        "So I decided to start a new tv show.",
        "I tried a new restaurant.",
    ],
)
def test_a_new_thing_with_no_name_is_no_deed(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("DID", "STATES")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I started a new job last week.", ("Emi", "DID", "new job", "start")),
        ("I tried a new Thai recipe.", ("Emi", "DID", "new Thai recipe", "try")),
    ],
)
def test_a_new_thing_that_says_what_stays(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I took my kids to the museum yesterday.", ("Emi", "VISITED", "museum", None)),
        ("We brought our dog to the beach last weekend.", ("Emi", "VISITED", "beach", None)),
        ("I took my daughter to a concert last night.", ("Emi", "ATTENDED", "concert", None)),
        ("yeah I just got back from a funeral.", ("Emi", "ATTENDED", "funeral", None)),
        ("I went skiing at Lake Tahoe.", ("Emi", "VISITED", "Lake Tahoe", None)),
    ],
)
def test_where_one_took_someone_or_came_back_from(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm taking my kids to the zoo tomorrow.",  # a plan
        "I will take you to the park.",
        "I didn't take my kids to the museum.",
        "I visited my friend at Google.",  # a firm, no place visited
    ],
)
def test_no_visit_from_a_plan_a_denial_or_a_firm(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("VISITED", "ATTENDED")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We spent the weekend at the lake.", ("Emi", "VISITED", "lake", None)),
        ("I spent the day at the beach with my family.", ("Emi", "VISITED", "beach", None)),
        ("I went swimming at the beach.", ("Emi", "VISITED", "beach", None)),
        ("I had a job interview at Google today.", ("Emi", "DID", "job interview", "have")),
    ],
)
def test_a_listed_place_spent_at_and_an_interview_had(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I spent some time in the garden.",  # one's own garden
        "I'm going to spend the weekend at the lake.",  # a plan
        "I have an interview tomorrow.",
        "I just ate dinner today.",  # a meal that names no dish
    ],
)
def test_no_visit_or_deed_from_a_home_garden_a_plan_or_a_meal(
    extractor: RuleExtractor, text: str
) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("VISITED", "DID")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last week my husband and I celebrated our anniversary in Napa.",
         ("Emi", "VISITED", "Napa", None)),
        ("I have celebrated New Years in New York once.", ("Emi", "VISITED", "New York", None)),
        ("We stayed in Lisbon for a week.", ("Emi", "VISITED", "Lisbon", None)),
        ("We vacationed in Mexico last year.", ("Emi", "VISITED", "Mexico", None)),
        ("I finally made it to the Grand Canyon!", ("Emi", "VISITED", "Grand Canyon", None)),
    ],
)
def test_a_named_place_celebrated_stayed_in_or_reached(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm staying in Paris next week.",  # a plan
        "I made it to work on time.",  # no place visited
    ],
)
def test_no_visit_from_a_stay_ahead_or_work_reached(extractor: RuleExtractor, text: str) -> None:
    assert _relations(fact_rows(extractor, text), "VISITED") == []


def test_ones_own_first_is_no_passing_moment(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I went to my first yoga class today.")
    assert any(r[2].endswith("first yoga class") for r in rows)
    rows = fact_rows(extractor, "I just watched the first episode.")
    assert [r for r in rows if r[1] in ("DID", "STATES")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Last summer I backpacked through Europe.", ("Emi", "VISITED", "Europe", None)),
        ("We drove across Texas last month.", ("Emi", "VISITED", "Texas", None)),
        ("I won first place in a chess tournament.",
         ("Emi", "ATTENDED", "chess tournament", None)),
        ("I got a medal at the science fair.", ("Emi", "ATTENDED", "science fair", None)),
    ],
)
def test_a_land_journeyed_through_and_an_event_won_at(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I'm driving through Ohio right now.",  # under way, no past
        "I got a prize at the store.",  # no event
        "I want to win first place in the tournament.",  # a goal
    ],
)
def test_no_journey_or_event_from_a_moment_a_store_or_a_goal(
    extractor: RuleExtractor, text: str
) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("VISITED", "ATTENDED")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I loved every moment, but my favorite part was exploring the ancient ruins in Rome.",
         ("Emi", "VISITED", "Rome", None)),
        ("One of the most memorable art experiences for me was visiting the Louvre Museum in "
         "Paris and seeing the Mona Lisa up close.", ("Emi", "VISITED", "Louvre Museum", None)),
        ("The highlight of my trip was visiting the Colosseum.",
         ("Emi", "VISITED", "Colosseum", None)),
    ],
)
def test_an_experience_told_by_its_noun_is_the_speakers(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert not any("seeing" in r[2] for r in rows)  # a gerund's conjunct is no place


@pytest.mark.parametrize(
    "text",
    [
        "Her favorite part was visiting the Colosseum.",  # hers
        "The best part was visiting the Colosseum.",  # whose, unsaid
        "My favorite part is visiting the Colosseum.",  # no past
    ],
)
def test_no_visit_from_anothers_or_an_unowned_experience(
    extractor: RuleExtractor, text: str
) -> None:
    assert _relations(fact_rows(extractor, text), "VISITED") == []


def test_a_liked_doing_conjoined_stays(extractor: RuleExtractor) -> None:
    text = "I loved the lively atmosphere and trying out delicious local food."
    rows = fact_rows(extractor, text)
    assert ("Emi", "PREFERS", "trying delicious local food", None) in rows


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I went to a support group yesterday.", ("Emi", "ATTENDED", "support group", None)),
        ("I went to a comic con last year.", ("Emi", "ATTENDED", "comic con", None)),
        ("We had a gig at a bar last night.", ("Emi", "DID", "gig", "have")),
        ("I had my first recital last month.", ("Emi", "DID", "Emi's first recital", "have")),
    ],
)
def test_a_group_or_a_con_gone_to_and_a_gig_had(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I had a show to catch.",  # a show watched, none given
        "I'm going to a support group tomorrow.",  # a plan, no attendance
    ],
)
def test_no_event_from_a_show_to_watch_or_a_plan(extractor: RuleExtractor, text: str) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("DID", "ATTENDED")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I had a great time in Japan.", ("Emi", "VISITED", "Japan", None)),
        ("We had a blast in Vegas!", ("Emi", "VISITED", "Vegas", None)),
        ("I skied in Aspen last winter.", ("Emi", "VISITED", "Aspen", None)),
    ],
)
def test_a_good_time_or_a_trips_sport_in_a_named_place(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I just took a morning walk in Houston.",  # a walk where one may live
        "I had lunch in Houston.",  # a meal
        "I have a great time in Boston every year.",  # no past told
    ],
)
def test_no_visit_from_a_walk_a_meal_or_a_habit(extractor: RuleExtractor, text: str) -> None:
    assert _relations(fact_rows(extractor, text), "VISITED") == []


def test_a_number_after_its_noun_is_the_names(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I recently watched John Wick Chapter 4.")
    assert ("Emi", "DID", "John Wick Chapter 4", "watch") in rows
    rows = fact_rows(extractor, "I bought 3 books.")  # a count before its noun goes
    assert any(r[2] == "book" for r in rows)


def test_a_name_the_model_took_into_a_date_stays_whole(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I finished Final Fantasy 7 last week.")
    assert ("Emi", "DID", "Final Fantasy 7", "finish") in rows
    rows = fact_rows(extractor, "My birthday is March 3.")  # a date stays a date
    assert ("Emi", "HAS_ATTRIBUTE", "March 3", "birthday") in rows


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I finally got to visit Japan last year.", ("Emi", "VISITED", "Japan", None)),
        ("I got to go to the Taylor Swift concert!",
         ("Emi", "ATTENDED", "Taylor Swift concert", None)),
        ("We managed to visit the Louvre.", ("Emi", "VISITED", "Louvre", None)),
        ("I was able to visit my grandma in Ohio.", ("Emi", "VISITED", "Ohio", None)),
        ("I got the chance to go to Paris last summer.", ("Emi", "VISITED", "Paris", None)),
        ("I was lucky enough to attend the Olympics.", ("Emi", "ATTENDED", "Olympics", None)),
    ],
)
def test_a_deed_one_got_managed_or_was_able_to_do(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I've got to go to the store.",  # a need
        "I hope I get to visit Japan.",  # a hope
        "I get to go to Paris next week.",  # ahead
        "I had the chance to go to Paris but didn't.",  # not taken
    ],
)
def test_no_deed_from_a_need_a_hope_or_a_chance_not_taken(
    extractor: RuleExtractor, text: str
) -> None:
    rows = fact_rows(extractor, text)
    assert [r for r in rows if r[1] in ("VISITED", "ATTENDED") and r[0] == "Emi"
            and not r[2].startswith("NOT")] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I just came back from a week in Cancun.", ("Emi", "VISITED", "Cancun", None)),
        ("I just got back from two weeks in Thailand.", ("Emi", "VISITED", "Thailand", None)),
        ("I just got back from my trip in Japan.", ("Emi", "VISITED", "Japan", None)),
    ],
)
def test_the_place_of_a_span_come_back_from(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I got back from a week at work.",  # no named place
        "I'm coming back from a week in Cancun tomorrow.",  # ahead
        "I got back in Boston last night.",  # home, maybe
    ],
)
def test_no_visit_from_work_a_return_ahead_or_home(extractor: RuleExtractor, text: str) -> None:
    assert _relations(fact_rows(extractor, text), "VISITED") == []

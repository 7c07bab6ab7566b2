"""Habits and routines (issue 11, item 5): what the `habit` pattern reads (HAS_HABIT, keyed by
its context) and how a change of routine replaces a habit of the same context only, with the
real spaCy extractor, the real engine and embedder (graph_memory/extract/habits.py and rule 3c
of graph_memory/write/conflict_policy.py)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from conftest import Chat, fact_rows

from graph_memory.extract.rules import RuleExtractor
from graph_memory.memory import Memory

WEEK = timedelta(days=7)


@pytest.mark.parametrize(
    ("text", "habit", "key"),
    [
        ("I usually take the bus to work.", "take the bus", "to work"),
        ("I bike to work.", "bike", "to work"),
        ("Nowadays I take the subway to the office.", "take the subway", "to office"),
        ("I always have toast for breakfast.", "have toast", "breakfast"),
        ("I usually have coffee and a croissant for breakfast.", "have coffee and a croissant",
         "breakfast"),
        ("I usually read before bed.", "read", "before bed"),
        ("I meditate every morning.", "meditate", "every morning"),
        ("I've been biking to work lately.", "bike", "to work"),
        ("I usually wake up at 6.", "wake up", None),
    ],
)  # fmt: skip
def test_a_routine_is_a_habit_keyed_by_its_context(
    extractor: RuleExtractor, text: str, habit: str, key: str | None
) -> None:
    assert ("Emi", "HAS_HABIT", habit, key) in fact_rows(extractor, text)


def test_a_relatives_routine_is_theirs(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "My husband usually drives to work.")
    assert ("Emi's husband", "HAS_HABIT", "drive", "to work") in found
    assert ("Emi", "HAS_RELATIVE", "husband", "husband") in found


@pytest.mark.parametrize(
    "text",
    [
        "Do you usually take the bus to work?",  # a question
        "You usually take the bus.",  # advice or a guess about the other
        "I am driving to work right now.",  # this moment
        "I'm biking to work this week.",
        "If I drive to work I get tired.",  # a condition
        "I have to work.",  # a duty, no routine "to work"
        "I usually do it.",  # of what, the chat knows
        "I usually play.",
        "I always forget them in the oven.",
        "Now I have 3 useless flash drives.",  # a possession, not a routine
        "I don't take the bus to work.",  # a denial states no routine
        "I might bike to work.",
    ],
)
def test_what_is_no_routine_makes_no_habit(extractor: RuleExtractor, text: str) -> None:
    assert [r for r in fact_rows(extractor, text) if r[1] == "HAS_HABIT"] == []


def test_a_routine_told_by_its_frequency_is_no_plain_statement(extractor: RuleExtractor) -> None:
    # "usually" makes the routine: the habit takes the clause from the open fallback
    rows = fact_rows(extractor, "Usually I just have some buttered toast and eggs")
    assert ("Emi", "HAS_HABIT", "have some buttered toast and eggs", None) in rows
    assert [r for r in rows if r[1] == "STATES"] == []
    rows = fact_rows(extractor, "I usually choose softer, more neutral shades like pastels.")
    assert [r[2] for r in rows if r[1] == "HAS_HABIT"] == ["choose softer neutral shades"]
    assert [r for r in rows if r[1] == "STATES"] == []
    # no frequency, no routine: what one had is told as it was
    assert [r for r in fact_rows(extractor, "I had a Rottweiler.") if r[1] == "HAS_HABIT"] == []


def test_a_declared_relation_keeps_its_clause(extractor: RuleExtractor) -> None:
    # A routine another pattern reads stays that pattern's: a hobby, a drink liked.
    running = fact_rows(extractor, "I go running every morning.")
    assert running == [("Emi", "HAS_HOBBY", "running", None)]
    coffee = fact_rows(extractor, "I normally drink coffee in the morning.")
    assert [r[1] for r in coffee] == ["PREFERS"]


def test_unrelated_habits_coexist(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-coexist")
    for text in (
        "I usually take the bus to work.",
        "I always read before bed.",
        "I meditate every morning.",
        "I always have toast for breakfast.",
    ):
        chat.say(text, WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "current",
        "read [before bed]": "current",
        "meditate [every morning]": "current",
        "have toast [breakfast]": "current",
    }
    assert chat.superseded() == []


def test_a_change_of_routine_replaces_the_habit_of_its_context_only(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-instead")
    chat.say("I usually take the bus to work.")
    chat.say("I usually read before bed.")
    result = chat.say("These days I bike to work instead.", 4 * WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "superseded",
        "read [before bed]": "current",
        "bike [to work]": "current",
    }
    bus = chat.fact("HAS_HABIT", "take the bus")
    [change] = [c for c in result.changes if c.kind == "superseded"]
    assert change.other_fact_id == bus.id and "'instead'" in change.reason
    # the reason, with its cue, is kept in the fact's history
    [link] = chat.history(bus, "SUPERSEDES")
    assert link.from_id == chat.fact("HAS_HABIT", "bike").id
    assert "update cue 'instead'" in link.reason and "bike replaces take the bus" in link.reason


def test_now_replaces_within_the_context_it_names(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-now")
    chat.say("I usually take the bus to work.")
    chat.say("I meditate every morning.")
    chat.say("Now I walk to work.", 4 * WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "superseded",
        "meditate [every morning]": "current",
        "walk [to work]": "current",
    }
    [link] = chat.history(chat.fact("HAS_HABIT", "take the bus"), "SUPERSEDES")
    assert "'Now'" in link.reason


def test_a_change_in_another_context_supersedes_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-other-context")
    chat.say("I usually take the bus to work.")
    chat.say("I always have toast for breakfast.")
    chat.say("These days I listen to audiobooks before bed instead.", 4 * WEEK)
    chat.say("Nowadays I have a salad for lunch.", WEEK)
    state = chat.state("HAS_HABIT")
    assert state["take the bus [to work]"] == "current"
    assert state["have toast [breakfast]"] == "current"
    assert state["have a salad [lunch]"] == "current"
    assert chat.superseded() == []


def test_instead_of_names_the_habit_it_replaces(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-instead-of")
    chat.say("I drive to work.")
    chat.say("I usually read before bed.")
    result = chat.say("I've started cycling instead of driving.", 4 * WEEK)
    # said without a context, the habit it names is replaced in whatever context it had
    assert chat.state("HAS_HABIT") == {
        "drive [to work]": "superseded",
        "read [before bed]": "current",
        "cycle": "current",
    }
    [change] = [c for c in result.changes if c.kind == "superseded"]
    assert "'instead of'" in change.reason and "cycle replaces drive" in change.reason


def test_instead_of_in_the_same_context(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-instead-of-context")
    chat.say("I take the bus to work.")
    chat.say("I walk to school.")
    chat.say("These days I walk to work instead of taking the bus.", 4 * WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "superseded",
        "walk [to school]": "current",
        "walk [to work]": "current",
    }


def test_a_new_meal_routine_replaces_the_preference_of_that_meal(chat_memory: Memory) -> None:
    # PREFERS and HAS_HABIT are one cue family: "I eat cereal for breakfast" is a preference
    chat = Chat(chat_memory, "habits-breakfast")
    chat.say("I eat cereal for breakfast.")
    chat.say("I prefer Go for backend work.")
    chat.say("These days I have eggs for breakfast instead.", 4 * WEEK)
    assert chat.state("PREFERS") == {
        "cereal [breakfast]": "superseded",
        "Go [backend work]": "current",
    }
    assert chat.state("HAS_HABIT") == {"have eggs [breakfast]": "current"}


def test_a_routine_said_again_or_alongside_replaces_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-repeat")
    chat.say("I usually take the bus to work.")
    chat.say("I usually take the bus to work.", WEEK)
    chat.say("I also bike to work sometimes.", WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "current",
        "bike [to work]": "current",
    }
    [bus] = [f for f in chat.facts("HAS_HABIT") if f.object_name == "take the bus"]
    assert bus.evidence_count == 2


def test_a_past_routine_is_history(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-used-to")
    chat.say("I usually walk to work.")
    chat.say("I always read before bed.")
    chat.say("I used to walk to work, these days I take the bus instead.", 4 * WEEK)
    walk = chat.fact("HAS_HABIT", "walk")
    assert walk.status == "superseded" and walk.end_reason == "ended: 'used to'"
    assert chat.state("HAS_HABIT") == {
        "walk [to work]": "superseded",
        "read [before bed]": "current",
        "take the bus": "current",
    }


def test_no_longer_ends_a_habit(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "habits-anymore")
    chat.say("I usually take the bus to work.")
    chat.say("I always read before bed.")
    chat.say("I don't take the bus anymore.", 4 * WEEK)
    assert chat.state("HAS_HABIT") == {
        "take the bus [to work]": "superseded",
        "read [before bed]": "current",
    }

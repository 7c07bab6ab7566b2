"""Change detection end to end: the real spaCy extractor, the real engine and embedder, the
conflict policy with cues, denials and retractions (graph_memory/write/conflict_policy.py rule 3).

Precision both ways: every scenario checks what must change AND what must stay current."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from conftest import Chat

from graph_memory.memory import Memory

DAY, MINUTE = timedelta(days=1), timedelta(minutes=1)


def test_the_readme_goal_change(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "readme")
    chat.say("I want to learn Spanish.")
    chat.say("I want to get a refund for these shoes.", timedelta(days=3))
    changed = chat.say("Actually, I'd like to exchange them instead.", timedelta(minutes=2))
    goals = {f.object_name: f.status for f in chat.facts("HAS_GOAL")}
    exchange = next(name for name in goals if "exchange" in (name or ""))
    refund = next(name for name in goals if "refund" in (name or ""))
    assert goals[exchange] == "current" and goals[refund] == "superseded"
    assert goals["learn Spanish"] == "current", "only the latest statement is replaced"
    [change] = changed.changes
    assert change.kind == "superseded" and "'instead'" in change.reason


def test_wishes_hobbies_and_likes_coexist(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "coexist")
    for text in (
        "I want to learn Spanish.",
        "I'm planning to visit Japan.",
        "I play guitar.",
        "I go hiking on weekends.",
        "I love sushi.",
        "I also love tacos.",
    ):
        chat.say(text)
    assert chat.facts() and chat.superseded() == []
    assert set(chat.state("HAS_GOAL").values()) == {"current"}
    assert len(chat.state("HAS_GOAL")) == 2


def test_used_to_then_these_days(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "teacoffee")
    chat.say("I love tea.")
    result = chat.say("I used to drink tea, now I love coffee.", timedelta(days=30))
    prefers = chat.state("PREFERS")
    assert prefers["tea"] == "superseded" and prefers["coffee"] == "current"
    [tea] = [f for f in chat.facts("PREFERS") if f.object_name == "tea"]
    assert tea.end_reason == "ended: 'used to'"
    assert any(c.kind == "superseded" and c.fact_id == tea.id for c in result.changes)


def test_switched_to_replaces_the_held_value_most_like_it(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "squash")
    chat.say("I play tennis every weekend.")
    chat.say("I work at Google.")
    result = chat.say("Actually I've switched to squash.", timedelta(days=20))
    assert chat.state("HAS_HOBBY") == {"tennis": "superseded", "squash": "current"}
    assert chat.state("WORKS_AT") == {"Google": "current"}
    tennis = chat.fact("HAS_HOBBY", "tennis")
    assert tennis.end_reason == "ended: 'switched to squash'"
    assert any(c.kind == "superseded" and c.fact_id == tennis.id for c in result.changes)


# (user, [(message, after the one before)], {relation: {object: status}}): what a message
# changes and what it leaves, both ways.
CHANGES: list[tuple[str, list[tuple[str, timedelta]], dict[str, dict[str, str]]]] = [
    (
        "deadline",
        [("The report is due Monday.", DAY), ("Sorry, I meant Tuesday.", 2 * MINUTE)],
        {"HAS_DEADLINE": {"Monday": "superseded", "Tuesday": "current"}},
    ),
    (
        "drinkingtea",  # "used to" ends the same habit said with a gerund, nothing further
        [
            ("I love drinking tea.", DAY),
            ("I love green tea ice cream.", DAY),
            ("I used to drink tea, these days it's coffee.", 30 * DAY),
        ],
        {
            "PREFERS": {
                "drinking tea": "superseded",
                "green tea ice cream": "current",
                "coffee": "current",
            }
        },
    ),
    (
        "meantmeta",  # the last message said two things: the one value of the corrected kind
        [("I work at Google and I love sushi.", DAY), ("Sorry, I meant Meta.", MINUTE)],
        {"WORKS_AT": {"Google": "superseded", "Meta": "current"}, "PREFERS": {"sushi": "current"}},
    ),
    (
        "selfcorrect",  # a sentence that corrects its own value states only the corrected one
        [
            ("I want to learn Spanish.", DAY),
            ("I want to learn German, sorry, I meant Dutch.", DAY),
            ("I live in Paris, I mean Lyon.", DAY),
        ],
        {
            "HAS_GOAL": {"learn Spanish": "current", "learn Dutch": "current"},
            "LIVES_IN": {"Lyon": "current"},
        },
    ),
    (
        "notxy",
        [("I live in Paris.", DAY), ("Not Paris, Lyon.", MINUTE)],
        {"LIVES_IN": {"Paris": "superseded", "Lyon": "current"}},
    ),
    (
        "canada",  # a denial no rule states ends only what it names
        [
            ("I want to move to Canada.", DAY),
            ("I love Canada.", DAY),
            ("I don't want to move to Canada anymore.", 90 * DAY),
        ],
        {"HAS_GOAL": {"move to Canada": "superseded"}, "PREFERS": {"Canada": "current"}},
    ),
    (
        "left",
        [
            ("I work at Google.", DAY),
            ("I love Google Maps.", DAY),
            ("I own a Honda.", DAY),
            ("I left Google last month.", 60 * DAY),
            ("I sold my Honda.", DAY),
        ],
        {
            "WORKS_AT": {"Google": "superseded"},
            "OWNS": {"Honda": "superseded"},
            "PREFERS": {"Google Maps": "current"},
        },
    ),
    (
        "givenup",  # what the speaker gave up, said with a gerund
        [("I want to learn Spanish.", DAY), ("I've given up on learning Spanish.", 40 * DAY)],
        {"HAS_GOAL": {"learn Spanish": "superseded"}},
    ),
    (
        "nightshift",  # switched to something unlike what is held
        [("I love tennis.", DAY), ("I've switched to the night shift.", 20 * DAY)],
        {"PREFERS": {"tennis": "current", "night shift": "current"}},
    ),
    (
        "thesedays",  # "these days" alone adds a like
        [("I love hiking.", DAY), ("These days I'm really into cooking.", 20 * DAY)],
        {"PREFERS": {"hiking": "current", "cooking": "current"}},
    ),
    (
        "changedmind",  # a change of mind replaces the wish most like the new one
        [
            ("I want to learn German.", DAY),
            ("I want to visit Japan.", DAY),
            ("I've changed my mind, I want to learn French.", 5 * DAY),
        ],
        {
            "HAS_GOAL": {
                "learn German": "superseded",
                "visit Japan": "current",
                "learn French": "current",
            }
        },
    ),
    (
        "nodog",  # the pet named by its kind
        [
            ("I have a dog named Rex.", DAY),
            ("I have a cat named Luna.", DAY),
            ("I no longer have a dog.", 30 * DAY),
        ],
        {"HAS_PET": {"Rex [dog]": "superseded", "Luna [cat]": "current"}},
    ),
    (
        "lostinterest",
        [
            ("I love running.", DAY),
            ("I love swimming.", DAY),
            ("I've lost interest in running.", 30 * DAY),
        ],
        {"PREFERS": {"running": "superseded", "swimming": "current"}},
    ),
    (
        "swapped",  # what it became takes the old value's place
        [("I love coffee.", DAY), ("I love cake.", DAY), ("I swapped coffee for tea.", 30 * DAY)],
        {"PREFERS": {"coffee": "superseded", "cake": "current", "tea": "current"}},
    ),
    (
        "over",
        [
            ("I love sushi.", DAY),
            ("I love pizza.", DAY),
            ("I'm over sushi, I prefer ramen now.", 30 * DAY),
        ],
        {"PREFERS": {"sushi": "superseded", "pizza": "current", "ramen": "current"}},
    ),
    (
        "nolongerfavorite",
        [
            ("My favorite band is Coldplay.", DAY),
            ("My favorite movie is Dune.", DAY),
            ("Coldplay is no longer my favorite band.", 30 * DAY),
        ],
        {"PREFERS": {"Coldplay [band]": "superseded", "Dune [movie]": "current"}},
    ),
    (
        "brokeup",  # a partner parted from; the brother and Tom's own facts stay
        [
            ("My boyfriend Tom is a chef.", DAY),
            ("My brother Sam lives in Ohio.", DAY),
            ("Tom and I broke up.", 30 * DAY),
        ],
        {
            "HAS_RELATIVE": {"Tom [boyfriend]": "superseded", "Sam [brother]": "current"},
            "IS_A": {"chef": "current"},
        },
    ),
    (
        "petdied",
        [
            ("I have a cat named Luna.", DAY),
            ("I have a dog named Rex.", DAY),
            ("Luna passed away last month.", 30 * DAY),
        ],
        {"HAS_PET": {"Luna [cat]": "superseded", "Rex [dog]": "current"}},
    ),
    (
        "inyears",
        [
            ("I play tennis.", DAY),
            ("I play chess.", DAY),
            ("I haven't played tennis in years.", 30 * DAY),
        ],
        {"HAS_HOBBY": {"tennis": "superseded", "chess": "current"}},
    ),
    (
        "stoppedgym",  # a routine ended by its gerund
        [
            ("I go to the gym every Monday.", DAY),
            ("I usually read before bed.", DAY),
            ("I stopped going to the gym.", 30 * DAY),
        ],
        {
            "HAS_HABIT": {
                "go to the gym [every Monday]": "superseded",
                "read [before bed]": "current",
            }
        },
    ),
    (
        "newfavorite",  # "my new favorite X is" replaces that favorite only
        [
            ("My favorite color is blue.", DAY),
            ("My favorite food is pizza.", DAY),
            ("My new favorite color is green.", 30 * DAY),
        ],
        {
            "PREFERS": {
                "blue [color]": "superseded",
                "pizza [food]": "current",
                "green [color]": "current",
            }
        },
    ),
    (
        "newfavoritelast",
        [
            ("My favorite movie is Inception.", DAY),
            ("My favorite book is Dune.", DAY),
            ("Interstellar is my new favorite movie.", 30 * DAY),
        ],
        {
            "PREFERS": {
                "Inception [movie]": "superseded",
                "Dune [book]": "current",
                "Interstellar [movie]": "current",
            }
        },
    ),
    (
        "newfriend",  # a new friend replaces none
        [("My friend Lisa loves yoga.", DAY), ("My new friend Sam loves tennis.", 30 * DAY)],
        {"HAS_RELATIVE": {"Lisa [friend]": "current", "Sam [friend]": "current"}},
    ),
    (
        "traded",
        [("I own a Honda.", DAY), ("I traded my Honda for a Tesla.", 30 * DAY)],
        {"OWNS": {"Honda": "superseded", "Tesla": "current"}},
    ),
    (
        "workthere",  # "there" is the one current employer; the home stays
        [
            ("I work at Deloitte.", DAY),
            ("I live in Chicago.", DAY),
            ("I don't work there anymore.", 30 * DAY),
        ],
        {"WORKS_AT": {"Deloitte": "superseded"}, "LIVES_IN": {"Chicago": "current"}},
    ),
    (
        "offsugar",
        [("I love sugar.", DAY), ("I love tea.", DAY), ("I'm off sugar now.", 30 * DAY)],
        {"PREFERS": {"sugar": "superseded", "tea": "current"}},
    ),
    (
        "tofrom",  # the old value named after the new one; only it ends
        [
            ("I drink regular milk.", DAY),
            ("I love cereal.", DAY),
            ("I switched to oat milk from regular milk.", 30 * DAY),
        ],
        {"PREFERS": {"regular milk": "superseded", "cereal": "current", "oat milk": "current"}},
    ),
    (
        "insteadof",  # the value set aside is no history of its own
        [("I love running.", DAY), ("These days I prefer cycling instead of running.", 9 * DAY)],
        {"PREFERS": {"running": "superseded", "cycling": "current"}},
    ),
    (
        "insteadoffirst",
        [("I prefer cycling instead of running.", DAY)],
        {"PREFERS": {"cycling": "current"}},
    ),
    (
        "nowitis",  # "these days it's all about X": the held value most like X
        [
            ("I love tea.", DAY),
            ("I love hiking.", DAY),
            ("These days it's all about coffee.", 30 * DAY),
            ("Now it's raining.", DAY),
        ],
        {"PREFERS": {"tea": "superseded", "hiking": "current", "coffee": "current"}},
    ),
    (
        "morethannow",  # a comparison with a change cue names what it replaces
        [
            ("I love rock.", DAY),
            ("I love pizza.", DAY),
            ("I'm more into jazz than rock these days.", 30 * DAY),
        ],
        {"PREFERS": {"rock": "superseded", "pizza": "current", "jazz": "current"}},
    ),
    (
        "morethan",  # without one it changes nothing
        [("I like tea.", DAY), ("I like coffee more than tea.", 30 * DAY)],
        {"PREFERS": {"tea": "current", "coffee": "current"}},
    ),
    (
        "nointerest",
        [
            ("I love jazz.", DAY),
            ("I love hiking.", DAY),
            ("Jazz doesn't interest me anymore.", 30 * DAY),
        ],
        {"PREFERS": {"jazz": "superseded", "hiking": "current"}},
    ),
    (
        "routinepurpose",  # a routine of a purpose replaces the preference of that purpose
        [
            ("I prefer Python for data analysis.", DAY),
            ("I prefer Go for web servers.", DAY),
            ("These days I use R for data analysis.", 30 * DAY),
        ],
        {
            "PREFERS": {"Python [data analysis]": "superseded", "Go [web server]": "current"},
            "HAS_HABIT": {"use R [data analysis]": "current"},
        },
    ),
]


@pytest.mark.parametrize(("user", "messages", "expected"), CHANGES, ids=[c[0] for c in CHANGES])
def test_what_a_change_ends_and_what_it_leaves(
    chat_memory: Memory,
    user: str,
    messages: list[tuple[str, timedelta]],
    expected: dict[str, dict[str, str]],
) -> None:
    assert Chat(chat_memory, user).states_after(messages, expected) == expected


def test_a_denial_ends_the_diet_and_stores_no_positive_fact(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "diet")
    chat.say("I'm vegetarian.")
    chat.say("I'm allergic to peanuts.")
    result = chat.say("I'm not vegetarian anymore.", timedelta(days=60))
    assert chat.state("HAS_DIET") == {"vegetarian": "superseded"}
    assert chat.state("ALLERGIC_TO") == {"peanut": "current"}, "other constraints stay"
    [diet] = chat.facts("HAS_DIET")
    assert diet.end_reason is not None and "anymore" in diet.end_reason
    assert result.fact_ids == (), "the denial stored nothing"
    recalled = chat_memory.recall("What can I cook for Emi?", user_id="diet", top_k=10)
    texts = [r.text for r in (*recalled.results, *recalled.constraints) if r.kind == "fact"]
    assert "Emi is allergic to peanut" in texts and "Emi follows a vegetarian diet" not in texts


def test_a_retraction_without_a_statement_still_ends_the_fact(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "running")
    chat.say("I go running every morning.")
    chat.say("I've moved on from running, these days I'm all about swimming.", timedelta(days=40))
    [running] = [f for f in chat.facts() if f.object_name == "running"]
    assert running.status == "superseded" and running.end_reason == (
        "ended: 'moved on from running'"
    )


def test_i_can_eat_it_again_ends_only_the_constraint(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "dairy")
    chat.say("I can't eat dairy.")
    chat.say("I love cheese.")
    chat.say("I can eat dairy again now.", timedelta(days=90))
    assert chat.state("AVOIDS") == {"dairy": "superseded"}
    assert chat.state("PREFERS") == {"cheese": "current"}


def test_a_keyed_attribute_replaces_its_own_key_only(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "favorites")
    chat.say("My favorite color is blue.")
    chat.say("My favorite food is pizza.")
    chat.say("My favorite color is red now.", timedelta(days=30))
    state = {**chat.state("PREFERS"), **chat.state("HAS_ATTRIBUTE")}
    blue = next(k for k in state if k.startswith("blue"))
    red = next(k for k in state if k.startswith("red"))
    pizza = next(k for k in state if k.startswith("pizza"))
    assert (state[blue], state[red], state[pizza]) == ("superseded", "current", "current")


def test_a_context_never_replaces_another(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "context")
    chat.say("I prefer Go for backend work.")
    chat.say("I prefer tea for breakfast.")
    chat.say("Actually, I prefer coffee for breakfast.", timedelta(days=5))
    state = chat.state("PREFERS")
    assert state["Go [backend work]"] == "current"
    assert state["tea [breakfast]"] == "superseded" and state["coffee [breakfast]"] == "current"


def test_a_correction_too_late_or_too_vague_changes_nothing(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "late")
    chat.say("The report is due Monday.")
    chat.say("Sorry, I meant Tuesday.", timedelta(hours=3))
    chat.say("I meant it.", timedelta(minutes=1))
    assert chat.state("HAS_DEADLINE") == {"Monday": "current"}


def test_the_same_wording_repeated_reinforces(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "repeat")
    for _ in range(3):
        chat.say("I'm allergic to peanuts.", timedelta(days=7))
    chat.say("I love tea.")
    chat.say("I love coffee.")
    chat.say("I love tea.")
    [allergy] = [f for f in chat.facts("ALLERGIC_TO") if f.memory_type != "semantic"]
    assert allergy.status == "current" and allergy.evidence_count == 3
    assert chat.state("PREFERS") == {"tea": "current", "coffee": "current"}
    assert chat.superseded() == []


@pytest.mark.parametrize(
    "text",
    [
        "I'm not sure anymore.",
        "I don't know anymore, honestly.",
        "I stopped by the store on the way home.",
        "Right now I'm watching a movie.",
        "Now I also play the piano.",
        "Did you quit your job?",
        "If I quit my job I'd travel more.",
        "My sister stopped eating meat.",
        "I never stopped loving tea.",
        "I mean, yeah.",
    ],
)
def test_chat_that_changes_nothing_supersedes_nothing(chat_memory: Memory, text: str) -> None:
    user = "quiet" + str(abs(hash(text)) % 10_000)
    chat = Chat(chat_memory, user)
    chat.say("I love tea.")
    chat.say("I play guitar.")
    chat.say("I work at Acme.")
    chat.say("I want to learn Spanish.")
    before = {f.id for f in chat.facts() if f.status == "current"}
    chat.say(text, timedelta(minutes=5))
    assert chat.superseded() == [], text
    assert before <= {f.id for f in chat.facts() if f.status == "current"}


def test_recall_of_a_change_puts_the_current_fact_first(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "nowrecall", speaker="Kai")
    chat.say("I love green tea.")
    chat.say("My favorite band is Muse.")
    chat.say("I used to drink green tea, now I love espresso.", timedelta(days=30))
    response = chat_memory.recall("What does Kai like to drink now?", user_id="nowrecall", top_k=5)
    ids = [r.id for r in response.results]
    [old] = [r for r in response.results if r.text == "I love green tea."]
    assert old.outdated and old.why is not None and "outdated" in old.why.line
    current = [r for r in response.results if "espresso" in (r.text or "")]
    assert current and ids.index(current[0].id) < ids.index(old.id)
    assert response.results[0].id != old.id


def test_time_grounding_reaches_the_fact(chat_memory: Memory) -> None:
    chat = Chat(chat_memory, "trip")
    chat.say("I went to Miami last week.", timedelta(days=1))  # said Tuesday 4 March 2025
    [trip] = chat.facts("VISITED")
    assert trip.occurred_at == datetime(2025, 2, 24, tzinfo=UTC)
    assert trip.text == "Emi visited Miami (week of 2025-02-24)"

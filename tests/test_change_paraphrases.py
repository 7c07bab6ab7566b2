"""Change detection on wordings the tune sequences do not use: each kind of change sequence
(update, negate, retract, correct, context, coexist, repeat) said as another user would type
it (other cue words, lower case, chat style), through the real write path (the real spaCy
extractor, engine and embedder; graph_memory/write/conflict_policy.py).

Precision both ways: each case names what must end AND what must stay current, and the
negatives (likings and wishes that coexist, a preference of another context, a wording
repeated) must end nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from conftest import Chat

from graph_memory.memory import Memory

DAY, MINUTE = timedelta(days=1), timedelta(minutes=1)

# (user, [(message, after the one before)], {relation: {object [key]: status}}): every fact of
# these relations after the last message, what it ends and what it leaves.
Case = tuple[str, list[tuple[str, timedelta]], dict[str, dict[str, str]]]

UPDATES: list[Case] = [
    (
        "switchedfromto",
        [("I love Android.", DAY), ("I love pizza.", DAY),
         ("i switched from android to iphone last month", 30 * DAY)],
        {"PREFERS": {"Android": "superseded", "pizza": "current", "iphone": "current"}},
    ),
    (
        "usedtobenow",
        [("I'm a teacher.", DAY), ("I used to be a teacher, now I'm a nurse.", 90 * DAY)],
        {"IS_A": {"teacher": "superseded", "nurse": "current"}},
    ),
    (
        "quitjoined",  # what was quit is not what was joined
        [("I work at Google.", DAY), ("I live in Boston.", DAY),
         ("I quit Google and joined Meta.", 60 * DAY)],
        {"WORKS_AT": {"Google": "superseded", "Meta": "current"},
         "LIVES_IN": {"Boston": "current"}},
    ),
    (
        "quitstarted",
        [("I play chess.", DAY), ("I play guitar.", DAY),
         ("I quit chess and started running.", 60 * DAY)],
        {"HAS_HOBBY": {"chess": "superseded", "guitar": "current", "running": "current"}},
    ),
    (
        "nowadaysinstead",
        [("I love vim.", DAY), ("I love hiking.", DAY),
         ("nowadays I prefer VS Code instead of vim", 60 * DAY)],
        {"PREFERS": {"vim": "superseded", "VS Code": "current", "hiking": "current"}},
    ),
    (
        "favoritethesedays",  # the time hung on the value by the parser
        [("My favorite color is blue.", DAY), ("My favorite food is pizza.", DAY),
         ("my favorite color is green these days", 30 * DAY)],
        {"PREFERS": {"blue [color]": "superseded", "green [color]": "current",
                     "pizza [food]": "current"}},
    ),
    (
        "wasfavorite",  # a favorite in the past tense ends the held one and is history
        [("My favorite band is Muse.", DAY), ("My favorite movie is Dune.", DAY),
         ("Muse was my favorite band in high school, now I like Radiohead.", 30 * DAY)],
        {"PREFERS": {"Muse [band]": "superseded", "Dune [movie]": "current",
                     "Radiohead": "current"}},
    ),
    (
        "favoriteinthepast",
        [("My favorite color was blue.", DAY), ("My favorite color is green.", DAY)],
        {"PREFERS": {"blue [color]": "superseded", "green [color]": "current"}},
    ),
    (
        "latelymorethan",  # a weak cue with a comparison names what it replaces
        [("I love Android.", DAY), ("I love pizza.", DAY),
         ("Lately I've been more into iPhone than Android.", 30 * DAY)],
        {"PREFERS": {"Android": "superseded", "pizza": "current", "iPhone": "current"}},
    ),
    (
        "movedto",
        [("I live in Chicago.", DAY), ("I moved to Denver last month.", 60 * DAY)],
        {"LIVES_IN": {"Chicago": "superseded", "Denver": "current"}},
    ),
]

NEGATIONS: list[Case] = [
    (
        "notintoanymore",
        [("I love horror movies.", DAY), ("I love comedies.", DAY),
         ("I'm not into horror movies anymore.", 60 * DAY)],
        {"PREFERS": {"horror movie": "superseded", "comedy": "current"}},
    ),
    (
        "chatnotinto",  # chat's "im", no apostrophe
        [("I love coffee.", DAY), ("I love tea.", DAY), ("im not into coffee anymore", 60 * DAY)],
        {"PREFERS": {"coffee": "superseded", "tea": "current"}},
    ),
    (
        "gaveup",
        [("I play tennis.", DAY), ("I play chess.", DAY), ("I gave up tennis.", 60 * DAY)],
        {"HAS_HOBBY": {"tennis": "superseded", "chess": "current"}},
    ),
    (
        "quitjob",
        [("I work at Amazon.", DAY), ("I love Amazon Prime.", DAY),
         ("I quit Amazon last week.", 60 * DAY)],
        {"WORKS_AT": {"Amazon": "superseded"}, "PREFERS": {"Amazon Prime": "current"}},
    ),
    (
        "donewith",
        [("I love sushi.", DAY), ("I love ramen.", DAY), ("i'm done with sushi", 60 * DAY)],
        {"PREFERS": {"sushi": "superseded", "ramen": "current"}},
    ),
    (
        "nolongerenjoy",
        [("I enjoy running.", DAY), ("I enjoy swimming.", DAY),
         ("I no longer enjoy running.", 60 * DAY)],
        {"PREFERS": {"running": "superseded", "swimming": "current"}},
    ),
    (
        "notafanthesedays",  # the subject dropped, "these days" for "anymore"
        [("I love jazz.", DAY), ("I love hiking.", DAY),
         ("Not a fan of jazz these days.", 60 * DAY)],
        {"PREFERS": {"jazz": "superseded", "hiking": "current"}},
    ),
    (
        "haventtouched",  # "touched" says no more than "played"
        [("I play the piano.", DAY), ("I play chess.", DAY),
         ("I haven't touched the piano in ages.", 60 * DAY)],
        {"HAS_HOBBY": {"piano": "superseded", "chess": "current"}},
    ),
    (
        "notinterested",  # the gerund of the held goal's verb
        [("I want to learn Spanish.", DAY), ("I want to learn to cook.", DAY),
         ("I'm not interested in learning Spanish anymore.", 60 * DAY)],
        {"HAS_GOAL": {"learn Spanish": "superseded", "learn to cook": "current"}},
    ),
]

RETRACTIONS: list[Case] = [
    (
        "nolongervegetarian",  # "no longer" hung on the adjective
        [("I'm vegetarian.", DAY), ("I'm allergic to peanuts.", DAY),
         ("I'm no longer vegetarian.", 60 * DAY)],
        {"HAS_DIET": {"vegetarian": "superseded"}, "ALLERGIC_TO": {"peanut": "current"}},
    ),
    (
        "nolongerallergic",
        [("I'm allergic to cats.", DAY), ("I'm allergic to peanuts.", DAY),
         ("I'm no longer allergic to cats.", 60 * DAY)],
        {"ALLERGIC_TO": {"cat": "superseded", "peanut": "current"}},
    ),
    (
        "turnsout",
        [("I'm allergic to cats.", DAY), ("I'm allergic to shellfish.", DAY),
         ("turns out I'm not allergic to cats, it was the dust", 7 * DAY)],
        {"ALLERGIC_TO": {"cat": "superseded", "shellfish": "current"}},
    ),
    (
        "canhaveagain",
        [("I can't eat gluten.", DAY), ("I love bread.", DAY),
         ("I can have gluten again!", 90 * DAY)],
        {"AVOIDS": {"gluten": "superseded"}, "PREFERS": {"bread": "current"}},
    ),
    (
        "quitketo",
        [("I'm on a keto diet.", DAY), ("I'm allergic to peanuts.", DAY),
         ("I quit keto.", 60 * DAY)],
        {"HAS_DIET": {"keto": "superseded"}, "ALLERGIC_TO": {"peanut": "current"}},
    ),
    (
        "wrongabout",
        [("I'm lactose intolerant.", DAY), ("I'm allergic to peanuts.", DAY),
         ("I was wrong about being lactose intolerant.", 7 * DAY)],
        {"HAS_DIET": {"lactose intolerant": "superseded"}, "ALLERGIC_TO": {"peanut": "current"}},
    ),
    (
        "wrongaboutsomeone",  # being wrong about a person ends nothing of theirs
        [("My brother Sam lives in Ohio.", DAY), ("I was wrong about Sam, he's great.", DAY)],
        {"HAS_RELATIVE": {"Sam [brother]": "current"}},
    ),
    (
        "quitteaching",  # a role ended by its work
        [("I'm a teacher.", DAY), ("I play chess.", DAY), ("i quit teaching last year", 60 * DAY)],
        {"IS_A": {"teacher": "superseded"}, "HAS_HOBBY": {"chess": "current"}},
    ),
    (
        "changedmindabout",  # a wish given up
        [("I want to move to Canada.", DAY), ("I want to visit Japan.", DAY),
         ("I changed my mind about moving to Canada.", 30 * DAY)],
        {"HAS_GOAL": {"move to Canada": "superseded", "visit Japan": "current"}},
    ),
    (
        "decidednotto",
        [("I want to buy a car.", DAY), ("I love my car.", DAY),
         ("I've decided not to buy a car.", 30 * DAY)],
        {"HAS_GOAL": {"buy a car": "superseded"}},
    ),
    (
        "changedmindaboutsomeone",  # a change of mind ends wishes only
        [("My brother Sam lives in Ohio.", DAY), ("I changed my mind about Sam.", DAY)],
        {"HAS_RELATIVE": {"Sam [brother]": "current"}, "LIVES_IN": {"Ohio": "current"}},
    ),
    (
        "partnerbyrole",  # a parting said with the partner's role
        [("My boyfriend Tom is a chef.", DAY), ("My brother Sam lives in Ohio.", DAY),
         ("my boyfriend and i broke up", 30 * DAY)],
        {"HAS_RELATIVE": {"Tom [boyfriend]": "superseded", "Sam [brother]": "current"}},
    ),
    (
        "divorced",
        [("My husband Mark is a lawyer.", DAY), ("My sister Sue lives in Ohio.", DAY),
         ("I got divorced last year.", 30 * DAY)],
        {"HAS_RELATIVE": {"Mark [husband]": "superseded", "Sue [sister]": "current"}},
    ),
    (
        "singlenow",  # no partner, whoever it was; the sister stays
        [("I have a boyfriend named Tom.", DAY), ("My sister Sue lives in Ohio.", DAY),
         ("im single again lol", 30 * DAY)],
        {"HAS_RELATIVE": {"Tom [boyfriend]": "superseded", "Sue [sister]": "current"}},
    ),
    (
        "brokeupthefight",
        [("My sister Sue lives in Ohio.", DAY), ("My sister and I broke up the fight.", DAY)],
        {"HAS_RELATIVE": {"Sue [sister]": "current", "sister [sister]": "current"}},
    ),
    (
        "droppedoff",  # a drive, no parting
        [("My son Leo plays soccer.", DAY), ("I dropped my son off at practice.", DAY)],
        {"HAS_RELATIVE": {"Leo [son]": "current", "son [son]": "current"}},
    ),
    (
        "stoppeddaughter",
        [("My daughter Mia loves candy.", DAY), ("I stopped my daughter from eating candy.", DAY)],
        {"HAS_RELATIVE": {"Mia [daughter]": "current", "daughter [daughter]": "current"}},
    ),
    (
        "sisterquitteaching",
        [("I'm a teacher.", DAY), ("My sister quit teaching.", 60 * DAY)],
        {"IS_A": {"teacher": "current"}},
    ),
]

CORRECTIONS: list[Case] = [
    (
        "scratchthat",
        [("I live in Austin.", DAY), ("scratch that, I live in Boston", MINUTE)],
        {"LIVES_IN": {"Austin": "superseded", "Boston": "current"}},
    ),
    (
        "misspoke",
        [("I work at IBM.", DAY), ("I misspoke, I work at Intel.", MINUTE)],
        {"WORKS_AT": {"IBM": "superseded", "Intel": "current"}},
    ),
    (
        "correctioncolon",  # "it's" is no value
        [("The report is due Monday.", DAY), ("correction: it's due Tuesday", MINUTE)],
        {"HAS_DEADLINE": {"Monday": "superseded", "Tuesday": "current"}},
    ),
    (
        "oopsmanyvalued",  # a correction opener replaces the statement just made
        [("I'm allergic to shellfish.", DAY), ("I'm allergic to peanuts.", DAY),
         ("oops, I'm allergic to walnuts", MINUTE)],
        {"ALLERGIC_TO": {"shellfish": "current", "peanut": "superseded", "walnut": "current"}},
    ),
    (
        "misspokewish",
        [("I want to learn French.", DAY), ("I want to visit Spain.", DAY),
         ("I misspoke, I want to visit Italy.", MINUTE)],
        {"HAS_GOAL": {"learn French": "current", "visit Spain": "superseded",
                      "visit Italy": "current"}},
    ),
    (
        "apology",  # "my bad" for something else corrects nothing said
        [("I love sushi.", DAY), ("I want to visit Spain.", DAY),
         ("My bad, I forgot to text you. I love ramen.", MINUTE)],
        {"PREFERS": {"sushi": "current", "ramen": "current"},
         "HAS_GOAL": {"visit Spain": "current"}},
    ),
]

CONTEXTS: list[Case] = [
    (
        "backendnow",
        [("I prefer Go for backend work.", DAY), ("I prefer tea for breakfast.", DAY),
         ("These days I prefer Rust for backend work.", 60 * DAY)],
        {"PREFERS": {"Go [backend work]": "superseded", "Rust [backend work]": "current",
                     "tea [breakfast]": "current"}},
    ),
    (
        "morningnow",
        [("I prefer coffee in the morning.", DAY), ("I prefer tea in the evening.", DAY),
         ("i prefer green tea in the morning now", 60 * DAY)],
        {"PREFERS": {"coffee [morning]": "superseded", "green tea [morning]": "current",
                     "tea [evening]": "current"}},
    ),
    (
        "othercontext",  # a preference of one context replaces none of another's
        [("I prefer email for work.", DAY), ("I prefer WhatsApp for family.", DAY),
         ("Actually I prefer Slack for work.", 30 * DAY)],
        {"PREFERS": {"email [work]": "superseded", "Slack [work]": "current",
                     "WhatsApp [family]": "current"}},
    ),
]

# Statements that add to what is held and end nothing.
COEXISTING: list[Case] = [
    (
        "alsothesedays",
        [("I love hiking.", DAY), ("I also enjoy painting these days.", 30 * DAY)],
        {"PREFERS": {"hiking": "current", "painting": "current"}},
    ),
    (
        "wishes",
        [("I want to visit Japan.", DAY), ("I'd love to learn the guitar someday.", DAY),
         ("i hope to run a marathon next year", DAY)],
        {"HAS_GOAL": {"visit Japan": "current", "learn the guitar": "current",
                      "run a marathon": "current"}},
    ),
    (
        "latelyinto",  # "lately" alone adds a like
        [("I love hiking.", DAY), ("Lately I'm really into cooking.", 30 * DAY)],
        {"PREFERS": {"hiking": "current", "cooking": "current"}},
    ),
    (
        "liketoo",
        [("I like tea.", DAY), ("nowadays I like coffee too", 30 * DAY)],
        {"PREFERS": {"tea": "current", "coffee": "current"}},
    ),
    (
        "twopets",
        [("I have a dog named Max.", DAY), ("We just adopted a cat named Luna.", 30 * DAY)],
        {"HAS_PET": {"Max [dog]": "current", "Luna [cat]": "current"}},
    ),
    (
        "newhobby",
        [("I play guitar.", DAY), ("I've recently started playing the drums.", 30 * DAY)],
        {"HAS_HOBBY": {"guitar": "current"}},
    ),
]

# The same fact said again in other words reinforces it.
REPEATS: list[Case] = [
    (
        "stillliving",
        [("I live in Austin.", DAY), ("i live in austin", 20 * DAY),
         ("Still living in Austin.", 20 * DAY)],
        {"LIVES_IN": {"Austin": "current"}},
    ),
    (
        "reallylove",
        [("I love tea.", DAY), ("I really love tea!", 7 * DAY)],
        {"PREFERS": {"tea": "current"}},
    ),
    (
        "stillfavorite",
        [("My favorite band is Muse.", DAY), ("My favorite band is still Muse.", 30 * DAY)],
        {"PREFERS": {"Muse [band]": "current"}},
    ),
]

CASES = UPDATES + NEGATIONS + RETRACTIONS + CORRECTIONS + CONTEXTS + COEXISTING + REPEATS


@pytest.mark.parametrize(("user", "messages", "expected"), CASES, ids=[c[0] for c in CASES])
def test_a_paraphrased_change_ends_what_it_names_and_leaves_the_rest(
    chat_memory: Memory,
    user: str,
    messages: list[tuple[str, timedelta]],
    expected: dict[str, dict[str, str]],
) -> None:
    assert Chat(chat_memory, user).states_after(messages, expected) == expected


@pytest.mark.parametrize(
    "user", [c[0] for c in COEXISTING + REPEATS], ids=[c[0] for c in COEXISTING + REPEATS]
)
def test_what_coexists_or_repeats_supersedes_nothing(chat_memory: Memory, user: str) -> None:
    [(_, messages, _)] = [c for c in COEXISTING + REPEATS if c[0] == user]
    chat = Chat(chat_memory, user + "-all")
    for text, after in messages:
        chat.say(text, after)
    assert chat.facts() and chat.superseded() == []

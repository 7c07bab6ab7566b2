"""The declared relations on real-chat phrasing (issue 11, REALTALK): copula opinions, implied
"I", relative clauses, "she"/"he" resolved within the message, containers, "became", context
before the verb, and what must stay out (class judgements, unnamed friends, imperatives)."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor

# The extractor is conftest's (the default rule extractor over the default ontology); `rows`
# reads its facts as (subject, relation, object, key), as in test_extract_chat.py.


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # opinions: "<specific topic> is <judgement>" / "is a <judgement> <noun>"
        ("The Etihad apartment is an AMAZING experience.",
         ("Emi", "HAS_OPINION", "Etihad apartment", "amazing")),
        ("The Kerastase conditioner is extremely helpful stuff",
         ("Emi", "HAS_OPINION", "Kerastase conditioner", "helpful")),
        ("The Silk Road era in history is indeed fascinating.",
         ("Emi", "HAS_OPINION", "Silk Road era", "fascinating")),
        ("Honestly, the new office is too noisy.",
         ("Emi", "HAS_OPINION", "new office", "too noisy")),
        ("Although the new show is awesome, I never watch it.",
         ("Emi", "HAS_OPINION", "new show", "awesome")),
        # chat drops its "I" in the past tense
        ("Just took a test", ("Emi", "DID", "test", "take")),
        ("Went to the spa today.", ("Emi", "VISITED", "spa", None)),
        # the object of a relative clause is the noun it describes
        ("This is a bubble tea I made today btw", ("Emi", "DID", "bubble tea", "make")),
        ("This is the cake that I baked.", ("Emi", "DID", "cake", "bake")),
        # places reached with a particle, and common place nouns
        ("Me and some friends went down to the canal today", ("Emi", "VISITED", "canal", None)),
        ("I visited a rooftop lounge with a view.", ("Emi", "VISITED", "rooftop lounge", None)),
        # "became" is what one is now
        ("I became a chef to prove him wrong", ("Emi", "IS_A", "chef", None)),
        ("I became vegetarian last year.", ("Emi", "HAS_DIET", "vegetarian", None)),
        # containers and what is conjoined inside them
        ("I personally listen to a lot of playboi carti and lil Wayne.",
         ("Emi", "PREFERS", "lil Wayne", None)),
        ("I personally listen to a lot of playboi carti and lil Wayne.",
         ("Emi", "PREFERS", "playboi carti", None)),
        # a show watched is no hobby (the guidelines' sample: STATES watch)
        ("Ive been watching the Great British Bakeoff",
         ("Emi", "STATES", "Great British Bakeoff", "watch")),
        ("I loved Dune and its sequel.", ("Emi", "PREFERS", "Dune", None)),
        # context before the verb, a gerund too
        ("For coding I prefer dark mode.", ("Emi", "PREFERS", "dark mode", "coding")),
        ("I'm gluten-free.", ("Emi", "HAS_DIET", "gluten-free", None)),
        # she / he: the one third person named before it in the message
        ("My sister Nadia lives in Paris and she is allergic to nuts.",
         ("Nadia", "ALLERGIC_TO", "nut", None)),
        ("My mom is a nurse. She loves gardening.", ("Emi's mom", "PREFERS", "gardening", None)),
        ("I met Kate yesterday. She is allergic to cats.", ("Kate", "ALLERGIC_TO", "cat", None)),
        ("My brother loves jazz. He plays classical guitar.",
         ("Emi's brother", "HAS_HOBBY", "classical guitar", None)),
        ("My best friend lives in Ohio.", ("Emi", "HAS_RELATIVE", "best friend", "best friend")),
        ("My friend Sarah lives in Ohio.", ("Emi", "HAS_RELATIVE", "Sarah", "friend")),
        # a quoted title is the topic whole; a judging adjective is no part of a role
        ('"A Gentleman in Moscow" is a fantastic book, Liza!',
         ("Emi", "HAS_OPINION", "A Gentleman in Moscow", "fantastic")),
        ("My stupid roommate Julio ate my food", ("Emi", "HAS_RELATIVE", "Julio", "roommate")),
        ("I want a red one", ("Emi", "PREFERS", "red", None)),
        # the possessive the other way round
        ("Inter is my favorite team.", ("Emi", "PREFERS", "Inter", "team")),
        ("Dune is one of my favourite books.", ("Emi", "PREFERS", "Dune", "book")),
        ('About other sitcoms, I really enjoy "The Office" – its style.',
         ("Emi", "PREFERS", "The Office", None)),
        ("I love hiking.", ("Emi", "PREFERS", "hiking", None)),
        # work, possessions, plans
        ("I work at a coffee shop.", ("Emi", "WORKS_AT", "coffee shop", None)),
        # a workplace by its head word, with "for" too
        ("I work for a comic book publishing company",
         ("Emi", "WORKS_AT", "comic book publishing company", None)),
        ("I work at a local IT company", ("Emi", "WORKS_AT", "local IT company", None)),
        ("I got a new summer job at Target.", ("Emi", "WORKS_AT", "Target", None)),
        ("I got a new phone yesterday.", ("Emi", "OWNS", "phone", None)),
        # the month is the plan's time, no part of it
        ("I'm going to Japan in March.", ("Emi", "HAS_GOAL", "go to Japan", None)),
    ],
)  # fmt: skip
def test_real_chat_phrasings_become_declared_facts(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Snow is beautiful.",  # a class of things, no one topic
        "Dogs are great.",
        "I think beer is good.",
        "The taste is amazing.",  # a bare "the taste" points back into the conversation
        "Yosemite National Park is another incredible choice for hiking.",  # a reply
        "The weather is nice today.",
        "That is amazing!",
        "The new Batman movie wasn't great.",  # negated: no judgement stored
        "If the movie is great I'll watch it again.",
        "My friend is launching a business.",  # an unnamed friend is nobody to remember
        "I remember my friend going on and on about some song.",
        "Try the pasta.",  # an imperative, not a dropped "I"
        "I'm planning to watch a movie and maybe read.",  # a passing evening plan
        "My brother is here. She is allergic to cats.",  # "she" cannot be the brother
        "My husband Tom and my sister Ann came over. She is vegan.",
        "Not Juventus but the atmosphere was still amazing!",
        "One additional tip I'd like to share is this.",  # the tip is what is shared
        "I'm eating cheese cake",  # a passing meal, no habit
        "I dont think Ive ever watched looney toons",
        "I'll just play the new one.",
        "I bought a couple different ones.",
        "I dont care about what book we read.",
        "Do you work for a company?",  # a question
        "I work for my dad.",  # a person, no workplace
        "I got a text from him.",  # got, but nothing newly owned
        "I'm going to the store.",  # a passing errand, no plan to keep
        "Pizza isn't my favorite food.",  # no dislike either
        "It's my favorite.",
        "I've enjoyed our conversation as well, Bella!",
        "I started prepping the food.",  # begun, not done
    ],
)
def test_real_chat_non_facts_stay_out(extractor: RuleExtractor, text: str) -> None:
    declared = [r for r in fact_rows(extractor, text) if r[1] not in ("STATES", "HAS_RELATIVE")]
    assert declared == [], declared
    if "friend" in text:
        assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_RELATIVE"]


@pytest.mark.parametrize("text", ["I went hiking yesterday.", "I went hiking on Monday."])
def test_go_with_a_gerund_is_the_activity_done(extractor: RuleExtractor, text: str) -> None:
    """Unlike "I started prepping" (begun, not done), "went hiking" is the deed itself."""
    assert ("Emi", "DID", "hiking", "go") in fact_rows(extractor, text)


def test_a_gerund_keeps_its_own_for_phrase(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I also like diving for those hard-to-reach balls.")
    assert all(key is None for _, relation, _, key in found if relation == "PREFERS"), found

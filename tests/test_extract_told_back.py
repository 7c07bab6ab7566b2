"""The addressee's facts told back: a clause the speaker holds as known ("I know you're into
anime", "I remember you went to Japan", "I see you love hiking") or marvels at ("I can't believe
you ran a marathon!") is the addressee's news; a doubt, a question, a guess, a wish or advice
is nobody's (real spaCy model, speaker Emi, addressee Sam)."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "I know / remember / recall / see (that) you ..."
        ("I know you're into Teenage Mutant Ninja Turtles.",
         ("Sam", "PREFERS", "Teenage Mutant Ninja Turtles", None)),
        ("I know you love hiking.", ("Sam", "PREFERS", "hiking", None)),
        ("I remember that you went to Japan last year.", ("Sam", "VISITED", "Japan", None)),
        ("I see you love hiking.", ("Sam", "PREFERS", "hiking", None)),
        ("I know you want to visit Japan.", ("Sam", "HAS_GOAL", "visit Japan", None)),
        ("I know you don't eat meat.", ("Sam", "AVOIDS", "meat", None)),
        ("I see you have a new dog.", ("Sam", "HAS_PET", "new dog", "dog")),
        ("I know you are a teacher.", ("Sam", "IS_A", "teacher", None)),
        ("I know you're going to Japan next month.", ("Sam", "HAS_GOAL", "go to Japan", None)),
        # a frame spliced by a comma before the sentence's main clause
        ("just a random aside, I know you’re into Teenage Mutant Ninja Turtles, I wanted to "
         "watch some, but I don’t know where to start.",
         ("Sam", "PREFERS", "Teenage Mutant Ninja Turtles", None)),
        # "I can't / cannot believe (that) you ...": wonder at the news
        ("I can't believe you ran a marathon!", ("Sam", "DID", "marathon", "run")),
        ("I cant believe u ran a marathon", ("Sam", "DID", "marathon", "run")),
        ("I cannot believe that you visited Japan.", ("Sam", "VISITED", "Japan", None)),
        ("I still can't believe you adopted a puppy.", ("Sam", "HAS_PET", "puppy", "puppy")),
        ("Can't believe you ran a marathon!", ("Sam", "DID", "marathon", "run")),
        # the speaker's own wonder is stated too
        ("I can't believe I ran a marathon!", ("Emi", "DID", "marathon", "run")),
    ],
)
def test_a_known_clause_is_the_addressees_fact(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a doubt, a denial, a question
        "I don't know if you like hiking.",
        "I don't believe you ran a marathon.",
        "I can believe you ran a marathon.",
        "Do you know you love hiking?",
        "I don't remember if you went to Japan.",
        # someone else's knowledge, or a guess
        "She knows you love hiking.",
        "I think you love hiking.",
        "I bet you love hiking.",
        # what would or could be
        "I know you will love hiking.",
        "I know you can do it.",
        "I can't believe you would ever run a marathon.",
        # a bare reaction, a farewell
        "I know you're busy.",
        "I'll see you at the gym.",
        "Remember you have to bring your ID.",
        # what the addressee made of the speaker's own things
        "I know you liked the recipe I sent.",
        # a frame spliced before a question
        "I know you like going to the gym, you think you’ll hit the gym today?",
        # generic "you": what anyone can or should do
        "I realized that you can just make blocks of buildings that nobody can get to.",
        "Yeah I heard you shouldn't but I guess a doctor would be the best to judge that.",
    ],
)
def test_no_known_clause_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # an aircraft flown on or in is a deed done, the speaker's or told back
        ("I flew on the A380 last year.", ("Emi", "DID", "A380", "fly")),
        ("We flew in a helicopter over the Grand Canyon.", ("Emi", "DID", "helicopter", "fly")),
        ("It's wonderful that you had the chance to fly on the A380, especially on the upper deck.",
         ("Sam", "DID", "A380", "fly")),
        ("I'm glad you got to fly on a private jet!", ("Sam", "DID", "private jet", "fly")),
        ("You flew on the Concorde?! I can't believe you flew on the Concorde!",
         ("Sam", "DID", "Concorde", "fly")),
    ],
)
def test_an_aircraft_flown_on_is_a_deed(extractor: RuleExtractor, text: str, expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I flew to Paris.",
        "Have you ever flown on the A380?",
        "You should fly on the A380 someday.",
        "If you had the chance to fly on the A380, you'd love it.",
        "It would be great if you got to fly on the A380.",
        "I hope you had the chance to fly on the A380.",
    ],
)
def test_no_aircraft_flown_no_deed(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "DID"] == []


@pytest.mark.parametrize(
    "text",
    [
        # questions
        "How was your trip to Japan?",
        "Did you go to the concert?",
        # advice and suggestions
        "You should try sushi.",
        "You could visit Rome.",
        # hypotheticals
        "If you ever go to Paris, visit the Louvre.",
        # guesses
        "You must love hiking.",
        "I bet you love hiking.",
        # wishes
        "I hope you enjoy the concert.",
        "Have fun at the beach!",
        "I hope you had the chance to visit Rome.",
        # the chat itself, and a thing of the addressee's judged, its time unsaid
        "Your suggestion sounds great.",
        "Thanks for your message!",
        "Your trip to Hawaii sounds amazing.",
        "Your plans in Athens sound amazing!",
    ],
)
def test_no_news_told_back_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the addressee's course load told back, its courses named as examples
        ("Your course load, including Data Analytics and Microeconomics, sounds demanding but "
         "undoubtedly rewarding.", [("Sam", "STUDIES", "Data Analytics", None),
                                    ("Sam", "STUDIES", "Microeconomics", None)]),
        ("Your courses, such as Organic Chemistry and Genetics, sound fascinating.",
         [("Sam", "STUDIES", "Organic Chemistry", None), ("Sam", "STUDIES", "Genetics", None)]),
        ("Good luck with your classes, including calculus!",
         [("Sam", "STUDIES", "calculus", None)]),
        # the speaker's own, by "include" or "be"
        ("My classes this semester include Data Analytics and Microeconomics.",
         [("Emi", "STUDIES", "Data Analytics", None), ("Emi", "STUDIES", "Microeconomics", None)]),
        ("My classes this semester are calculus and physics.",
         [("Emi", "STUDIES", "calculus", None), ("Emi", "STUDIES", "physics", None)]),
        ("My modules this term include Linguistics and Philosophy.",
         [("Emi", "STUDIES", "Linguistics", None), ("Emi", "STUDIES", "Philosophy", None)]),
    ],
)
def test_courses_named_as_examples_are_studied(
    extractor: RuleExtractor, text: str, expected: list[Row]
) -> None:
    rows = fact_rows(extractor, text)
    assert all(row in rows for row in expected)


@pytest.mark.parametrize(
    "text",
    [
        "My classes last semester were calculus and physics.",
        "My old classes included calculus.",
        "Do your classes include calculus?",
        "Your course load includes calculus and physics, right?",
        "My classes don't include calculus.",
        "If your classes include calculus, you'll be fine.",
        "My class includes 30 students.",
        "My class, including John and Mary, went to the zoo.",
        "My sister's classes include calculus.",
    ],
)
def test_no_course_named_now_no_study(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "STUDIES"] == []


def test_a_favorite_class_is_liked_not_said_studied(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "My favorite class is calculus.")
    assert ("Emi", "PREFERS", "calculus", "class") in rows
    assert [row for row in rows if row[1] == "STUDIES"] == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # congratulations and praise of a deed: the gerund's doer is the one praised
        ("And kudos for getting into running!", ("Sam", "HAS_HOBBY", "running", None)),
        ("Congrats for finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Props for finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Good job on finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Great job finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Well done on finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("Nice work on passing your driving test!", ("Sam", "DID", "Sam's driving test", "pass")),
        ("Proud of you for finishing your first marathon!",
         ("Sam", "DID", "Sam's first marathon", "finish")),
        ("I'm so proud of you for running a marathon!", ("Sam", "DID", "marathon", "run")),
        ("Hats off to you for running a marathon!", ("Sam", "DID", "marathon", "run")),
        # a pet or a child had, congratulated
        ("Congrats on adopting a puppy!", ("Sam", "HAS_PET", "puppy", "puppy")),
        ("Great job adopting a puppy!", ("Sam", "HAS_PET", "puppy", "puppy")),
        ("Congratulations on having a baby!", ("Sam", "HAS_RELATIVE", "baby", "baby")),
        # a pet or a child congratulated on, without a verb
        ("Congrats on the new puppy!", ("Sam", "HAS_PET", "puppy", "puppy")),
        ("Congrats on the new kitten!", ("Sam", "HAS_PET", "kitten", "kitten")),
        ("Congratulations on the baby!", ("Sam", "HAS_RELATIVE", "baby", "baby")),
    ],
)
def test_a_deed_praised_is_the_addressees(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        # a job had is no praise; a praise put as a hypothetical, denied or asked
        "I have a good job working at Google.",
        "A good job working at Google would be nice.",
        "I'd be proud of you for running a marathon.",
        "I'm not proud of you for running a marathon.",
        "Good job on finishing it?",
        "Congrats on not quitting your job!",
        # wishes and thanks praise nothing done
        "Good luck on finishing your thesis!",
        "Good luck running the marathon!",
        "Good luck adopting a puppy!",
        "Thanks for adopting a puppy!",
        "Thanks for the puppy!",
        "Congrats on the puppy?",
        "Congrats on the new job!",
        "Congrats on your team's victory in the game.",
    ],
)
def test_no_deed_praised_no_fact(extractor: RuleExtractor, text: str) -> None:
    assert fact_rows(extractor, text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a hyphenated word split by the parser into objects after the real one: no part of
        # it is an object ('post', '-', 'breakup' hung on "took" beside "steps")
        "I took positive steps post-breakup.",
        "Great job on taking positive steps post-breakup!",
        "Great job on taking positive steps post-breakup! It's awesome that you're reconnecting "
        "with friends and planning trips. These experiences can really help lift your spirits.",
    ],
)
def test_a_split_word_after_an_object_is_none(extractor: RuleExtractor, text: str) -> None:
    assert [row for row in fact_rows(extractor, text) if "breakup" in row[2]] == []


def test_a_split_words_first_part_stands_for_it(extractor: RuleExtractor) -> None:
    rows = fact_rows(extractor, "I love spider-man.")
    assert ("Emi", "PREFERS", "spider-man", None) in rows
    assert ("Emi", "PREFERS", "man", None) not in rows

"""Real-chat phrasing classes read by the declared patterns (issue 11, recall round): each
class with sentences written for it (not the benchmark's) and the near misses that stay out."""

from __future__ import annotations

import pytest
from conftest import fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "topic", "key"),
    [
        # a judging noun alone is the judgement
        ('Oh, "Breaking Bad" is such a classic!', "Breaking Bad", "classic"),
        ("I watched Parasite last night and it was a masterpiece.", "Parasite", "masterpiece"),
        ('"The Wire" is a gem.', "The Wire", "gem"),
        # a named work the speaker brings up in a question, judged by the "it" right after
        ("Have you read Dune? It's amazing.", "Dune", "amazing"),
        ('Have you seen "Spirited Away"? It\'s a classic and worth watching if you haven\'t '
         "already.", "Spirited Away", "classic"),
    ],
)  # fmt: skip
def test_opinions_of_named_works(
    extractor: RuleExtractor, text: str, topic: str, key: str
) -> None:
    assert ("Emi", "HAS_OPINION", topic, key) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Tiramisu is a classic Italian delicacy.",  # a kind of thing named, no judgement alone
        "The Godfather is a classic of the genre.",
        "Inception is not a masterpiece.",
        "Have you tried the new pasta place? It's amazing.",  # nothing named
        "You watched Dune. It was amazing.",  # no question: the addressee's experience
        "Have you seen Dune? It was boring, I heard.",  # hearsay
    ],
)
def test_no_opinion_without_a_named_work_judged(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "HAS_OPINION"], found


def test_a_clause_hung_on_an_adverb_does_not_negate(extractor: RuleExtractor) -> None:
    # the parser hangs "if you haven't" on "already": no "not anymore"
    text = ('Have you seen "Spirited Away"? It\'s a classic and definitely worth watching if '
            "you haven't already. And I recently enjoyed Dune.")
    assert ("Emi", "HAS_OPINION", "Spirited Away", "classic") in fact_rows(extractor, text)
    assert ("Emi", "AVOIDS", "meat", None) in fact_rows(extractor, "I don't eat meat anymore.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # chat's "its" for "it's": the clause keeps its verb
        ("I watched Oppenheimer yesterday, its amazing!",
         ("Emi", "HAS_OPINION", "Oppenheimer", "amazing")),
        ("I finished Dune. Its a wonderful story.", ("Emi", "HAS_OPINION", "Dune", "wonderful")),
        # a judgement run on before the next clause with a comma
        ("I read Dune last week. It's really incredible, the scenes are vivid.",
         ("Emi", "HAS_OPINION", "Dune", "incredible")),
    ],
)  # fmt: skip
def test_chat_spelling_and_run_on_judgements(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, str]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "The dog wagged its tail and I watched Dune.",  # the possessive stays
        "I watched Dune. The show has its amazing moments.",
        "I read Dune. Dune is amazing, she said.",  # what another said
    ],
)
def test_possessive_its_and_reported_judgements_make_no_opinion(
    extractor: RuleExtractor, text: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "HAS_OPINION" and r[0] == "Emi"], found


def test_its_is_split_only_before_a_word_no_possessive_takes(extractor: RuleExtractor) -> None:
    from graph_memory.extract.tokens import tokenize

    nlp = extractor._nlp  # type: ignore[attr-defined]
    assert [t.text for t in tokenize(nlp, "Its a game")][:2] == ["It", "s"]
    assert [t.text for t in tokenize(nlp, "its amazing!")][:2] == ["it", "s"]
    assert tokenize(nlp, "its amazing soundtrack")[0].text == "its"
    assert [t.text for t in tokenize(nlp, "the dog wagged its tail")][3] == "its"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a place one has been to is what "it" judges next
        ("I have been to Lisbon and it is one of my favorite cities.",
         ("Emi", "PREFERS", "Lisbon", "city")),
        ("I've been to Lisbon and it was amazing.", ("Emi", "HAS_OPINION", "Lisbon", "amazing")),
        # examples hung on a container, and gerund examples
        ("I love a lot of sports, including tennis and golf.", ("Emi", "PREFERS", "golf", None)),
        ("I enjoy water sports like surfing.", ("Emi", "PREFERS", "surfing", None)),
        ("I love outdoor activities like hiking and kayaking.",
         ("Emi", "PREFERS", "kayaking", None)),
    ],
)  # fmt: skip
def test_places_been_to_and_examples(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, str | None]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I've never been to Lisbon, it is amazing they say.",
        "Have you been to Lisbon? It's one of my favorite cities.",  # asked, not told as done
        "I love a lot of things, including you.",
    ],
)
def test_no_liking_from_places_not_been_to_or_pronoun_examples(
    extractor: RuleExtractor, text: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "HAS_OPINION")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a new job taken up is an event of one's life ("new" no praise)
        ("I started a new job last week.", ("Emi", "DID", "new job", "start")),
        ("My brother started a new job.", ("Emi's brother", "DID", "new job", "start")),
    ],
)
def test_a_new_job_taken_up(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, str]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize("text", ["I want a new job.", "I need a new job.", "I got a new job."])
def test_a_new_job_wished_or_got_is_no_liking_nor_thing_owned(
    extractor: RuleExtractor, text: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] in ("PREFERS", "OWNS", "DID")], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a list named by its key's last words
        ("Italy is on my travel bucket list!", ("Emi", "HAS_GOAL", "Italy", None)),
        # "it" on the list is the one place the speaker has (not) been to
        ("I haven't been to Peru yet, but it's on my bucket list!",
         ("Emi", "HAS_GOAL", "Peru", None)),
        ("I've never been to Japan. It's on my travel bucket list.",
         ("Emi", "HAS_GOAL", "Japan", None)),
    ],
)  # fmt: skip
def test_places_on_a_bucket_list(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, None]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "It's on my bucket list.",  # nothing named
        "You went to Peru, it's on my bucket list.",  # the addressee's trip
        "I went to Spain and Portugal last year, it's on my bucket list to go back.",  # which?
        "Iceland is on my shopping list.",  # no list of wishes
    ],
)
def test_no_bucket_list_goal_without_one_place(extractor: RuleExtractor, text: str) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "HAS_GOAL"], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Pizza has to be my favorite food.", ("Emi", "PREFERS", "Pizza", "food")),
        ("Dune has to be one of my favorite books.", ("Emi", "PREFERS", "Dune", "book")),
        # the key first: "my favorite <kind> has to be <value>"
        ("My favorite food has to be pizza.", ("Emi", "PREFERS", "pizza", "food")),
        ("My favorite band has to be Radiohead.", ("Emi", "PREFERS", "Radiohead", "band")),
        # what has become a favorite is one now
        ("Yoga has become my favorite hobby.", ("Emi", "PREFERS", "yoga", "hobby")),
        ("Lately sushi has become one of my favorites.", ("Emi", "PREFERS", "sushi", None)),
    ],
)
def test_has_to_be_my_favorite(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, str | None]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Pizza doesn't have to be my favorite food.",
        "Pizza had to be my favorite food.",
        "It has to be my favorite.",
        "My favorite food doesn't have to be pizza.",
        "My favorite food would have to be pizza.",  # a guess
        "Pizza became my favorite food when I was five.",  # a favorite of then
        "Pizza had become my favorite food by then.",
    ],
)
def test_has_to_be_denied_past_or_unnamed_is_no_favorite(
    extractor: RuleExtractor, text: str
) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "PREFERS"]


def test_ill_for_i_will_is_the_speaker_never_a_person_named_ill(
    extractor: RuleExtractor,
) -> None:
    from graph_memory.extract.tokens import tokenize

    nlp = extractor._nlp  # type: ignore[attr-defined]
    assert [t.text for t in tokenize(nlp, "Ill be there")][:2] == ["I", "ll"]
    assert [t.text for t in tokenize(nlp, "So Ill try it")][1:3] == ["I", "ll"]
    assert tokenize(nlp, "I feel ill today")[2].text == "ill"  # the adjective stays
    assert tokenize(nlp, "I'm ill so I stay home")[2].text == "ill"
    found = fact_rows(extractor, "Ill be moving to Paris next month.")
    assert not [r for r in found if r[0] == "Ill"], found


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        # a named place's "in <name>" says where it lies, no part of the goal
        ("I've been dreaming about visiting the Cliffs of Moher in Ireland.",
         "visit the Cliffs of Moher"),
        ("I want to visit the Louvre in Paris.", "visit the Louvre"),
        # a common noun's place is part of it, and so is a time
        ("I want to run a marathon in Boston.", "run a marathon in Boston"),
        ("I want to visit Yosemite in the spring.", "visit Yosemite in the spring"),
    ],
)  # fmt: skip
def test_where_a_named_place_lies_is_no_part_of_the_goal(
    extractor: RuleExtractor, text: str, goal: str
) -> None:
    assert ("Emi", "HAS_GOAL", goal, None) in fact_rows(extractor, text)


def test_trying_out_is_trying(extractor: RuleExtractor) -> None:
    found = fact_rows(extractor, "I enjoy trying out new board games.")
    assert ("Emi", "PREFERS", "trying new board games", None) in found
    assert not [r for r in found if "out" in r[2].split()], found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I can't stand horror movies.", ("Emi", "AVOIDS", "horror movie", None)),
        ("My sister can't stand spiders.", ("Emi's sister", "AVOIDS", "spider", None)),
    ],
)
def test_cant_stand_is_a_dislike(
    extractor: RuleExtractor, text: str, expected: tuple[str, str, str, None]
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "I couldn't stand the noise yesterday.",  # a moment past
        "I can stand the heat.",  # no denial
        "I can't stand up right now.",
        "I can't stand it.",  # a pronoun
    ],
)
def test_no_dislike_from_standing_otherwise(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "AVOIDS"]


@pytest.mark.parametrize(
    ("text", "avoided"),
    [
        ("Camping isn't for me.", "camping"),
        ("Honestly, the city life just isn't for me.", "city life"),
        ("Yoga's not really for me.", "yoga"),
        ("I tried it once but golf is not my thing.", "golf"),
        ("Dancing is not really my kind of thing", "dancing"),
    ],
)
def test_not_for_me_or_not_my_thing_is_avoided(
    extractor: RuleExtractor, text: str, avoided: str
) -> None:
    found = fact_rows(extractor, text)
    assert [r for r in found if r[1] == "AVOIDS" and r[2].lower() == avoided], found


@pytest.mark.parametrize(
    "text",
    [
        "That's not for me to decide.",  # whose call, not a dislike
        "It's not for me.",  # a pronoun names nothing
        "The decision isn't for me to make.",
        "The gift isn't for me, it's for my mom.",  # meant for someone else
        "Is camping not for you?",
    ],
)
def test_not_for_me_said_of_no_thing_disliked_is_no_avoid(
    extractor: RuleExtractor, text: str
) -> None:
    found = fact_rows(extractor, text)
    assert not [r for r in found if r[1] == "AVOIDS"], found

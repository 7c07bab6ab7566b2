"""Change cues (graph_memory/extract/cues.py), retractions (graph_memory/extract/retractions.py)
and corrections (graph_memory/extract/corrections.py): which words make a statement change, end
or correct what was said before, and which statement of a sentence they apply to."""

from __future__ import annotations

import pytest

from graph_memory.extract.corrections import (
    bare_correction,
    it_is_correction,
    not_x_correction,
    self_correction,
)
from graph_memory.extract.cues import (
    Cue,
    change_cue,
    classify,
    names_object,
    names_replaced,
    shared_words,
    slot_key,
    statement_cue,
)
from graph_memory.extract.retractions import retractions
from graph_memory.extract.switches import switched_to
from graph_memory.models import EntityRef, ExtractedFact, Triple


def cue(text: str, clause: str, obj: str) -> Cue | None:
    start = text.index(clause)
    return statement_cue(text, (start, start + len(clause)), obj)


@pytest.mark.parametrize(
    ("text", "clause", "obj", "kind", "written"),
    [
        (
            "Actually, I'd like to exchange them instead.",
            "I'd like to exchange them instead",
            "exchange them",
            "update",
            "instead",
        ),
        ("Actually, I live in Lisbon.", "I live in Lisbon", "Lisbon", "update", "Actually"),
        ("These days I prefer coffee.", "I prefer coffee", "coffee", "update", "These days"),
        ("I drink coffee nowadays.", "I drink coffee nowadays", "coffee", "update", "nowadays"),
        ("Lately I drink coffee.", "I drink coffee", "coffee", "update", "Lately"),
        ("My favorite color is red now.", "My favorite color is red now", "red", "update", "now"),
        ("I've switched to Rust.", "I've switched to Rust", "Rust", "update", "switched to"),
        ("Sorry, I meant Lisbon.", "I meant Lisbon", "Lisbon", "correction", "I meant"),
        ("No wait, I live in Porto.", "I live in Porto", "Porto", "correction", "No wait"),
        ("oops, I am allergic to nuts", "I am allergic to nuts", "nut", "correction", "oops"),
        ("My bad, I love ramen.", "I love ramen", "ramen", "correction", "My bad"),
        ("I misspoke, I work at Intel.", "I work at Intel", "Intel", "correction", "I misspoke"),
        ("I'm vegan after all.", "I'm vegan after all", "vegan", "correction", "after all"),
        ("I used to drink tea.", "I used to drink tea", "tea", "past", "used to"),
        ("I've moved on from yoga.", "I've moved on from yoga", "yoga", "past", "moved on from"),
        ("I gave up smoking.", "I gave up smoking", "smoking", "past", "gave up"),
        (
            "I'm not vegetarian anymore.",
            "I'm not vegetarian anymore",
            "vegetarian",
            "ended",
            "anymore",
        ),
        ("I no longer eat meat.", "I no longer eat meat", "meat", "ended", "no longer"),
    ],
)
def test_cues_and_their_kinds(text: str, clause: str, obj: str, kind: str, written: str) -> None:
    found = cue(text, clause, obj)
    assert found is not None and (found.kind, found.text) == (kind, written)


def test_used_to_and_these_days_apply_each_to_its_own_segment() -> None:
    text = "I used to drink tea, these days it's coffee."
    assert cue(text, "I used to drink tea", "tea") == Cue("past", "used to")
    assert cue(text, "these days it's coffee", "coffee") == Cue("update", "these days")
    but = "I used to play tennis but now I play golf"
    assert cue(but, "I used to play tennis", "tennis") == Cue("past", "used to")
    assert cue(but, "I play golf", "golf") == Cue("update", "now")


def test_a_switch_from_x_to_y_ends_x_and_makes_y_replace_it() -> None:
    text = "I switched from tea to coffee."
    assert cue(text, text[:-1], "tea") == Cue("past", "switched from", "tea")
    to_coffee = cue(text, text[:-1], "coffee")
    assert to_coffee is not None and to_coffee.kind == "update" and to_coffee.replaced == "tea"


def test_instead_of_names_the_replaced_value() -> None:
    text = "For backend work I prefer Rust instead of Go."
    found = cue(text, "I prefer Rust instead of Go", "Rust")
    assert found == Cue("update", "instead of", "Go")


@pytest.mark.parametrize(
    ("text", "clause", "obj"),
    [
        ("I love sushi.", "I love sushi", "sushi"),
        ("Now I also play piano.", "I also play piano", "piano"),  # an addition
        ("I play the drums too now", "I play the drums too now", "drums"),
        ("Right now I'm watching TV.", "I'm watching TV", "TV"),
        ("I want to learn Spanish.", "I want to learn Spanish", "learn Spanish"),
        # what was quit is not what was joined: "and <verb>" opens a clause of its own
        ("I quit Google and joined Meta.", "joined Meta", "Meta"),
        ("My bad, I forgot. I love ramen.", "I love ramen", "ramen"),  # another sentence
    ],
)
def test_no_cue_where_nothing_changes(text: str, clause: str, obj: str) -> None:
    assert cue(text, clause, obj) is None


def test_a_cue_of_another_sentence_does_not_apply() -> None:
    text = "Actually, the weather was bad. I love hiking."
    assert cue(text, "I love hiking", "hiking") is None


def test_classify_a_cue_given_as_written() -> None:
    assert classify("used to") == "past"
    assert classify("switched from") == "past"
    assert classify("no longer") == "ended"
    assert classify("sorry, I meant") == "correction"
    assert classify("actually") == "update"
    assert classify("these days") == "update"


def test_chinese_cues_have_the_kinds_of_their_english_twins() -> None:
    """其实 / 现在 are weak like "actually" / "now": they never replace one of several wishes."""
    assert [classify(c) for c in ("换成", "现在改成", "以前…现在")] == ["update"] * 3
    assert classify("不再") == "ended"
    assert classify("我是说") == classify("说错了") == "correction"
    assert Cue(classify("其实"), "其实").weak and Cue(classify("现在"), "现在").weak
    assert not Cue(classify("换成"), "换成").weak


def test_names_object_compares_words_ignoring_case_and_plurals() -> None:
    assert names_object("my old Peanuts", "peanut")
    assert names_object("green tea", "green tea") and not names_object("tea", "green tea")
    assert not names_object("coffee", "tea")


def test_change_cue_prefers_the_extractors_cue_and_skips_caller_triples() -> None:
    text = "I used to drink tea."
    fact = ExtractedFact(
        triple=Triple(
            subject=EntityRef(name="Emi", type="Person"),
            predicate="PREFERS",
            object=EntityRef(name="tea", type="Food"),
        ),
        span=(0, len(text) - 1),
        extractor="test",
        confidence=0.8,
    )
    assert change_cue(text, fact) == Cue("past", "used to")
    assert change_cue(text, fact.model_copy(update={"cue": "formerly"})) == Cue("past", "formerly")
    assert change_cue(text, fact.model_copy(update={"span": (0, 0)})) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Python was my favorite language.", Cue("past", "was my favorite language")),
        ("My favorite language was Python.", Cue("past", "My favorite language was")),
        ("Python was probably my favorite language.",
         Cue("past", "was probably my favorite language")),
        ("Python is my favorite language.", None),
        ("Python is still my favorite language.", None),
        ("My favorite language was always Python, and it still is", None),
        ("Python was my favorite language and I always think of it", Cue(
            "past", "was my favorite language")),
    ],
)
def test_a_favorite_in_the_past_tense_is_history(text: str, expected: Cue | None) -> None:
    fact = ExtractedFact(
        triple=Triple(
            subject=EntityRef(name="Emi", type="Person"),
            predicate="PREFERS",
            object=EntityRef(name="Python", type="Thing"),
            key="language",
        ),
        span=(0, len(text)),
        extractor="test",
        confidence=0.8,
    )
    assert change_cue(text, fact) == expected


@pytest.mark.parametrize(
    ("text", "cue", "what", "constraints_only"),
    [
        ("I've moved on from running, these days I swim.", "moved on from", "running", False),
        ("I stopped the keto diet last week.", "stopped", "the keto diet last week", False),
        ("I've dropped the low-carb diet.", "dropped", "the low-carb diet", False),
        ("I've finally given up coffee", "given up", "coffee", False),
        ("I'm done with keto.", "done with", "keto", False),
        (
            "Forget what I said about being allergic to cats, it was the dust.",
            "Forget what I said about",
            "being allergic to cats",
            False,
        ),
        ("I switched from Netflix to Hulu.", "switched from", "Netflix", False),
        ("I've moved on from chess to poker.", "moved on from", "chess", False),
        ("I can eat dairy again now.", "can eat ... again", "dairy", True),
        ("I've lost interest in running.", "lost interest in", "running", False),
        ("I grew out of anime.", "grew out of", "anime", False),
        ("I'm so over sushi, I prefer ramen now.", "over", "sushi", False),
        ("I replaced Vim with VS Code.", "replaced", "Vim", False),
        ("I swapped coffee for tea.", "swapped", "coffee", False),
        ("I've cut out coffee.", "cut out", "coffee", False),
        ("I've lost my taste for coffee.", "lost my taste for", "coffee", False),
        ("I'm off sugar now.", "off", "sugar", False),
        ("I quit Google and joined Meta.", "quit", "Google", False),  # up to the next clause
        ("I gave up bread and pasta.", "gave up", "bread and pasta", False),
        (
            "I was wrong about being lactose intolerant.",
            "wrong about",
            "being lactose intolerant",
            False,
        ),
        ("ive given up coffee", "given up", "coffee", False),
        ("I changed my mind about moving to Canada.", "changed my mind about", "moving to Canada",
         False),
        ("I've decided not to buy a car.", "decided not to", "buy a car", False),
    ],
)
def test_retractions_name_what_they_end(
    text: str, cue: str, what: str, constraints_only: bool
) -> None:
    assert [(r.cue, r.what, r.constraints_only) for r in retractions(text)] == [
        (cue, what, constraints_only)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I stopped by the store.",
        "I never stopped running.",
        "My sister quit smoking.",
        "Did you quit smoking?",
        "If I quit my job I would travel.",
        "I'm done with work for today.",
        "I stopped running for a week because of my knee.",
        "I love my job.",
        "I left Google early today.",
        "I left the office at 5.",
        "I went over the plan with my team.",  # "over" ends a liking only after "I'm"
        "I'm over at my mom's place.",
        "I'm over the moon about it.",
        "My sister replaced her phone.",
        "The band broke up.",
        "Me and my friends split the bill.",
        "I never broke up with Tom.",
        "I'm off to Paris.",
        "I'm off work today.",
        "I don't want pizza right now.",
        "I was wrong about Tom, he's great.",  # only a state of the speaker's
        "You were wrong about being late.",
        "I used to play mobile games but I stopped playing them.",  # a pronoun names nothing
        "I dropped the kids off at school.",  # "dropped" ends a diet, not a drive
        "I dropped off my son at practice.",
        "I dropped my phone.",
        "I separated the eggs.",
        "I'm a single mom.",
        "I'm single-handedly running the shop.",
        "Are you single?",
        "My sister and I broke up the fight.",
    ],
)
def test_no_retraction_where_the_speaker_ends_nothing(text: str) -> None:
    assert retractions(text) == []


@pytest.mark.parametrize(
    ("text", "what", "cue"),
    [
        ("I'm not lactose intolerant anymore.", "lactose intolerant", "anymore"),
        ("I no longer work at Amazon.", "work at Amazon", "no longer"),
        ("Knitting isn't my hobby anymore, I got bored.", "Knitting", "anymore"),
        ("I don\u2019t want to move to Canada any more.", "want to move to Canada", "any more"),
        ("Not a fan of sushi anymore.", "a fan of sushi", "anymore"),
        ("No longer working at the bank.", "working at the bank", "No longer"),
        ("I don't play chess these days.", "play chess", "these days"),
        ("Not a fan of jazz these days.", "a fan of jazz", "these days"),
        ("im not into coffee anymore", "into coffee", "anymore"),  # chat's bare contractions
        ("i cant be vegan anymore", "be vegan", "anymore"),
        ("I dont eat meat nowadays", "eat meat", "nowadays"),
    ],
)
def test_a_first_person_denial_with_anymore_is_a_retraction(
    text: str, what: str, cue: str
) -> None:
    # For the denials no extractor rule states: the conflict policy ends what it names.
    [found] = retractions(text)
    assert (found.what, found.cue, found.denied) == (what, cue, True)


def test_a_denial_ends_only_what_it_names_but_for_verbs() -> None:
    [canada] = retractions("I don't want to move to Canada anymore.")
    assert canada.ends("HAS_GOAL", "move to Canada")
    assert not canada.ends("PREFERS", "Canada")  # "I love Canada" still holds
    [tennis] = retractions("I don't have time for tennis anymore.")
    assert not tennis.ends("HAS_HOBBY", "tennis")  # no time is not no liking
    [jazz] = retractions("I no longer like jazz music.")
    assert jazz.ends("PREFERS", "jazz music") and not jazz.ends("PREFERS", "jazz")
    [spanish] = retractions("I'm not learning Spanish anymore.")
    assert spanish.ends("STATES", "Spanish", "learn")  # the verb is the open fact's key
    assert not spanish.ends("STATES", "Spanish", "teach")
    [go] = retractions("I don't use Go for backend work anymore.")
    assert go.ends("PREFERS", "Go", "backend work")  # within its context only
    assert not go.ends("PREFERS", "Go", "scripting") and not go.ends("PREFERS", "Go")
    [learning] = retractions("I'm not interested in learning Spanish anymore.")
    assert learning.ends("HAS_GOAL", "learn Spanish")  # the gerund of the goal's verb
    assert not learning.ends("HAS_GOAL", "teach Spanish")
    [piano] = retractions("I haven't touched the piano in ages.")
    assert piano.ends("HAS_HOBBY", "piano") and not piano.ends("HAS_HOBBY", "guitar")


@pytest.mark.parametrize(
    ("text", "role", "ends"),
    [
        ("My boyfriend and I broke up.", "boyfriend", True),
        ("my girlfriend and i split up last week", "girlfriend", True),
        ("Me and Tom broke up", "boyfriend", True),
        ("I got divorced.", "husband", True),
        ("I got divorced.", "sister", False),
        ("My husband and I separated last year.", "wife", False),
        ("I'm single now.", "boyfriend", True),
        ("I am officially single!", "wife", True),
    ],
)
def test_a_parting_said_with_the_partners_role(text: str, role: str, ends: bool) -> None:
    [found] = retractions(text)
    assert found.ends("HAS_RELATIVE", "Tom", role) is ends


def test_a_relative_or_pet_ends_only_by_a_parting() -> None:
    [stopped] = retractions("I stopped my daughter from eating candy.")
    assert not stopped.ends("HAS_RELATIVE", "Mia", "daughter")
    assert not stopped.ends("HAS_RELATIVE", "daughter", "daughter")
    [seeing] = retractions("I stopped seeing Tom.")
    assert seeing.ends("HAS_RELATIVE", "Tom", "boyfriend")
    [no_dog] = retractions("I no longer have a dog.")
    assert no_dog.ends("HAS_PET", "Rex", "dog") and not no_dog.ends("HAS_PET", "Luna", "cat")


@pytest.mark.parametrize(
    ("text", "role", "ends"),
    [
        ("i quit teaching last year", "teacher", True),
        ("I stopped writing novels.", "writer", True),
        ("I gave up running.", "runner", True),
        ("I quit teaching.", "teaching assistant", False),
        ("I quit my job.", "teacher", False),
        ("I stopped cooking.", "teacher", False),
    ],
)
def test_a_role_ends_with_its_work(text: str, role: str, ends: bool) -> None:
    [found] = retractions(text)
    assert found.ends("IS_A", role) is ends


@pytest.mark.parametrize(
    ("text", "ended", "kept"),
    [
        ("I left Google last month.", ("WORKS_AT", "Google"), ("PREFERS", "Google")),
        ("I sold my Honda.", ("OWNS", "Honda"), ("PREFERS", "Honda")),
    ],
)
def test_leaving_or_selling_ends_work_or_possession_only(
    text: str, ended: tuple[str, str], kept: tuple[str, str]
) -> None:
    [found] = retractions(text)
    assert found.ends(*ended) and not found.ends(*kept)


@pytest.mark.parametrize(
    "text",
    [
        "Do you not like it anymore?",
        "My sister isn't vegan anymore.",
        "If I'm not busy anymore I'll call you.",
        "I'm not vegan.",
        "Not bad.",
        "Not anymore.",
    ],
)
def test_no_denial_retraction_without_the_speaker_or_anymore(text: str) -> None:
    assert retractions(text) == []


@pytest.mark.parametrize(
    ("text", "value", "old"),
    [
        ("Not Paris, Lyon.", "Lyon", "Paris"),
        ("No, not Tuesday, Wednesday.", "Wednesday", "Tuesday"),
    ],
)
def test_not_x_then_y_corrects_x_to_y(text: str, value: str, old: str) -> None:
    found = not_x_correction(text)
    assert found is not None
    assert found[1:3] == (value, old)
    start, end = found[3]
    assert text[start:end] == value


def test_a_retraction_reason_is_the_retraction_as_written() -> None:
    [found] = retractions("I've moved on from running.")
    assert found.reason == "ended: 'moved on from running'"
    [again] = retractions("I can eat dairy again now.")
    assert again.reason == "ended: 'can eat dairy again'"
    [switch] = retractions("I switched from Netflix to Hulu.")
    assert switch.reason == "ended: 'switched from Netflix'"


def test_a_switch_names_what_the_old_value_became() -> None:
    assert [r.to for r in retractions("I've moved on from chess to poker these days.")] == [
        "poker"
    ]
    assert [(r.what, r.to) for r in retractions("I gave up coffee for green tea.")] == [
        ("coffee", None)
    ]
    assert [r.to for r in retractions("I switched from tea to something else.")] == [None]


def test_a_strong_cue_wins_over_a_weak_one_in_its_segment() -> None:
    text = "Actually I've switched to green tea."
    found = cue(text, "I've switched to green tea", "green tea")
    assert found == Cue("update", "switched to")
    assert not found.weak


def test_a_trailing_not_names_the_replaced_value() -> None:
    text = "Actually, I want to learn Portuguese, not Spanish."
    assert cue(text, "I want to learn Portuguese", "learn Portuguese") == Cue(
        "update", "Actually", "Spanish"
    )
    text = "Sorry, I meant I live in Boston, not Austin."
    assert cue(text, "I live in Boston", "Boston") == Cue("correction", "I meant", "Austin")
    # A statement that is itself the denied value takes nothing from it.
    assert cue("I'm happy, not sad.", "I'm happy", "happy") is None


def test_shared_words_counts_content_words_only() -> None:
    assert shared_words("learn French", "learn German") == 1
    assert shared_words("visit Milan", "Visit Rome") == 1
    assert shared_words("go hiking", "go shopping") == 0
    assert shared_words("green teas", "green tea") == 2


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sorry, I meant Tuesday.", ("I meant", "Tuesday")),
        ("Oops, make that two.", ("make that", "two")),
        ("I meant Lisbon, not Porto.", ("I meant", "Lisbon")),
        ("no wait, I meant plan B", ("I meant", "plan B")),
    ],
)
def test_a_bare_correction_gives_the_new_value(text: str, expected: tuple[str, str]) -> None:
    found = bare_correction(text)
    assert found is not None and found[:2] == expected
    start, end = found[2]
    assert text[start:end] == expected[1]


@pytest.mark.parametrize(
    "text",
    [
        "I meant it.",
        "Sorry, I meant to say hi.",
        "I mean, yeah.",
        "Sorry, I meant I live in Boston, not Austin.",  # a whole statement: extracted instead
        "I meant the one with the big red door next to the bakery",
        "Tuesday works for me.",
        "correction: it's due Tuesday",  # "it's" is no value: an it-is correction
    ],
)
def test_no_bare_correction_without_a_short_value(text: str) -> None:
    assert bare_correction(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("No wait, it's due Thursday.", ("No wait, it's", "Thursday")),
        ("Sorry, it's 555-4321.", ("Sorry, it's", "555-4321")),
        ("Sorry, wrong number, it's 4321.", ("Sorry, wrong number, it's", "4321")),
        ("Actually it's on Friday.", ("Actually it's", "Friday")),
        ("correction: it's due Tuesday", ("correction: it's", "Tuesday")),
    ],
)
def test_an_it_is_correction_gives_the_new_value(text: str, expected: tuple[str, str]) -> None:
    found = it_is_correction(text)
    assert found is not None and found[:2] == expected
    start, end = found[2]
    assert text[start:end] == expected[1]


@pytest.mark.parametrize(
    "text", ["It's Thursday.", "Sorry, it's a long story, I'll tell you later", "Sorry, it's it."]
)
def test_no_it_is_correction_without_a_correcting_opener_and_a_short_value(text: str) -> None:
    assert it_is_correction(text) is None


def test_a_correcting_opener_is_a_correction_cue() -> None:
    assert classify("No wait, it's") == classify("Sorry, it's") == "correction"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Sorry, she lives in Lyon, not Paris.", ("Sorry", "Lyon", "Paris")),
        ("Actually, it's Lyon, not Paris.", ("Actually", "Lyon", "Paris")),
        ("I meant the 15th, not the 12th.", ("I meant", "the 15th", "the 12th")),
    ],
)
def test_a_not_x_correction_names_the_old_and_the_new_value(
    text: str, expected: tuple[str, str, str]
) -> None:
    found = not_x_correction(text)
    assert found is not None and found[:3] == expected
    start, end = found[3]
    assert text[start:end] == expected[1]


@pytest.mark.parametrize("text", ["I love tea, not coffee.", "Sorry, not that one, not it."])
def test_no_not_x_correction_without_an_opener_or_a_value(text: str) -> None:
    assert not_x_correction(text) is None


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Sorry, my mistake, it's Wednesday.", "Wednesday"),
        ("Typo, it's 555-2209.", "555-2209"),
        ("Scratch that, it's Friday.", "Friday"),
    ],
)
def test_a_correction_may_open_with_my_mistake_typo_or_scratch_that(text: str, value: str) -> None:
    found = it_is_correction(text)
    assert found is not None and found[1] == value


def test_a_named_old_value_matches_the_held_phrase_it_heads() -> None:
    # "I want to learn Portuguese, not Spanish" replaces "learn Spanish", not "visit Spain".
    assert names_replaced("Spanish", "learn Spanish", "learn Portuguese")
    assert not names_replaced("Spanish", "visit Spain", "learn Portuguese")
    assert not names_replaced("Spanish", "teach Spanish", "learn Portuguese")
    # "I switched from tea to coffee" replaces "drinking tea", not "green tea".
    assert names_replaced("tea", "drinking tea", "coffee")
    assert not names_replaced("tea", "green tea", "coffee")


def test_a_gerund_names_its_verb() -> None:
    [spanish] = retractions("I've given up on learning Spanish.")
    assert spanish.ends("HAS_GOAL", "learn Spanish")
    assert names_object("running and making pasta", "run") and names_object("making", "make")
    assert not names_object("learning Spanish", "teach Spanish")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I live in Paris, I mean Lyon.", "Lyon"),
        ("I have two cats, no wait, three cats.", "three cats"),
        ("I want to learn German, sorry, I meant Dutch.", "Dutch"),
        ("I love Paris, I mean it.", None),
        ("I mean, I love Paris.", None),
    ],
)
def test_a_sentence_may_correct_its_own_value(text: str, value: str | None) -> None:
    found = self_correction(text)
    assert [v for _, v, _ in found] == ([value] if value else [])
    for _, v, (start, end) in found:
        assert text[start:end] == v


def test_a_replacement_names_what_the_old_value_became() -> None:
    [vim] = retractions("I replaced Vim with VS Code.")
    assert (vim.what, vim.to) == ("Vim", "VS Code")
    [coffee] = retractions("I swapped coffee for tea.")
    assert (coffee.what, coffee.to) == ("coffee", "tea")


def test_a_retraction_that_names_a_kind_ends_the_named_pet_or_relative() -> None:
    [dog] = retractions("I no longer have a dog.")
    assert dog.ends("HAS_PET", "Rex", "dog") and not dog.ends("HAS_PET", "Luna", "cat")
    [boyfriend] = retractions("I don't have a boyfriend anymore.")
    assert boyfriend.ends("HAS_RELATIVE", "Tom", "boyfriend")
    # another relation's key is a context, not a kind: "I don't eat breakfast anymore" ends
    # no preference "for breakfast" it does not name
    [breakfast] = retractions("I don't eat breakfast anymore.")
    assert not breakfast.ends("PREFERS", "cereal", "breakfast")


@pytest.mark.parametrize(
    ("text", "what"),
    [
        ("Coldplay is no longer my favorite band.", "Coldplay"),
        ("Coldplay isn't my favorite band anymore.", "Coldplay"),
    ],
)
def test_a_favorite_no_longer_is_a_denial_of_it(text: str, what: str) -> None:
    [found] = retractions(text)
    assert found.denied and found.what == what and found.ends("PREFERS", "Coldplay", "band")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("I've changed my mind, I want to learn French.", "update"),
        ("I changed my mind, I'd rather visit Spain.", "update"),
        ("Change of plans, I want to visit Spain.", "update"),
        ("On second thought, I want to visit Spain.", "correction"),
    ],
)
def test_a_change_of_mind_opening_the_sentence_applies_to_all_of_it(text: str, kind: str) -> None:
    found = cue(text, "I want" if "I want" in text else "I'd rather", "visit Spain")
    assert found is not None and found.kind == kind and not found.weak
    assert classify(found.text) == kind


@pytest.mark.parametrize(
    ("text", "what", "ends", "keeps"),
    [
        ("Tom and I broke up.", "Tom", ("HAS_RELATIVE", "Tom", "boyfriend"), ("WORKS_AT", "Tom")),
        ("I broke up with Tom.", "Tom", ("HAS_RELATIVE", "Tom", "boyfriend"), ("PREFERS", "Tom")),
        ("I divorced my husband.", "husband", ("HAS_RELATIVE", "Mark", "husband"),
         ("IS_A", "husband")),
        ("Luna passed away last month.", "Luna", ("HAS_PET", "Luna", "cat"),
         ("HAS_RELATIVE", "Luna")),
        ("My dog died.", "dog", ("HAS_PET", "Rex", "dog"), ("PREFERS", "dog")),
    ],
)  # fmt: skip
def test_a_partner_parted_from_or_a_pet_that_died_ends_that_relation_only(
    text: str, what: str, ends: tuple[str, str, str], keeps: tuple[str, str]
) -> None:
    [found] = retractions(text)
    assert found.what == what
    assert found.ends(*ends) and not found.ends(*keeps)


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I haven't played tennis in years.", "tennis"),
        ("Hiking is not really my thing anymore.", "hiking"),
        ("I can't stand coffee anymore.", "coffee"),
        ("I don't do yoga anymore.", "yoga"),
        ("I don't eat meat now.", "meat"),
        ("Jazz doesn't interest me anymore.", "jazz"),
        ("Golf no longer appeals to me.", "golf"),
        ("I'm not a coffee person anymore.", "coffee"),
    ],
)
def test_more_denials_end_what_they_name(text: str, obj: str) -> None:
    [found] = retractions(text)
    assert found.denied and found.ends("PREFERS", obj)


def test_a_short_gerund_names_its_verb() -> None:
    assert names_object("going to the gym", "go to the gym")


def test_a_key_said_new_is_its_slot_and_a_change_of_it() -> None:
    assert slot_key("new color") == "color" and slot_key("color") == "color"
    assert slot_key(None) is None and slot_key("newsletter") == "newsletter"
    text = "My new favorite color is green."
    fact = ExtractedFact(
        triple=Triple(
            subject=EntityRef(name="Emi", type="Person"),
            predicate="PREFERS",
            object=EntityRef(name="green", type="Thing"),
            key="new color",
        ),
        span=(0, len(text) - 1),
        extractor="test",
        confidence=0.8,
    )
    assert change_cue(text, fact) == Cue("update", "new")
    friend = "My new friend Sam loves tennis."
    sam = fact.model_copy(
        update={
            "triple": fact.triple.model_copy(
                update={"predicate": "HAS_RELATIVE", "key": "new friend"}
            ),
            "span": (0, len(friend) - 1),
        }
    )
    assert change_cue(friend, sam) is None


def test_a_trade_names_what_the_old_value_became() -> None:
    [honda] = retractions("I traded my Honda for a Tesla.")
    assert honda.ends("OWNS", "Honda") and honda.to == "Tesla"


@pytest.mark.parametrize(
    ("text", "relation"),
    [
        ("I don't work there anymore.", "WORKS_AT"),
        ("I no longer live there.", "LIVES_IN"),
        ("I don't study there any longer.", "STUDIES_AT"),
    ],
)
def test_there_points_at_the_one_current_place(text: str, relation: str) -> None:
    [there] = [r for r in retractions(text) if r.pointing]
    assert there.ends(relation, "Deloitte") and not there.ends("PREFERS", "Deloitte")


def test_no_pointing_retraction_without_the_speakers_denial() -> None:
    assert not [r for r in retractions("Do you still work there?") if r.pointing]
    assert not [r for r in retractions("I'd never live there.") if r.pointing]


def test_a_switch_to_y_from_x_names_x_after_y() -> None:
    text = "I switched to the gel cream from the water gel when my skin got dry."
    assert cue(text, "I switched to the gel cream", "gel cream") == Cue(
        "update", "switched to", "the water gel"
    )
    [gel] = retractions(text)
    assert (gel.what, gel.to) == ("water gel", "gel cream")
    assert retractions("My sister switched to Hulu from Netflix.") == []


def test_the_value_set_aside_is_rejected_not_held_before() -> None:
    text = "These days I prefer cycling instead of running."
    found = cue(text, "I prefer cycling instead of running", "running")
    assert found == Cue("past", "instead of", "running") and found.rejected
    assert not Cue("past", "used to").rejected and not Cue("past", "switched from").rejected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("These days it's all about coffee.", "coffee"),
        ("Now it's coffee for me.", "coffee"),
        ("It's all about swimming now.", "swimming"),
        ("Now it's raining.", None),
        ("Now it's my turn.", None),
        ("Now it's too hot for me.", None),
        ("So now it is easier for me.", None),
        ("Is it all about money now?", None),
    ],
)
def test_it_is_all_about_x_now_takes_up_x(text: str, value: str | None) -> None:
    assert [v for _, v, _ in switched_to(text)] == ([value] if value else [])

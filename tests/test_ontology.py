"""Loading, validating and extending the ontology."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph_memory.errors import OntologyError
from graph_memory.ontology import load_ontology


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_default_ontology_covers_the_required_relations() -> None:
    ontology = load_ontology()
    for name in (
        "PREFERS",
        "AVOIDS",
        "ALLERGIC_TO",
        "HAS_DIET",
        "HAS_GOAL",
        "DEPENDS_ON",
        "HAS_DEADLINE",
        "LIVES_IN",
        "WORKS_AT",
        "HAS_ORDER",
        "ORDER_AMOUNT",
        "ORDER_CONTAINS",
        "HAS_ATTRIBUTE",
    ):
        assert name in ontology.relations
    assert set(ontology.memory_types) == {
        "fact",
        "preference",
        "constraint",
        "todo",
        "event",
        "experience",
        "semantic",
    }
    assert ontology.relations["HAS_GOAL"].cardinality == "many"  # wishes coexist
    for single in ("HAS_DEADLINE", "LIVES_IN", "WORKS_AT"):
        assert ontology.relations[single].cardinality == "one"
    assert ontology.relations["HAS_ATTRIBUTE"].scope == ("subject", "key")
    assert ontology.relations["PREFERS"].contradicts == ("AVOIDS",)
    assert ontology.relations["PREFERS"].negated_as == "AVOIDS"
    assert ontology.memory_types["constraint"].working_ttl_seconds == 7200
    assert ontology.memory_types["todo"].working_ttl_seconds == 1800
    assert ontology.memory_types["fact"].working_ttl_seconds == 3600


def test_the_ontology_is_frozen() -> None:
    ontology = load_ontology()
    with pytest.raises(ValueError, match="frozen"):
        ontology.relations["LIVES_IN"].cardinality = "many"  # type: ignore[misc]


def test_a_user_file_extends_and_overrides(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
entity_types:
  Pet: {description: "An animal companion."}
relations:
  OWNS_PET:
    domain: [Person]
    range: [Pet]
    cardinality: many
    memory_type: fact
    template: "{subject} owns {object}"
  LIVES_IN:
    domain: [Person]
    range: [Place]
    cardinality: many
    memory_type: fact
    template: "{subject} has lived in {object}"
conflict_policy:
  conflict_window_seconds: 60
""",
    )
    ontology = load_ontology(path)
    assert "OWNS_PET" in ontology.relations and "Pet" in ontology.entity_types
    assert ontology.relations["LIVES_IN"].cardinality == "many"
    assert ontology.conflict_policy.conflict_window_seconds == 60
    assert "ALLERGIC_TO" in ontology.relations, "defaults not overridden stay"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        (
            "relations:\n  BAD:\n    domain: [Nobody]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: fact\n    template: '{subject} x {object}'\n",
            "relations.BAD.domain: unknown entity type 'Nobody'",
        ),
        (
            "relations:\n  X:\n    domain: [Person]\n    range: [Thing]\n    cardinality: one\n"
            "    memory_type: fact\n    template: '{subject} x {object}'\n",
            "scope containing 'subject'",
        ),
        (
            "relations:\n  X:\n    domain: [Person]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: gossip\n    template: '{subject} x {object}'\n",
            "relations.X.memory_type: unknown memory type 'gossip'",
        ),
        (
            "relations:\n  X:\n    domain: [Person]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: fact\n    template: 'no placeholders'\n",
            "relations.X.template",
        ),
        (
            "relations:\n  X:\n    domain: [Person]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: fact\n    contradicts: [PREFERS]\n"
            "    template: '{subject} x {object}'\n",
            "PREFERS must also declare contradicts [X]",
        ),
        (
            "relations:\n  BAD-NAME:\n    domain: [Person]\n    range: [Thing]\n"
            "    cardinality: many\n"
            "    memory_type: fact\n    template: '{subject} x {object}'\n",
            "relations.BAD-NAME: 'BAD-NAME' is not a valid identifier",
        ),
        (
            "memory_types:\n  fact: {priority: 11, working_ttl_seconds: 5}\n",
            "memory_types.fact.priority",
        ),
        (
            "memory_types:\n  fact: {priority: 5, working_ttl_seconds: 5, half_life_days: 0}\n",
            "memory_types.fact.half_life_days",
        ),
        (
            "relations:\n  X:\n    domain: [Person]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: fact\n    template: '{subject} x {object}'\n    surprise: 1\n",
            "relations.X.surprise",
        ),
        (
            "relations:\n  X:\n    domain: [Task]\n    range: [Thing]\n    cardinality: many\n"
            "    memory_type: fact\n    template: '{subject} x {object}'\n"
            "    patterns: [{kind: verb, verbs: [own]}]\n",
            "relations.X.patterns: a speaker-subject pattern needs Person in the domain",
        ),
        ("relations: [1, 2]\n", "section 'relations' must be a mapping"),
        ("relations: {\n", "not valid YAML"),
        ("- just\n- a list\n", "top level must be a mapping"),
    ],
)
def test_a_bad_file_gets_an_error_naming_file_and_field(
    tmp_path: Path, text: str, where: str
) -> None:
    path = write(tmp_path, text)
    with pytest.raises(OntologyError) as info:
        load_ontology(path)
    message = str(info.value)
    assert where in message
    assert str(path) in message


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(OntologyError, match=r"mine\.yaml: ontology file not found"):
        load_ontology(tmp_path / "mine.yaml")


V2_RELATIONS = {
    "IS_A": "identity", "FROM": "identity", "HAS_RELATIVE": "relationship", "HAS_PET": "pet",
    "OWNS": "possession", "HAS_HOBBY": "hobby", "ATTENDED": "event", "VISITED": "event",
    "DID": "event", "STUDIES": "work_study", "STUDIES_AT": "work_study",
    "HAS_CONDITION": "health", "HAS_OPINION": "opinion", "STATES": "open",
}  # fmt: skip


def test_the_v2_vocabulary_is_declared_with_patterns() -> None:
    ontology = load_ontology()
    text = (Path(__file__).resolve().parents[1] / "ontology" / "default.yaml").read_text()
    for name, family in V2_RELATIONS.items():
        spec = ontology.relation(name)
        assert spec.patterns, name
        assert ontology.type_allowed(spec.domain, "Person"), name
        assert f"  {name}:  # family: {family}\n" in text, name
    assert ontology.relation("HAS_GOAL").cardinality == "many"
    assert [p.kind for p in ontology.relation("STATES").patterns] == ["open"]


def test_a_keyed_template_renders_facts_that_have_a_key() -> None:
    ontology = load_ontology()
    assert ontology.render("HAS_RELATIVE", "Emi", "Tom", "husband") == "Emi's husband: Tom"
    assert (
        ontology.render("PREFERS", "Emi", "Go", "backend work") == "Emi prefers Go (backend work)"
    )
    assert ontology.render("PREFERS", "Emi", "sushi", None) == "Emi prefers sushi"


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("{kind: role, nouns: [dog]}", "needs Person in the domain"),
        ("{kind: open}", "needs Person in the domain"),
        ("{kind: regex, regex: '(?P<object>x)', template: 'broken'}", "must contain {object}"),
        ("{kind: verb, verbs: [run], tense: someday}", "tense"),
    ],
)
def test_bad_v2_patterns_are_errors(tmp_path: Path, pattern: str, message: str) -> None:
    path = write(
        tmp_path,
        "relations:\n  BAD:\n    domain: [Task]\n    range: [Thing]\n    cardinality: many\n"
        f"    memory_type: fact\n    template: '{{subject}} x {{object}}'\n    patterns:\n"
        f"      - {pattern}\n",
    )
    with pytest.raises(OntologyError, match=message):
        load_ontology(path)


@pytest.mark.parametrize("asked", ["[Hobbies]", "['free  time']", "['been-to']", "[' like']"])
def test_asked_by_entries_must_be_plain_lower_case_words(tmp_path: Path, asked: str) -> None:
    path = write(
        tmp_path,
        "relations:\n  LIKES:\n    domain: [Person]\n    range: [Thing]\n    cardinality: many\n"
        f"    memory_type: fact\n    template: '{{subject}} likes {{object}}'\n"
        f"    asked_by: {asked}\n",
    )
    with pytest.raises(OntologyError, match="asked_by entries are lower-case words"):
        load_ontology(path)

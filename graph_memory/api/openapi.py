"""What the OpenAPI document says beyond the bodies' own types, so that a request it calls valid
is one the service accepts, and one it calls invalid is refused (issue 12; tests/
test_api_schema.py runs schemathesis' positive and negative data checks over every operation):

- the loaded ontology's names: memory types, relations, entity types, and which entity types
  and key each relation takes (validation.check_triple);
- the text rules of validation.clean_text on every field that goes through it (not blank, no
  control characters, its length limit);
- recall's presets, and the saved analyst queries with their parameters (a saved query by
  name, or ad-hoc Cypher, never both).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from graph_memory.analyst import MAP_KEY, MAX_QUERY_CHARS, PARAM_NAME, saved_queries
from graph_memory.models import SEMANTIC_MEMORY_TYPE
from graph_memory.recall.recaller import QUERY_MAX_CHARS
from graph_memory.recall.score import PRESETS, Weights
from graph_memory.validation import CLEAN_TEXT_PATTERN, CONTROL_CHARS
from graph_memory.working import KEY_MAX_CHARS, VALUE_MAX_CHARS

if TYPE_CHECKING:
    from fastapi import FastAPI

    from graph_memory.ontology import Ontology

# The bodies whose memory types the ontology decides: written ones (every type but semantic,
# which only consolidation makes) and recall's filter (every type).
_WRITTEN_MEMORY_TYPES = (("WriteBody", "memory_type"), ("UpdateBody", "memory_type"),
                         ("SlotBody", "memory_type"))
_FILTERED_MEMORY_TYPES = (("RecallFiltersBody", "memory_types"),)

# Body fields cleaned by validation.clean_text, with its max_chars (None: the service's
# max_text_chars); a list's items for list fields.
_CLEANED: dict[str, dict[str, int | None]] = {
    "WriteBody": {"text": None, "speaker": 200, "source_id": 256},
    "EntityRef": {"name": 200},
    "RecallBody": {"query": QUERY_MAX_CHARS},
    "UpdateBody": {"object_name": 200},
    "SlotBody": {"value": VALUE_MAX_CHARS},
    "StepBody": {"action": 200, "approach": 200, "purpose": 300, "result": 4_000},
    "TrajectoryBody": {"goal": 2_000, "task_type": 100, "environment": 100, "scene": 200,
                       "entities": 200, "source_id": 256},
    "ExperienceRecallBody": {"task": 2_000, "task_type": 100, "environment": 100,
                             "entities": 200},
}
# Query and path parameters cleaned the same way: (method, path, parameter) -> max_chars.
_CLEANED_PARAMETERS = {
    ("delete", "/v1/memories/{memory_id}", "reason"): 1_000,
    ("put", "/v1/sessions/{session_id}/working-memory/{key}", "key"): KEY_MAX_CHARS,
    ("get", "/v1/users/{user_id}/experiences", "task_type"): 100,
}
_NO_CONTROL = f"^[^{CONTROL_CHARS}]*$"  # a step's error text: layout kept, controls refused


def _string_branch(prop: dict[str, Any]) -> dict[str, Any]:
    """The string schema of a property (`str` or `str | None`, or a list's items), itself."""
    branch: dict[str, Any]
    for branch in prop.get("anyOf", [prop]):
        if branch.get("type") == "string":
            return branch
        if branch.get("type") == "array":
            items: dict[str, Any] = branch["items"]
            return items
    raise KeyError("no string schema")


def _clean(string: dict[str, Any], max_chars: int) -> None:
    string.update(pattern=CLEAN_TEXT_PATTERN, minLength=1, maxLength=max_chars)


def _document_text(document: dict[str, Any], max_text_chars: int) -> None:
    bodies = document["components"]["schemas"]
    for body, fields in _CLEANED.items():
        for field, max_chars in fields.items():
            prop = bodies[body]["properties"][field]
            for branch in prop.get("anyOf", [prop]):
                string = branch["items"] if branch.get("type") == "array" else branch
                if string.get("type") == "string":
                    _clean(string, max_text_chars if max_chars is None else max_chars)
    for branch in bodies["StepBody"]["properties"]["error"].get("anyOf", []):
        if branch.get("type") == "string":
            branch["pattern"] = _NO_CONTROL
    for (method, path, name), max_chars in _CLEANED_PARAMETERS.items():
        [parameter] = [p for p in document["paths"][path][method]["parameters"]
                       if p["name"] == name]
        _clean(_string_branch(parameter["schema"]), max_chars)
    # A memory needs text, triples, or both (validation.check_request). The branches add
    # conditions only, no types: the docs page merges them with the properties' own
    # (a second "type" there is a conflict it warns about).
    bodies["WriteBody"]["anyOf"] = [
        {"required": ["text"], "properties": {"text": {"not": {"type": "null"}}}},
        {"required": ["triples"], "properties": {"triples": {"minItems": 1}}},
    ]
    recall = bodies["RecallBody"]["properties"]
    recall["preset"]["enum"] = list(PRESETS)
    # Each weight's own bounds (recall/score.py Weights: fact_evidence is a share, at most 1).
    weights = {name: {key: value for key, value in field.items()
                      if key in ("type", "minimum", "maximum", "description")}
               for name, field in Weights.model_json_schema()["properties"].items()}
    recall["weights"]["anyOf"] = [
        {"type": "object", "properties": weights, "additionalProperties": False},
        {"type": "null"},
    ]


def _document_memory_types(bodies: dict[str, Any], ontology: Ontology) -> None:
    every = sorted(ontology.memory_types)
    writable = [name for name in every if name != SEMANTIC_MEMORY_TYPE]
    for names, enum in ((_WRITTEN_MEMORY_TYPES, writable), (_FILTERED_MEMORY_TYPES, every)):
        for body, field in names:
            prop = bodies[body]["properties"][field]
            string = {**_string_branch(prop), "enum": enum}
            string.pop("maxLength", None)
            if field == "memory_types":
                prop["anyOf"] = [{"type": "array", "items": string}, {"type": "null"}]
            else:
                prop["anyOf"] = [string, {"type": "null"}]
            prop.pop("type", None)
            prop["description"] = "A memory type of this service's ontology" + (
                "." if field == "memory_types"
                else f" (not {SEMANTIC_MEMORY_TYPE!r}: consolidation makes those)."
            )


def _document_triples(bodies: dict[str, Any], ontology: Ontology) -> None:
    """A triple is one of the ontology's relations, with the entity types its domain and range
    allow and a key exactly when the relation is keyed (validation.check_triple)."""
    entity = bodies["EntityRef"]
    entity["properties"]["type"]["enum"] = sorted(ontology.entity_types)
    triple = bodies["Triple"]
    key = _string_branch(triple["properties"]["key"])
    _clean(key, 100)
    variants = []
    for name, relation in sorted(ontology.relations.items()):
        ends = {
            end: {**entity, "properties": {**entity["properties"], "type": {
                **entity["properties"]["type"],
                "enum": [t for t in sorted(ontology.entity_types)
                         if ontology.type_allowed(allowed, t)],
            }}}
            for end, allowed in (("subject", relation.domain), ("object", relation.range))
        }
        keyed = "key" in relation.scope
        variants.append({
            "type": "object", "title": name, "additionalProperties": False,
            "required": ["subject", "predicate", "object", *(["key"] if keyed else [])],
            "properties": {
                **ends, "predicate": {"type": "string", "const": name},
                "key": key if keyed else {"type": "null"},
            },
        })
    bodies["Triple"] = {
        "title": "Triple", "description": triple.get("description", ""), "oneOf": variants
    }


def _document_cypher(bodies: dict[str, Any]) -> None:
    """A saved query by name with its declared parameters, or ad-hoc Cypher (analyst.bind,
    run_cypher)."""
    body = bodies["CypherBody"]
    limits = {name: body["properties"][name] for name in ("timeout_ms", "max_rows")}
    json_types = {"string": "string", "int": "integer", "float": "number", "bool": "boolean"}
    variants: list[dict[str, Any]] = []
    for name, saved in sorted(saved_queries().items()):
        params = {
            spec.name: {"type": json_types[spec.type]} if spec.required
            else {"anyOf": [{"type": json_types[spec.type]}, {"type": "null"}]}
            for spec in saved.params
        }
        needed = [spec.name for spec in saved.params if spec.required]
        variants.append({
            "type": "object", "title": name, "description": saved.description,
            "additionalProperties": False, "required": ["name", *(["params"] if needed else [])],
            "properties": {
                "name": {"type": "string", "const": name},
                "params": {"type": "object", "additionalProperties": False, "properties": params,
                           "required": needed},
                **limits,
            },
        })
    variants.append({
        "type": "object", "title": "ad-hoc", "additionalProperties": False, "required": ["query"],
        "properties": {
            "query": {**body["properties"]["query"]["anyOf"][0], "minLength": 1,
                      "maxLength": MAX_QUERY_CHARS, "pattern": r"\S"},
            "params": {**body["properties"]["params"],
                       "propertyNames": {"pattern": PARAM_NAME.pattern},
                       "additionalProperties": {"$ref": "#/components/schemas/CypherParam"}},
            **limits,
        },
    })
    bodies["CypherParam"] = {  # a JSON value whose maps' keys analyst.check_params takes
        "title": "CypherParam",
        "anyOf": [
            {"type": "string"}, {"type": "number"}, {"type": "boolean"}, {"type": "null"},
            {"type": "array", "items": {"$ref": "#/components/schemas/CypherParam"}},
            {"type": "object", "propertyNames": {"pattern": MAP_KEY.pattern},
             "additionalProperties": {"$ref": "#/components/schemas/CypherParam"}},
        ],
    }
    bodies["CypherBody"] = {
        "title": "CypherBody", "description": body["description"], "oneOf": variants,
        "examples": body.get("examples", []),
    }


def document_validation(app: FastAPI, ontology: Ontology, max_text_chars: int) -> None:
    """Make the app's OpenAPI document say what the validation enforces (see the module's
    docstring), for the loaded ontology (a user ontology's types too)."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        document = build()
        bodies = document["components"]["schemas"]
        _document_text(document, max_text_chars)
        _document_memory_types(bodies, ontology)
        _document_triples(bodies, ontology)
        _document_cypher(bodies)
        for operation in document["paths"].get("/v1/users/{user_id}/facts", {}).values():
            for parameter in operation.get("parameters", []):
                if parameter["name"] == "predicate":
                    parameter["schema"] = {"anyOf": [
                        {"type": "string", "enum": sorted(ontology.relations)}, {"type": "null"}
                    ]}
        return document

    app.openapi = openapi  # type: ignore[method-assign]

"""Load and validate the ontology: entity types, relation types, memory types, conflict policy.

The default ontology ships in `ontology/default.yaml`; a user file (Settings.ontology_file)
extends it: a name it declares replaces the default entry of that name, new names are added,
and `conflict_policy` keys override one by one. The result is frozen and validated; any
problem raises `OntologyError` naming the file and the field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from graph_memory.errors import OntologyError
from graph_memory.extract.patterns import PatternSpec
from graph_memory.resources import data_dir

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
ANY_TYPE = "Thing"


def check_identifier(name: str) -> str:
    """Labels, relation and memory type names end up in Cypher: only plain identifiers pass."""
    if not IDENTIFIER.fullmatch(name):
        raise ValueError(f"{name!r} is not a valid identifier (^[A-Za-z_][A-Za-z0-9_]*$)")
    return name


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MemoryTypeSpec(_Frozen):
    description: str = ""
    priority: int = Field(ge=1, le=10)
    working_ttl_seconds: int = Field(gt=0)
    expires_after_days: float | None = Field(default=None, gt=0)
    # How fast the importance of an unused fact fades (graph_memory/decay.py); None: never.
    half_life_days: float | None = Field(default=None, gt=0, allow_inf_nan=False)


class EntityTypeSpec(_Frozen):
    description: str = ""
    ner: tuple[str, ...] = ()
    merge_by_embedding: bool = True


class RelationSpec(_Frozen):
    description: str = ""
    domain: tuple[str, ...] = Field(min_length=1)
    range: tuple[str, ...] = Field(min_length=1)
    cardinality: Literal["one", "many"]
    scope: tuple[Literal["subject", "key"], ...] = ()
    memory_type: str
    priority: int | None = Field(default=None, ge=1, le=10)
    contradicts: tuple[str, ...] = ()
    negated_as: str | None = None
    template: str
    keyed_template: str | None = Field(
        default=None,
        description="How a fact with a key is rendered ('{subject}'s {key} is {object}'); "
        "without it, `template`.",
    )
    patterns: tuple[PatternSpec, ...] = ()
    asked_by: tuple[str, ...] = Field(
        default=(),
        description="Words or phrases by which a question asks for this relation ('hobbies', "
        "'been to'); recall follows the relation from the people a question names "
        "(graph_memory/recall/relations.py).",
    )

    @field_validator("asked_by")
    @classmethod
    def _asked_by_is_plain_words(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for phrase in value:
            if not re.fullmatch(r"[a-z]+(?: [a-z]+)*", phrase):
                raise ValueError(
                    f"asked_by entries are lower-case words separated by single spaces: {phrase!r}"
                )
        return value

    @field_validator("template", "keyed_template")
    @classmethod
    def _template_names_both_ends(cls, value: str | None) -> str | None:
        if value is not None and ("{subject}" not in value or "{object}" not in value):
            raise ValueError("template must contain {subject} and {object}")
        return value

    @model_validator(mode="after")
    def _scope_matches_cardinality(self) -> RelationSpec:
        if self.cardinality == "one" and "subject" not in self.scope:
            raise ValueError("a single-valued relation needs a scope containing 'subject'")
        if self.cardinality == "many" and self.scope:
            raise ValueError("scope is only meaningful for cardinality 'one'")
        return self


class ChinesePattern(_Frozen):
    """A Chinese extraction pattern (ontology/default.zh.yaml, graph_memory/extract/chinese.py):
    a regular expression over one clause with an `object` group (or a fixed `object`)."""

    relation: str
    regex: str
    object_type: str
    subject_type: str | None = Field(
        default=None, description="With a `subject` group: its type; else the speaker."
    )
    object: str | None = Field(default=None, description="A fixed object name.")
    memory_type: str | None = None

    @field_validator("regex")
    @classmethod
    def _compiles_with_groups(cls, value: str) -> str:
        try:
            compiled = re.compile(value)
        except re.error as e:
            raise ValueError(f"not a regular expression: {e}") from None
        unknown = set(compiled.groupindex) - {"object", "subject", "key"}
        if unknown:
            raise ValueError(f"unknown groups {sorted(unknown)} (object, subject, key)")
        return value


class ConflictPolicy(_Frozen):
    conflict_window_seconds: float = Field(default=86400, ge=0)
    # Relations an update cue treats as one slot ("I work at Acme" -> "these days I study at
    # MIT"); any other relation is its own (graph_memory/write/conflict_policy.py, rule 3c).
    cue_families: tuple[tuple[str, ...], ...] = ()


class Ontology(_Frozen):
    """The validated, frozen ontology."""

    version: int = 1
    memory_types: dict[str, MemoryTypeSpec]
    entity_types: dict[str, EntityTypeSpec]
    relations: dict[str, RelationSpec]
    conflict_policy: ConflictPolicy = ConflictPolicy()
    chinese_patterns: tuple[ChinesePattern, ...] = ()

    @model_validator(mode="after")
    def _chinese_patterns_match_relations(self) -> Ontology:
        for i, pattern in enumerate(self.chinese_patterns):
            where = f"chinese_patterns.{i}"
            rel = self.relations.get(pattern.relation)
            if rel is None:
                raise ValueError(f"{where}: unknown relation {pattern.relation!r}")
            has_object = "(?P<object>" in pattern.regex
            if has_object == (pattern.object is not None):
                raise ValueError(f"{where}: needs exactly one of an object group or `object`")
            if not self.type_allowed(rel.range, pattern.object_type):
                raise ValueError(f"{where}: {pattern.object_type} is not in the relation's range")
            subject = pattern.subject_type or "Person"
            if not self.type_allowed(rel.domain, subject):
                raise ValueError(f"{where}: {subject} is not in the relation's domain")
            if pattern.memory_type is not None and pattern.memory_type not in self.memory_types:
                raise ValueError(f"{where}: unknown memory type {pattern.memory_type!r}")
        return self

    @model_validator(mode="after")
    def _cross_references(self) -> Ontology:
        for section in ("memory_types", "entity_types", "relations"):
            for name in getattr(self, section):
                try:
                    check_identifier(name)
                except ValueError as e:
                    raise ValueError(f"{section}.{name}: {e}") from None
        for family in self.conflict_policy.cue_families:
            for name in family:
                if name not in self.relations:
                    raise ValueError(f"conflict_policy.cue_families: unknown relation {name!r}")
        if ANY_TYPE not in self.entity_types:
            raise ValueError(f"entity_types: the fallback type {ANY_TYPE!r} must be declared")
        for name, rel in self.relations.items():
            where = f"relations.{name}"
            for field in ("domain", "range"):
                for type_name in getattr(rel, field):
                    if type_name not in self.entity_types:
                        raise ValueError(f"{where}.{field}: unknown entity type {type_name!r}")
            if rel.memory_type not in self.memory_types:
                raise ValueError(f"{where}.memory_type: unknown memory type {rel.memory_type!r}")
            for pattern in rel.patterns:
                about_people = pattern.kind in ("role", "opinion", "open", "habit")
                if (
                    about_people or getattr(pattern, "subject", None) in ("speaker", "person")
                ) and not self.type_allowed(rel.domain, "Person"):
                    raise ValueError(
                        f"{where}.patterns: a speaker-subject pattern needs Person in the domain"
                    )
                if pattern.memory_type is not None and pattern.memory_type not in self.memory_types:
                    raise ValueError(
                        f"{where}.patterns: unknown memory type {pattern.memory_type!r}"
                    )
            for other in rel.contradicts:
                if other not in self.relations:
                    raise ValueError(f"{where}.contradicts: unknown relation {other!r}")
                if name not in self.relations[other].contradicts:
                    raise ValueError(
                        f"{where}.contradicts: {other} must also declare contradicts [{name}]"
                    )
            if rel.negated_as is not None and rel.negated_as not in self.relations:
                raise ValueError(f"{where}.negated_as: unknown relation {rel.negated_as!r}")
            if "{key}" in rel.template and "key" not in rel.scope:
                raise ValueError(f"{where}.template: uses {{key}} but scope has no 'key'")
        return self

    # --- lookups used by the stages -------------------------------------------------------

    def relation(self, name: str) -> RelationSpec:
        try:
            return self.relations[name]
        except KeyError:
            raise OntologyError(f"unknown relation {name!r}") from None

    def priority_of(self, relation: str, memory_type: str) -> int:
        """Default priority: the relation's own, else its memory type's."""
        explicit = self.relations[relation].priority
        return explicit if explicit is not None else self.memory_types[memory_type].priority

    def half_life_of(self, memory_type: str) -> float | None:
        """Half-life in days of the importance of an unused fact; None: it never decays
        (also for a memory type this ontology no longer declares)."""
        spec = self.memory_types.get(memory_type)
        return spec.half_life_days if spec is not None else None

    def type_allowed(self, allowed: tuple[str, ...], type_name: str) -> bool:
        return ANY_TYPE in allowed or type_name in allowed

    def render(self, relation: str, subject: str, obj: str, key: str | None) -> str:
        spec = self.relations[relation]
        template = spec.keyed_template if key and spec.keyed_template else spec.template
        return template.format(subject=subject, object=obj, key=key or "")


def _merge(base: dict[str, Any], override: Mapping[str, Any], path: Path) -> dict[str, Any]:
    merged = dict(base)
    for section, value in override.items():
        if section in ("memory_types", "entity_types", "relations", "conflict_policy"):
            if not isinstance(value, Mapping):
                raise OntologyError(f"{path}: section {section!r} must be a mapping")
            merged[section] = {**merged.get(section, {}), **value}
        else:
            merged[section] = value
    return merged


def _read_yaml(path: Path) -> dict[str, Any]:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise OntologyError(f"{path}: ontology file not found") from None
    except (yaml.YAMLError, UnicodeDecodeError) as e:
        raise OntologyError(f"{path}: not valid YAML: {e}") from e
    if not isinstance(raw, dict):
        raise OntologyError(f"{path}: the top level must be a mapping")
    return raw


def _format_validation_error(path: Path, error: ValidationError) -> str:
    lines = []
    for item in error.errors():
        location = ".".join(str(part) for part in item["loc"]) or "(top level)"
        message = item["msg"].removeprefix("Value error, ")
        lines.append(f"{path}: {location}: {message}")
    return "\n".join(lines)


def load_ontology(user_file: Path | None = None) -> Ontology:
    """The default ontology, extended by `user_file` when given."""
    default_path = data_dir("ontology") / "default.yaml"
    raw = _read_yaml(default_path)
    blamed = default_path
    # The Chinese patterns of the same relations (a user file may replace them).
    chinese_path = default_path.with_name("default.zh.yaml")
    raw = _merge(raw, _read_yaml(chinese_path), chinese_path)
    if user_file is not None:
        raw = _merge(raw, _read_yaml(user_file), user_file)
        blamed = user_file
    try:
        return Ontology.model_validate(raw)
    except ValidationError as e:
        raise OntologyError(_format_validation_error(blamed, e)) from e

"""Declarative extraction patterns, as written under `relations.<NAME>.patterns` in the ontology.

Each kind is interpreted by `graph_memory.extract.rules`; see ontology/README.md for examples.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Pattern(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    memory_type: str | None = Field(
        default=None, description="Overrides the relation's memory type for matches of this pattern."
    )
    confidence: float = Field(default=0.8, gt=0.0, le=1.0)


class VerbPattern(_Pattern):
    """`<subject> <verb> <object>`: "I love sushi", "I live in Paris", "I want to get a refund"."""

    kind: Literal["verb"]
    verbs: tuple[str, ...] = Field(min_length=1, description="Verb lemmas.")
    subject: Literal["speaker", "noun"] = "speaker"
    object: Literal["noun", "clause"] = "noun"
    prepositions: tuple[str, ...] = Field(
        default=(), description="With these, the object is the object of one of the prepositions."
    )


class CopulaPattern(_Pattern):
    """`<subject> is <adjective> <prep> <object>` ("I'm allergic to nuts") or
    `<subject> is <complement>` ("I am vegetarian": the complement is the object)."""

    kind: Literal["copula"]
    adjectives: tuple[str, ...] = ()
    prepositions: tuple[str, ...] = ()
    complements: tuple[str, ...] = ()
    subject: Literal["speaker", "noun"] = "speaker"


class PossessivePattern(_Pattern):
    """`my <key> is <object>`. keys ["*"] captures any key into the fact's key."""

    kind: Literal["possessive"]
    keys: tuple[str, ...] = Field(min_length=1)
    object: Literal["noun", "clause"] = "noun"


class NounPattern(_Pattern):
    """A head noun with its object: "a peanut allergy", "an allergy to shellfish"."""

    kind: Literal["noun"]
    nouns: tuple[str, ...] = Field(min_length=1)
    prepositions: tuple[str, ...] = ()


class RegexPattern(_Pattern):
    """A regular expression with named groups `object` (and optionally `subject`)."""

    kind: Literal["regex"]
    regex: str
    subject: Literal["speaker"] = "speaker"


PatternSpec = Annotated[
    VerbPattern | CopulaPattern | PossessivePattern | NounPattern | RegexPattern,
    Field(discriminator="kind"),
]

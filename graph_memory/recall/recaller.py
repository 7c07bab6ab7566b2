"""Recall: query understanding -> candidate channels -> one wave of reads (reads.py) -> filters
(filters.py) -> scoring -> history -> top k and trace (assemble.py)."""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime

from graph_memory import decay
from graph_memory.crosslingual import CrosslingualFill
from graph_memory.embed import Embedder, multilingual_of
from graph_memory.extract.base import Extractor
from graph_memory.language import Language, detect_language
from graph_memory.models import Entity, Fact, WorkingSlot
from graph_memory.ontology import Ontology
from graph_memory.recall.assemble import assemble
from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.filters import check_filters, entity_filter, passes
from graph_memory.recall.models import (
    RecallRequest,
    RecallResponse,
    RecallResult,
)
from graph_memory.recall.outdated import OUTDATED_FACTOR, Outdated, outdated_episodes
from graph_memory.recall.provenance import lend_fact_evidence, note_sources
from graph_memory.recall.query import query_entities, rewrite
from graph_memory.recall.reads import Reads, read_candidates
from graph_memory.recall.relations import add_relation_hits, asked_relations, asked_subjects
from graph_memory.recall.result import EPISODE_MEMORY_TYPE, recall_result
from graph_memory.recall.score import (
    FEEDBACK_HITS,
    Weights,
    blend,
    recency,
    signals,
    weights_for,
)
from graph_memory.recall.subjects import note_subjects
from graph_memory.recall.subquestions import Question, best_of_questions, sub_questions
from graph_memory.store.base import Store
from graph_memory.validation import clean_text

GRAPH_HOPS = 2
CHANNEL_THREADS = 4
# How deep each candidate channel reads: per requested result, and at least.
CHANNEL_DEPTH_PER_RESULT = 4
MIN_CHANNEL_DEPTH = 40
# Episodes sharing words with the query, to be ranked by BM25 over the pool.
KEYWORD_POOL = 200
# An entity matching this many memories (a speaker's name in a chat) is no evidence.
ENTITY_HUB = 20
CONSTRAINT_MEMORY_TYPE = "constraint"
MAX_CONSTRAINTS = 5
QUERY_MAX_CHARS = 2000


@dataclass(frozen=True)
class MultilingualQuery:
    vector: list[float] | None  # None: no multilingual search for this query
    language: Language  # the query's
    # A compound Chinese or mixed query's questions and their vectors (recall/subquestions.py)
    questions: tuple[tuple[str, list[float]], ...] = ()

    @property
    def chinese(self) -> bool:
        """A Chinese or mixed query, searched by the multilingual embedder only."""
        return self.vector is not None and self.language != "en"


class Recaller:
    def __init__(
        self,
        store: Store,
        extractor: Extractor,
        embedder: Embedder,
        ontology: Ontology,
        crosslingual: CrosslingualFill,
    ) -> None:
        self._store = store
        self._crosslingual = crosslingual
        self._extractor = extractor
        self._embedder = embedder
        self._ontology = ontology
        self._pool = ThreadPoolExecutor(max_workers=CHANNEL_THREADS, thread_name_prefix="recall")

    def close(self) -> None:
        self._pool.shutdown(wait=True)

    def recall(
        self, request: RecallRequest, slots: list[WorkingSlot], now: datetime
    ) -> tuple[RecallResponse, list[str]]:
        """The response, and the ids of the facts it returned (to count as used)."""
        started = time.perf_counter()
        timings: dict[str, float] = {}

        def lap(name: str) -> None:
            timings[name] = round((time.perf_counter() - started) * 1000 - sum(timings.values()), 3)

        query = clean_text(request.query, field="query", max_chars=QUERY_MAX_CHARS)
        check_filters(self._ontology, request)
        rewritten = rewrite(query, slots)
        search_text = rewritten or query
        # Chinese and mixed queries read through the multilingual embedder have weights and
        # keyword feedback of their own (recall/score.py), unless the caller chose a preset.
        query_language = detect_language(request.query)  # the trace's: what the caller asked in
        chinese = (
            detect_language(search_text) != "en" and multilingual_of(self._embedder) is not None
        )
        preset = "chinese" if chinese and request.preset == "default" else request.preset
        weights = weights_for(preset, request.weights)
        standing = (
            self._pool.submit(
                self._store.standing_facts,
                request.user_id,
                [CONSTRAINT_MEMORY_TYPE],
                MAX_CONSTRAINTS * 4,
            )
            if request.include_constraints
            else None
        )
        # The query embedding (ONNX Runtime) and spaCy's parse both release the GIL: overlap.
        found = self._pool.submit(
            query_entities,
            self._store,
            self._extractor,
            request.user_id,
            search_text,
            request.user_id,
        )
        vector = self._embedder.embed([search_text])[0].tolist()
        lap("embed")
        entities = found.result()
        names = {e.id: e for e in entities}
        lap("entities")

        pool, reads, questions = self._gather(
            request, search_text, vector, entities, names, weights, preset == "chinese", standing
        )
        lap("channels")
        allowed_by_entity = entity_filter(self._store, request)
        kept = [c for c in pool.by_id.values() if passes(c, request, allowed_by_entity)]
        scored = sorted(
            ((self._score(c, len(entities), weights, now), c) for c in kept),
            key=lambda pair: (-pair[0][0], pair[1].id),
        )
        if chinese and scored and preset == "chinese":
            pool.add_feedback(search_text, [(c, s[0]) for s, c in scored[:FEEDBACK_HITS]])
            scored = sorted(
                ((self._score(c, len(entities), weights, now), c) for c in kept),
                key=lambda pair: (-pair[0][0], pair[1].id),
            )
        if questions:
            scored = best_of_questions(
                pool,
                kept,
                scored,
                questions,
                lambda c: self._score(c, len(entities), weights, now),
                request.top_k,
            )
        # MiniLM reads no Chinese: a Chinese query's successor facts get no semantic signal,
        # as its other facts (_gather).
        scored, outdated = self._follow_changes(
            request,
            scored,
            None if chinese else vector,
            len(entities),
            weights,
            now,
            allowed_by_entity,
            reads,
        )
        lap("score")
        results = assemble(
            self._store,
            request, query_language, scored, names, weights, outdated, reads
        )
        constraints = self._constraints(
            request, query_language, weights, now, {r.id for r in results}, reads
        )
        lap("assemble")
        response = RecallResponse(
            results=tuple(results),
            query=query,
            rewritten_query=rewritten,
            query_entities=tuple(e.name for e in entities),
            constraints=tuple(constraints),
            timings_ms=timings,
        )
        used = [r.id for r in (*results, *constraints) if r.kind == "fact"]
        return response, used

    # --- stages ---------------------------------------------------------------------------
    def _constraints(
        self,
        request: RecallRequest,
        query_language: Language,
        weights: Weights,
        now: datetime,
        shown: set[str],
        reads: Reads,
    ) -> list[RecallResult]:
        """Current constraint facts, most relevant first, whatever the query was about."""
        if not request.include_constraints:
            return []
        pool = CandidatePool()
        for fact in reads.standing:
            if fact.id not in shown and (
                request.agent_id is None or fact.agent_id in (None, request.agent_id)
            ):
                pool.by_id[fact.id] = Candidate(id=fact.id, fact=fact, channels={"constraint"})
        pool.fill_semantic(reads.similarity)
        scored = sorted(
            ((self._score(c, 0, weights, now), c) for c in pool.by_id.values()),
            key=lambda pair: (-pair[0][0], pair[1].id),
        )[:MAX_CONSTRAINTS]
        sources = reads.sources_of(self._store, [c.id for _, c in scored])
        return [
            recall_result(
                request, query_language, score, signals(raw, weights), c, sources, [], {}, {}
            )
            for (score, raw), c in scored
        ]

    def _gather(
        self,
        request: RecallRequest,
        text: str,
        vector: list[float],
        entities: list[Entity],
        names: dict[str, Entity],
        weights: Weights,
        split_questions: bool,
        standing: Future[list[Fact]] | None,
    ) -> tuple[CandidatePool, Reads, list[Question]]:
        """The channels' candidates; with fact_evidence, messages take on the evidence of the
        candidate facts drawn from them (recall/provenance.py). And what later stages read of
        the candidates and the standing constraints (`standing`, asked for with the channels),
        and a compound query's questions (recall/subquestions.py: the "chinese" preset's)."""
        store, user = self._store, request.user_id
        fact_evidence = weights.fact_evidence
        k = max(MIN_CHANNEL_DEPTH, request.top_k * CHANNEL_DEPTH_PER_RESULT)
        entity_ids = [e.id for e in entities]
        # The engine answers read queries in parallel: issue the channels at once.
        submit = self._pool.submit
        multilingual = self._multilingual_vector(user, text, split_questions)
        # MiniLM reads no Chinese: a Chinese question's nearest facts and messages under it are
        # noise (their similarities are set to 0 below).
        vectors = None if multilingual.chinese else (
            submit(store.search_facts_by_vector, user, vector, k),
            submit(store.search_episodes_by_vector, user, vector, k),
        )
        ml_episodes = submit(
            store.search_episodes_by_multilingual_vector, user, multilingual.vector, KEYWORD_POOL
        ) if multilingual.vector else None
        question_episodes = [
            submit(store.search_episodes_by_multilingual_vector, user, v, KEYWORD_POOL)
            for _, v in multilingual.questions
        ]
        keyword_facts = submit(store.search_facts_by_text, user, text, k)
        keyword_episodes = submit(store.search_episodes_by_text, user, text, KEYWORD_POOL)
        entity_facts = submit(store.facts_of_entities, user, entity_ids, k * 2)
        entity_episodes = submit(store.episodes_of_entities, user, entity_ids, k * 2)
        graph = submit(store.expand_from_entities, user, entity_ids, GRAPH_HOPS, k)
        relations = asked_relations(text, self._ontology)
        related = submit(
            store.relation_facts, user, asked_subjects(text, entities, user), relations, k
        ) if relations and not split_questions else None
        pool = CandidatePool()
        if vectors is not None:
            pool.add_vector(vectors[0].result())
            pool.add_vector(vectors[1].result())
        pool.add_keyword(keyword_facts.result())
        pool.add_keyword(keyword_episodes.result())
        pool.add_entity(entity_facts.result(), hub_size=ENTITY_HUB)
        pool.add_entity(entity_episodes.result(), hub_size=ENTITY_HUB)
        pool.add_graph(graph.result(), names)
        if related is not None:
            add_relation_hits(pool, related.result(), names)
        if not split_questions:  # the chinese preset's recall stays as tuned (subjects.py)
            note_subjects(pool, user, set(entity_ids))
        for found in question_episodes:
            pool.add_multilingual_hits(found.result())
        reads = read_candidates(self._pool.submit, store, pool, vector, standing)
        if fact_evidence > 0:
            note_sources(pool, reads.sources)
        pool.fill_semantic(reads.similarity)
        if multilingual.chinese:  # facts hold MiniLM vectors only (MemDaily tune R@10 +0.018)
            for c in pool.by_id.values():
                if c.fact is not None:
                    c.semantic = 0.0
        if ml_episodes is not None:
            pool.add_multilingual(
                store, ml_episodes.result(), multilingual.vector or [], multilingual.language
            )
        pool.score_keywords(text)
        lend_fact_evidence(pool, fact_evidence)
        questions = [
            Question(q, pool.multilingual_semantic(store, v, detect_language(q)))
            for q, v in multilingual.questions
        ]
        return pool, reads, questions

    def _multilingual_vector(
        self, user_id: str, text: str, split_questions: bool
    ) -> MultilingualQuery:
        """The query under the multilingual embedder: for a Chinese or mixed query, and for an
        English one when the user has memories with multilingual vectors (Chinese ones); an
        English-only user's recall is untouched (and costs no second embedding). Whether the
        user has them is an O(1) cached answer (graph_memory/crosslingual.py), which a Chinese
        question also tells: the user's English messages then get multilingual vectors.
        With `split_questions`, a compound Chinese or mixed query's questions are embedded too
        (recall/subquestions.py)."""
        multilingual = multilingual_of(self._embedder)
        language = detect_language(text)
        chinese = language != "en"
        if multilingual is None:
            return MultilingualQuery(vector=None, language=language)
        self._crosslingual.note_query(user_id, chinese)
        if not (chinese or self._crosslingual.has_multilingual(user_id)):
            return MultilingualQuery(vector=None, language=language)
        questions = sub_questions(text) if chinese and split_questions else []
        vectors = multilingual.embed_queries([text, *questions])
        return MultilingualQuery(
            vector=vectors[0].tolist(),
            language=language,
            questions=tuple((q, v.tolist()) for q, v in zip(questions, vectors[1:], strict=True)),
        )

    def _score(
        self, c: Candidate, n_entities: int, weights: Weights, now: datetime
    ) -> tuple[float, dict[str, float]]:
        """The total score and the raw signals (the trace's Signal objects are built only
        for the memories returned).

        A fact's importance decays while nobody recalls it (graph_memory/decay.py, with its
        memory type's half-life); an episode's is its memory type's default priority / 10,
        undecayed: episodes are not use-tracked, and recency already covers their age."""
        fact, episode = c.fact, c.episode
        when = fact.valid_from if fact else episode.timestamp  # type: ignore[union-attr]
        importance = (
            decay.importance(fact, self._ontology.half_life_of(fact.memory_type), now)
            if fact
            else self._ontology.memory_types[EPISODE_MEMORY_TYPE].priority / 10
        )
        raw = {
            "semantic": max(0.0, c.semantic or 0.0),
            "keyword": c.keyword,
            "entity": len(c.matched) / n_entities if n_entities else 0.0,
            "recency": recency((now - when).total_seconds() / 86400, weights.recency_lambda),
            "importance": importance,
            "confidence": fact.confidence if fact else 1.0,
            "graph": 1.0 if c.asked_relation else 0.0,
        }
        return blend(raw, weights), raw

    def _follow_changes(
        self,
        request: RecallRequest,
        scored: list[tuple[tuple[float, dict[str, float]], Candidate]],
        vector: list[float] | None,
        n_entities: int,
        weights: Weights,
        now: datetime,
        allowed: set[str] | None,
        reads: Reads,
    ) -> tuple[list[tuple[tuple[float, dict[str, float]], Candidate]], dict[str, Outdated]]:
        """Outdated messages among the best candidates (graph_memory/recall/outdated.py)
        score OUTDATED_FACTOR lower, and the facts that replaced theirs join the candidates
        (their semantic signal the query `vector`'s similarity; none without one)."""
        depth = request.top_k * CHANNEL_DEPTH_PER_RESULT
        episodes = [c.episode for _, c in scored[:depth] if c.episode is not None]
        successors: dict[str, Fact] = {}
        outdated = outdated_episodes(self._store, episodes, reads.fact_states, successors)
        if not outdated:
            return scored, outdated
        present = {c.id for _, c in scored}
        missing = sorted({s for o in outdated.values() for s in o.successors} - present)
        joined: list[Candidate] = []
        if missing:
            facts = [successors[fact_id] for fact_id in missing]
            similarity = (
                self._store.similarities_of([f.id for f in facts], vector) if vector else {}
            )
            for fact in facts:
                c = Candidate(
                    id=fact.id, fact=fact, semantic=similarity.get(fact.id), channels={"successor"}
                )
                if passes(c, request, allowed):
                    joined.append(c)
        rescored = [
            ((score * OUTDATED_FACTOR if c.id in outdated else score, raw), c)
            for (score, raw), c in scored
        ]
        rescored += [(self._score(c, n_entities, weights, now), c) for c in joined]
        rescored.sort(key=lambda pair: (-pair[0][0], pair[1].id))
        return rescored, outdated

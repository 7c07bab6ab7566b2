"""Recall: query understanding -> candidate channels -> filters -> scoring -> history -> trace."""

from __future__ import annotations

import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime

from graph_memory import decay
from graph_memory.crosslingual import CrosslingualFill
from graph_memory.embed import Embedder, multilingual_of
from graph_memory.entities import alias_id, entity_id
from graph_memory.errors import InvalidInputError
from graph_memory.extract.base import Extractor
from graph_memory.language import Language, detect_language
from graph_memory.models import SEMANTIC_MEMORY_TYPE, Entity, Fact, FactLink, WorkingSlot
from graph_memory.ontology import Ontology
from graph_memory.recall.candidates import Candidate, CandidatePool
from graph_memory.recall.models import (
    AS_OF_STATUSES,
    DEFAULT_STATUSES,
    RecallRequest,
    RecallResponse,
    RecallResult,
)
from graph_memory.recall.outdated import OUTDATED_FACTOR, Outdated, StateRow, outdated_episodes
from graph_memory.recall.provenance import Sources, group_sources, lend_fact_evidence, note_sources
from graph_memory.recall.query import query_entities, rewrite
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
from graph_memory.validation import check_memory_type, clean_text

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
class Reads:
    """What the later stages need of every candidate, read at once right after the channels
    (concurrent queries, not one round trip per stage): the source messages of every
    candidate fact and standing constraint, the fact states of every candidate message
    (outdated.py), the standing constraints, and the similarity to the query of those
    candidates no vector channel found and of the standing constraints."""

    sources: Sources
    sources_read: frozenset[str]  # the fact ids `sources` was read for
    fact_states: list[StateRow]
    standing: list[Fact]
    similarity: dict[str, float]

    def sources_of(self, store: Store, fact_ids: list[str]) -> Sources:
        """The sources of exactly these facts; ones not read yet are read now."""
        unread = [fid for fid in fact_ids if fid not in self.sources_read]
        found = group_sources(store.sources_of_facts(unread)) if unread else {}
        return {
            fid: self.sources[fid] if fid in self.sources_read else found[fid]
            for fid in fact_ids
            if fid in self.sources or fid in found
        }


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
        self._check_filters(request)
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
        allowed_by_entity = self._entity_filter(request)
        kept = [c for c in pool.by_id.values() if self._passes(c, request, allowed_by_entity)]
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
        results = self._assemble(
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

    def _check_filters(self, request: RecallRequest) -> None:
        for memory_type in request.filters.memory_types or ():
            check_memory_type(self._ontology, memory_type)
        f = request.filters
        if f.since is not None and f.until is not None and f.since > f.until:
            raise InvalidInputError("filters: since is after until")

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
        reads = self._read_candidates(pool, vector, standing)
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

    def _read_candidates(
        self, pool: CandidatePool, vector: list[float], standing: Future[list[Fact]] | None
    ) -> Reads:
        """One concurrent wave of reads for every candidate (Reads)."""
        store = self._store
        constraints = standing.result() if standing is not None else []
        facts = sorted(
            {c.id for c in pool.by_id.values() if c.fact is not None} | {f.id for f in constraints}
        )
        sources = self._pool.submit(store.sources_of_facts, facts)
        episodes = [c.id for c in pool.by_id.values() if c.episode is not None]
        states = self._pool.submit(store.episode_fact_states, episodes)
        unscored = [c.id for c in pool.by_id.values() if c.semantic is None]
        unscored += [f.id for f in constraints if f.id not in pool.by_id]
        similarity = store.similarities_of(unscored, vector)
        return Reads(
            sources=group_sources(sources.result()),
            sources_read=frozenset(facts),
            fact_states=states.result(),
            standing=constraints,
            similarity=similarity,
        )

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

    def _entity_filter(self, request: RecallRequest) -> set[str] | None:
        wanted = request.filters.entities
        if not wanted:
            return None
        user = request.user_id
        ids = {w for w in wanted if w.startswith("ent_")}
        names = [w for w in wanted if not w.startswith("ent_")]
        ids |= set(self._store.get_entities([entity_id(user, n) for n in names]))
        ids |= set(self._store.resolve_aliases([alias_id(user, n) for n in names]).values())
        allowed = {f.id for f, _ in self._store.facts_of_entities(user, sorted(ids), 10_000)}
        allowed |= {e.id for e, _ in self._store.episodes_of_entities(user, sorted(ids), 10_000)}
        return allowed

    def _passes(self, c: Candidate, request: RecallRequest, allowed: set[str] | None) -> bool:
        f = request.filters
        kinds = f.kinds or ["fact", "episode"]
        if c.kind not in kinds or (allowed is not None and c.id not in allowed):
            return False
        agent = c.fact.agent_id if c.fact else c.episode.agent_id  # type: ignore[union-attr]
        if request.agent_id is not None and agent not in (None, request.agent_id):
            return False
        if (f.since or f.until or f.as_of) and not self._in_time(c, request):
            return False
        memory_type = c.fact.memory_type if c.fact else EPISODE_MEMORY_TYPE
        if f.memory_types and memory_type not in f.memory_types:
            return False
        if c.fact is not None:
            statuses = f.statuses or (AS_OF_STATUSES if f.as_of else DEFAULT_STATUSES)
            if c.fact.status not in statuses:
                return False
            if f.min_confidence is not None and c.fact.confidence < f.min_confidence:
                return False
        elif c.episode is not None and c.episode.status == "forgotten":
            return False
        only_vector = c.channels == {"vector"}
        return not (only_vector and (c.semantic or 0.0) < request.threshold)

    @staticmethod
    def _in_time(c: Candidate, request: RecallRequest) -> bool:
        """The valid-time filters: a fact's time is the time it is about (occurred_at), else
        when it was said; `as_of` keeps what held then (models.RecallFilters)."""
        f = request.filters
        if c.fact is None:
            assert c.episode is not None
            said = c.episode.timestamp
            return not (
                (f.since and said < f.since)
                or (f.until and said > f.until)
                or (f.as_of and said > f.as_of)
            )
        fact = c.fact
        when = fact.occurred_at or fact.valid_from
        if (f.since and when < f.since) or (f.until and when > f.until):
            return False
        if f.as_of is None:
            return True
        held_from = min(fact.valid_from, fact.occurred_at or fact.valid_from)
        ended = fact.superseded_at
        return held_from <= f.as_of and (ended is None or ended > f.as_of)

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
                if self._passes(c, request, allowed):
                    joined.append(c)
        rescored = [
            ((score * OUTDATED_FACTOR if c.id in outdated else score, raw), c)
            for (score, raw), c in scored
        ]
        rescored += [(self._score(c, n_entities, weights, now), c) for c in joined]
        rescored.sort(key=lambda pair: (-pair[0][0], pair[1].id))
        return rescored, outdated

    def _assemble(
        self,
        request: RecallRequest,
        query_language: Language,
        scored: list[tuple[tuple[float, dict[str, float]], Candidate]],
        names: dict[str, Entity],
        weights: Weights,
        outdated: dict[str, Outdated],
        reads: Reads,
    ) -> list[RecallResult]:
        """Top k, one slot per memory: an episode whose fact already ranks higher is left out
        (the fact lists it as a source), and so is a fact whose every source message already
        holds a slot; a fact that backs a semantic memory among the candidates gives its slot
        to that conclusion; an outdated message comes after the facts that replaced its own
        (they take the slots before it). History and conflicts ride along, not counted."""
        conclusions = self._conclusions(scored)
        fact_ids = [c.id for _, c in scored if c.fact is not None][: request.top_k * 4]
        fact_ids += sorted({c.id for _, c in conclusions.values()} - set(fact_ids))
        fact_ids += sorted({s for o in outdated.values() for s in o.successors} - set(fact_ids))
        sources = reads.sources_of(self._store, fact_ids)
        chosen: list[tuple[float, dict[str, float], Candidate]] = []
        chosen_ids: set[str] = set()
        covered: set[str] = set()
        by_id = {c.id: (score, raw, c) for (score, raw), c in scored}

        def told_by_chosen(c: Candidate) -> list[str]:
            """The chosen messages a fact was drawn from, when all of them are chosen."""
            told = [eid for eid, _ in sources.get(c.id, [])] if c.fact is not None else []
            return told if told and all(e in chosen_ids for e in told) else []

        def takes_a_slot(c: Candidate) -> bool:
            if c.id in chosen_ids or (c.episode is not None and c.id in covered):
                return False
            return not told_by_chosen(c)

        def take(item: tuple[float, dict[str, float], Candidate]) -> None:
            chosen.append(item)
            chosen_ids.add(item[2].id)
            covered.update(eid for eid, _ in sources.get(item[2].id, []))

        def stand_for(item: tuple[float, dict[str, float], Candidate], told: list[str]) -> None:
            """A fact whose messages hold slots takes the best one's place (and frees the
            others): one slot per statement, held by the fact, which lists them as sources."""
            at = [i for i, (_, _, m) in enumerate(chosen) if m.id in told]
            chosen[at[0]] = (max(item[0], chosen[at[0]][0]), item[1], item[2])
            for i in reversed(at[1:]):
                del chosen[i]
            chosen_ids.difference_update(told)
            chosen_ids.add(item[2].id)

        for (score, raw), c in scored:
            if len(chosen) == request.top_k:
                break
            if c.id in conclusions:
                (score, raw), c = conclusions[c.id]
            if c.id not in chosen_ids and (told := told_by_chosen(c)):
                stand_for((score, raw, c), told)
                continue
            if not takes_a_slot(c):
                continue
            for successor in outdated[c.id].successors if c.id in outdated else ():
                found = by_id.get(successor)
                if len(chosen) < request.top_k and found and takes_a_slot(found[2]):
                    take(found)
            if len(chosen) < request.top_k:
                take((score, raw, c))
        chosen.sort(key=lambda item: -item[0])  # a conclusion may score below its source
        self._outdated_after_successors(chosen, outdated, sources)
        links = self._store.fact_links([c.id for _, _, c in chosen if c.fact is not None])
        linked = self._linked_facts(links) if request.include_history else {}
        self._keep_successors_first(chosen, links)
        entity_names = {eid: e.name for eid, e in names.items()}
        return [
            recall_result(
                request,
                query_language,
                score,
                signals(raw, weights),
                c,
                sources,
                links,
                linked,
                entity_names,
                outdated.get(c.id),
            )
            for score, raw, c in chosen
        ]

    def _conclusions(
        self, scored: list[tuple[tuple[float, dict[str, float]], Candidate]]
    ) -> dict[str, tuple[tuple[float, dict[str, float]], Candidate]]:
        """Source fact id -> the best-scored semantic memory among the candidates drawn from
        it (graph_memory/consolidate)."""
        semantic = {
            c.id: (s, c)
            for s, c in scored
            if c.fact is not None and c.fact.memory_type == SEMANTIC_MEMORY_TYPE
        }
        if not semantic:
            return {}
        found: dict[str, tuple[tuple[float, dict[str, float]], Candidate]] = {}
        for link in self._store.fact_links(sorted(semantic)):
            if link.kind != "DERIVED_FROM" or link.from_id not in semantic:
                continue
            best = found.get(link.to_id)
            if best is None or semantic[link.from_id][0][0] > best[0][0]:
                found[link.to_id] = semantic[link.from_id]
        return found

    @staticmethod
    def _outdated_after_successors(
        chosen: list[tuple[float, dict[str, float], Candidate]],
        outdated: dict[str, Outdated],
        sources: dict[str, list[tuple[str, str | None]]],
    ) -> None:
        """An outdated message goes right after the last of its successors (a successor fact,
        or a message it was drawn from) that ranks below it."""
        for ep_id, why in outdated.items():
            ids = [c.id for _, _, c in chosen]
            if ep_id not in ids:
                continue
            after = set(why.successors) | {
                eid for s in why.successors for eid, _ in sources.get(s, [])
            }
            last = max((i for i, mid in enumerate(ids) if mid in after), default=-1)
            here = ids.index(ep_id)
            if last > here:
                chosen.insert(last, chosen.pop(here))

    def _keep_successors_first(
        self, chosen: list[tuple[float, dict[str, float], Candidate]], links: list[FactLink]
    ) -> None:
        """A superseded fact never outranks its successor (possible when asked for history)."""
        rank = {c.id: i for i, (_, _, c) in enumerate(chosen)}
        for link in links:
            new, old = link.from_id, link.to_id
            if link.kind == "SUPERSEDES" and new in rank and old in rank and rank[old] < rank[new]:
                i, j = rank[old], rank[new]
                chosen[i], chosen[j] = chosen[j], chosen[i]
                rank[new], rank[old] = i, j

    def _linked_facts(self, links: list[FactLink]) -> dict[str, Fact]:
        ids = {link.from_id for link in links} | {link.to_id for link in links}
        return {f.id: f for f in self._store.get_facts(sorted(ids)) if f.status != "forgotten"}

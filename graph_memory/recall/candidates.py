"""Candidate channels: vector kNN, fulltext keywords, entity match and graph expansion.

Each channel adds what it finds to one pool keyed by memory id; a memory found by several
channels keeps the evidence of each.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from graph_memory.embed import e5_semantic
from graph_memory.language import has_han
from graph_memory.models import Entity, Episode, Fact
from graph_memory.recall.models import Channel, PathStep
from graph_memory.recall.score import bm25, bm25_of_terms
from graph_memory.store.base import GraphHit, Store
from graph_memory.text import episode_search_text, keyword_terms


@dataclass
class Candidate:
    id: str
    fact: Fact | None = None
    episode: Episode | None = None
    semantic: float | None = None
    keyword: float = 0.0
    hops: int | None = None
    path: tuple[PathStep, ...] = ()
    channels: set[Channel] = field(default_factory=set)
    matched: set[str] = field(default_factory=set)  # query entity ids it involves
    drawn: set[str] = field(default_factory=set)  # a message's candidate facts (provenance.py)
    said_by: str | None = None  # a message's speaker, when a query entity (subjects.py)
    # Reached along a relation the question asks for (relations.py): what the graph signal rewards.
    asked_relation: bool = False

    @property
    def search_text(self) -> str:
        """The text keyword ranking reads: a fact's text, an episode's speaker and text."""
        if self.fact is not None:
            return self.fact.text or ""
        assert self.episode is not None
        return episode_search_text(self.episode.text or "", self.episode.speaker)

    @property
    def kind(self) -> str:
        return "fact" if self.fact is not None else "episode"


class CandidatePool:
    def __init__(self) -> None:
        self.by_id: dict[str, Candidate] = {}

    def _get(self, fact: Fact | None = None, episode: Episode | None = None) -> Candidate:
        memory_id = fact.id if fact is not None else episode.id  # type: ignore[union-attr]
        found = self.by_id.get(memory_id)
        if found is None:
            found = self.by_id[memory_id] = Candidate(id=memory_id, fact=fact, episode=episode)
        return found

    def add_vector(self, hits: list[tuple[Fact, float]] | list[tuple[Episode, float]]) -> None:
        for memory, similarity in hits:
            c = self.candidate_for(memory)
            c.semantic = max(similarity, c.semantic or -1.0)
            c.channels.add("vector")

    def add_multilingual(
        self,
        store: Store,
        hits: list[tuple[Episode, float]],
        query_vector: list[float],
        query_language: str,
    ) -> None:
        """Episodes found by the multilingual embedder; then its similarity, where an episode
        has a multilingual vector, replaces MiniLM's for every candidate episode (MiniLM reads
        no Chinese: it scores any two Chinese texts alike), put on MiniLM's scale for the
        languages of the question and the message (graph_memory/embed.py e5_semantic)."""
        similarities: dict[str, float] = {}
        for episode, similarity in hits:
            self._get(episode=episode).channels.add("vector")
            similarities[episode.id] = similarity
        rest = [c.id for c in self.by_id.values() if c.episode and c.id not in similarities]
        similarities |= store.multilingual_similarities_of(rest, query_vector)
        for memory_id, semantic in self._on_minilm_scale(similarities, query_language).items():
            self.by_id[memory_id].semantic = semantic

    def add_multilingual_hits(self, hits: list[tuple[Episode, float]]) -> None:
        """Episodes found by the multilingual embedder for a part of the query (their
        similarity to the part is read by multilingual_semantic)."""
        for episode, _ in hits:
            self._get(episode=episode).channels.add("vector")

    def multilingual_semantic(
        self, store: Store, query_vector: list[float], query_language: str
    ) -> dict[str, float]:
        """Candidate episode id -> the multilingual embedder's similarity to this query vector,
        on MiniLM's scale (as add_multilingual sets it); episodes without a multilingual vector
        are left out."""
        episodes = [c.id for c in self.by_id.values() if c.episode is not None]
        similarities = store.multilingual_similarities_of(episodes, query_vector)
        return self._on_minilm_scale(similarities, query_language)

    def _on_minilm_scale(
        self, similarities: dict[str, float], query_language: str
    ) -> dict[str, float]:
        out = {}
        for memory_id, similarity in similarities.items():
            c = self.by_id[memory_id]
            language = c.episode.language if c.episode is not None else None
            out[memory_id] = e5_semantic(similarity, query_language, language)
        return out

    def add_keyword(self, hits: list[tuple[Fact, float]] | list[tuple[Episode, float]]) -> None:
        for memory, _ in hits:
            self.candidate_for(memory).channels.add("keyword")

    def add_entity(
        self, hits: list[tuple[Fact, str]] | list[tuple[Episode, str]], hub_size: int
    ) -> None:
        """Entity matches; an entity with `hub_size` or more matches (a speaker's own name in
        a chat) tells nothing apart and is skipped."""
        sizes: dict[str, int] = {}
        for _, entity_id in hits:
            sizes[entity_id] = sizes.get(entity_id, 0) + 1
        for memory, entity_id in hits:
            if sizes[entity_id] >= hub_size:
                continue
            c = self.candidate_for(memory)
            c.matched.add(entity_id)
            c.channels.add("entity")

    def score_keywords(self, query: str) -> None:
        """Every candidate's BM25 against the query over the pool, scaled to [0, 1]."""
        for memory_id, score in self.keyword_scores(query).items():
            self.by_id[memory_id].keyword = score

    def keyword_scores(self, query: str) -> dict[str, float]:
        """Candidate id -> BM25 of the query over the pool, scaled to [0, 1]."""
        pool = list(self.by_id.values())
        return _scaled(pool, bm25(query, [c.search_text for c in pool]))

    def add_feedback(self, query: str, hits: Sequence[tuple[Candidate, float]]) -> None:
        """Pseudo-relevance feedback, for Chinese and mixed queries (recall/score.py): the
        first hits' words that the query lacks (where a two-hop question leads: "the person
        whose phone is X" -> the message naming him) are ranked by BM25 over the pool too;
        each candidate's keyword becomes the mean of its query and feedback scores."""
        for memory_id, score in self.feedback_scores(query, hits).items():
            candidate = self.by_id[memory_id]
            candidate.keyword = (candidate.keyword + score) / 2

    def feedback_scores(
        self, query: str, hits: Sequence[tuple[Candidate, float]]
    ) -> dict[str, float]:
        """Candidate id -> the best, over the first hits (each with its first score, the best
        first), of the BM25 over the pool of that hit's words that the
        query lacks, scaled to [0, 1] and by the hit's score over the best hit's (add_feedback).
        Each hit on its own: the top few of a pool often tie on what the question asks
        ("我的手机是X", several X) and the answer follows the one hit that names it ("X用起来真
        不错"), which the words of the others, pooled, would drown. Scaled by its score: a hit
        that matched worse (another relative's phone beside the asked number) lends less."""
        ranked = list(hits)
        # A hit after the first lends its words only when written in the query's script: a
        # Chinese question shares no word with English memories, every word of such a hit is
        # one it "lacks", and three whole messages of them rank by common words (cross-lingual
        # zh -> en R@10 0.875 -> 0.825 without this). Lending only the hits that share a word
        # with the query instead cost MemDaily tune 0.831 -> 0.823: 我用的家电是什么？ shares no
        # word with its hits (我家里用的是美的的电饭煲), found by meaning.
        script = has_han(query)
        ranked = ranked[:1] + [h for h in ranked[1:] if has_han(h[0].search_text) == script]
        asked = set(keyword_terms(query))
        pool = list(self.by_id.values())
        texts = [c.search_text for c in pool]
        top = ranked[0][1] if ranked else 0.0
        best: dict[str, float] = {}
        for hit, hit_score in ranked:
            share = min(1.0, hit_score / top) if top > 0 else 1.0
            extra = [t for t in dict.fromkeys(keyword_terms(hit.search_text)) if t not in asked]
            for memory_id, score in _scaled(pool, bm25_of_terms(extra, texts)).items():
                best[memory_id] = max(share * score, best.get(memory_id, 0.0))
        return best

    def add_graph(self, hits: list[GraphHit], names: dict[str, Entity]) -> None:
        for hit in hits:
            c = self._get(fact=hit.fact)
            if c.hops is not None and c.hops <= hit.hops:
                continue
            c.hops = hit.hops
            c.channels.add("graph")
            steps = [PathStep(node_id=hit.start_id, node_name=hit.start_name, relation="start")]
            if hit.via_fact is not None and hit.via_id is not None:
                steps.append(
                    PathStep(
                        node_id=hit.via_id, node_name=hit.via_name, relation=hit.via_fact.predicate
                    )
                )
            steps.append(
                PathStep(node_id=hit.fact.id, node_name=hit.fact.text, relation=hit.fact.predicate)
            )
            c.path = tuple(steps)
            if hit.hops == 1 and hit.start_id in names:
                c.matched.add(hit.start_id)

    def candidate_for(self, memory: Fact | Episode) -> Candidate:
        """The pool's candidate for this memory, added without evidence if it is new."""
        if isinstance(memory, Fact):
            return self._get(fact=memory)
        return self._get(episode=memory)

    def fill_semantic(self, similarities: dict[str, float]) -> None:
        """Candidates found by other channels get their exact cosine similarity too (read by
        Store.similarities_of for every candidate without one: `similarities` may hold more)."""
        for c in self.by_id.values():
            if c.semantic is None and c.id in similarities:
                c.semantic = similarities[c.id]


def _scaled(pool: list[Candidate], scores: list[float]) -> dict[str, float]:
    """Candidate id -> its score divided by the pool's best (0 when nothing scores)."""
    top = max(scores, default=0.0)
    return {c.id: score / top if top > 0 else 0.0 for c, score in zip(pool, scores, strict=True)}

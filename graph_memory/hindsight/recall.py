"""Recalling experience for a new task.

Candidates are the user's current experiences: those of the task type when one is given (its
TaskType entity's facts), else every experience. By default only those of the asking agent and
environment (when given); `include_other_agents` / `include_other_environments` widen that.

    score = 0.55 * similarity + 0.15 * entity_overlap + 0.20 * confidence + 0.10 * evidence

- similarity: cosine of the new task's text to the experience's intent, clipped to [0, 1];
- entity_overlap: the share of the task's entities that the experience's episodes mention;
- confidence: the experience's confidence (feedback moves it);
- evidence: 1 - 1/evidence_count (0 for one trajectory, 0.5 for two, 0.67 for three...).

Effective paths ("use") always come before falsified ones ("avoid"), each group by score, so a
falsified path never outranks one that worked. Experiences below `min_confidence` (default
0.2, the prune threshold) are left out. Environment problems never made an experience, so they
cannot count against an approach here.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict, Field

from graph_memory.embed import Embedder
from graph_memory.hindsight.experience import (
    EXPERIENCE_RELATIONS,
    is_experience,
    resolve_entity_ids,
    to_experience,
)
from graph_memory.hindsight.models import (
    ExperienceHit,
    ExperienceRecall,
    ExperienceWhy,
)
from graph_memory.models import ID_PATTERN, Fact
from graph_memory.store.base import Store

WEIGHTS = {"similarity": 0.55, "entity_overlap": 0.15, "confidence": 0.20, "evidence": 0.10}
MAX_CANDIDATES = 10_000


class ExperienceQuery(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_id: str = Field(pattern=ID_PATTERN)
    task: str = Field(min_length=1, max_length=2_000, description="The new task's goal.")
    task_type: str | None = Field(default=None, min_length=1, max_length=100)
    agent_id: str | None = Field(default=None, pattern=ID_PATTERN)
    environment: str | None = Field(default=None, min_length=1, max_length=100)
    entities: list[str] = Field(default_factory=list, max_length=50)
    include_other_agents: bool = False
    include_other_environments: bool = False
    top_k: int = Field(default=5, ge=1, le=100)
    min_similarity: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="Default: 0 with a task_type (every experience of the type counts), "
        "else 0.3.",
    )
    min_confidence: float = Field(default=0.2, ge=0.0, le=1.0)


class ExperienceRecaller:
    def __init__(self, store: Store, embedder: Embedder) -> None:
        self._store = store
        self._embedder = embedder

    def recall(self, query: ExperienceQuery) -> tuple[ExperienceRecall, list[str]]:
        """The ranked experiences, and the ids returned (to count their use)."""
        candidates = self.candidates(query)
        if not candidates:
            return ExperienceRecall(results=()), []
        vector = self._embedder.embed([query.task])[0].tolist()
        similarity = self._store.similarities_of([f.id for f in candidates], vector)
        matched = self._entity_matches(query, candidates)
        floor = query.min_similarity
        if floor is None:
            floor = 0.0 if query.task_type is not None else 0.3
        hits: list[ExperienceHit] = []
        for fact in candidates:
            sim = max(0.0, min(1.0, similarity.get(fact.id, 0.0)))
            if sim < floor or fact.confidence < query.min_confidence:
                continue
            names = matched.get(fact.id, ())
            overlap = len(names) / len(query.entities) if query.entities else 0.0
            evidence = 1.0 - 1.0 / max(1, fact.evidence_count)
            raw = {
                "similarity": sim,
                "entity_overlap": overlap,
                "confidence": fact.confidence,
                "evidence": evidence,
            }
            score = round(sum(WEIGHTS[k] * v for k, v in raw.items()), 6)
            experience = to_experience(fact)
            line = (
                f"{experience.label}: similarity {sim:.2f}, entities {len(names)}, "
                f"confidence {fact.confidence:.2f}, evidence {fact.evidence_count}"
            )
            hits.append(
                ExperienceHit(
                    experience=experience,
                    score=score,
                    why=ExperienceWhy(
                        similarity=round(sim, 6),
                        entity_overlap=round(overlap, 6),
                        confidence=fact.confidence,
                        evidence=round(evidence, 6),
                        matched_entities=tuple(names),
                        line=line,
                    ),
                )
            )
        hits.sort(key=lambda h: (h.experience.label != "use", -h.score, h.experience.id))
        top = hits[: query.top_k]
        return ExperienceRecall(results=tuple(top)), [h.experience.id for h in top]

    def candidates(self, query: ExperienceQuery, limit: int = MAX_CANDIDATES) -> list[Fact]:
        """The current experiences in the query's scope, newest first."""
        if query.task_type is not None:
            found = resolve_entity_ids(self._store, query.user_id, [query.task_type])
            if not found:
                return []
            facts = self._store.list_facts(
                query.user_id,
                statuses=["current"],
                entity_id=found[query.task_type],
                limit=MAX_CANDIDATES,
            )
        else:
            facts = [
                fact
                for predicate in EXPERIENCE_RELATIONS
                for fact in self._store.list_facts(
                    query.user_id, statuses=["current"], predicate=predicate, limit=MAX_CANDIDATES
                )
            ]
        facts.sort(key=lambda f: (f.valid_from, f.created_at), reverse=True)
        return [f for f in facts if is_experience(f) and self._in_scope(f, query)][:limit]

    @staticmethod
    def _in_scope(fact: Fact, query: ExperienceQuery) -> bool:
        if (
            query.agent_id is not None
            and not query.include_other_agents
            and fact.agent_id != query.agent_id
        ):
            return False
        return (
            query.environment is None
            or query.include_other_environments
            or fact.key == query.environment
        )

    def _entity_matches(
        self, query: ExperienceQuery, candidates: Sequence[Fact]
    ) -> dict[str, tuple[str, ...]]:
        """fact id -> the query entities its episodes mention."""
        if not query.entities:
            return {}
        ids = resolve_entity_ids(self._store, query.user_id, query.entities)
        if not ids:
            return {}
        name_of = {eid: name for name, eid in ids.items()}
        mentioned: dict[str, set[str]] = {}
        for episode, eid in self._store.episodes_of_entities(
            query.user_id, list(name_of), MAX_CANDIDATES
        ):
            mentioned.setdefault(episode.id, set()).add(name_of[eid])
        out: dict[str, set[str]] = {}
        for fact_id, episode_id, _ in self._store.sources_of_facts([f.id for f in candidates]):
            out.setdefault(fact_id, set()).update(mentioned.get(episode_id, ()))
        return {fact_id: tuple(sorted(names)) for fact_id, names in out.items()}


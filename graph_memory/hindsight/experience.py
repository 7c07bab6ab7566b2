"""Experience memories: what an agent learned from the steps of a finished task.

An experience is a Fact of memory type `experience`, so it is stored, recalled, forgotten and
pruned like any other memory:

    (Approach entity) -EFFECTIVE_FOR | FALSIFIED_FOR-> (TaskType entity)

- `agent_id` is the agent that ran the task, `key` the environment it ran in;
- `text` is three parts, one per line: the intent "in <scene>, <approach> to <purpose>", what
  happened ("worked: <result>" / "failed: <the full error text>"), and "task outcome: <outcome>";
- the embedding is the intent's alone, so recall compares intents with intents;
- confidence starts at 0.5; `EXTRACTED_FROM` links it to the trajectory's episode (the span of
  its step's line), and that episode `MENTIONS` the task's entities.

One experience per (user, agent, environment, task type, approach, intent, polarity): a later
trajectory that confirms it adds evidence (`evidence_count`); one that shows the opposite
lowers the opposite experience's confidence like negative feedback. Environment problems make
no experience and never lower one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from graph_memory.embed import Embedder
from graph_memory.entities import EntityResolver, alias_id, entity_id
from graph_memory.extract.base import Extractor
from graph_memory.extract.canonical import normalize_name
from graph_memory.hindsight.models import (
    Experience,
    ExperienceLabel,
    StepReview,
    SubmitResult,
    Trajectory,
    TrajectoryReview,
)
from graph_memory.ids import make_id
from graph_memory.lifecycle import CONFIDENCE_DOWN, CONFIDENCE_MAX, CONFIDENCE_MIN, CONFIDENCE_UP
from graph_memory.models import EntityRef, Episode, ExtractionInput, Fact
from graph_memory.ontology import Ontology
from graph_memory.store.base import (
    EpisodeRow,
    EvidenceRow,
    FactRow,
    FactUpdate,
    Store,
    WritePlan,
)
from graph_memory.text import episode_search_text

EFFECTIVE = "EFFECTIVE_FOR"
FALSIFIED = "FALSIFIED_FOR"
EXPERIENCE_RELATIONS = (EFFECTIVE, FALSIFIED)
EXPERIENCE_TYPE = "experience"
EXTRACTOR = "hindsight-v1"
START_CONFIDENCE = 0.5
OUTCOME_PREFIX = "task outcome: "
EPISODE_KIND = "trajectory"


def intent_of(scene: str, approach: str, purpose: str) -> str:
    """The fixed template "in <scene>, <approach> to <purpose>", on one line."""
    purpose = " ".join(purpose.split()).rstrip(".")
    if purpose.lower().startswith("to "):
        purpose = purpose[3:]
    return " ".join(f"in {scene}, {approach} to {purpose}".split())


def experience_text(intent: str, review: StepReview, result: str | None, outcome: str) -> str:
    happened = (
        f"worked: {result or 'the step succeeded'}"
        if review.label == "effective"
        else f"failed: {review.error or 'the step failed without an error text'}"
    )
    return f"{intent}\n{happened}\n{OUTCOME_PREFIX}{outcome}"


def render_trajectory(trajectory: Trajectory, review: TrajectoryReview) -> tuple[str, list[int]]:
    """The episode text of a trajectory (readable, error texts whole) and where each step's
    line starts."""
    head = (
        f"Task ({trajectory.task_type}) by {trajectory.agent_id} in {trajectory.environment}: "
        f"{trajectory.goal}\nOutcome: {trajectory.outcome}"
    )
    parts = [head]
    starts: list[int] = []
    offset = len(head) + 1
    for step, reviewed in zip(trajectory.steps, review.steps, strict=True):
        said = f"error: {step.error}" if step.error else f"result: {step.result or '-'}"
        line = f"Step {reviewed.index + 1} [{reviewed.label}] {reviewed.approach}: {said}"
        starts.append(offset)
        parts.append(line)
        offset += len(line) + 1
    return "\n".join(parts), starts


def to_experience(fact: Fact) -> Experience:
    """The structured view of an experience fact."""
    lines = (fact.text or "").split("\n")
    intent = lines[0]
    outcome = None
    if len(lines) > 1 and lines[-1].startswith(OUTCOME_PREFIX):
        outcome = lines[-1][len(OUTCOME_PREFIX):]
        lines = lines[:-1]
    label: ExperienceLabel = "use" if fact.predicate == EFFECTIVE else "avoid"
    return Experience(
        id=fact.id,
        user_id=fact.user_id,
        agent_id=fact.agent_id,
        environment=fact.key,
        task_type=fact.object_name,
        approach=fact.subject_name,
        label=label,
        intent=intent,
        content="\n".join(lines[1:]),
        outcome=outcome,
        confidence=fact.confidence,
        evidence_count=fact.evidence_count,
        needs_confirmation=fact.needs_confirmation,
        status=fact.status,
        episode_ids=fact.episode_ids,
    )


def is_experience(fact: Fact) -> bool:
    return fact.memory_type == EXPERIENCE_TYPE and fact.predicate in EXPERIENCE_RELATIONS


def experience_feedback(confidence: float, useful: bool, doubted: bool) -> tuple[float, bool]:
    """(new confidence, doubted) after one piece of feedback on an experience.

    Useful: +0.1, and the doubt is cleared. Not useful: -0.2 and the experience is doubted
    (`needs_confirmation`); not useful again while doubted (no useful feedback in between):
    confidence drops to min(c - 0.2, c / 2), so a high-confidence experience that keeps being
    wrong is demoted fast (1.0 -> 0.8 -> 0.4 -> 0.2 -> 0.1) instead of living on its past.
    Always within [0.1, 1.0]; below 0.2 the experience is in the prune queue
    (`prune(min_confidence=0.2)`)."""
    if useful:
        value = confidence + CONFIDENCE_UP
    elif doubted:
        value = min(confidence - CONFIDENCE_DOWN, confidence / 2)
    else:
        value = confidence - CONFIDENCE_DOWN
    return round(min(CONFIDENCE_MAX, max(CONFIDENCE_MIN, value)), 6), not useful


def resolve_entity_ids(store: Store, user_id: str, names: list[str]) -> dict[str, str]:
    """name -> stored entity id, through aliases, for the names that name a stored entity."""
    aliases = store.resolve_aliases([alias_id(user_id, n) for n in names])
    ids = {n: aliases.get(alias_id(user_id, n), entity_id(user_id, n)) for n in names}
    known = store.get_entities(list(set(ids.values())))
    return {n: i for n, i in ids.items() if i in known}


@dataclass
class _Planned:
    review: StepReview
    fact_id: str
    opposite_id: str
    intent: str
    approach_ref: EntityRef


class ExperienceWriter:
    """Plans one trajectory's write: its episode, entities, experiences, evidence."""

    def __init__(
        self,
        store: Store,
        embedder: Embedder,
        extractor: Extractor,
        ontology: Ontology,
        entities: EntityResolver,
    ) -> None:
        self._store = store
        self._embedder = embedder
        self._extractor = extractor
        self._ontology = ontology
        self._entities = entities

    def plan(
        self, trajectory: Trajectory, review: TrajectoryReview, now: datetime
    ) -> tuple[WritePlan | None, SubmitResult]:
        t = trajectory
        timestamp = t.timestamp or now
        identity = t.source_id or json.dumps(
            {**t.model_dump(mode="json"), "timestamp": timestamp.isoformat()}, sort_keys=True
        )
        ep_id = make_id("ep", t.user_id, t.agent_id, t.session_id, EPISODE_KIND, identity)
        if self._store.existing_episode_ids([ep_id]):
            return None, SubmitResult(episode_id=ep_id, created=False, review=review)
        text, starts = render_trajectory(t, review)
        episode = Episode(
            id=ep_id,
            user_id=t.user_id,
            agent_id=t.agent_id,
            session_id=t.session_id,
            text=text,
            timestamp=timestamp,
            source_id=t.source_id,
            speaker=t.agent_id,
            kind=EPISODE_KIND,
        )
        planned = self._experiences(t, review)
        task_ref = EntityRef(name=t.task_type, type="TaskType")
        mentions = self._extractor.extract(
            [ExtractionInput(text=t.goal, speaker=t.agent_id)]
        )[0].mentions
        refs = [
            task_ref,
            *(p.approach_ref for p in planned),
            *mentions,
            *(EntityRef(name=" ".join(n.split()), type="Thing") for n in t.entities),
        ]
        resolved = self._entities.resolve(t.user_id, refs, now)
        task = resolved.by_ref[task_ref]

        plan = WritePlan()
        vectors = self._embedder.embed(
            [episode_search_text(text, t.agent_id), *(p.intent for p in planned)]
        )
        plan.episodes.append(EpisodeRow(episode=episode, embedding=vectors[0].tolist()))
        plan.entities.extend(resolved.rows.values())
        plan.aliases.extend(resolved.aliases)
        plan.mentions.extend(
            (ep_id, ent) for ent in sorted({resolved.by_ref[r].id for r in refs})
        )
        known = {
            f.id: f
            for f in self._store.get_facts(
                [i for p in planned for i in (p.fact_id, p.opposite_id)]
            )
        }
        created: list[str] = []
        reinforced: list[str] = []
        weakened: list[str] = []
        expiry = self._ontology.memory_types[EXPERIENCE_TYPE].expires_after_days
        for p, vector in zip(planned, vectors[1:], strict=True):
            step = t.steps[p.review.index]
            start = starts[p.review.index]
            evidence = EvidenceRow(
                fact_id=p.fact_id,
                episode_id=ep_id,
                span_start=start,
                span_end=start + len(text[start:].split("\n", 1)[0]),
                extractor=EXTRACTOR,
                confidence=1.0,
            )
            existing = known.get(p.fact_id)
            if existing is not None and existing.status != "forgotten":
                reinforced.append(p.fact_id)
                plan.reinforced.append(p.fact_id)
                plan.evidence.append(evidence)
            elif existing is None:
                approach = resolved.by_ref[p.approach_ref]
                predicate = EFFECTIVE if p.review.label == "effective" else FALSIFIED
                plan.facts.append(
                    FactRow(
                        fact=Fact(
                            id=p.fact_id,
                            user_id=t.user_id,
                            agent_id=t.agent_id,
                            session_id=t.session_id,
                            subject_id=approach.id,
                            subject_name=approach.name,
                            predicate=predicate,
                            object_id=task.id,
                            object_name=task.name,
                            key=t.environment,
                            text=experience_text(p.intent, p.review, step.result, t.outcome),
                            memory_type=EXPERIENCE_TYPE,
                            priority=self._ontology.priority_of(predicate, EXPERIENCE_TYPE),
                            confidence=START_CONFIDENCE,
                            valid_from=timestamp,
                            created_at=now,
                            expires_at=None
                            if expiry is None
                            else timestamp + timedelta(days=expiry),
                            origin=t.agent_id,
                            extractor=EXTRACTOR,
                        ),
                        embedding=vector.tolist(),
                    )
                )
                plan.evidence.append(evidence)
                created.append(p.fact_id)
            # A forgotten experience stays forgotten: the user asked for it.
            opposite = known.get(p.opposite_id)
            if opposite is not None and opposite.status == "current":
                value, _ = experience_feedback(opposite.confidence, False, False)
                plan.updates.append((opposite.id, FactUpdate(confidence=value)))
                weakened.append(opposite.id)
        return plan, SubmitResult(
            episode_id=ep_id,
            created=True,
            review=review,
            experience_ids=tuple(created),
            reinforced_ids=tuple(reinforced),
            weakened_ids=tuple(weakened),
        )

    def _experiences(self, t: Trajectory, review: TrajectoryReview) -> list[_Planned]:
        """One experience per approach: effective if any of its steps was, else falsified if
        any was; environment problems and redundant repeats make none. (Within one task an
        approach that failed and later worked, e.g. before and after switching into an iframe,
        is effective: the failure was of the moment, not of the approach.)"""
        verdict: dict[str, StepReview] = {}
        for reviewed in review.steps:
            if reviewed.label == "effective":
                if verdict.get(reviewed.approach, reviewed).label != "effective":
                    verdict[reviewed.approach] = reviewed
                verdict.setdefault(reviewed.approach, reviewed)
            elif reviewed.label == "falsified":
                verdict.setdefault(reviewed.approach, reviewed)
        scene = t.scene or t.task_type
        out: list[_Planned] = []
        seen: set[str] = set()
        for approach, reviewed in verdict.items():
            step = t.steps[reviewed.index]
            intent = intent_of(scene, approach, step.purpose or t.goal)
            parts = (
                t.user_id,
                t.agent_id,
                t.environment,
                EXPERIENCE_TYPE,
                normalize_name(t.task_type),
                normalize_name(approach),
                intent.lower(),
            )
            mine = EFFECTIVE if reviewed.label == "effective" else FALSIFIED
            other = FALSIFIED if mine == EFFECTIVE else EFFECTIVE
            fact_id = make_id("fact", *parts, mine)
            if fact_id in seen:
                continue
            seen.add(fact_id)
            out.append(
                _Planned(
                    review=reviewed,
                    fact_id=fact_id,
                    opposite_id=make_id("fact", *parts, other),
                    intent=intent,
                    approach_ref=EntityRef(name=approach, type="Approach"),
                )
            )
        return sorted(out, key=lambda p: p.review.index)

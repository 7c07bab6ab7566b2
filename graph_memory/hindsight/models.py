"""Typed models of hindsight: finished tasks in, reviewed steps and experiences out."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from graph_memory.models import ID_PATTERN, BoundedTime

StepLabel = Literal["effective", "falsified", "environment", "redundant"]
Outcome = Literal["success", "failure", "partial"]
ExperienceLabel = Literal["use", "avoid"]

MAX_STEPS = 200
MAX_ERROR_CHARS = 20_000
MAX_RESULT_CHARS = 4_000
MAX_GOAL_CHARS = 2_000
MAX_PARAMETERS_CHARS = 4_000


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Step(_Strict):
    """One action the agent took, in order. `error` is the full error text, kept whole."""

    action: str = Field(min_length=1, max_length=200)
    parameters: dict[str, Any] = Field(default_factory=dict)
    result: str | None = Field(default=None, max_length=MAX_RESULT_CHARS)
    error: str | None = Field(default=None, max_length=MAX_ERROR_CHARS)
    success: bool
    approach: str | None = Field(
        default=None,
        max_length=200,
        description="What makes this step a distinct approach; default: the action with its "
        "parameters ('http_post(url=/v1/refunds)').",
    )
    purpose: str | None = Field(
        default=None, max_length=300, description="What the step was for; default: the goal."
    )


class Trajectory(_Strict):
    """A finished task: what was wanted, where, by whom, every step, and how it ended."""

    user_id: str = Field(pattern=ID_PATTERN)
    goal: str = Field(min_length=1, max_length=MAX_GOAL_CHARS)
    task_type: str = Field(min_length=1, max_length=100)
    agent_id: str = Field(pattern=ID_PATTERN)
    environment: str = Field(min_length=1, max_length=100)
    steps: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    outcome: Outcome
    scene: str | None = Field(
        default=None, max_length=200, description="Where the task happened; default: task_type."
    )
    entities: list[str] = Field(
        default_factory=list, max_length=50, description="Names of the things the task was about."
    )
    session_id: str | None = Field(default=None, pattern=ID_PATTERN)
    timestamp: BoundedTime | None = None
    source_id: str | None = Field(default=None, max_length=256)

    @field_validator("entities")
    @classmethod
    def _names(cls, value: list[str]) -> list[str]:
        for name in value:
            if not 1 <= len(name.strip()) <= 200:
                raise ValueError("entity names must have 1-200 characters")
        return value


class StepReview(_Frozen):
    """The reviewer's label for one step, the rule that gave it and why."""

    index: int
    action: str
    approach: str
    label: StepLabel
    rule: str
    reason: str
    error: str | None = Field(default=None, description="The step's error text, whole.")


class TrajectoryReview(_Frozen):
    steps: tuple[StepReview, ...]

    def count(self, label: StepLabel) -> int:
        return sum(1 for s in self.steps if s.label == label)


class Experience(_Frozen):
    """What an agent learned from one step of a finished task (an `experience` Fact)."""

    id: str
    user_id: str
    agent_id: str | None
    environment: str | None
    task_type: str | None
    approach: str | None
    label: ExperienceLabel = Field(description="use: it worked; avoid: it was falsified.")
    intent: str = Field(description="'in <scene>, <action> to <purpose>'.")
    content: str
    outcome: str | None
    confidence: float
    evidence_count: int
    needs_confirmation: bool
    status: str
    episode_ids: tuple[str, ...] = ()


class SubmitResult(_Frozen):
    episode_id: str
    created: bool = Field(description="False when the same trajectory had been submitted before.")
    review: TrajectoryReview
    experience_ids: tuple[str, ...] = ()
    reinforced_ids: tuple[str, ...] = Field(
        default=(), description="Experiences this trajectory confirmed again."
    )
    weakened_ids: tuple[str, ...] = Field(
        default=(), description="Opposite experiences whose confidence this trajectory lowered."
    )


class ExperienceWhy(_Frozen):
    """Each signal's raw value in [0, 1]; the score is their weighted sum."""

    similarity: float
    entity_overlap: float
    confidence: float
    evidence: float
    matched_entities: tuple[str, ...] = ()
    line: str


class ExperienceHit(_Frozen):
    experience: Experience
    score: float
    why: ExperienceWhy


class ExperienceRecall(_Frozen):
    results: tuple[ExperienceHit, ...]

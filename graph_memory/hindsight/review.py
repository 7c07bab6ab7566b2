"""The trajectory reviewer: a deterministic label for every step of a finished task.

Labels:
- `environment`: the step failed for a reason that is not the approach's fault (timeouts,
  network errors, rate limits, 5xx server errors). It never counts against the approach.
- `falsified`: the step failed otherwise (a 404 from a wrong endpoint, an element that is not
  there, a validation error): the approach itself did not work.
- `redundant`: the step succeeded, but the same approach had already succeeded earlier in the
  task; it taught nothing new.
- `effective`: the step succeeded.

Rules are tried in order and the first that matches labels the step (`DEFAULT_RULES`). A rule
is a name, a label and a test returning the reason (or None). Extend the reviewer by passing
your own list, e.g. one more environment pattern before the defaults:

    Reviewer((environment_rule("environment.maintenance", r"down for maintenance"),
              *DEFAULT_RULES))

Error texts are never shortened: each StepReview carries its step's error whole.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from graph_memory.errors import InvalidInputError
from graph_memory.hindsight.models import (
    MAX_PARAMETERS_CHARS,
    Step,
    StepLabel,
    StepReview,
    TrajectoryReview,
)


@dataclass(frozen=True)
class StepContext:
    """A step with everything before it (and the labels those steps got)."""

    index: int
    step: Step
    approach: str
    earlier: tuple[StepReview, ...]


@dataclass(frozen=True)
class Rule:
    name: str
    label: StepLabel
    test: Callable[[StepContext], str | None]


def approach_of(step: Step) -> str:
    """The caller's `approach`, else `action(key=value, ...)` with keys sorted."""
    if step.approach is not None:
        return " ".join(step.approach.split())
    try:
        encoded = json.dumps(step.parameters, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError) as e:
        raise InvalidInputError(f"step parameters must be JSON values: {e}") from e
    if len(encoded) > MAX_PARAMETERS_CHARS:
        raise InvalidInputError(
            f"step parameters: {len(encoded)} characters is over the limit of "
            f"{MAX_PARAMETERS_CHARS}"
        )
    parts = [
        f"{key}={value if isinstance(value, str) else json.dumps(value, sort_keys=True)}"
        for key, value in sorted(step.parameters.items())
    ]
    approach = " ".join(f"{step.action}({', '.join(parts)})".split())
    if len(approach) > 200:
        raise InvalidInputError(
            f"step {step.action!r}: its parameters make an approach name over 200 characters; "
            "name the approach with `approach`"
        )
    return approach


def environment_rule(name: str, pattern: str) -> Rule:
    """A failed step whose error text matches `pattern` (case-insensitive) is an environment
    problem."""
    compiled = re.compile(pattern, re.IGNORECASE)

    def test(ctx: StepContext) -> str | None:
        if ctx.step.success or not ctx.step.error:
            return None
        match = compiled.search(ctx.step.error)
        return None if match is None else f"error text matches {match.group(0)!r}"

    return Rule(name, "environment", test)


def _failed(ctx: StepContext) -> str | None:
    if ctx.step.success:
        return None
    return "the step failed" + ("" if ctx.step.error else " (no error text)")


def _repeat(ctx: StepContext) -> str | None:
    if not ctx.step.success:
        return None
    for earlier in ctx.earlier:
        if earlier.approach == ctx.approach and earlier.label in ("effective", "redundant"):
            return f"the same approach already succeeded at step {earlier.index}"
    return None


def _succeeded(ctx: StepContext) -> str | None:
    return "the step succeeded" if ctx.step.success else None


ENVIRONMENT_PATTERNS: tuple[tuple[str, str], ...] = (
    ("environment.timeout", r"\btime[ds]?[ -]?out\b|\btimeouts?\b|ETIMEDOUT|deadline exceeded"),
    (
        "environment.network",
        r"connection (?:reset|refused|aborted|closed|error)|ECONNRESET|ECONNREFUSED|"
        r"network (?:is )?unreachable|ENETUNREACH|EHOSTUNREACH|ENOTFOUND|getaddrinfo|"
        r"name resolution|DNS (?:lookup|resolution)|socket hang up|broken pipe",
    ),
    (
        "environment.rate_limit",
        r"rate[ -]?limit|too many requests|\b429\b|throttl|quota exceeded",
    ),
    (
        "environment.server_error",
        r"\b(?:HTTP|status|code|error)\D{0,12}5\d\d\b|internal server error|bad gateway|"
        r"service unavailable|gateway time-?out|temporarily unavailable",
    ),
)

DEFAULT_RULES: tuple[Rule, ...] = (
    *(environment_rule(name, pattern) for name, pattern in ENVIRONMENT_PATTERNS),
    Rule("falsified.failed", "falsified", _failed),
    Rule("redundant.repeat", "redundant", _repeat),
    Rule("effective.succeeded", "effective", _succeeded),
)


class Reviewer:
    def __init__(self, rules: Sequence[Rule] = DEFAULT_RULES) -> None:
        if not rules:
            raise InvalidInputError("a reviewer needs at least one rule")
        self.rules = tuple(rules)

    def review(self, steps: Sequence[Step]) -> TrajectoryReview:
        reviews: list[StepReview] = []
        for index, step in enumerate(steps):
            ctx = StepContext(index, step, approach_of(step), tuple(reviews))
            for rule in self.rules:
                reason = rule.test(ctx)
                if reason is not None:
                    break
            else:
                raise InvalidInputError(f"step {index}: no review rule matched")
            reviews.append(
                StepReview(
                    index=index,
                    action=step.action,
                    approach=ctx.approach,
                    label=rule.label,
                    rule=rule.name,
                    reason=reason,
                    error=step.error,
                )
            )
        return TrajectoryReview(steps=tuple(reviews))

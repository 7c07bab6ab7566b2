"""Hindsight: does recalled experience make a scripted agent better at a family of tasks?

A scripted agent runs tasks of four types (an API refund, a form inside an iframe, a file
export, a search filter), in two environments. For each (task type, environment) exactly one of
four approaches works; the others fail with the approach's own error (a 404, a missing element,
a validation error). Any attempt may also hit a transient environment problem (a timeout, a
503, a rate limit) with probability `--p-env`; the agent then retries the same approach.

- without experience: the agent tries approaches in a random order (seeded);
- with experience: before each task it calls `recall_experience(goal, task_type, agent_id,
  environment)`, tries the "use" approaches first (in rank order), the unknown ones next, the
  "avoid" ones last; after each task it submits the trajectory.

Reported per condition: first-try success (the first approach tried was the working one) and
steps per task (every attempt, environment retries included). Each run uses a fresh embedded
engine and the real spaCy and embedding models.

    python bench/hindsight.py                  # 3 seeds x 48 tasks
    python bench/hindsight.py --seeds 1 --tasks 16
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from common import markdown_table
from common import write_results as save

from graph_memory.config import Settings
from graph_memory.memory import Memory

NAME = "hindsight"
AGENT = "bench-agent"
ENVIRONMENTS = ("staging", "production")
T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
ENV_ERRORS = (
    "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.shop.test', port=443): "
    "Read timed out. (read timeout=10)",
    "HTTP 503 Service Unavailable: upstream connect error",
    "HTTP 429 Too Many Requests: retry after 2s",
)


@dataclass(frozen=True)
class Family:
    task_type: str
    scene: str
    goals: tuple[str, ...]
    approaches: tuple[str, ...]
    failure: str  # the error text of an approach that does not work, {approach} filled in
    working: dict[str, str]  # environment -> the approach that works there


FAMILIES = (
    Family(
        "refund order via API",
        "the orders API",
        ("refund order {n} for the customer", "give the customer their money back for order {n}",
         "process a refund of order {n}"),
        ("POST /v1/refund", "POST /v1/orders/{id}/refund", "PUT /v1/payments/{id}/reverse",
         "POST /v2/refunds"),
        'HTTP 404 Not Found: {{"error": "no route for {approach}"}}',
        {"staging": "POST /v1/orders/{id}/refund", "production": "POST /v2/refunds"},
    ),
    Family(
        "checkout payment form",
        "the checkout page",
        ("pay for order {n} with the saved card", "complete the card payment of order {n}",
         "enter the card details and pay order {n}"),
        ("fill #card-number on the page", "switch into payment-iframe then fill #card-number",
         "open the payment popup then fill #card-number", "use the saved-card shortcut"),
        "NoSuchElementException: Message: no such element: Unable to locate element "
        "(tried: {approach})\n  (Session info: chrome=120.0)",
        {"staging": "switch into payment-iframe then fill #card-number",
         "production": "switch into payment-iframe then fill #card-number"},
    ),
    Family(
        "export report",
        "the analytics dashboard",
        ("export the sales report for week {n}", "download the weekly sales report {n}",
         "get a CSV of sales for week {n}"),
        ("click Export then CSV", "GET /reports/{id}.csv", "print the page to PDF",
         "open the scheduled-exports tab"),
        "ValidationError: {approach} is not available for this report type",
        {"staging": "GET /reports/{id}.csv", "production": "click Export then CSV"},
    ),
    Family(
        "filter search results",
        "the product search page",
        ("show only red shoes under {n} euros", "filter the results to size {n} boots",
         "narrow the search to {n} star products"),
        ("type the filter into the search box", "use the sidebar facets",
         "add query parameters to the URL", "sort by price then scroll"),
        "AssertionError: results not filtered after {approach}",
        {"staging": "use the sidebar facets", "production": "use the sidebar facets"},
    ),
)


@dataclass
class TaskRun:
    first_try: bool
    steps: int


def run_task(
    family: Family, environment: str, goal: str, order: list[str], rng: random.Random,
    p_env: float,
) -> tuple[TaskRun, list[dict[str, Any]]]:
    steps: list[dict[str, Any]] = []
    working = family.working[environment]
    for approach in order:
        while rng.random() < p_env:  # a transient problem: retry the same approach
            steps.append({"action": "attempt", "approach": approach, "success": False,
                          "error": rng.choice(ENV_ERRORS)})
        if approach == working:
            steps.append({"action": "attempt", "approach": approach, "success": True,
                          "result": f"done: {goal}"})
            break
        steps.append({"action": "attempt", "approach": approach, "success": False,
                      "error": family.failure.format(approach=approach)})
    return TaskRun(first_try=order[0] == working, steps=len(steps)), steps


def choose(
    memory: Memory | None, family: Family, environment: str, goal: str, rng: random.Random
) -> list[str]:
    unknown = list(family.approaches)
    rng.shuffle(unknown)
    if memory is None:
        return unknown
    hits = memory.recall_experience(
        goal, user_id="bench", task_type=family.task_type, agent_id=AGENT,
        environment=environment, top_k=20,
    ).results
    use = [h.experience.approach for h in hits if h.experience.label == "use"]
    avoid = [h.experience.approach for h in hits if h.experience.label == "avoid"]
    first = [a for a in dict.fromkeys(use) if a in unknown]
    last = [a for a in dict.fromkeys(avoid) if a in unknown and a not in first]
    middle = [a for a in unknown if a not in first and a not in last]
    return first + middle + last


def run_condition(
    with_experience: bool, seed: int, tasks: int, p_env: float
) -> dict[str, Any]:
    rng = random.Random(seed)
    plan_rng = random.Random(1000 + seed)  # the same task sequence in both conditions
    schedule = [
        (plan_rng.choice(FAMILIES), plan_rng.choice(ENVIRONMENTS), plan_rng.randrange(2, 99),
         plan_rng.randrange(3))
        for _ in range(tasks)
    ]
    runs: list[TaskRun] = []
    submit_ms: list[float] = []
    recall_ms: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        memory = (
            Memory.open(Settings(data_dir=Path(tmp) / "data")) if with_experience else None
        )
        try:
            for i, (family, environment, n, g) in enumerate(schedule):
                goal = family.goals[g].format(n=n)
                started = time.perf_counter()
                order = choose(memory, family, environment, goal, rng)
                recall_ms.append((time.perf_counter() - started) * 1000)
                run, steps = run_task(family, environment, goal, order, rng, p_env)
                runs.append(run)
                if memory is not None:
                    started = time.perf_counter()
                    memory.submit_trajectory({
                        "user_id": "bench", "agent_id": AGENT, "environment": environment,
                        "task_type": family.task_type, "scene": family.scene, "goal": goal,
                        "steps": steps, "outcome": "success",
                        "timestamp": T0 + timedelta(minutes=i),
                    })
                    submit_ms.append((time.perf_counter() - started) * 1000)
        finally:
            if memory is not None:
                memory.close()
    return {
        "first_try_success": sum(r.first_try for r in runs) / len(runs),
        "steps_per_task": statistics.fmean(r.steps for r in runs),
        "submit_ms_median": statistics.median(submit_ms) if submit_ms else None,
        "recall_ms_median": statistics.median(recall_ms) if with_experience else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=48)
    parser.add_argument("--p-env", type=float, default=0.15)
    args = parser.parse_args()
    per_seed: dict[str, list[dict[str, Any]]] = {"without": [], "with": []}
    for seed in range(args.seeds):
        for label, flag in (("without", False), ("with", True)):
            per_seed[label].append(run_condition(flag, seed, args.tasks, args.p_env))
            print(label, seed, per_seed[label][-1], flush=True)
    summary = {
        label: {
            "first_try_success": statistics.fmean(r["first_try_success"] for r in runs),
            "steps_per_task": statistics.fmean(r["steps_per_task"] for r in runs),
        }
        for label, runs in per_seed.items()
    }
    rows = [
        (f"{label} experience", round(s["first_try_success"], 3), round(s["steps_per_task"], 2))
        for label, s in summary.items()
    ]
    markdown = (
        f"{args.seeds} seeds x {args.tasks} tasks: 4 task types x 2 environments, 4 approaches "
        f"each (one works), transient environment problems with p={args.p_env} per attempt.\n\n"
        + markdown_table(("condition", "first-try success", "steps per task"), rows)
        + "\n\nWith experience the agent recalls before each task and submits the trajectory "
        "after it; the first task of each (type, environment) has nothing to recall, so the "
        "ceiling is below 1.0. Environment retries are steps in both conditions.\n"
    )
    save(NAME, {"args": vars(args), "summary": summary, "per_seed": per_seed}, markdown)
    print(markdown)


if __name__ == "__main__":
    main()

"""Hindsight end to end, from realistic trajectories: real engine, spaCy and embedder."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from graph_memory.errors import InvalidInputError
from graph_memory.hindsight.models import Step
from graph_memory.hindsight.review import DEFAULT_RULES, Reviewer, environment_rule
from graph_memory.memory import Memory
from graph_memory.models import Episode, Fact

T0 = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)

SELENIUM_NO_SUCH_ELEMENT = (
    "NoSuchElementException: Message: no such element: Unable to locate element: "
    '{"method":"css selector","selector":"#card-number"}\n'
    "  (Session info: chrome=120.0.6099.109)\n"
    "Stacktrace:\n"
    "#0 0x55d4c8e5a2b3 <unknown>\n"
    "#1 0x55d4c8b1d0a7 <unknown>\n"
)
RENDERER_TIMEOUT = (
    "TimeoutException: Message: timeout: Timed out receiving message from renderer: 30.000\n"
    "  (Session info: chrome=120.0.6099.109)"
)


def iframe_form(minutes: int = 0, **overrides: Any) -> dict[str, Any]:
    """Card details live in a payment iframe: filling the field from the page fails until
    the agent switches into the frame; the first page load timed out."""
    return {
        "user_id": "shop",
        "agent_id": "web-agent",
        "environment": "chrome-headless",
        "task_type": "checkout payment form",
        "scene": "the checkout page",
        "goal": "pay for order A1234 with the saved Visa card",
        "entities": ["checkout page", "A1234"],
        "timestamp": T0 + timedelta(minutes=minutes),
        "outcome": "success",
        "steps": [
            {"action": "open_page", "parameters": {"url": "https://shop.test/checkout"},
             "success": False, "error": RENDERER_TIMEOUT},
            {"action": "open_page", "parameters": {"url": "https://shop.test/checkout"},
             "success": True, "result": "checkout page loaded"},
            {"action": "fill", "parameters": {"selector": "#card-number"}, "success": False,
             "error": SELENIUM_NO_SUCH_ELEMENT, "purpose": "enter the card number"},
            {"action": "switch_to_frame", "parameters": {"name": "payment-iframe"},
             "success": True, "result": "switched into frame payment-iframe",
             "purpose": "reach the card fields inside the payment iframe"},
            {"action": "fill", "parameters": {"selector": "#card-number"}, "success": True,
             "result": "typed 16 digits", "purpose": "enter the card number"},
            {"action": "click", "parameters": {"selector": "#pay"}, "success": True,
             "result": "payment accepted"},
        ],
        **overrides,
    }


READ_TIMEOUT = (
    "requests.exceptions.ReadTimeout: HTTPSConnectionPool(host='api.shop.test', port=443): "
    "Read timed out. (read timeout=10)"
)
WRONG_ENDPOINT = 'HTTP 404 Not Found: {"error": "no route for POST /v1/refund"}'


def api_refund(
    steps: list[dict[str, Any]], outcome: str, minutes: int, **kw: Any
) -> dict[str, Any]:
    return {
        "user_id": "shop",
        "agent_id": kw.pop("agent_id", "api-agent"),
        "environment": kw.pop("environment", "staging"),
        "task_type": "refund order via API",
        "scene": "the orders API",
        "goal": "refund order A1234 for the customer",
        "entities": ["A1234"],
        "timestamp": T0 + timedelta(minutes=minutes),
        "outcome": outcome,
        "steps": steps,
        **kw,
    }


RIGHT = {"action": "http_post", "approach": "POST /v1/orders/{id}/refund",
         "parameters": {"order_id": "A1234"}}
WRONG = {"action": "http_post", "approach": "POST /v1/refund", "parameters": {"order": "A1234"}}


def recall(memory: Memory, task: str, **kw: Any) -> list[tuple[str, str]]:
    response = memory.recall_experience(task, user_id="shop", **kw)
    return [(h.experience.label, h.experience.approach or "") for h in response.results]


# --- the reviewer -----------------------------------------------------------------------------


def test_the_reviewer_labels_every_step_of_the_iframe_form_and_keeps_errors_whole() -> None:
    steps = [Step.model_validate(s) for s in iframe_form()["steps"]]
    review = Reviewer().review(steps)
    assert [(s.label, s.rule) for s in review.steps] == [
        ("environment", "environment.timeout"),
        ("effective", "effective.succeeded"),
        ("falsified", "falsified.failed"),
        ("effective", "effective.succeeded"),
        ("effective", "effective.succeeded"),
        ("effective", "effective.succeeded"),
    ]
    assert review.steps[2].error == SELENIUM_NO_SUCH_ELEMENT  # whole, stack trace included
    assert review.steps[2].approach == "fill(selector=#card-number)"


@pytest.mark.parametrize(
    ("error", "label"),
    [
        (READ_TIMEOUT, "environment"),
        ("ConnectionResetError: [Errno 104] Connection reset by peer", "environment"),
        ("HTTP 429 Too Many Requests: retry after 30s", "environment"),
        ("HTTP 503 Service Unavailable", "environment"),
        ("status code: 502", "environment"),
        (WRONG_ENDPOINT, "falsified"),
        ("HTTP 422 Unprocessable Entity: amount must be positive", "falsified"),
        ("PolicyError: card payments are refunded to the original card only", "falsified"),
        ("order 500 not found", "falsified"),
    ],
)
def test_environment_problems_are_told_apart_from_failed_approaches(error: str, label: str) -> None:
    step = Step(action="http_post", success=False, error=error)
    assert Reviewer().review([step]).steps[0].label == label


def test_repeating_a_step_that_already_worked_is_redundant() -> None:
    lookup = {"action": "lookup_order", "parameters": {"id": "A1234"}, "success": True}
    review = Reviewer().review([Step.model_validate(lookup), Step.model_validate(lookup)])
    assert [s.label for s in review.steps] == ["effective", "redundant"]


def test_the_rules_are_extensible() -> None:
    step = Step(action="deploy", success=False, error="site is down for maintenance until 10:00")
    assert Reviewer().review([step]).steps[0].label == "falsified"
    maintenance = environment_rule("environment.maintenance", r"down for maintenance")
    reviewed = Reviewer((maintenance, *DEFAULT_RULES)).review([step]).steps[0]
    assert (reviewed.label, reviewed.rule) == ("environment", "environment.maintenance")


# --- experience memories ----------------------------------------------------------------------


def test_a_finished_task_becomes_experiences_linked_to_its_episode_and_entities(
    memory: Memory,
) -> None:
    result = memory.submit_trajectory(iframe_form())
    assert result.created and len(result.experience_ids) == 4  # open, switch, fill, click
    episode = memory.get(result.episode_id)
    assert isinstance(episode, Episode) and episode.kind == "trajectory"
    assert SELENIUM_NO_SUCH_ELEMENT in (episode.text or "")  # the error text, whole
    [switch] = [
        e for e in memory.experiences("shop") if (e.approach or "").startswith("switch_to_frame")
    ]
    assert switch.intent == (
        "in the checkout page, switch_to_frame(name=payment-iframe) to reach the card fields "
        "inside the payment iframe"
    )
    assert (switch.label, switch.confidence, switch.outcome) == ("use", 0.5, "success")
    assert (switch.agent_id, switch.environment, switch.task_type) == (
        "web-agent", "chrome-headless", "checkout payment form",
    )
    fact = memory.get(switch.id)
    assert isinstance(fact, Fact) and fact.memory_type == "experience"
    assert fact.episode_ids == (result.episode_id,)
    # The fill failed only before the switch: it worked in the end, so nothing says avoid it;
    # the page-load timeout was the environment's fault and made no experience at all.
    assert all(e.label == "use" for e in memory.experiences("shop"))
    hits = memory.recall_experience(
        "pay for order B7 with a card", user_id="shop", agent_id="web-agent",
        environment="chrome-headless", entities=["checkout page"],
    ).results
    assert hits and all(h.why.matched_entities == ("checkout page",) for h in hits)
    # Experiences are memories like any other: the general recall finds them too.
    general = memory.recall(
        "switch into the payment iframe", user_id="shop",
        filters={"memory_types": ["experience"]},
    )
    assert switch.id in [r.id for r in general.results]


def test_a_wrong_endpoint_is_avoided_but_a_timeout_never_counts_against_the_right_one(
    memory: Memory,
) -> None:
    timed_out = memory.submit_trajectory(
        api_refund([{**RIGHT, "success": False, "error": READ_TIMEOUT}], "failure", 0)
    )
    assert [s.label for s in timed_out.review.steps] == ["environment"]
    assert timed_out.experience_ids == () and memory.experiences("shop") == []

    memory.submit_trajectory(
        api_refund(
            [
                {**WRONG, "success": False, "error": WRONG_ENDPOINT},
                {**RIGHT, "success": True, "result": "201 Created: refund R-88"},
            ],
            "success",
            10,
        )
    )
    task = "refund order C42 for the customer"
    assert recall(memory, task, task_type="refund order via API", agent_id="api-agent") == [
        ("use", "POST /v1/orders/{id}/refund"),
        ("avoid", "POST /v1/refund"),
    ]
    [avoid] = [e for e in memory.experiences("shop") if e.label == "avoid"]
    assert avoid.content == f"failed: {WRONG_ENDPOINT}"

    # Another timeout on the right endpoint later: still not held against it.
    later = memory.submit_trajectory(
        api_refund([{**RIGHT, "success": False, "error": READ_TIMEOUT}], "failure", 20)
    )
    assert later.weakened_ids == ()
    [use] = [e for e in memory.experiences("shop") if e.label == "use"]
    assert use.confidence == 0.5


def test_effective_paths_rank_above_falsified_ones_even_when_less_similar(
    memory: Memory,
) -> None:
    memory.submit_trajectory(
        api_refund(
            [
                {**WRONG, "success": False, "error": WRONG_ENDPOINT,
                 "purpose": "refund order A1234 for the customer"},
                {**RIGHT, "success": True, "purpose": "create the refund record"},
            ],
            "success",
            0,
        )
    )
    hits = memory.recall_experience(
        "refund order A1234 for the customer", user_id="shop", task_type="refund order via API"
    ).results
    assert [h.experience.label for h in hits] == ["use", "avoid"]
    assert hits[1].why.similarity > hits[0].why.similarity


def test_experience_is_the_agents_own_unless_others_are_asked_for(memory: Memory) -> None:
    memory.submit_trajectory(
        api_refund([{**RIGHT, "success": True}], "success", 0, agent_id="api-agent")
    )
    memory.submit_trajectory(
        api_refund(
            [{**WRONG, "success": False, "error": WRONG_ENDPOINT}], "failure", 5,
            agent_id="other-agent",
        )
    )
    memory.submit_trajectory(
        api_refund(
            [{**WRONG, "success": True}], "success", 6, environment="production",
        )
    )
    task, kind = "refund order C42", "refund order via API"
    mine = recall(memory, task, task_type=kind, agent_id="api-agent", environment="staging")
    assert mine == [("use", "POST /v1/orders/{id}/refund")]
    everyone = recall(
        memory, task, task_type=kind, agent_id="api-agent", environment="staging",
        include_other_agents=True,
    )
    assert everyone == [("use", "POST /v1/orders/{id}/refund"), ("avoid", "POST /v1/refund")]
    anywhere = recall(
        memory, task, task_type=kind, agent_id="api-agent", environment="staging",
        include_other_environments=True,
    )
    assert sorted(anywhere) == [("use", "POST /v1/orders/{id}/refund"), ("use", "POST /v1/refund")]


def test_a_refund_flow_repeated_reinforces_and_a_contradiction_weakens(memory: Memory) -> None:
    def flow(minutes: int, method: str, ok: bool) -> dict[str, Any]:
        return {
            "user_id": "shop", "agent_id": "support-bot", "environment": "helpdesk",
            "task_type": "refund flow", "goal": "refund the customer's damaged blender",
            "timestamp": T0 + timedelta(minutes=minutes),
            "outcome": "success" if ok else "failure",
            "steps": [
                {"action": "lookup_order", "parameters": {"id": "A1234"}, "success": True},
                {"action": "lookup_order", "parameters": {"id": "A1234"}, "success": True},
                {"action": "send_email", "parameters": {"template": "refund"}, "success": False,
                 "error": "SMTP 421 4.7.0 Too many requests, try again later (rate limit)"},
                {"action": "issue_refund", "parameters": {"method": method}, "success": ok,
                 **({} if ok else {"error": "PolicyError: card payments are refunded to the "
                                            "original card only"})},
            ],
        }

    first = memory.submit_trajectory(flow(0, "original_card", True))
    assert [s.label for s in first.review.steps] == [
        "effective", "redundant", "environment", "effective",
    ]
    again = memory.submit_trajectory(flow(10, "original_card", True))
    assert sorted(again.reinforced_ids) == sorted(first.experience_ids)
    refund = next(e for e in memory.experiences("shop") if "issue_refund" in (e.approach or ""))
    assert refund.evidence_count == 2 and refund.confidence == 0.5
    assert memory.submit_trajectory(flow(10, "original_card", True)).created is False

    # The same approach failing later lowers what was learned, and is stored to avoid.
    failed = memory.submit_trajectory(flow(20, "original_card", False))
    assert failed.weakened_ids == (refund.id,)
    labels = {
        (e.label, e.confidence) for e in memory.experiences("shop")
        if "issue_refund" in (e.approach or "")
    }
    assert labels == {("use", 0.3), ("avoid", 0.5)}


def test_feedback_moves_confidence_and_a_wrong_experience_is_demoted_fast(memory: Memory) -> None:
    result = memory.submit_trajectory(
        api_refund([{**RIGHT, "success": True}], "success", 0)
    )
    [exp_id] = result.experience_ids
    confidences = [memory.experience_feedback(exp_id, True).confidence for _ in range(6)]
    assert confidences == [0.6, 0.7, 0.8, 0.9, 1.0, 1.0]
    demoted = [memory.experience_feedback(exp_id, False) for _ in range(4)]
    assert [e.confidence for e in demoted] == [0.8, 0.4, 0.2, 0.1]
    assert demoted[-1].needs_confirmation
    # Below 0.2: in the prune queue, and no longer recalled.
    queue = memory.prune(user_id="shop", dry_run=True)
    assert (exp_id, "low_confidence") in [(c.fact_id, c.rule) for c in queue.candidates]
    assert recall(memory, "refund order C42", task_type="refund order via API") == []
    # Useful again clears the doubt: the next negative is an ordinary -0.2.
    assert memory.experience_feedback(exp_id, True).needs_confirmation is False


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"steps": []}, "steps"),
        ({"colour": "red"}, "colour"),
        ({"outcome": "meh"}, "outcome"),
        ({"user_id": "bad id!"}, "user_id"),
        ({"task_type": "  "}, "task_type"),
        ({"steps": [{"action": "x", "success": False, "error": "E" * 20_001}]}, "error"),
        ({"steps": [{"action": "x", "success": True, "why": "?"}]}, "why"),
        ({"steps": [{"action": "x", "success": False, "error": "bad \x00 byte"}]}, r"U\+0000"),
        ({"steps": [{"action": "x", "success": True, "parameters": {"q": "y" * 300}}]}, "approach"),
    ],
)
def test_bad_trajectories_are_refused_before_anything_is_written(
    memory: Memory, change: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidInputError, match=message):
        memory.submit_trajectory(iframe_form(**change))
    assert memory.store.count("Episode") == 0 and memory.store.count("Fact") == 0


def test_feedback_on_an_ordinary_fact_is_not_experience_feedback(memory: Memory) -> None:
    [fact_id] = memory.write("I'm allergic to peanuts.", user_id="shop", speaker="Emi").fact_ids
    with pytest.raises(InvalidInputError, match="not an experience"):
        memory.experience_feedback(fact_id, False)
    with pytest.raises(InvalidInputError, match="top_k"):
        memory.recall_experience("x", user_id="shop", top_k=0)


def test_an_experience_changes_only_in_priority_and_expiry(memory: Memory) -> None:
    result = memory.submit_trajectory(api_refund([{**RIGHT, "success": True}], "success", 0))
    [exp_id] = result.experience_ids
    with pytest.raises(InvalidInputError, match="follows its trajectories"):
        memory.update(exp_id, object_name="another task type")
    with pytest.raises(InvalidInputError, match="follows its trajectories"):
        memory.update(exp_id, memory_type="fact")
    updated = memory.update(exp_id, priority=8)
    assert (updated.id, updated.priority, updated.memory_type) == (exp_id, 8, "experience")

"""Time grounding (graph_memory/extract/when.py): relative expressions resolved against the
message's timestamp, deterministically (the expected dates are worked out by hand)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graph_memory.extract.when import GroundedTime, find_times, ground, occurred
from graph_memory.models import EntityRef, ExtractedFact, Triple

# Tuesday 2 January 2024, 15:00 UTC.
SAID = datetime(2024, 1, 2, 15, 0, tzinfo=UTC)


def label(text: str, said: datetime = SAID) -> str | None:
    found = ground(text, said)
    return None if found is None else found.label()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I finished my thesis yesterday.", "2024-01-01"),
        ("We had dinner last night.", "2024-01-01"),
        ("I saw her the day before yesterday.", "2023-12-31"),
        ("I'm flying tomorrow.", "2024-01-03"),
        ("the day after tomorrow", "2024-01-04"),
        ("I went running this morning.", "2024-01-02"),
        ("I went to Miami last week.", "week of 2023-12-25"),
        ("This week is busy.", "week of 2024-01-01"),
        ("next week", "week of 2024-01-08"),
        ("I moved last month.", "2023-12"),
        ("next month", "2024-02"),
        ("last year", "2023"),
        ("next year", "2025"),
        ("last weekend", "weekend of 2023-12-30"),
        ("this weekend", "weekend of 2024-01-06"),
        ("I ran a marathon two years ago.", "2022"),
        ("three days ago", "2023-12-30"),
        ("a week ago", "week of 2023-12-25"),
        ("a couple of months ago", "2023-11"),
        ("12 days ago", "2023-12-21"),
        ("in two weeks", "week of 2024-01-15"),
        ("in 3 days", "2024-01-05"),
        ("due the 15th of next month", "2024-02-15"),
        ("the 3rd of last month", "2023-12-03"),
        ("on the 15th", "2024-01-15"),
        ("on 2023-12-28", "2023-12-28"),
        ("on May 5th, 2023", "2023-05-05"),
        ("on 12 May 2021", "2021-05-12"),
        ("the 12th of March", "2023-03-12"),
        ("December 28", "2023-12-28"),
        ("in May", "2023-05"),
        ("last May", "2023-05"),
        ("next May", "2024-05"),
        ("in March 2020", "2020-03"),
        ("in 2019", "2019"),
        ("since 2015", "2015"),
        ("last Friday", "2023-12-29"),
        ("next Monday", "2024-01-08"),
        ("this Thursday", "2024-01-04"),
        ("I saw her on Friday", "2023-12-29"),
        ("last Tuesday", "2023-12-26"),
    ],
)
def test_expressions_ground_on_the_message_time(text: str, expected: str) -> None:
    assert label(text) == expected


def test_a_bare_weekday_looks_forward_when_the_sentence_speaks_of_the_future() -> None:
    assert label("I will see her on Friday") == "2024-01-05"
    assert label("I'm going to call him on Monday") == "2024-01-08"
    assert label("I called him on Monday") == "2024-01-01"


def test_a_date_without_a_year_looks_forward_for_plans() -> None:
    assert label("I'm going to visit on March 3") == "2024-03-03"
    assert label("I visited on March 3") == "2023-03-03"


@pytest.mark.parametrize(
    "text",
    [
        "I love sushi.",
        "This may be wrong.",  # the verb, not the month
        "I go swimming on Mondays.",  # a habit, not a day
        "My order number is ORD-20240512-8891.",
        "I have 2019 reasons",
        "the 31st of next month",  # 31 February does not exist
        "I'll do it in a few days",  # vague: no period
    ],
)
def test_no_time_is_made_up(text: str) -> None:
    assert ground(text, SAID) is None


def test_times_keep_the_message_timezone() -> None:
    tokyo = timezone(timedelta(hours=9))
    said = datetime(2024, 1, 2, 1, 0, tzinfo=tokyo)  # still 1 January in UTC
    found = ground("yesterday", said)
    assert found is not None and found.start == datetime(2024, 1, 1, tzinfo=tokyo)
    naive = ground("yesterday", datetime(2024, 1, 2, 9, 0))
    assert naive is not None and naive.start == datetime(2024, 1, 1, tzinfo=UTC)


def test_periods_outside_the_supported_years_ground_to_nothing() -> None:
    assert ground("next year", datetime(2200, 6, 1, tzinfo=UTC)) is None
    assert ground("two years ago", datetime(1901, 6, 1, tzinfo=UTC)) is None
    assert ground("in 1850", SAID) is None


def test_every_expression_of_a_text_is_found_in_order_without_overlaps() -> None:
    found = find_times("Yesterday I booked it for the 15th of next month, not next week.", SAID)
    assert [(g.text, g.label()) for g in found] == [
        ("Yesterday", "2024-01-01"),
        ("the 15th of next month", "2024-02-15"),
        ("next week", "week of 2024-01-08"),
    ]


def test_the_statements_own_clause_wins_over_its_sentence() -> None:
    text = "Last year I lived in Ohio and I went to Miami last week"
    clause = text.index("I went")
    found = ground(text, SAID, (clause, len(text)))
    assert found is not None and found.text == "last week"
    assert ground(text, SAID) == GroundedTime(
        datetime(2023, 1, 1, tzinfo=UTC), "year", "Last year", (0, 9)
    )


def test_grounding_is_deterministic_and_reads_no_clock() -> None:
    assert find_times("yesterday and last week", SAID) == find_times(
        "yesterday and last week", SAID
    )
    assert label("yesterday", SAID + timedelta(days=400)) == "2025-02-04"  # said 2025-02-05


def statement(text: str, clause: str, **extra: object) -> ExtractedFact:
    start = text.index(clause)
    return ExtractedFact.model_validate(
        {
            "triple": Triple(
                subject=EntityRef(name="Emi", type="Person"),
                predicate="VISITED",
                object=EntityRef(name="Miami", type="Place"),
            ),
            "span": (start, start + len(clause)),
            "extractor": "test",
            "confidence": 0.8,
            **extra,
        }
    )


def test_a_statement_is_grounded_within_its_own_sentence() -> None:
    text = "I was in Ohio last year. I went to Miami last week!"
    found = occurred(text, statement(text, "I went to Miami"), SAID)
    assert found is not None and found.label() == "week of 2023-12-25"
    other = "I was in Ohio last year. I went to Miami."
    assert occurred(other, statement(other, "I went to Miami"), SAID) is None


def test_the_extractors_own_time_wins_and_caller_triples_get_none() -> None:
    when = datetime(2023, 12, 28, tzinfo=UTC)
    text = "I went to Miami last week"
    given = statement(text, "I went", when=when, when_text="on the 28th")
    found = occurred(text, given, SAID)
    assert found is not None and (found.start, found.text) == (when, "on the 28th")
    caller = statement(text, "I went").model_copy(update={"span": (0, 0)})
    assert occurred(text, caller, SAID) is None

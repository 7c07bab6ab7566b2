"""Time grounding: the time a statement is about, resolved against the message's timestamp.

Pure and deterministic: `find_times(text, said_at)` returns every time expression of `text`
with the period it names, computed from `said_at` alone (never the clock). Supported, case
insensitive:

- today, tonight, this morning / afternoon / evening, earlier today: the message's day.
- yesterday, last night, the day before yesterday, tomorrow, the day after tomorrow: that day.
- last / this / next week, month, year, weekend: Monday of that week (granularity week), the
  1st (month), 1 January (year), its Saturday (weekend).
- last / this / next / coming Monday ... Sunday: that day; last = the latest one before
  today, next / coming = the first one after today, this = the one of the current week.
- on Monday (a bare weekday): the latest one before today, or the first one after today when
  the sentence speaks of the future (will, 'll, going to, gonna, plan, want, hope, tomorrow).
  "on Mondays" (a habit) is no time.
- N days / weeks / months / years ago (digits, "two", "a", "a couple of"), in N days / ...:
  that day / week / month, back or forward; N years: that day, shown as its year ("2022").
- the 15th of next / this / last month: that day; "on the 15th" alone: of the message's month.
- 2024-05-12, May 12, May 12th 2024, 12 May 2024, the 12th of May: that day; without a year,
  the latest such day on or before the message (the next one when the sentence speaks of the
  future).
- in / last / next May (with or without a year): that month, by the same year rule ("may" in
  lower case is the verb, never the month).
- in / since / during / back in 2019 (years 1900-2200): that year.

The message's timezone is kept (a naive timestamp is UTC). A period outside the years
1900-2200 or a day that does not exist (the 31st of next month in April) grounds to nothing.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

from graph_memory.extract.cues import sentence_of
from graph_memory.models import ExtractedFact

Granularity = Literal["day", "week", "weekend", "month", "year"]
# Memory types whose facts happen at their time; the others hold from it on.
AT_A_TIME = ("event", "todo")
MIN_YEAR = 1900
MAX_YEAR = 2200

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_DayMaker = Callable[[int], "date | None"]
_MONTH_ABBR = {m[:3]: i + 1 for i, m in enumerate(_MONTHS)} | {"sept": 9}
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "a couple of": 2, "a couple": 2, "couple of": 2, "two": 2,
    "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
    "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
}  # fmt: skip
_UNITS = {"day": "day", "week": "week", "month": "month", "year": "year"}
_FUTURE = re.compile(
    r"\b(will|won't|shall|going to|gonna|plan(?:ning|s)? to|want(?:s)? to|hop(?:e|ing) to|"
    r"tomorrow|upcoming|coming up)\b|'ll\b",
    re.IGNORECASE,
)

_NUM = (
    r"(?P<n>\d{1,3}|a couple of|a couple|couple of|an?|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
_UNIT = r"(?P<unit>day|week|month|year)s?"
_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
_MONTH = (
    r"(?P<month>january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\.?"
)
_ORD = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>(?:19|20|21|22)\d\d)"


@dataclass(frozen=True)
class GroundedTime:
    """A period named by a time expression: it starts at `start` and spans one granularity."""

    start: datetime
    granularity: Granularity
    text: str
    span: tuple[int, int]

    def in_text(self, memory_type: str) -> str:
        """How a fact's text shows it: "(2023-12-28)" for what happens at a time (events,
        goals and deadlines), "(since 2025)" for a state that began then ("I moved to
        Lisbon last year")."""
        return f"({self.label()})" if memory_type in AT_A_TIME else f"(since {self.label()})"

    def label(self) -> str:
        """The period as shown in a fact's text: 2023-12-28, week of 2023-12-18, 2023-12, 2023."""
        day = self.start.date()
        if self.granularity == "day":
            return day.isoformat()
        if self.granularity == "week":
            return f"week of {day.isoformat()}"
        if self.granularity == "weekend":
            return f"weekend of {day.isoformat()}"
        if self.granularity == "month":
            return f"{day.year:04d}-{day.month:02d}"
        return f"{day.year:04d}"


def _number(word: str) -> int:
    word = word.lower()
    return int(word) if word.isdigit() else _NUMBERS[word]


def _month_number(word: str) -> int:
    word = word.lower().rstrip(".")
    if word in _MONTHS:
        return _MONTHS.index(word) + 1
    return _MONTH_ABBR[word[:4] if word.startswith("sept") else word[:3]]


def add_months(day: date, months: int) -> date:
    total = day.year * 12 + (day.month - 1) + months
    year, month = divmod(total, 12)
    return date(year, month + 1, 1)


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def valid_day(year: int, month: int, day: int) -> date | None:
    if not MIN_YEAR <= year <= MAX_YEAR or not 1 <= month <= 12:
        return None
    if not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    return date(year, month, day)


class _Grounder:
    """Resolves one text's expressions against one message day."""

    def __init__(self, text: str, said_at: datetime) -> None:
        self.text = text
        self.tz = said_at.tzinfo or UTC
        self.today = (said_at if said_at.tzinfo else said_at.replace(tzinfo=UTC)).date()
        self.future = _FUTURE.search(text) is not None

    def at(
        self, day: date | None, granularity: Granularity, m: re.Match[str]
    ) -> GroundedTime | None:
        if day is None or not MIN_YEAR <= day.year <= MAX_YEAR:
            return None
        start = datetime(day.year, day.month, day.day, tzinfo=self.tz)
        return GroundedTime(start, granularity, m.group(0), (m.start(), m.end()))

    # --- one handler per expression family ----------------------------------------------
    def relative_day(self, m: re.Match[str]) -> GroundedTime | None:
        word = m.group(0).lower()
        if "before yesterday" in word:
            offset = -2
        elif "after tomorrow" in word:
            offset = 2
        elif "yesterday" in word or "last night" in word:
            offset = -1
        elif "tomorrow" in word:
            offset = 1
        else:
            offset = 0
        return self.at(self.today + timedelta(days=offset), "day", m)

    def relative_period(self, m: re.Match[str]) -> GroundedTime | None:
        which = {"last": -1, "past": -1, "previous": -1, "this": 0, "next": 1, "coming": 1}[
            m.group("which").lower()
        ]
        unit = m.group("period").lower()
        if unit == "week":
            return self.at(_monday(self.today) + timedelta(weeks=which), "week", m)
        if unit == "weekend":
            saturday = _monday(self.today) + timedelta(days=5)
            return self.at(saturday + timedelta(weeks=which), "weekend", m)
        if unit == "month":
            return self.at(add_months(self.today.replace(day=1), which), "month", m)
        return self.at(date(self.today.year + which, 1, 1), "year", m)

    def weekday(self, m: re.Match[str]) -> GroundedTime | None:
        target = _WEEKDAYS.index(m.group("wd").lower())
        which = (m.group("which") or "").lower()
        if which == "this":
            return self.at(_monday(self.today) + timedelta(days=target), "day", m)
        forward = which in ("next", "coming") or (not which and self.future)
        if forward:
            ahead = (target - self.today.weekday()) % 7 or 7
            return self.at(self.today + timedelta(days=ahead), "day", m)
        back = (self.today.weekday() - target) % 7 or 7
        return self.at(self.today - timedelta(days=back), "day", m)

    def shifted(self, m: re.Match[str]) -> GroundedTime | None:
        n = _number(m.group("n"))
        sign = -1 if m.group(0).lower().endswith("ago") else 1
        unit = _UNITS[m.group("unit").lower()]
        if unit == "day":
            return self.at(self.today + timedelta(days=sign * n), "day", m)
        if unit == "week":
            return self.at(_monday(self.today + timedelta(weeks=sign * n)), "week", m)
        if unit == "month":
            return self.at(add_months(self.today.replace(day=1), sign * n), "month", m)
        # "two years ago" is that day (the data's guideline), shown as its year: "(2022)".
        year = self.today.year + sign * n
        if not MIN_YEAR <= year <= MAX_YEAR:
            return None
        day = valid_day(year, self.today.month, self.today.day) or date(year, 2, 28)
        return self.at(day, "year", m)

    def day_of_month(self, m: re.Match[str]) -> GroundedTime | None:
        which = (m.group("which") or "this").lower()
        offset = {"last": -1, "previous": -1, "this": 0, "next": 1, "coming": 1}[which]
        first = add_months(self.today.replace(day=1), offset)
        return self.at(valid_day(first.year, first.month, int(m.group("day"))), "day", m)

    def calendar_date(self, m: re.Match[str]) -> GroundedTime | None:
        groups = m.groupdict()
        if groups.get("iso"):
            year, month, day = (int(x) for x in groups["iso"].split("-"))
            return self.at(valid_day(year, month, day), "day", m)
        month = _month_number(groups["month"])
        day = int(groups["day"])
        if groups.get("year"):
            return self.at(valid_day(int(groups["year"]), month, day), "day", m)
        return self.at(self._nearest(lambda y: valid_day(y, month, day)), "day", m)

    def month_name(self, m: re.Match[str]) -> GroundedTime | None:
        month = _month_number(m.group("month"))
        which = m.group("which").lower()
        if m.group("year"):
            return self.at(valid_day(int(m.group("year")), month, 1), "month", m)
        if which == "last":
            year = self.today.year - (1 if month >= self.today.month else 0)
        elif which == "next":
            year = self.today.year + (1 if month <= self.today.month else 0)
        else:
            found = self._nearest(lambda y: valid_day(y, month, 1), month_only=True)
            return self.at(found, "month", m)
        return self.at(valid_day(year, month, 1), "month", m)

    def year(self, m: re.Match[str]) -> GroundedTime | None:
        return self.at(valid_day(int(m.group("year")), 1, 1), "year", m)

    def _nearest(self, make: _DayMaker, *, month_only: bool = False) -> date | None:
        """The latest such day on or before the message day (its month, for a month), or the
        first one after it when the sentence speaks of the future."""
        this_year = make(self.today.year)
        if this_year is None:
            return make(self.today.year + (1 if self.future else -1))
        reference = self.today.replace(day=1) if month_only else self.today
        if self.future:
            return this_year if this_year >= reference else make(self.today.year + 1)
        return this_year if this_year <= reference else make(self.today.year - 1)


_Handler = str  # the name of a _Grounder method
_RULES: tuple[tuple[re.Pattern[str], _Handler], ...] = tuple(
    (re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE), handler)
    for pattern, handler in (
        (r"(?:the )?day (?:before yesterday|after tomorrow)", "relative_day"),
        (
            r"yesterday|last night|tomorrow|today|tonight|this (?:morning|afternoon|evening)"
            r"|earlier today",
            "relative_day",
        ),
        (
            r"the " + _ORD + r" of (?:(?P<which>last|previous|this|next|coming) month)",
            "day_of_month",
        ),
        (r"(?P<iso>(?:19|20|21|22)\d\d-[01]\d-[0-3]\d)", "calendar_date"),
        (_MONTH + r" " + _ORD + r"(?:,? " + _YEAR + r")?", "calendar_date"),
        (r"(?:the )?" + _ORD + r" (?:of )?" + _MONTH + r"(?:,? " + _YEAR + r")?", "calendar_date"),
        (
            r"(?P<which>in|last|next|this|since|of|during|back in) "
            + _MONTH
            + r"(?: "
            + _YEAR
            + r")?",
            "month_name",
        ),
        (
            r"(?P<which>last|past|previous|this|next|coming) (?P<period>weekend|week|month|year)",
            "relative_period",
        ),
        (r"(?:(?P<which>last|this|next|coming) |on )" + _WD, "weekday"),
        (_NUM + r" " + _UNIT + r" ago", "shifted"),
        (r"in " + _NUM + r" " + _UNIT, "shifted"),
        (r"(?:in|since|of|during|back in) " + _YEAR, "year"),
        (r"on the " + _ORD + r"(?P<which>)", "day_of_month"),
    )
)


def find_times(text: str, said_at: datetime) -> list[GroundedTime]:
    """Every grounded time expression of `text`, in text order, without overlaps (at one
    position the rule listed first in the table wins, then the longest match)."""
    grounder = _Grounder(text, said_at)
    found: list[GroundedTime] = []
    # An expression that names no valid period ("the 31st of next month" in January) still
    # claims its words: no shorter expression inside it ("next month") is grounded instead.
    claimed: list[tuple[int, int]] = []
    for pattern, handler in _RULES:
        for m in pattern.finditer(text):
            if any(m.start() < end and start < m.end() for start, end in claimed):
                continue
            if (m.groupdict().get("month") or "") == "may":
                continue  # the modal verb ("this may be"), not the month
            claimed.append((m.start(), m.end()))
            grounded: GroundedTime | None = getattr(grounder, handler)(m)
            if grounded is not None:
                found.append(grounded)
    return sorted(found, key=lambda g: g.span)


def ground(
    text: str, said_at: datetime, span: tuple[int, int] | None = None
) -> GroundedTime | None:
    """The time a statement is about: the first expression inside `span` (the statement's
    clause), else the first in `text` (its sentence); None when there is none."""
    times = find_times(text, said_at)
    if span is not None:
        inside = [g for g in times if span[0] <= g.span[0] and g.span[1] <= span[1]]
        if inside:
            return inside[0]
    return times[0] if times else None


def occurred(text: str, statement: ExtractedFact, said_at: datetime) -> GroundedTime | None:
    """The time an extracted statement of `text` is about: the extractor's `when` if it set
    one, else the first expression of its clause, else of its sentence; none for a statement
    without a span (given as a triple by the caller)."""
    if statement.when is not None:
        label = statement.when_text or statement.when.date().isoformat()
        return GroundedTime(statement.when, "day", label, statement.span)
    if statement.span[1] <= statement.span[0]:
        return None
    start, end = sentence_of(text, statement.span)
    span = (statement.span[0] - start, statement.span[1] - start)
    return ground(text[start:end], said_at, span)

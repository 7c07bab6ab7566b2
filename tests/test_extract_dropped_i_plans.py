"""Plans told with chat's "I" dropped are the speaker's (issue 11, plans): a wish or plan verb
opening its sentence with no subject, as a present participle ("Hoping to ...", "thinking of
...", "Looking forward to ...") or under "would" / "can't" ("Can't wait to ..."), cannot be an
imperative. Kept out: questions, plans hedged before the verb ("Maybe ..."), the dropped "I'm
going to" of chat's errands, chat moves, and imperatives ("Try to ...")."""

from __future__ import annotations

import pytest
from conftest import Row, fact_rows

from graph_memory.extract.rules import RuleExtractor


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hoping to get into law school this fall.",
         ("Emi", "HAS_GOAL", "get into law school", None)),
        ("Yeah, thinking of adopting a rescue dog soon.",
         ("Emi", "HAS_GOAL", "adopt a rescue dog", None)),
        ("Really looking forward to visiting my cousins in Lisbon.",
         ("Emi", "HAS_GOAL", "visit Emi's cousins in Lisbon", None)),
        ("Can't wait to start my new job at the bakery!",
         ("Emi", "HAS_GOAL", "start Emi's new job at the bakery", None)),
    ],
)  # fmt: skip
def test_a_plan_with_its_i_dropped_is_the_speakers(
    extractor: RuleExtractor, text: str, expected: Row
) -> None:
    assert expected in fact_rows(extractor, text)


@pytest.mark.parametrize(
    "text",
    [
        "Hoping to get into law school this fall?",
        "Maybe thinking of adopting a rescue dog.",
        "Going to run to the mall and grab a new phone case!",
        "Gonna make a grocery list right now.",
        "Can't wait to see you!",
        "Would love to hear more about it!",
        "Try to visit Lisbon if you can.",
        "Thinking about it.",
    ],
)
def test_dropped_i_clauses_that_state_no_plan_stay_empty(
    extractor: RuleExtractor, text: str
) -> None:
    assert [row for row in fact_rows(extractor, text) if row[1] == "HAS_GOAL"] == []

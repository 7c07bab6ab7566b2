"""Facts from Chinese messages: the ontology's Chinese patterns (ontology/default.zh.yaml), the
dispatcher that routes by language, and the same conflict policy acting on Chinese negation
and change cues. Real spaCy for the English side, real engine for the writes."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.extract.chinese import ByLanguage, ChineseExtractor, ground_day
from graph_memory.memory import Memory
from graph_memory.models import ExtractionInput
from graph_memory.ontology import Ontology, load_ontology

NOW = datetime(2024, 5, 12, 10, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def chinese(ontology: Ontology) -> ChineseExtractor:
    return ChineseExtractor(ontology)


def _triples(extractor: ChineseExtractor, text: str) -> list[tuple[object, ...]]:
    [found] = extractor.extract([ExtractionInput(text=text, speaker="Li", timestamp=NOW)])
    return [
        (f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.negated, f.cue)
        for f in found.facts
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我对花生过敏。", [("Li", "ALLERGIC_TO", "花生", False, None)]),
        ("我不吃辣。", [("Li", "AVOIDS", "辣", False, None)]),
        ("我吃素。", [("Li", "HAS_DIET", "素食", False, None)]),
        ("用户偏好方案 A", [("Li", "PREFERS", "方案 A", False, None)]),
        ("我不喜欢香菜", [("Li", "AVOIDS", "香菜", False, None)]),
        ("方案 A 依赖组件 X", [("方案 A", "DEPENDS_ON", "组件 X", False, None)]),
        ("我的订单号是 ORD-20240512-8891", [("Li", "HAS_ORDER", "ORD-20240512-8891", False, None)]),
        ("我住在上海浦东", [("Li", "LIVES_IN", "上海浦东", False, None)]),
        ("我在腾讯工作", [("Li", "WORKS_AT", "腾讯", False, None)]),
        ("我想学日语", [("Li", "HAS_GOAL", "学日语", False, None)]),
        # An unnamed relative is the subject of their own facts, not the speaker, and a
        # relative of the speaker.
        (
            "我妹妹住在北京",
            [
                ("Li's 妹妹", "LIVES_IN", "北京", False, None),
                ("Li", "HAS_RELATIVE", "妹妹", False, None),
            ],
        ),
        ("其实我现在住在杭州", [("Li", "LIVES_IN", "杭州", False, "其实")]),
        ("我不再吃素了", [("Li", "HAS_DIET", "素食", True, "不再")]),
        (
            "以前我住在北京，现在住在上海",
            [
                ("Li", "LIVES_IN", "北京", False, None),
                ("Li", "LIVES_IN", "上海", False, "以前…现在"),
            ],
        ),
    ],
)
def test_chinese_patterns_extract_the_issue_examples(
    chinese: ChineseExtractor, text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _triples(chinese, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "小林住在深圳",  # a third person without a name pattern: nothing rather than a guess
        "我朋友小林住在深圳，他喜欢猫",  # 他 likes cats, not the speaker
        "今天天气不错",
        "你喜欢吃什么？",  # a question
        "如果我有钱，我就买一艘游艇。",  # a hypothetical
        "我妈妈觉得我应该当医生。",  # someone else's view
        "听说上海的房价很高。",
        "我快饿死了。",  # exaggeration
        "他对花生过敏。",  # an unnamed third person
    ],
)
def test_no_fact_is_guessed_for_someone_else(chinese: ChineseExtractor, text: str) -> None:
    assert not [t for t in _triples(chinese, text) if t[0] == "Li" and t[1] == "PREFERS"]
    if text != "我朋友小林住在深圳，他喜欢猫":
        assert _triples(chinese, text) == []


def test_relative_names_and_deadlines(chinese: ChineseExtractor) -> None:
    [found] = chinese.extract(
        [
            ExtractionInput(
                text="我妹妹叫李娜。我的项目截止日期是下个月15号。", speaker="Li", timestamp=NOW
            )
        ]
    )
    relative, deadline = found.facts
    assert (relative.triple.predicate, relative.triple.key, relative.triple.object.name) == (
        "HAS_RELATIVE",
        "妹妹",
        "李娜",
    )
    assert (deadline.triple.subject.name, deadline.triple.object.name) == ("项目", "下个月15号")
    assert deadline.when == datetime(2024, 6, 15, tzinfo=UTC)
    assert ground_day("12月3号", NOW) == datetime(2024, 12, 3, tzinfo=UTC)
    assert ground_day("明天", NOW) == datetime(2024, 5, 13, tzinfo=UTC)


def test_the_dispatcher_routes_by_language(extractor: Extractor, ontology: Ontology) -> None:
    both = ByLanguage(extractor, ChineseExtractor(ontology))
    english, chinese_text = both.extract(
        [
            ExtractionInput(text="I'm allergic to peanuts.", speaker="Emi"),
            ExtractionInput(text="我对虾过敏。", speaker="Li"),
        ]
    )
    assert [(f.triple.predicate, f.triple.object.name, f.extractor) for f in english.facts] == [
        ("ALLERGIC_TO", "peanut", extractor.name)
    ]
    assert [
        (f.triple.predicate, f.triple.object.name, f.extractor) for f in chinese_text.facts
    ] == [("ALLERGIC_TO", "虾", "chinese-rules")]


@pytest.fixture()
def memory_zh(
    tmp_path: Path,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
    ontology: Ontology,
) -> Iterator[Memory]:
    both = ByLanguage(extractor, ChineseExtractor(ontology))
    with Memory.open(
        Settings(data_dir=tmp_path / "data"), embedder=embedder, extractor=both
    ) as memory:
        yield memory


def test_a_chinese_allergy_is_a_standing_constraint(memory_zh: Memory) -> None:
    memory_zh.write("我对花生过敏。", user_id="li", speaker="Li", timestamp=NOW)
    response = memory_zh.recall("周末去哪里吃饭好？", user_id="li")
    assert [c.text for c in response.constraints] == ["Li is allergic to 花生"]


def test_a_chinese_change_of_mind_supersedes_the_old_fact(memory_zh: Memory) -> None:
    memory_zh.write("我住在北京。", user_id="li", speaker="Li", timestamp=NOW)
    memory_zh.write(
        "其实我现在住在上海了。", user_id="li", speaker="Li", timestamp=NOW.replace(day=20)
    )
    lives = memory_zh.facts("li", statuses=None, predicate="LIVES_IN")
    by_place = {f.object_name: f.status for f in lives}
    assert by_place == {"北京": "superseded", "上海": "current"}


def test_the_chinese_patterns_are_part_of_the_default_ontology() -> None:
    patterns = load_ontology().chinese_patterns
    assert {p.relation for p in patterns} >= {
        "ALLERGIC_TO",
        "HAS_DIET",
        "AVOIDS",
        "PREFERS",
        "LIVES_IN",
        "WORKS_AT",
        "HAS_ORDER",
        "HAS_DEADLINE",
        "DEPENDS_ON",
        "HAS_RELATIVE",
        "HAS_GOAL",
    }

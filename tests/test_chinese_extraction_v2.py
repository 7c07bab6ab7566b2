"""Chinese extraction of the v2 vocabulary (ontology/default.zh.yaml, extract/chinese.py and
extract/chinese_subjects.py): identity, origin, possessions, pets, hobbies, health, study,
events with their day, opinions, attributes; whom a clause is about; negation inside the
pattern; one fact per coordinated object. Pure rules: no models needed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph_memory.extract.chinese import ChineseExtractor, ground_day, past_day
from graph_memory.models import ExtractedFact, ExtractionInput
from graph_memory.ontology import Ontology

NOW = datetime(2024, 5, 12, 10, 0, tzinfo=UTC)  # a Sunday


@pytest.fixture(scope="module")
def chinese(ontology: Ontology) -> ChineseExtractor:
    return ChineseExtractor(ontology)


def _facts(extractor: ChineseExtractor, text: str) -> list[ExtractedFact]:
    [found] = extractor.extract([ExtractionInput(text=text, speaker="Li", timestamp=NOW)])
    return list(found.facts)


def _triples(extractor: ChineseExtractor, text: str) -> list[tuple[object, ...]]:
    return [(f.triple.subject.name, f.triple.predicate, f.triple.object.name, f.triple.key,
             f.negated) for f in _facts(extractor, text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我是一名护士。", [("Li", "IS_A", "护士", None, False)]),
        ("我来自广州。", [("Li", "FROM", "广州", None, False)]),
        ("我在曼哈顿长大。", [("Li", "FROM", "曼哈顿", None, False)]),
        # "是…人" is where one is from, not what one is.
        ("我是四川人。", [("Li", "FROM", "四川", None, False)]),
        ("我是素食者。", [("Li", "HAS_DIET", "素食", None, False)]),
        ("我有一辆特斯拉。", [("Li", "OWNS", "特斯拉", None, False)]),
        ("我的狗叫旺财。", [("Li", "HAS_PET", "旺财", "狗", False)]),
        ("我养了一只猫，叫咪咪。", [("Li", "HAS_PET", "咪咪", "猫", False)]),
        ("我的爱好是下围棋。", [("Li", "HAS_HOBBY", "下围棋", None, False)]),
        ("我周末经常去爬山。", [("Li", "HAS_HOBBY", "爬山", None, False)]),
        ("我有哮喘。", [("Li", "HAS_CONDITION", "哮喘", None, False)]),
        ("我在北京大学读书。", [("Li", "STUDIES_AT", "北京大学", None, False)]),
        ("我的专业是计算机科学。", [("Li", "STUDIES", "计算机科学", None, False)]),
        ("我觉得那部新电影很无聊。", [("Li", "HAS_OPINION", "那部新电影", "无聊", False)]),
        ("我最喜欢的颜色是海军蓝色。", [("Li", "PREFERS", "海军蓝色", "颜色", False)]),
        ("芝士汉堡是我最喜欢的食物。", [("Li", "PREFERS", "芝士汉堡", "食物", False)]),
        ("我的手机号是13800138000。", [("Li", "HAS_ATTRIBUTE", "13800138000", "手机号", False)]),
        ("新兴产业峰会的地点是山西太原。",
         [("新兴产业峰会", "HAS_ATTRIBUTE", "山西太原", "地点", False)]),
        ("我对坚果不过敏。", [("Li", "ALLERGIC_TO", "坚果", None, True)]),
        ("我不是素食者。", [("Li", "HAS_DIET", "素食", None, True)]),
        # A message that opens with its predicate is about the speaker.
        ("订单号 ORD-20240512-8891", [("Li", "HAS_ORDER", "ORD-20240512-8891", None, False)]),
        ("住在杭州。", [("Li", "LIVES_IN", "杭州", None, False)]),
        ("不吃香菜。", [("Li", "AVOIDS", "香菜", None, False)]),
        ("对花生过敏。", [("Li", "ALLERGIC_TO", "花生", None, False)]),
    ],
)
def test_relations_of_the_v2_vocabulary(
    chinese: ChineseExtractor, text: str, expected: list[tuple[object, ...]]
) -> None:
    assert _triples(chinese, text) == expected


def test_relatives_are_relatives_and_subjects_of_their_own_facts(
    chinese: ChineseExtractor,
) -> None:
    assert _triples(chinese, "我老公叫陈刚，他对海鲜过敏。") == [
        ("Li", "HAS_RELATIVE", "陈刚", "老公", False),
        ("陈刚", "ALLERGIC_TO", "海鲜", None, False),
    ]
    assert _triples(chinese, "我朋友小林住在深圳") == [
        ("Li", "HAS_RELATIVE", "小林", "朋友", False),
        ("小林", "LIVES_IN", "深圳", None, False),
    ]
    assert _triples(chinese, "我有两个孩子。") == [
        ("Li", "HAS_RELATIVE", "两个孩子", "孩子", False)
    ]
    # MemDaily writes the user's relatives without 我; a colleague is no relative unless named.
    assert _triples(chinese, "舅妈的教育背景是高中毕业。") == [
        ("Li's 舅妈", "HAS_ATTRIBUTE", "高中毕业", "教育背景", False),
        ("Li", "HAS_RELATIVE", "舅妈", "舅妈", False),
    ]
    assert _triples(chinese, "我上司身高172cm。") == [
        ("Li's 上司", "HAS_ATTRIBUTE", "172cm", "身高", False)
    ]


def test_a_dropped_subject_is_the_one_of_the_clause_before(chinese: ChineseExtractor) -> None:
    assert _triples(chinese, "我叔叔学历挺高的，是个博士。") == [
        ("Li", "HAS_RELATIVE", "叔叔", "叔叔", False),
        ("Li's 叔叔", "IS_A", "博士", None, False),
    ]
    assert _triples(chinese, "我想去西藏旅行，也想学潜水。") == [
        ("Li", "HAS_GOAL", "去西藏旅行", None, False),
        ("Li", "HAS_GOAL", "学潜水", None, False),
    ]


def test_coordinated_objects_give_one_fact_each(chinese: ChineseExtractor) -> None:
    assert _triples(chinese, "我对花粉和尘螨过敏。") == [
        ("Li", "ALLERGIC_TO", "花粉", None, False),
        ("Li", "ALLERGIC_TO", "尘螨", None, False),
    ]
    # A modifier shared by both conjuncts keeps them together.
    assert [t[2] for t in _triples(chinese, "我喜欢阅读与心理学有关的期刊和指南。")] == [
        "阅读与心理学有关的期刊和指南"
    ]


def test_a_wish_is_a_goal_and_not_yet_a_fact(chinese: ChineseExtractor) -> None:
    assert _triples(chinese, "我梦想着搬到这座城市。") == [
        ("Li", "HAS_GOAL", "搬到这座城市", None, False)
    ]
    assert _triples(chinese, "我将要参加戏剧徒步艺术行。") == [
        ("Li", "HAS_GOAL", "参加戏剧徒步艺术行", None, False)
    ]


def test_past_events_get_their_day(chinese: ChineseExtractor) -> None:
    [visit] = _facts(chinese, "我昨天去了故宫。")
    assert (visit.triple.predicate, visit.triple.object.name) == ("VISITED", "故宫")
    assert visit.when == datetime(2024, 5, 11, tzinfo=UTC)
    [wedding] = _facts(chinese, "上周末我参加了表姐的婚礼。")
    assert wedding.triple.predicate == "ATTENDED"
    assert wedding.when == datetime(2024, 5, 4, tzinfo=UTC)
    assert past_day("我去年去过日本", NOW) == (datetime(2023, 1, 1, tzinfo=UTC), "去年")
    assert past_day("我去过日本", NOW) is None


def test_deadlines_on_a_weekday_are_the_next_one() -> None:
    assert ground_day("周五", NOW) == datetime(2024, 5, 17, tzinfo=UTC)
    assert ground_day("下周一", NOW) == datetime(2024, 5, 13, tzinfo=UTC)
    assert ground_day("5月20号", NOW) == datetime(2024, 5, 20, tzinfo=UTC)


@pytest.mark.parametrize(
    "text",
    ["你住在哪里？", "你有没有养猫？", "要是我住在海边就好了。", "也许我以后会学法语。",
     "我朋友说那家餐厅很好吃。", "哈哈，我简直是个专业睡觉的人。", "小李在百度工作。",
     "我没有养宠物。", "好的，没问题。",
     # a comparison of days or of people, or asked, is no preference
     "今天比昨天好多了。", "他比我强。", "身体比以前好。", "你觉得方案 A 比 B 好吗？"],
)
def test_nothing_from_questions_hypotheticals_hearsay_jokes_or_strangers(
    chinese: ChineseExtractor, text: str
) -> None:
    assert _triples(chinese, text) == []


def test_a_word_of_addition_cancels_qishi(chinese: ChineseExtractor) -> None:
    [also] = _facts(chinese, "其实我也喜欢滑雪。")
    assert (also.triple.predicate, also.triple.object.name, also.cue) == ("PREFERS", "滑雪", None)
    [instead] = _facts(chinese, "其实我更喜欢滑雪。")
    assert instead.cue == "其实"


def test_a_subjectless_change_cue_changes_the_speakers_preference(
    chinese: ChineseExtractor,
) -> None:
    [changed] = _facts(chinese, "现在改成方案 B")
    assert (changed.triple.subject.name, changed.triple.predicate, changed.triple.object.name,
            changed.cue) == ("Li", "PREFERS", "方案 B", "现在改成")
    # A later clause without a subject still takes the one before: a stranger's, not Li's.
    assert _triples(chinese, "小林住在深圳，喜欢猫。") == []


@pytest.mark.parametrize(
    ("text", "preferred"),
    [("方案 A 比 B 好", "方案 A"), ("我觉得咖啡比茶更好喝。", "咖啡"),
     ("这家店比那家好吃。", "这家店"), ("我认为方案 A 比方案 B 更合适。", "方案 A")],
)
def test_which_of_two_is_better_is_a_preference_for_the_first(
    chinese: ChineseExtractor, text: str, preferred: str
) -> None:
    assert _triples(chinese, text) == [("Li", "PREFERS", preferred, None, False)]

"""Language detection: zh / en / mixed from the scripts of a text, the same every time."""

from __future__ import annotations

import pytest

from graph_memory.language import detect_language


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("我对花生过敏", "zh"),
        ("我的项目截止日期是下个月15号", "zh"),
        # Identifiers and single letters read the same in any language: still Chinese.
        ("用户偏好方案 A", "zh"),
        ("订单号 ORD-20240512-8891", "zh"),
        ("我下个月去New York出差，顺便见见老朋友", "zh"),
        ("I'm allergic to peanuts", "en"),
        ("My order ORD-20240512-8891 is late", "en"),
        ("I love 火锅", "mixed"),
        ("我最近在学 machine learning and deep learning", "mixed"),
        # One Chinese word in a long English sentence leaves it English.
        ("I really love eating 火锅 with my friends on the weekends", "en"),
        ("", "en"),
        ("12345 !!!", "en"),
    ],
)
def test_detects_the_language_of_a_text(text: str, language: str) -> None:
    assert detect_language(text) == language


def test_detection_is_deterministic() -> None:
    texts = ["我喜欢用Python写代码", "I love 火锅", "方案 A 依赖组件 X"] * 50
    first = [detect_language(t) for t in texts]
    assert first == [detect_language(t) for t in texts]

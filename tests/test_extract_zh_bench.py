"""The Chinese extraction benchmark's data (bench/data/extraction_zh/): the halves are the
deterministic stratified split, every label parses, and the match rule treats a CJK character as
a word. No models: the benchmark itself runs the real extractor and engine."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from extraction_scoring import Fact, fact_matches  # bench/ is no package: on sys.path above
from extraction_zh import PINNED_TUNE_PREFIX, for_matching, load_half, split, unspaced


def test_the_files_hold_the_stratified_split() -> None:
    tune, test = load_half("tune"), load_half("test")
    halves = split(tune[0] + test[0], tune[1] + test[1])
    assert [u.id for u in halves["tune"][0]] == [u.id for u in tune[0]]
    assert [u.id for u in halves["test"][0]] == [u.id for u in test[0]]
    assert [s.id for s in halves["tune"][1]] == [s.id for s in tune[1]]
    assert [s.id for s in halves["test"][1]] == [s.id for s in test[1]]


def test_halves_are_disjoint_large_enough_and_pinned_items_stay_in_tune() -> None:
    (tune, tune_seq), (test, test_seq) = load_half("tune"), load_half("test")
    ids = [u.id for u in tune + test]
    assert len(ids) == len(set(ids))
    assert len({u.text for u in tune} & {u.text for u in test}) == 0
    assert len(tune) + len(test) >= 200
    assert abs(len(tune) - len(test)) <= 30
    assert not any(u.id.startswith(PINNED_TUNE_PREFIX) for u in test)
    assert tune_seq and test_seq
    assert {s.kind for s in test_seq} <= {s.kind for s in tune_seq}


def test_every_source_and_negatives_are_in_both_halves() -> None:
    for half in ("tune", "test"):
        utterances, _ = load_half(half)
        assert {u.source.split(":")[0] for u in utterances} == {"written", "xpersona", "memdaily"}
        assert sum(1 for u in utterances if not u.facts) >= 10


def chinese(subject: str, relation: str, obj: str, key: str | None = None) -> Fact:
    return for_matching(Fact(subject, (relation,), obj, key))


def test_a_cjk_character_is_a_word_for_the_match_rule() -> None:
    assert fact_matches(chinese("Li", "WORKS_AT", "银行"), chinese("Li", "WORKS_AT", "一家银行"))
    assert fact_matches(chinese("Li's 妹妹", "LIVES_IN", "北京"),
                        chinese("Li's 妹妹", "LIVES_IN", "北京"))
    assert not fact_matches(chinese("Li", "PREFERS", "方案"), chinese("Li", "PREFERS", "方案 A"))
    assert not fact_matches(chinese("Li", "PREFERS", "绿茶"), chinese("Li", "PREFERS", "红茶"))
    assert not fact_matches(chinese("Li", "PREFERS", "茶", "饮料"),
                            chinese("Li", "PREFERS", "茶", "颜色"))
    assert unspaced(for_matching(Fact("Li", ("PREFERS",), "方案 A")).object) == "方案 A"

"""The extraction benchmark's scoring (bench/extraction_scoring.py): the match rule of
bench/data/extraction/README.md, precision / recall arithmetic on hand-made inputs, and the
labelled data's split. No models: the benchmark itself runs the real extractor and engine."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TypeVar

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from extraction_scoring import (  # bench/ is no package: on sys.path above
    FAMILIES,
    ChangeSequence,
    Fact,
    Message,
    SequenceScore,
    Utterance,
    UtteranceScore,
    fact_matches,
    gold_fact,
    load_half,
    match_facts,
    normalize_object,
    objects_match,
    prf,
    score_item,
    score_sequence,
    score_when,
    sequence_report,
    stratified_split,
    utterance_report,
    utterance_stratum,
)

T = TypeVar("T")


def fact(subject: str, relation: str | tuple[str, ...], obj: str, key: str | None = None,
         *, when: date | None = None, negated: bool = False) -> Fact:
    relations = (relation,) if isinstance(relation, str) else relation
    return Fact(subject, relations, obj, key, when, negated)


# --- objects and subjects ------------------------------------------------------------------
def test_objects_equal_after_normalisation() -> None:
    assert normalize_object("the Peanuts") == ("peanut",)
    assert normalize_object("my Favorite Tacos") == ("favorite", "taco")
    assert objects_match("horror movie", "horror movies")
    assert objects_match("party", "the parties")
    assert objects_match("glass", "glasses")
    # a gold "-ie" singular meets the plural and the lemmatizer's old "-y" spelling alike
    assert objects_match("cookie", "cookies") and objects_match("smoothie", "smoothy")
    assert objects_match("peanut", "Peanuts")
    assert objects_match("Thinking, Fast and Slow", "thinking fast and slow")
    assert objects_match("ORD-20240512-8891", "ord-20240512-8891")


def test_a_contained_object_matches_only_when_it_shares_the_head_word() -> None:
    assert objects_match("camera", "a new camera")
    assert objects_match("Italian cooking class", "cooking class")
    assert not objects_match("plan A", "plan")
    assert not objects_match("learn Spanish", "learn")
    assert not objects_match("window seat", "aisle seat")


def test_identifiers_are_not_cut() -> None:
    assert not objects_match("ORD-20240512-8891", "ord-20240512")
    assert not objects_match("the 15th of next month", "15th")


def test_an_empty_object_matches_nothing() -> None:
    assert not objects_match("...", "!")
    assert not objects_match("", "tea")


def test_a_fact_matches_on_subject_relation_object_key_and_negation() -> None:
    gold = fact("Emi's sister", "LIVES_IN", "Ohio")
    assert fact_matches(gold, fact("emis  Sister", "LIVES_IN", "ohio"))
    assert not fact_matches(gold, fact("Emi", "LIVES_IN", "Ohio"))
    assert not fact_matches(gold, fact("Emi's sister", "FROM", "Ohio"))
    assert not fact_matches(gold, fact("Emi's sister", "LIVES_IN", "Ohio", negated=True))


def test_any_listed_relation_matches() -> None:
    gold = fact("Emi", ("PREFERS", "HAS_HOBBY"), "hiking")
    assert fact_matches(gold, fact("Emi", "HAS_HOBBY", "hiking"))
    assert fact_matches(gold, fact("Emi", "PREFERS", "hiking"))
    assert not fact_matches(gold, fact("Emi", "DID", "hiking"))


def test_a_gold_key_must_be_matched_and_no_gold_key_accepts_any() -> None:
    keyed = fact("Kevin", "PREFERS", "Go", "backend work")
    assert fact_matches(keyed, fact("Kevin", "PREFERS", "Go", "backend work"))
    assert not fact_matches(keyed, fact("Kevin", "PREFERS", "Go"))
    assert not fact_matches(keyed, fact("Kevin", "PREFERS", "Go", "breakfast"))
    assert fact_matches(fact("Emi", "PREFERS", "tea"), fact("Emi", "PREFERS", "tea", "morning"))
    # "favorite color" and "color" share the head word
    assert fact_matches(fact("Emi", "PREFERS", "blue", "favorite color"),
                        fact("Emi", "PREFERS", "blue", "color"))


def test_a_negated_prediction_matches_only_a_negated_gold_fact() -> None:
    gold = fact("Maya", "HAS_DIET", "vegetarian", negated=True)
    assert fact_matches(gold, fact("Maya", "HAS_DIET", "vegetarian", negated=True))
    assert not fact_matches(gold, fact("Maya", "HAS_DIET", "vegetarian"))


# --- one-to-one matching and the arithmetic ------------------------------------------------
def test_each_prediction_matches_at_most_one_gold_fact() -> None:
    gold = [fact("Emi", "ALLERGIC_TO", "peanut"), fact("Emi", "ALLERGIC_TO", "peanuts")]
    predicted = [fact("Emi", "ALLERGIC_TO", "peanut")]
    assert match_facts(gold, predicted) == [(0, 0)]


def test_the_matching_is_maximum_not_first_come() -> None:
    # Greedy would give "camera" to the first gold fact and leave the second unmatched.
    gold = [fact("Emi", "OWNS", "camera"), fact("Emi", "OWNS", "new camera")]
    predicted = [fact("Emi", "OWNS", "new camera"), fact("Emi", "OWNS", "old camera")]
    assert match_facts(gold, predicted) == [(0, 1), (1, 0)]


def test_precision_recall_f1() -> None:
    assert prf(3, 4, 6) == {"precision": 0.75, "recall": 0.5, "f1": 0.6, "predicted": 4,
                            "gold": 6, "matched": 3}
    assert prf(0, 0, 0)["f1"] == 1.0  # nothing claimed, nothing to find
    assert prf(0, 2, 0) == {"precision": 0.0, "recall": 1.0, "f1": 0.0, "predicted": 2,
                                 "gold": 0, "matched": 0}


def _utterance(facts: tuple[Fact, ...], source: str = "written") -> Utterance:
    from datetime import UTC, datetime

    return Utterance("u", source, "Emi", "Sam", datetime(2024, 3, 13, tzinfo=UTC), "text", facts)


def test_scores_of_items_add_up_overall_and_per_family() -> None:
    score = UtteranceScore()
    score_item(score, _utterance((fact("Emi", "ALLERGIC_TO", "peanut"),
                                  fact("Emi", "ALLERGIC_TO", "shellfish"))),
               [fact("Emi", "ALLERGIC_TO", "peanut"), fact("Emi", "HAS_HOBBY", "peanut")])
    score_item(score, _utterance((), source="realtalk:Chat_1_Emi_Elise:D1:1"),
               [fact("Emi", "PREFERS", "tea")])  # a negative with a false positive
    report = utterance_report(score)
    assert report["overall"] == prf(1, 3, 2)
    assert report["by_source"]["written"] == prf(1, 2, 2)
    assert report["by_source"]["realtalk"]["precision"] == 0.0
    assert report["by_family"]["constraint"] == prf(1, 1, 2)
    assert report["by_family"]["hobby"]["precision"] == 0.0
    assert report["facts_per_item"] == {"predicted": 1.5, "gold": 1.0}
    assert report["negatives"] == {"items": 1, "with_a_fact": 1, "share_clean": 0.0}
    assert len(score.errors) == 2


def test_when_counts_only_the_same_date() -> None:
    score = UtteranceScore()
    gold = (fact("Kevin", "DID", "marathon", "run", when=date(2024, 3, 10)),
            fact("Kevin", "VISITED", "Miami", when=date(2024, 3, 4)),
            fact("Kevin", "VISITED", "Peru", when=date(2024, 3, 4)))
    stored = [fact("Kevin", "DID", "marathon", "run", when=date(2024, 3, 10)),
              fact("Kevin", "VISITED", "Miami", when=date(2024, 3, 11))]
    score_item(score, _utterance(gold), stored)
    assert utterance_report(score)["when"]["gold"] == 0  # the extractor's own `when` is no score
    score_when(score, _utterance(gold), stored)
    assert utterance_report(score)["when"] == {"gold": 3, "right": 1, "share": 0.3333}


# --- sequences -----------------------------------------------------------------------------
def _sequence(current: tuple[Fact, ...], superseded: tuple[Fact, ...]) -> ChangeSequence:
    from datetime import UTC, datetime

    return ChangeSequence("s", "context", "Kevin", "Paola",
                          (Message("m", datetime(2024, 1, 1, tzinfo=UTC)),), current, superseded)


def test_supersession_and_current_scores() -> None:
    seq = _sequence(
        current=(fact("Kevin", "PREFERS", "Rust", "backend work"),
                 fact("Kevin", "PREFERS", "tea", "breakfast")),
        superseded=(fact("Kevin", "PREFERS", "Go", "backend work"),))
    found = [
        ("superseded", fact("Kevin", "PREFERS", "Go", "backend work"), "update cue 'switched'"),
        ("superseded", fact("Kevin", "PREFERS", "tea", "breakfast"), "wrong"),  # over-invalid
        ("current", fact("Kevin", "PREFERS", "Rust", "backend work"), None),
        ("current", fact("Kevin", "LIVES_IN", "Austin"), None),  # unlisted: not scored
    ]
    score = SequenceScore()
    score_sequence(score, seq, found)
    report = sequence_report(score)
    assert report["supersession"] == prf(1, 2, 1)
    assert report["current"] == prf(1, 1, 2)
    assert report["unlisted_current_facts"] == 1
    assert report["supersession_reasons"] == {"update cue 'switched'": 1, "wrong": 1}
    assert "over-invalidated: Kevin PREFERS tea [breakfast] (wrong)" in score.errors[0]


def test_a_fact_left_current_that_should_be_superseded_costs_current_precision() -> None:
    seq = _sequence(current=(), superseded=(fact("Emi", "HAS_DIET", "vegetarian"),))
    score = SequenceScore()
    score_sequence(score, seq, [("current", fact("Emi", "HAS_DIET", "vegetarian"), None)])
    report = sequence_report(score)
    assert report["current"]["precision"] == 0.0
    assert report["supersession"]["recall"] == 0.0


# --- the labelled data ---------------------------------------------------------------------
def test_gold_facts_reject_unknown_relations_and_fields() -> None:
    with pytest.raises(ValueError, match="unknown relation"):
        gold_fact({"subject": "Emi", "relation": "LIKES", "object": "tea"})
    with pytest.raises(ValueError, match="unknown fact fields"):
        gold_fact({"subject": "Emi", "relation": "PREFERS", "object": "tea", "scope": "x"})


def test_the_stratified_split_alternates_within_each_stratum() -> None:
    items = [f"{kind}-{n}" for kind in ("a", "b") for n in range(5)]
    halves = stratified_split(items, lambda x: x, lambda x: x[0])
    for kind in ("a", "b"):
        sizes = [sum(1 for x in halves[h] if x[0] == kind) for h in ("tune", "test")]
        assert sizes == [3, 2]
    assert sorted(halves["tune"] + halves["test"]) == sorted(items)
    assert stratified_split(items, lambda x: x, lambda x: x[0]) == halves  # deterministic


def test_the_halves_are_disjoint_and_balanced_per_stratum() -> None:
    tune_u, tune_s = load_half("tune")
    test_u, test_s = load_half("test")
    utterances, sequences = tune_u + test_u, tune_s + test_s
    assert len({u.id for u in utterances}) == len(utterances) >= 400
    assert len({s.id for s in sequences}) == len(sequences) >= 60
    assert not {u.text for u in tune_u} & {u.text for u in test_u}
    assert not {s.messages for s in tune_s} & {s.messages for s in test_s}
    assert len(tune_u) >= 200 and len(test_u) >= 200
    assert len(tune_s) >= 30 and len(test_s) >= 30
    assert _strata_balanced(tune_u, test_u, utterance_stratum) == {
        "real/pos", "real/neg", "written/pos", "written/neg"}
    assert _strata_balanced(tune_s, test_s, lambda s: s.kind) == {
        "update", "coexist", "negate", "retract", "correct", "repeat", "context"}


def _strata_balanced(tune: Sequence[T], test: Sequence[T], stratum: Callable[[T], str]
                     ) -> set[str]:
    """The strata, each checked to be in both halves in about equal numbers."""
    names = {stratum(x) for x in (*tune, *test)}
    for name in names:
        a = sum(1 for x in tune if stratum(x) == name)
        b = sum(1 for x in test if stratum(x) == name)
        assert a and b and abs(a - b) <= max(2, (a + b) // 10), (name, a, b)
    return names


def test_the_data_covers_every_extracted_relation() -> None:
    utterances = load_half("tune")[0] + load_half("test")[0]
    labelled = {r for u in utterances for f in u.facts for r in f.relations}
    assert labelled == set(FAMILIES)
    real = [u for u in utterances if u.source != "written"]
    assert 0.55 <= len(real) / len(utterances) <= 0.70  # mostly real chat (README)
    assert len({u.source.split(":")[1] for u in real}) == 10


# --- REALTALK event coverage ---------------------------------------------------------------
def test_an_event_is_covered_by_a_fact_of_its_speaker_from_its_session() -> None:
    from extraction import CorpusFact, event_coverage, roles_agree

    raw = {
        "name": {"speaker_1": "Emi", "speaker_2": "elise"},
        "events_session_1": {
            "agent_a": [{"sub-event": "Kate takes an Italian cooking class."},
                        {"sub-event": "Kate tried skiing."}],
            "agent_b": [{"sub-event": "Elise plans a trip to Miami."}, {"sub-event": ""}],
        },
        "events_session_2": {"agent_a": [{"sub-event": "Kate bakes bread."}], "agent_b": []},
    }

    def said(session: str, speaker: str, f: Fact) -> CorpusFact:
        return CorpusFact("Chat_1", "D1:1", session, speaker, "x", "text", f)

    facts = [
        said("session_1", "Emi", fact("Emi", "DID", "cooking classes", "take")),
        said("session_1", "Emi", fact("Emi", "DID", "snowboarding", "try")),  # key is a verb
        said("session_1", "Emi", fact("Emi", "VISITED", "Miami")),  # Emi's, not Elise's
        said("session_1", "elise", fact("elise", "PREFERS", "Kate")),  # the persona name
        said("session_1", "elise", fact("elise", "PREFERS", "bread")),  # another session
    ]
    assert event_coverage(raw, facts) == {"events": 4, "covered": 1}
    messages = [{"session_id": "session_1", "speaker": "Emi", "text": "My cooking class!"},
                {"session_id": "session_1", "speaker": "elise", "text": "Miami trip soon"}]
    assert roles_agree(raw, messages)
    crossed = [{**m, "speaker": "elise" if m["speaker"] == "Emi" else "Emi"} for m in messages]
    assert not roles_agree(raw, crossed)

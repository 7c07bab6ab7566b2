"""A fact's use history: recall (through the batched use counting) and feedback append entries
in order, the newest USE_HISTORY_LIMIT are kept, concurrent appends lose none, forget removes
it, and a backup carries it. On FalkorDB and on a real Neo4j 5.26; real engines and models."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from graph_memory.api import create_app
from graph_memory.backup import export_records, import_records, read_jsonl, write_jsonl
from graph_memory.memory import Memory
from graph_memory.models import USE_HISTORY_LIMIT, Fact, FactUse
from graph_memory.store.base import FactUpdate

T0 = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(params=["falkordb", "neo4j"])
def backend_memory(request: pytest.FixtureRequest) -> Memory:
    """A Memory on each backend: the embedded FalkorDB one, and one over the Neo4j server."""
    found: Memory = request.getfixturevalue(
        "neo4j_memory" if request.param == "neo4j" else "memory")
    return found


def lives_in_porto(memory: Memory) -> str:
    [fact_id] = memory.write(user_id="emi", triples=[{
        "subject": {"name": "Emi", "type": "Person"}, "predicate": "LIVES_IN",
        "object": {"name": "Porto", "type": "Place"}}]).fact_ids
    return fact_id


def stored(memory: Memory, fact_id: str) -> Fact:
    fact = memory.get(fact_id)
    assert isinstance(fact, Fact)
    return fact


def test_recall_and_feedback_append_to_the_history_in_order(backend_memory: Memory) -> None:
    memory = backend_memory
    fact_id = lives_in_porto(memory)
    assert stored(memory, fact_id).use_history == ()  # never used: no entry yet
    before = datetime.now(UTC)
    for _ in range(2):  # two recalls in one batch of use counting: one entry of count 2
        results = memory.recall("Where does Emi live?", user_id="emi").results
        assert fact_id in [r.id for r in results]
    memory.flush()
    memory.feedback(fact_id, useful=True)
    memory.feedback(fact_id, useful=False)
    fact = stored(memory, fact_id)
    assert [(u.kind, u.count) for u in fact.use_history] == [
        ("recalled", 2), ("useful", 1), ("not_useful", 1)]
    times = [u.at for u in fact.use_history]
    assert before <= times[0] <= times[1] <= times[2] <= datetime.now(UTC)
    assert (fact.use_count, fact.useful_count) == (4, 1)
    # last_used_at is kept as epoch seconds (a float): equal to the microsecond or so.
    assert fact.last_used_at is not None
    assert abs(fact.last_used_at - times[2]) < timedelta(milliseconds=1)


def test_the_history_keeps_the_newest_entries_up_to_the_limit(backend_memory: Memory) -> None:
    memory = backend_memory
    fact_id = lives_in_porto(memory)
    uses = USE_HISTORY_LIMIT + 5
    for i in range(uses):
        at = T0 + timedelta(minutes=i)
        if i % 2:
            memory.store.update_fact(fact_id, FactUpdate(
                more_uses=1, use=FactUse(at=at, kind="useful"), last_used_at=at))
        else:
            memory.store.touch_facts({fact_id: i + 1}, at)
    fact = stored(memory, fact_id)
    assert len(fact.use_history) == USE_HISTORY_LIMIT
    kept = range(uses - USE_HISTORY_LIMIT, uses)
    assert [u.at for u in fact.use_history] == [T0 + timedelta(minutes=i) for i in kept]
    assert [(u.kind, u.count) for u in fact.use_history] == [
        ("useful", 1) if i % 2 else ("recalled", i + 1) for i in kept]
    # The counts keep every use, the history only the newest.
    assert fact.use_count == sum(i + 1 for i in range(0, uses, 2)) + uses // 2


def test_concurrent_recall_flushes_and_feedback_lose_no_entry(backend_memory: Memory) -> None:
    """Three writers on one fact at once, through the store (no Python lock between them):
    every append lands, as every increment does."""
    memory = backend_memory
    fact_id = lives_in_porto(memory)
    each = USE_HISTORY_LIMIT // 4  # 3 writers x each <= the limit: nothing falls off
    start = threading.Barrier(3)
    failures: list[BaseException] = []

    def judge(kind: str) -> None:
        start.wait()
        try:
            for _ in range(each):
                memory.store.update_fact(fact_id, FactUpdate(
                    more_uses=1, more_useful=int(kind == "useful"),
                    use=FactUse(at=datetime.now(UTC), kind="useful" if kind == "useful"
                                else "not_useful")))
        except BaseException as e:  # re-raised below, in the test's thread
            failures.append(e)

    def recall_flushes() -> None:
        start.wait()
        try:
            for _ in range(each):
                memory.store.touch_facts({fact_id: 1}, datetime.now(UTC))
        except BaseException as e:
            failures.append(e)

    threads = [threading.Thread(target=judge, args=("useful",)),
               threading.Thread(target=judge, args=("not_useful",)),
               threading.Thread(target=recall_flushes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    fact = stored(memory, fact_id)
    kinds = [u.kind for u in fact.use_history]
    assert sorted(kinds) == sorted(["useful"] * each + ["not_useful"] * each
                                   + ["recalled"] * each)
    assert (fact.use_count, fact.useful_count) == (3 * each, each)


def test_forget_removes_the_history_and_a_late_flush_adds_none(backend_memory: Memory) -> None:
    memory = backend_memory
    fact_id = lives_in_porto(memory)
    memory.feedback(fact_id, useful=True)
    assert len(stored(memory, fact_id).use_history) == 1
    memory.forget(user_id="emi", memory_id=fact_id, reason="asked to forget")
    memory.store.touch_facts({fact_id: 1}, datetime.now(UTC))  # a recall counted before
    [forgotten] = memory.store.get_facts([fact_id])
    assert forgotten.status == "forgotten"
    assert forgotten.use_history == ()


def test_a_backup_carries_the_history_to_the_other_backend(
    memory: Memory, neo4j_memory: Memory
) -> None:
    fact_id = lives_in_porto(memory)
    memory.store.touch_facts({fact_id: 3}, T0)
    memory.feedback(fact_id, useful=False)
    original = stored(memory, fact_id).use_history
    assert [u.kind for u in original] == ["recalled", "not_useful"]
    buffer = io.StringIO()
    write_jsonl(export_records(memory.store, memory.embedder.dimension), buffer)
    assert '"use_history"' in buffer.getvalue()  # the record carries it
    import_records(neo4j_memory.store, read_jsonl(buffer.getvalue().splitlines()),
                   neo4j_memory.embedder.dimension)
    assert stored(neo4j_memory, fact_id).use_history == original


@pytest.fixture()
def client(memory: Memory) -> Iterator[TestClient]:
    with TestClient(create_app(memory=memory), base_url="http://127.0.0.1") as test_client:
        yield test_client


def test_rest_shows_the_history_with_the_fact(memory: Memory, client: TestClient) -> None:
    fact_id = lives_in_porto(memory)
    assert client.get(f"/v1/memories/{fact_id}").json()["memory"]["use_history"] == []
    memory.store.touch_facts({fact_id: 2}, T0)
    rated = client.post(f"/v1/memories/{fact_id}/feedback", json={"useful": True})
    assert rated.status_code == 200, rated.text
    assert [u["kind"] for u in rated.json()["use_history"]] == ["recalled", "useful"]
    history = client.get(f"/v1/memories/{fact_id}").json()["memory"]["use_history"]
    assert history[0] == {"at": "2026-05-01T12:00:00Z", "kind": "recalled", "count": 2}
    assert history[1]["kind"] == "useful" and history[1]["count"] == 1


def test_an_unreadable_entry_is_an_error_not_a_guess() -> None:
    assert FactUse.model_validate("2026-05-01T12:00:00.000000+00:00 recalled 2") == FactUse(
        at=T0, kind="recalled", count=2)
    for bad in ("2026-05-01T12:00:00+00:00 recalled", "2026-05-01 glanced 1", "x y 0"):
        with pytest.raises(ValueError):
            FactUse.model_validate(bad)


"""Two replicas, one Neo4j: two real `graph-memory serve` processes on the same Neo4j 5.26
database, 16 concurrent clients writing conflicting, repeated and retried statements about the
same three users through both, and forgetting through the other one. The guarantees come from
the database (uniqueness constraints, the users' lock nodes of Neo4jStore.locked_users,
retried transactions), not from a lock inside one process. Checked in the graph itself: every
acknowledged write stored exactly once, no duplicate entities, one current place per user and
it is the latest stated (every older one superseded by a later fact), a repeated statement one
fact with every statement as its evidence, nothing forgotten back. A second test adds feedback
fired by every client at once (a lost confidence step shows), summarize and idle consolidation
in both replicas among the conflicting writes (graph_memory/user_lock.py)."""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from threading import Barrier
from typing import Any

import httpx
import pytest
from neo4j_server import ServiceProcess, free_port

CLIENTS = 16
ROUNDS = 4
USERS = ("u0", "u1", "u2")
T0 = datetime(2026, 1, 1, tzinfo=UTC)
SERVE = [str(Path(sys.executable).parent / "graph-memory"), "serve", "--host", "127.0.0.1"]


def replica_env(server: Any, data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GRAPH_MEMORY_")}
    env.update({
        "GRAPH_MEMORY_BACKEND": "neo4j",
        "GRAPH_MEMORY_NEO4J_URI": server.bolt_uri,
        "GRAPH_MEMORY_NEO4J_USER": server.user,
        "GRAPH_MEMORY_NEO4J_PASSWORD": server.password,
        "GRAPH_MEMORY_DATA_DIR": str(data_dir),
        "GRAPH_MEMORY_EMBEDDING_THREADS": "1",
    })
    return env


def assert_no_duplicate_entities(q: Callable[..., list[Any]]) -> None:
    """No two named entities of a user share a name and type (forgotten ones keep no name)."""
    assert q("MATCH (e:Entity) WHERE e.name IS NOT NULL WITH e.user_id AS u, "
             "toLower(e.name) AS name, e.type AS type, count(*) AS n WHERE n > 1 "
             "RETURN u, name, type, n") == []


def assert_latest_place_current(
    q: Callable[..., list[Any]], user: str, stated: list[tuple[datetime, str]]
) -> None:
    """One fact per place stated, one current: the latest stated; every older one superseded
    by a fact stated later (whatever order the replicas wrote them in)."""
    places = q("MATCH (f:Fact {user_id: $u, predicate: 'LIVES_IN'}) "
               "OPTIONAL MATCH (newer:Fact)-[:SUPERSEDES]->(f) "
               "RETURN f.object_name AS city, f.status AS status, f.valid_from AS at, "
               "collect(newer.valid_from) AS newer_at", u=user)
    assert sorted(r["city"] for r in places) == sorted(city for _, city in stated)
    latest = max(stated)[1]
    assert [r["city"] for r in places if r["status"] == "current"] == [latest]
    for row in places:
        if row["city"] != latest:
            assert row["status"] == "superseded", row
            assert row["newer_at"] and all(at > row["at"] for at in row["newer_at"]), row


@contextmanager
def two_replicas(server: Any, folder: Path, **settings: str) -> Iterator[list[str]]:
    """Two `graph-memory serve` processes on the emptied database; `settings`: more
    GRAPH_MEMORY_* variables of both."""
    server.wipe()
    started: list[ServiceProcess] = []
    try:
        for n in range(2):
            port = free_port()
            env = {**replica_env(server, folder / f"replica{n}"), **settings}
            replica = ServiceProcess([*SERVE, "--port", str(port)], env, port,
                                     folder / f"replica{n}.log")
            replica.launch()  # both at once: their schema statements race, as in a rollout
            started.append(replica)
        for replica in started:
            replica.wait_ready()
        yield [r.url for r in started]
    finally:
        for replica in started:
            replica.stop()


@pytest.fixture()
def replicas(neo4j_server: Any, tmp_path: Path) -> Iterator[list[str]]:
    with two_replicas(neo4j_server, tmp_path) as urls:
        yield urls


def person(user: str) -> dict[str, str]:
    return {"name": f"Person {user}", "type": "Person"}


@dataclass
class Outcome:
    acknowledged: dict[str, str] = field(default_factory=dict)  # source_id -> episode id
    repeats: int = 0  # retried writes answered as already stored
    places: dict[str, list[tuple[datetime, str]]] = field(default_factory=lambda: defaultdict(list))
    sushi: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    forgotten: list[tuple[str, str, str]] = field(default_factory=list)  # (user, fact, code)
    errors: list[str] = field(default_factory=list)


def client_run(c: int, urls: list[str], outcome: Outcome) -> None:
    """One client: its replica is c % 2, its user c % 3; every write is retried once through
    the other replica (a load balancer's retry after a lost answer)."""
    user = USERS[c % len(USERS)]
    mine, other = httpx.Client(base_url=urls[c % 2]), httpx.Client(base_url=urls[(c + 1) % 2])

    def write(body: dict[str, Any]) -> dict[str, Any] | None:
        first = mine.post("/v1/memories", json=body, timeout=120)
        if first.status_code != 201:
            outcome.errors.append(f"{body['source_id']}: {first.status_code} {first.text[:300]}")
            return None
        again = other.post("/v1/memories", json=body, timeout=120)
        if again.status_code != 201 or again.json()["created"]:
            outcome.errors.append(f"retry {body['source_id']}: {again.status_code} {again.text}")
        elif again.json()["episode_id"] == first.json()["episode_id"]:
            outcome.repeats += 1
        result: dict[str, Any] = first.json()
        outcome.acknowledged[body["source_id"]] = result["episode_id"]
        return result

    for i in range(ROUNDS):
        at = T0 + timedelta(minutes=c * ROUNDS + i)
        city = f"Town {c}x{i}"
        if write({"user_id": user, "source_id": f"c{c}-place-{i}", "timestamp": at.isoformat(),
                  "triples": [{"subject": person(user), "predicate": "LIVES_IN",
                               "object": {"name": city, "type": "Place"}}]}):
            outcome.places[user].append((at, city))
        if write({"user_id": user, "source_id": f"c{c}-sushi-{i}", "speaker": f"Person {user}",
                  "timestamp": (at + timedelta(seconds=1)).isoformat(), "text": "I love sushi."}):
            outcome.sushi[user] += 1
    code = f"code-{c}"
    written = write({"user_id": user, "source_id": f"c{c}-secret", "timestamp": T0.isoformat(),
                     "triples": [{"subject": person(user), "predicate": "HAS_ATTRIBUTE",
                                  "key": f"locker {c}", "object": {"name": code,
                                                                  "type": "Value"}}]})
    if written:
        fact_id = written["fact_ids"][0]
        seen = other.get(f"/v1/memories/{fact_id}", timeout=120)  # the other replica sees it
        if seen.status_code != 200 or code not in seen.text:
            outcome.errors.append(f"read {fact_id}: {seen.status_code} {seen.text[:300]}")
        gone = other.delete(f"/v1/memories/{fact_id}", params={"user_id": user}, timeout=120)
        if gone.status_code != 200:
            outcome.errors.append(f"forget {fact_id}: {gone.status_code} {gone.text[:300]}")
        outcome.forgotten.append((user, fact_id, code))


def test_two_replicas_on_one_neo4j_keep_every_invariant(
    replicas: list[str], neo4j_server: Any
) -> None:
    outcome = Outcome()
    with ThreadPoolExecutor(CLIENTS) as pool:
        for done in [pool.submit(client_run, c, replicas, outcome) for c in range(CLIENTS)]:
            done.result()
    assert outcome.errors == []
    writes_per_client = 2 * ROUNDS + 1
    assert len(outcome.acknowledged) == CLIENTS * writes_per_client == outcome.repeats
    q = neo4j_server.query

    # Every acknowledged write exactly once (the retries through the other replica included).
    stored = {r["source"]: r["n"] for r in q(
        "MATCH (e:Episode) RETURN e.source_id AS source, count(*) AS n")}
    assert stored == {source: 1 for source in outcome.acknowledged}
    ids = {r["source"]: r["id"] for r in q("MATCH (e:Episode) RETURN e.source_id AS source, "
                                           "e.id AS id")}
    assert ids == outcome.acknowledged

    assert_no_duplicate_entities(q)
    assert q("MATCH (e:Entity) WHERE e.name IS NOT NULL RETURN count(e) AS n")[0]["n"] >= 50

    for user in USERS:
        assert_latest_place_current(q, user, outcome.places[user])
        # A repeated statement: one fact, every acknowledged statement its evidence (and, stated
        # this often, one semantic memory concluded from it).
        sushi = q("MATCH (f:Fact {user_id: $u}) WHERE toLower(f.object_name) = 'sushi' "
                  "OPTIONAL MATCH (f)-[:EXTRACTED_FROM]->(e:Episode) "
                  "RETURN f.memory_type AS type, f.status AS status, count(e) AS sources "
                  "ORDER BY type", u=user)
        assert [(r["status"], r["sources"]) for r in sushi if r["type"] != "semantic"
                ] == [("current", outcome.sushi[user])], sushi
        assert len([r for r in sushi if r["type"] == "semantic"]) <= 1, sushi

    # Nothing forgotten comes back, through either replica.
    assert len(outcome.forgotten) == CLIENTS
    for user, fact_id, code in outcome.forgotten:
        assert q("MATCH (f:Fact {id: $id}) RETURN f.status AS s", id=fact_id)[0]["s"] == "forgotten"
        for url in replicas:
            assert httpx.get(f"{url}/v1/memories/{fact_id}", timeout=60).status_code == 404
            recalled = httpx.post(f"{url}/v1/recall", timeout=60, json={
                "user_id": user, "query": f"what is my locker code {code}?"}).json()
            assert code not in str(recalled["results"])


# --- feedback, consolidation and conflicting writes at once -----------------------------------
FEEDBACK_CLIENTS = 12  # four per user, six per replica
FEEDBACK_EACH = 2  # feedbacks per client and phase


def feedback_fact(url: str, user: str) -> str:
    """The fact every client of `user` gives feedback on."""
    written = httpx.post(f"{url}/v1/memories", timeout=120, json={
        "user_id": user, "source_id": f"{user}-badge", "timestamp": T0.isoformat(),
        "triples": [{"subject": person(user), "predicate": "HAS_ATTRIBUTE", "key": "badge",
                     "object": {"name": f"B-{user}", "type": "Value"}}]})
    assert written.status_code == 201, written.text
    fact_id: str = written.json()["fact_ids"][0]
    return fact_id


def feedback_round(c: int, urls: list[str], facts: dict[str, str], useful: bool,
                   outcome: Outcome, together: Barrier) -> None:
    """Feedback on the user's fact, every client at the same moment (`together`), through
    both replicas: a replica that read the confidence while the other wrote it would lose
    that step."""
    user = USERS[c % len(USERS)]
    for n in range(FEEDBACK_EACH):
        url = urls[(c + n) % 2]
        together.wait(timeout=600)
        answer = httpx.post(f"{url}/v1/memories/{facts[user]}/feedback", timeout=120,
                            json={"useful": useful})
        if answer.status_code != 200:
            outcome.errors.append(f"feedback {c}/{n}: {answer.status_code} {answer.text[:300]}")


def busy_client(c: int, urls: list[str], facts: dict[str, str], outcome: Outcome,
                together: Barrier) -> None:
    """Useful feedback, conflicting places and a repeated statement in sessions that go idle
    (and are consolidated by whichever replica wrote them) while others are still written,
    and summarize asked of both replicas."""
    user = USERS[c % len(USERS)]
    mine = httpx.Client(base_url=urls[c % 2])
    for i in range(ROUNDS):
        at = T0 + timedelta(minutes=c * ROUNDS + i)
        session = f"s{c}-{i}"
        place = mine.post("/v1/memories", timeout=120, json={
            "user_id": user, "session_id": session, "source_id": f"c{c}-place-{i}",
            "timestamp": at.isoformat(),
            "triples": [{"subject": person(user), "predicate": "LIVES_IN",
                         "object": {"name": f"Town {c}x{i}", "type": "Place"}}]})
        if place.status_code == 201:
            outcome.acknowledged[f"c{c}-place-{i}"] = place.json()["episode_id"]
            outcome.places[user].append((at, f"Town {c}x{i}"))
        else:
            outcome.errors.append(f"place {c}/{i}: {place.status_code} {place.text[:300]}")
        sushi = mine.post("/v1/memories", timeout=120, json={
            "user_id": user, "session_id": session, "source_id": f"c{c}-sushi-{i}",
            "speaker": f"Person {user}", "timestamp": (at + timedelta(seconds=1)).isoformat(),
            "text": "I love sushi."})
        if sushi.status_code == 201:
            outcome.acknowledged[f"c{c}-sushi-{i}"] = sushi.json()["episode_id"]
            outcome.sushi[user] += 1
        else:
            outcome.errors.append(f"sushi {c}/{i}: {sushi.status_code} {sushi.text[:300]}")
        if i % 2:
            summary = httpx.post(f"{urls[(c + 1) % 2]}/v1/summarize", timeout=120,
                                 json={"user_id": user})
            if summary.status_code != 200:
                outcome.errors.append(f"summarize {c}/{i}: {summary.status_code} "
                                      f"{summary.text[:300]}")
        if i == 1:
            feedback_round(c, urls, facts, True, outcome, together)


def test_feedback_and_consolidation_take_turns_across_replicas(
    neo4j_server: Any, tmp_path: Path
) -> None:
    # Sessions idle for half a second are consolidated in the background of each replica.
    with two_replicas(neo4j_server, tmp_path,
                      GRAPH_MEMORY_CONSOLIDATION_IDLE_SECONDS="0.5") as urls:
        facts = {user: feedback_fact(urls[0], user) for user in USERS}
        outcome = Outcome()
        # Unhelpful feedback first, all at once: from any start, 8 times -0.2 ends at 0.1.
        with ThreadPoolExecutor(FEEDBACK_CLIENTS) as pool:
            together = Barrier(FEEDBACK_CLIENTS)
            for done in [pool.submit(feedback_round, c, urls, facts, False, outcome, together)
                         for c in range(FEEDBACK_CLIENTS)]:
                done.result()
        # Then useful feedback (8 times +0.1 per user: 0.9, unless an update was lost) among
        # conflicting writes, repeated statements, summarize and idle consolidation.
        with ThreadPoolExecutor(FEEDBACK_CLIENTS) as pool:
            together = Barrier(FEEDBACK_CLIENTS)
            for done in [pool.submit(busy_client, c, urls, facts, outcome, together)
                         for c in range(FEEDBACK_CLIENTS)]:
                done.result()
        q = neo4j_server.query
        per_user = FEEDBACK_CLIENTS // len(USERS) * FEEDBACK_EACH
        for user in USERS:  # every feedback counted once, none lost
            fact = q("MATCH (f:Fact {id: $id}) RETURN f.use_count AS uses, "
                     "f.useful_count AS useful, f.confidence AS confidence", id=facts[user])[0]
            assert (fact["uses"], fact["useful"]) == (2 * per_user, per_user), fact
            assert fact["confidence"] == pytest.approx(0.1 + 0.1 * per_user), fact
        # Forgetting the badge through one replica, summarize through both.
        for user in USERS:
            gone = httpx.delete(f"{urls[1]}/v1/memories/{facts[user]}", timeout=120,
                                params={"user_id": user})
            outcome.errors += [] if gone.status_code == 200 else [f"forget: {gone.text[:300]}"]
        summaries = [httpx.post(f"{url}/v1/summarize", timeout=120, json={"user_id": user})
                     for url in urls for user in USERS]
        assert [s.status_code for s in summaries] == [200] * len(summaries)
        assert outcome.errors == []
        for user in USERS:
            assert q("MATCH (f:Fact {id: $id}) RETURN f.status AS s", id=facts[user]
                     )[0]["s"] == "forgotten"

        stored = {r["source"]: r["n"] for r in q(
            "MATCH (e:Episode) WHERE e.source_id STARTS WITH 'c' "
            "RETURN e.source_id AS source, count(*) AS n")}
        assert stored == {source: 1 for source in outcome.acknowledged}
        assert len(stored) == FEEDBACK_CLIENTS * 2 * ROUNDS
        assert_no_duplicate_entities(q)
        for user in USERS:
            assert_latest_place_current(q, user, outcome.places[user])
            # Consolidated over and over by both replicas: still one fact of the statement,
            # every statement its evidence, and one semantic memory of it.
            sushi = q("MATCH (f:Fact {user_id: $u}) WHERE toLower(f.object_name) = 'sushi' "
                      "AND f.status = 'current' OPTIONAL MATCH (f)-[:EXTRACTED_FROM]->(e) "
                      "RETURN f.memory_type AS type, count(e) AS sources ORDER BY type", u=user)
            stated = [r["sources"] for r in sushi if r["type"] != "semantic"]
            assert stated == [outcome.sushi[user]], sushi
            assert len([r for r in sushi if r["type"] == "semantic"]) == 1, sushi
            for url in urls:  # the forgotten badge does not come back through either replica
                assert httpx.get(f"{url}/v1/memories/{facts[user]}", timeout=60
                                 ).status_code == 404
                recalled = httpx.post(f"{url}/v1/recall", timeout=60, json={
                    "user_id": user, "query": "what is my badge?"}).json()
                assert f"B-{user}" not in str(recalled["results"])

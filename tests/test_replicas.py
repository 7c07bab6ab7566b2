"""Two replicas, one Neo4j: two real `graph-memory serve` processes on the same Neo4j 5.26
database, 16 concurrent clients writing conflicting, repeated and retried statements about the
same three users through both, and forgetting through the other one. The guarantees come from
the database (uniqueness constraints, the users' lock nodes of Neo4jStore.locked_users,
retried transactions), not from a lock inside one process. Checked in the graph itself: every
acknowledged write stored exactly once, no duplicate entities, one current place per user and
it is the latest stated (every older one superseded by a later fact), a repeated statement one
fact with every statement as its evidence, nothing forgotten back."""

from __future__ import annotations

import os
import sys
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
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


@pytest.fixture()
def replicas(neo4j_server: Any, tmp_path: Path) -> Iterator[list[str]]:
    neo4j_server.wipe()
    started: list[ServiceProcess] = []
    try:
        for n in range(2):
            port = free_port()
            replica = ServiceProcess([*SERVE, "--port", str(port)],
                                     replica_env(neo4j_server, tmp_path / f"replica{n}"),
                                     port, tmp_path / f"replica{n}.log")
            replica.launch()  # both at once: their schema statements race, as in a rollout
            started.append(replica)
        for replica in started:
            replica.wait_ready()
        yield [r.url for r in started]
    finally:
        for replica in started:
            replica.stop()


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

    # No duplicate entities (forgotten ones keep no name).
    assert q("MATCH (e:Entity) WHERE e.name IS NOT NULL WITH e.user_id AS u, "
             "toLower(e.name) AS name, e.type AS type, count(*) AS n WHERE n > 1 "
             "RETURN u, name, type, n") == []
    assert q("MATCH (e:Entity) WHERE e.name IS NOT NULL RETURN count(e) AS n")[0]["n"] >= 50

    for user in USERS:
        # One fact per place, one current: the latest stated; every older one superseded by
        # a fact stated later (whatever order the replicas wrote them in).
        places = q("MATCH (f:Fact {user_id: $u, predicate: 'LIVES_IN'}) "
                   "OPTIONAL MATCH (newer:Fact)-[:SUPERSEDES]->(f) "
                   "RETURN f.object_name AS city, f.status AS status, f.valid_from AS at, "
                   "collect(newer.valid_from) AS newer_at", u=user)
        assert sorted(r["city"] for r in places) == sorted(c for _, c in outcome.places[user])
        latest = max(outcome.places[user])[1]
        assert [r["city"] for r in places if r["status"] == "current"] == [latest]
        for row in places:
            if row["city"] != latest:
                assert row["status"] == "superseded", row
                assert row["newer_at"] and all(at > row["at"] for at in row["newer_at"]), row
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

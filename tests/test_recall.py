"""Recall against the real engine and models: channels, scoring, history, traces, filters."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.errors import InvalidInputError, NotFoundError
from graph_memory.extract.base import Extractor
from graph_memory.memory import Memory
from graph_memory.models import Fact

T0 = datetime(2026, 4, 1, 18, 0, tzinfo=UTC)
CHAT = [
    "Hi! Before anything else: I'm allergic to peanuts.",
    "I love Thai food, especially green curry.",
    "My favorite restaurant is Lotus on Main Street.",
    "I like coffee.",
    "I moved to Lisbon last year.",
    "Honestly I don't like coffee anymore, it keeps me awake.",
    "I want to get a refund for the running shoes.",
    "Actually, I'd like to exchange them instead.",
    "My order number is A1234.",
]


@pytest.fixture(scope="module")
def memory(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    data = Path(tmp_path_factory.mktemp("recall"))
    with Memory.open(Settings(data_dir=data), embedder=embedder, extractor=extractor) as opened:
        opened.write_batch(
            [
                {
                    "text": text,
                    "user_id": "emi",
                    "speaker": "Emi",
                    "session_id": "s1",
                    "timestamp": T0 + timedelta(minutes=i),
                    "source_id": f"D1:{i + 1}",
                }
                for i, text in enumerate(CHAT)
            ]
        )
        opened.write("I love sushi.", user_id="bob", speaker="Bob", timestamp=T0)
        yield opened


def fact_texts(results: object) -> list[str]:
    return [r.text or "" for r in results if r.kind == "fact"]  # type: ignore[attr-defined]


def test_an_allergy_is_recalled_when_asking_for_a_restaurant(memory: Memory) -> None:
    response = memory.recall("Can you suggest a restaurant for dinner tonight?", user_id="emi")
    constraint_texts = [c.text for c in response.constraints]
    assert "Emi is allergic to peanut" in constraint_texts + fact_texts(response.results)
    [allergy] = [c for c in response.constraints if c.text == "Emi is allergic to peanut"]
    assert allergy.memory_type == "constraint" and allergy.source_ids == ("D1:1",)
    assert allergy.why is not None and "constraint" in allergy.why.channels
    assert any("Lotus" in (r.text or "") for r in response.results)


def test_newest_preference_first_with_the_old_one_attached(memory: Memory) -> None:
    response = memory.recall("Does Emi like coffee?", user_id="emi", top_k=5)
    facts = [r for r in response.results if r.kind == "fact"]
    assert facts[0].text == "Emi avoids coffee"
    [old] = facts[0].superseded
    assert old.text == "Emi prefers coffee" and old.status == "superseded"
    assert "AVOIDS contradicts PREFERS" in old.reason
    assert "Emi prefers coffee" not in fact_texts(response.results), "history is not a result"
    assert facts[0].why is not None and "supersedes" in facts[0].why.line


def test_a_superseded_fact_never_outranks_its_successor(memory: Memory) -> None:
    response = memory.recall(
        "coffee",
        user_id="emi",
        top_k=10,
        filters={"statuses": ["current", "superseded"], "kinds": ["fact"]},
    )
    texts = fact_texts(response.results)
    assert texts.index("Emi avoids coffee") < texts.index("Emi prefers coffee")


def test_a_terse_query_is_rewritten_with_the_current_goal(memory: Memory) -> None:
    memory.working_set(
        "emi", "s1", "current_goal", "exchange the running shoes", memory_type="todo"
    )
    response = memory.recall("what about that one?", user_id="emi", session_id="s1")
    assert response.rewritten_query is not None
    assert "exchange the running shoes" in response.rewritten_query
    assert any("exchange" in (r.text or "") for r in response.results)
    plain = memory.recall("what about that one?", user_id="emi")
    assert plain.rewritten_query is None, "no session, nothing to rewrite with"


def test_every_result_explains_itself(memory: Memory) -> None:
    response = memory.recall("Where does Emi live?", user_id="emi", top_k=5)
    assert response.results
    for result in response.results:
        why = result.why
        assert why is not None and why.line and why.channels
        assert sum(s.contribution for s in why.signals) == pytest.approx(result.score, abs=1e-5)
        for signal in why.signals:
            assert signal.contribution == pytest.approx(signal.raw * signal.weight, abs=1e-5)
            assert 0.0 <= signal.raw <= 1.0
        assert result.episode_ids and result.source_ids
    lisbon = next(r for r in response.results if r.text == "Emi lives in Lisbon (since 2025)")
    assert lisbon.source_ids == ("D1:5",)
    quiet = memory.recall("Where does Emi live?", user_id="emi", explain=False)
    assert all(r.why is None for r in quiet.results)


def test_graph_path_from_a_query_entity(memory: Memory) -> None:
    response = memory.recall("peanuts", user_id="emi", top_k=5)
    assert "peanut" in response.query_entities
    [fact] = [r for r in response.results if r.text == "Emi is allergic to peanut"]
    assert fact.why is not None
    assert {"entity", "graph"} <= set(fact.why.channels)
    assert fact.why.matched_entities == ("peanut",)
    assert [step.relation for step in fact.why.path] == ["start", "ALLERGIC_TO"]


def test_recall_counts_uses(memory: Memory) -> None:
    response = memory.recall("Lisbon", user_id="emi", top_k=3, filters={"kinds": ["fact"]})
    [lisbon] = [r for r in response.results if r.text == "Emi lives in Lisbon (since 2025)"]
    memory.flush()
    stored = memory.get(lisbon.id)
    assert isinstance(stored, Fact) and stored.use_count >= 1 and stored.last_used_at is not None


def test_use_counts_are_batched_and_survive_close(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    settings = Settings(data_dir=tmp_path / "uses")
    with Memory.open(settings, embedder=embedder, extractor=extractor) as opened:
        opened.write("I live in Porto.", user_id="ana", speaker="Ana")
        for _ in range(3):  # within one batching window: one engine write for all three
            response = opened.recall("Porto", user_id="ana", filters={"kinds": ["fact"]})
        fact_id = response.results[0].id
    # close() wrote what was pending; a new process sees all three uses.
    with Memory.open(settings, embedder=embedder, extractor=extractor) as reopened:
        stored = reopened.get(fact_id)
        assert isinstance(stored, Fact) and stored.use_count == 3


def test_users_and_agents_are_isolated(memory: Memory) -> None:
    assert not any(
        "sushi" in (r.text or "") for r in memory.recall("sushi", user_id="emi", top_k=10).results
    )
    assert any(
        "sushi" in (r.text or "") for r in memory.recall("sushi", user_id="bob", top_k=10).results
    )
    memory.write(
        "I prefer window seats.",
        user_id="emi",
        agent_id="travel-agent",
        speaker="Emi",
        timestamp=T0,
    )
    travel = memory.recall("window seats", user_id="emi", agent_id="travel-agent")
    chef = memory.recall("window seats", user_id="emi", agent_id="chef-agent")
    assert any("window" in (r.text or "") for r in travel.results)
    assert not any("window" in (r.text or "") for r in chef.results)
    assert any(
        "Lisbon" in (r.text or "")
        for r in memory.recall("Lisbon", user_id="emi", agent_id="chef-agent").results
    ), "memories without an agent are shared by the user's agents"


def test_filters(memory: Memory) -> None:
    constraints = memory.recall(
        "What is Emi allergic to?",
        user_id="emi",
        top_k=10,
        filters={"memory_types": ["constraint"]},
    )
    assert {r.memory_type for r in constraints.results} == {"constraint"}
    early = memory.recall(
        "coffee", user_id="emi", top_k=10, filters={"until": T0 + timedelta(minutes=4)}
    )
    assert all(r.timestamp <= T0 + timedelta(minutes=4) for r in early.results)
    assert "Emi avoids coffee" not in fact_texts(early.results)
    lisbon_only = memory.recall("where", user_id="emi", top_k=10, filters={"entities": ["Lisbon"]})
    assert lisbon_only.results and all("Lisbon" in (r.text or "") for r in lisbon_only.results)
    confident = memory.recall(
        "coffee", user_id="emi", filters={"min_confidence": 0.99, "kinds": ["fact"]}
    )
    assert confident.results == ()
    episodes = memory.recall("coffee", user_id="emi", filters={"kinds": ["episode"]})
    assert {r.kind for r in episodes.results} == {"episode"}


def test_the_threshold_drops_weak_pure_vector_matches(memory: Memory) -> None:
    strict = memory.recall(
        "quantum chromodynamics lecture", user_id="emi", threshold=0.9, include_constraints=False
    )
    assert strict.results == ()
    loose = memory.recall("quantum chromodynamics lecture", user_id="emi", threshold=-1.0)
    assert loose.results


def test_weights_can_be_overridden_per_request(memory: Memory) -> None:
    response = memory.recall("Lisbon", user_id="emi", weights={"keyword": 0.0, "recency": 0.5})
    why = response.results[0].why
    assert why is not None
    weights = {s.name: s.weight for s in why.signals}
    assert weights["keyword"] == 0.0 and weights["recency"] == 0.5
    assert memory.recall("Lisbon", user_id="emi").results[0].why is not None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"query": "   "}, "empty"),
        ({"top_k": 0}, "top_k"),
        ({"top_k": 101}, "top_k"),
        ({"filters": {"colour": "red"}}, "colour"),
        ({"filters": {"memory_types": ["gossip"]}}, "unknown memory type"),
        ({"filters": {"statuses": ["lost"]}}, "statuses"),
        ({"preset": "magic"}, "unknown preset"),
        ({"weights": {"vibes": 1.0}}, "weights.vibes.*Input should be 'semantic'"),
        ({"weights": {"keyword": -1.0}}, "weights"),
        ({"user_id": "not valid!"}, "user_id"),
        (
            {"filters": {"since": "2026-05-01T00:00:00Z", "until": "2026-04-01T00:00:00Z"}},
            "since is after until",
        ),
    ],
)
def test_bad_recall_input_gets_a_clear_error(
    memory: Memory, options: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"query": "coffee", "user_id": "emi", **options}
    query = arguments.pop("query")
    user = arguments.pop("user_id")
    with pytest.raises(InvalidInputError, match=message):
        memory.recall(query, user_id=user, **arguments)  # type: ignore[arg-type]


def test_needs_confirmation_conflicts_return_both_sides(memory: Memory) -> None:
    def lives(city: str) -> dict[str, object]:
        return {
            "subject": {"name": "Zoe", "type": "Person"},
            "predicate": "LIVES_IN",
            "object": {"name": city, "type": "Place"},
        }

    memory.write(user_id="zoe", speaker="Zoe", triples=[lives("Paris")], timestamp=T0)
    memory.write(
        user_id="zoe", agent_id="crm", triples=[lives("Lyon")], timestamp=T0 + timedelta(hours=1)
    )
    response = memory.recall(
        "Where does Zoe live?", user_id="zoe", top_k=5, filters={"kinds": ["fact"]}
    )
    sides = {r.text: r for r in response.results}
    assert {"Zoe lives in Paris", "Zoe lives in Lyon"} <= set(sides)
    for text, other in (
        ("Zoe lives in Paris", "Zoe lives in Lyon"),
        ("Zoe lives in Lyon", "Zoe lives in Paris"),
    ):
        result = sides[text]
        assert result.needs_confirmation and result.status == "conflicted"
        assert [c.text for c in result.conflicts] == [other]
        assert result.why is not None and "needs confirmation" in result.why.line


# --- recall follows changes: outdated messages, successors, one slot per statement, time ----

T1 = datetime(2024, 1, 2, 15, 0, tzinfo=UTC)  # a Tuesday
CHANGES = [
    ("I live in Munich.", timedelta(0)),
    ("I love hiking in the mountains.", timedelta(days=1)),
    ("I went to Miami last week.", timedelta(days=2)),
    ("I live in Berlin now.", timedelta(days=40)),
]


@pytest.fixture(scope="module")
def changed(
    tmp_path_factory: pytest.TempPathFactory,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> Iterator[Memory]:
    data = Path(tmp_path_factory.mktemp("changes"))
    with Memory.open(Settings(data_dir=data), embedder=embedder, extractor=extractor) as opened:
        for i, (text, at) in enumerate(CHANGES):
            opened.write(
                text, user_id="sam", speaker="Sam", timestamp=T1 + at, source_id=f"m{i + 1}"
            )
        yield opened


def test_the_changes_were_stored_as_expected(changed: Memory) -> None:
    homes = {
        f.object_name: f.status for f in changed.facts("sam", statuses=None, predicate="LIVES_IN")
    }
    assert homes == {"Munich": "superseded", "Berlin": "current"}


def test_a_message_whose_facts_were_superseded_is_outdated_and_ranks_below_its_successor(
    changed: Memory,
) -> None:
    response = changed.recall("Where does Sam live?", user_id="sam", top_k=5)
    ids = [r.id for r in response.results]
    [old] = [r for r in response.results if r.source_ids == ("m1",)]
    assert old.kind == "episode" and old.outdated
    assert old.why is not None and "outdated" in old.why.line
    assert "Sam lives in Munich superseded by" in old.why.line
    assert "single-valued LIVES_IN" in old.why.line
    berlin = [r for r in response.results if "m4" in r.source_ids]
    assert berlin and all(ids.index(b.id) < ids.index(old.id) for b in berlin)
    assert not any(r.outdated for r in response.results if r.id != old.id)


def test_the_successor_joins_when_no_channel_found_it(changed: Memory) -> None:
    # "Munich" finds the old message by keyword; the Berlin fact shares no word with it.
    response = changed.recall("Munich", user_id="sam", top_k=3)
    texts = [r.text for r in response.results]
    [old] = [r for r in response.results if r.source_ids == ("m1",)]
    assert old.outdated
    assert any("Berlin" in (t or "") for t in texts[: texts.index(old.text)])


def test_a_pruned_fact_leaves_its_message_outdated(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    with Memory.open(
        Settings(data_dir=tmp_path / "d"), embedder=embedder, extractor=extractor
    ) as memory:
        memory.write("I live in Munich.", user_id="u", speaker="Sam", timestamp=T1)
        [fact] = memory.facts("u", predicate="LIVES_IN")
        before = memory.recall("Where does Sam live?", user_id="u", top_k=3)
        assert not any(r.outdated for r in before.results)
        report = memory.prune(user_id="u", dry_run=False, min_confidence=1.0)
        assert fact.id in {c.fact_id for c in report.candidates}
        after = memory.recall("Where does Sam live?", user_id="u", top_k=3)
        [message] = [r for r in after.results if r.kind == "episode"]
        assert message.outdated and message.why is not None
        assert "1 fact(s) pruned" in message.why.line


def test_a_fact_and_its_own_message_never_both_take_a_slot(changed: Memory) -> None:
    for query in ("Where does Sam live?", "Berlin", "hiking", "Miami trip", "Sam"):
        response = changed.recall(query, user_id="sam", top_k=10)
        episodes = {r.id for r in response.results if r.kind == "episode"}
        for result in response.results:
            if result.kind == "fact":
                assert not set(result.episode_ids) & episodes, (query, result.text)


def test_a_fact_stands_in_for_its_message(changed: Memory) -> None:
    response = changed.recall("Does Sam like hiking?", user_id="sam", top_k=5)
    [hiking] = [r for r in response.results if "m2" in r.source_ids]
    assert hiking.kind == "fact", "the fact takes its message's slot and lists it as its source"


def test_the_time_a_fact_is_about_is_in_its_text_and_trace(changed: Memory) -> None:
    [trip] = changed.facts("sam", predicate="VISITED")
    assert trip.occurred_at == datetime(2023, 12, 25, tzinfo=UTC) and trip.occurred_text == (
        "last week"
    )
    assert trip.text == "Sam visited Miami (week of 2023-12-25)"
    response = changed.recall("Miami", user_id="sam", top_k=3, filters={"kinds": ["fact"]})
    [found] = [r for r in response.results if r.id == trip.id]
    assert found.why is not None and "about 2023-12-25 ('last week')" in found.why.line


def test_valid_time_filters_read_the_time_a_fact_is_about(changed: Memory) -> None:
    said = T1 + timedelta(days=2)  # the trip was told on 4 January, it happened the week before
    before_telling = {"until": said - timedelta(days=3), "kinds": ["fact"]}
    facts = fact_texts(changed.recall("Miami", user_id="sam", filters=before_telling).results)
    assert "Sam visited Miami (week of 2023-12-25)" in facts
    after = {"since": said - timedelta(days=1), "kinds": ["fact"]}
    facts = fact_texts(changed.recall("Miami", user_id="sam", filters=after).results)
    assert "Sam visited Miami (week of 2023-12-25)" not in facts


def test_as_of_returns_what_held_then(changed: Memory) -> None:
    def homes(at: datetime) -> list[str]:
        response = changed.recall(
            "Where does Sam live?",
            user_id="sam",
            top_k=10,
            filters={"as_of": at, "kinds": ["fact"], "memory_types": ["fact"]},
        )
        return sorted(t for t in fact_texts(response.results) if "lives in" in t)

    assert homes(T1 + timedelta(days=10)) == ["Sam lives in Munich"]
    assert homes(T1 + timedelta(days=50)) == ["Sam lives in Berlin"]
    assert homes(T1 - timedelta(days=1)) == []
    messages = changed.recall(
        "live", user_id="sam", filters={"as_of": T1 + timedelta(days=10), "kinds": ["episode"]}
    )
    assert "m4" not in {s for r in messages.results for s in r.source_ids}


def test_prune_can_include_old_messages_of_which_nothing_holds(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, extractor: Extractor
) -> None:
    now = datetime.now(UTC)
    with Memory.open(
        Settings(data_dir=tmp_path / "d"), embedder=embedder, extractor=extractor
    ) as memory:
        for text, days_ago, source in (
            ("Hello there, nice to meet you!", 200, "hello"),
            ("I live in Munich.", 200, "munich"),
            ("I love hiking.", 200, "hiking"),
            ("I live in Berlin now.", 100, "berlin"),
            ("I live in Hamburg.", 10, "hamburg"),
        ):
            memory.write(
                text,
                user_id="u",
                speaker="Sam",
                timestamp=now - timedelta(days=days_ago),
                source_id=source,
            )
        homes = {f.object_name: f for f in memory.facts("u", statuses=None, predicate="LIVES_IN")}
        assert {name: f.status for name, f in homes.items()} == {
            "Munich": "superseded",
            "Berlin": "superseded",
            "Hamburg": "current",
        }
        plain = memory.prune(user_id="u", superseded_days=90)
        assert plain.messages == () and {c.fact_id for c in plain.candidates} == {
            homes["Munich"].id
        }
        # Berlin was superseded 10 days ago: neither it nor its message is old enough.
        dry = memory.prune(user_id="u", superseded_days=90, include_messages=True)
        assert dry.dry_run and dry.removed_messages == 0
        assert [m.source_id for m in dry.messages] == ["munich"]
        applied = memory.prune(
            user_id="u", superseded_days=90, include_messages=True, dry_run=False
        )
        assert applied.messages == dry.messages and applied.removed_messages == 1
        with pytest.raises(NotFoundError):
            memory.get(dry.messages[0].episode_id)
        kept = {
            s for r in memory.recall("live", user_id="u", top_k=10).results for s in r.source_ids
        }
        assert "munich" not in kept and {"berlin", "hamburg"} <= kept
        hello = memory.recall("nice to meet you", user_id="u", top_k=3).results
        assert any(r.source_ids == ("hello",) for r in hello), "a message without facts stays"
        again = memory.prune(user_id="u", superseded_days=90, include_messages=True)
        assert again.messages == () and again.candidates == ()


def test_rest_recall_takes_as_of_and_says_outdated(changed: Memory) -> None:
    from fastapi.testclient import TestClient

    from graph_memory.api import create_app

    with TestClient(create_app(memory=changed), base_url="http://127.0.0.1") as client:
        body = {"query": "Where does Sam live?", "user_id": "sam", "top_k": 5}
        answer = client.post("/v1/recall", json=body)
        assert answer.status_code == 200, answer.text
        [old] = [r for r in answer.json()["results"] if r["source_ids"] == ["m1"]]
        assert old["outdated"] is True and "outdated" in old["why"]["line"]
        then = (T1 + timedelta(days=10)).isoformat()
        past = client.post(
            "/v1/recall", json={**body, "filters": {"as_of": then, "kinds": ["fact"]}}
        )
        assert past.status_code == 200, past.text
        assert "Sam lives in Munich" in [r["text"] for r in past.json()["results"]]
        bad = client.post("/v1/recall", json={**body, "filters": {"as_of": "yesterday"}})
        assert bad.status_code == 422
        prune = client.post("/v1/prune", json={"user_id": "sam", "include_messages": True})
        assert prune.status_code == 200 and prune.json()["dry_run"] is True
        assert [m["source_id"] for m in prune.json()["messages"]] == ["m1"]
        wrong = client.post("/v1/prune", json={"user_id": "sam", "include_messages": "yes"})
        assert wrong.status_code == 422


def test_cli_prune_include_messages_is_a_dry_run_until_applied(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    embedder: SentenceTransformerEmbedder,
    extractor: Extractor,
) -> None:
    import json

    from typer.testing import CliRunner

    from graph_memory import cli

    def open_memory(settings: Settings) -> Memory:
        return Memory.open(settings, embedder=embedder, extractor=extractor)

    monkeypatch.setattr(cli, "open_memory", open_memory)
    runner = CliRunner()

    def run(*args: str) -> str:
        result = runner.invoke(cli.app, ["--data-dir", str(tmp_path / "data"), *args])
        assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
        return result.stdout

    long_ago = (datetime.now(UTC) - timedelta(days=200)).isoformat()
    later = (datetime.now(UTC) - timedelta(days=100)).isoformat()
    for text, at in (("I live in Munich.", long_ago), ("I live in Berlin now.", later)):
        run("write", text, "--user", "sam", "--speaker", "Sam", "--timestamp", at)
    listed = run("prune", "--user", "sam", "--include-messages")
    assert "1 outdated messages would be removed" in listed and "I live in Munich." in listed
    report = json.loads(run("prune", "--user", "sam", "--include-messages", "--apply", "--json"))
    assert report["removed_messages"] == 1 and report["messages"][0]["text"] == "I live in Munich."
    assert "0 outdated messages would be removed" in run(
        "prune", "--user", "sam", "--include-messages"
    )

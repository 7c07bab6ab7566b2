"""Cypher for analysts on the embedded FalkorDB engine: the saved queries of cypher/analyst/
answer what they say, and the read-only surface refuses writes (by GRAPH.RO_QUERY), syntax
errors, runaway queries and oversized results with a clear error, changing nothing. Real
engine and models."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Literal

import pytest

from graph_memory.analyst import CypherRejected, run_cypher, saved_queries
from graph_memory.memory import Memory

LIMITS = {"timeout_ms": 5000, "max_rows": 1000}
LABELS: tuple[Literal["Episode", "Entity", "Fact", "Slot", "Tombstone"], ...] = (
    "Episode", "Entity", "Fact", "Slot", "Tombstone")


def triple(s: str, st: str, p: str, o: str, ot: str) -> dict[str, Any]:
    return {"subject": {"name": s, "type": st}, "predicate": p, "object": {"name": o, "type": ot}}


@pytest.fixture()
def seeded(memory: Memory) -> Iterator[dict[str, str]]:
    """Emi moved from Paris to Lisbon (a supersession), is allergic to peanuts, and a weak,
    lower-priority claim that she works at Acme conflicts with Globex."""
    paris = memory.write(user_id="emi", triples=[triple("Emi", "Person", "LIVES_IN", "Paris",
                                                        "Place")], source_id="chat:1")
    lisbon = memory.write(user_id="emi", triples=[triple("Emi", "Person", "LIVES_IN", "Lisbon",
                                                         "Place")], source_id="chat:2")
    peanut = memory.write(user_id="emi", triples=[triple("Emi", "Person", "ALLERGIC_TO",
                                                         "peanut", "Food")])
    globex = memory.write(user_id="emi", priority=8, triples=[
        triple("Emi", "Person", "WORKS_AT", "Globex", "Organization")])
    acme = memory.write(user_id="emi", priority=3, triples=[
        triple("Emi", "Person", "WORKS_AT", "Acme", "Organization")])
    assert acme.changes and acme.changes[0].kind == "conflict"
    emi = memory.get(peanut.fact_ids[0])
    yield {
        "paris": paris.fact_ids[0],
        "lisbon": lisbon.fact_ids[0],
        "peanut": peanut.fact_ids[0],
        "globex": globex.fact_ids[0],
        "acme": acme.fact_ids[0],
        "emi": emi.subject_id,  # type: ignore[union-attr]
        "peanut_entity": emi.object_id,  # type: ignore[union-attr]
    }


def counts(memory: Memory) -> dict[str, int]:
    return {label: memory.store.count(label) for label in LABELS}


def rows(memory: Memory, name: str, **params: Any) -> list[dict[str, Any]]:
    result = run_cypher(memory.store, name=name, params=params, **LIMITS)
    return [dict(zip(result.columns, row, strict=True)) for row in result.rows]


def test_every_saved_query_declares_a_description_and_its_parameters() -> None:
    found = saved_queries()
    assert set(found) == {"fact_versions", "open_conflicts", "recall_path", "most_used_facts",
                          "least_confident_facts", "entity_neighbourhood", "semantic_evidence"}
    for query in found.values():
        assert query.description and "$" not in query.description
        for param in query.params:
            assert f"${param.name}" in query.text, (query.name, param.name)


def test_semantic_evidence_lists_what_consolidation_learned(memory: Memory) -> None:
    for text in ("I love jazz.", "I really love jazz.", "Honestly, I love jazz."):
        memory.write(text, user_id="emi", speaker="Emi")
    [learned] = rows(memory, "semantic_evidence", user_id="emi")
    [semantic] = memory.semantic_memories("emi")
    assert (learned["semantic_id"], learned["statements"], learned["episodes"]) == (
        semantic.id, 3, 3)
    assert learned["conclusion"] == "Emi prefers jazz"
    assert learned["source_facts"] == list(semantic.evidence)
    assert '"topics"' in learned["scope"]
    assert rows(memory, "semantic_evidence", user_id="someone-else") == []


def test_fact_versions_shows_current_and_superseded_with_the_reason(
    memory: Memory, seeded: dict[str, str]
) -> None:
    versions = {r["fact_id"]: r for r in rows(memory, "fact_versions", entity_id=seeded["emi"])}
    assert versions[seeded["lisbon"]]["status"] == "current"
    old = versions[seeded["paris"]]
    assert old["status"] == "superseded" and old["superseded_by"] == seeded["lisbon"]
    assert old["reason"] and old["superseded_at"] is not None
    lived = [r["fact_id"] for r in versions.values() if r["predicate"] == "LIVES_IN"]
    assert lived == [seeded["lisbon"], seeded["paris"]], "newest version first"


def test_open_conflicts_lists_both_sides(memory: Memory, seeded: dict[str, str]) -> None:
    [conflict] = rows(memory, "open_conflicts", user_id="emi")
    assert {conflict["fact_id"], conflict["other_fact_id"]} == {seeded["acme"], seeded["globex"]}
    assert conflict["needs_confirmation"] is True and conflict["reason"]
    assert rows(memory, "open_conflicts", user_id="somebody-else") == []


def test_recall_path_explains_a_two_hop_fact(memory: Memory, seeded: dict[str, str]) -> None:
    direct = rows(memory, "recall_path", fact_id=seeded["peanut"], entity_id=seeded["emi"])
    assert direct[0]["hops"] == 1 and direct[0]["edges"] == ["SUBJECT"]
    assert direct[0]["path"] == ["Emi", "Emi is allergic to peanut"]
    # From peanut to where Emi lives: peanut <- allergy fact -> Emi <- lives-in fact.
    [two] = rows(memory, "recall_path", fact_id=seeded["lisbon"],
                 entity_id=seeded["peanut_entity"])
    assert two["hops"] == 3 and two["edges"] == ["OBJECT", "SUBJECT", "SUBJECT"]
    assert two["path"][0] == "peanut" and two["path"][2] == "Emi"
    assert two["source_ids"] == ["chat:2"]


def test_most_used_and_least_confident(memory: Memory, seeded: dict[str, str]) -> None:
    from datetime import UTC, datetime

    memory.store.touch_facts({seeded["peanut"]: 2, seeded["lisbon"]: 1}, datetime.now(UTC))
    used = rows(memory, "most_used_facts", user_id="emi", limit=2)
    assert [r["fact_id"] for r in used] == [seeded["peanut"], seeded["lisbon"]]
    assert [r["use_count"] for r in used] == [2, 1]
    memory.feedback(seeded["lisbon"], useful=False)
    weakest = rows(memory, "least_confident_facts", user_id="emi", limit=1)
    assert [r["fact_id"] for r in weakest] == [seeded["lisbon"]]


def test_entity_neighbourhood(memory: Memory, seeded: dict[str, str]) -> None:
    around = rows(memory, "entity_neighbourhood", entity_id=seeded["emi"])
    assert {(r["predicate"], r["other_name"], r["role"]) for r in around} >= {
        ("LIVES_IN", "Lisbon", "SUBJECT"), ("LIVES_IN", "Paris", "SUBJECT"),
        ("ALLERGIC_TO", "peanut", "SUBJECT"), ("WORKS_AT", "Acme", "SUBJECT")}
    of_peanut = rows(memory, "entity_neighbourhood", entity_id=seeded["peanut_entity"])
    assert [(r["role"], r["other_name"]) for r in of_peanut] == [("OBJECT", "Emi")]


def test_ad_hoc_cypher_returns_nodes_without_embeddings(
    memory: Memory, seeded: dict[str, str]
) -> None:
    result = run_cypher(memory.store, query="MATCH (f:Fact {id: $id}) RETURN f, f.text AS text",
                        params={"id": seeded["peanut"]}, **LIMITS)
    assert result.columns == ["f", "text"] and result.query is None
    [[node, text]] = result.rows
    assert isinstance(node, dict) and node["labels"] == ["Fact"]
    assert "embedding" not in node["properties"] and "user_key" not in node["properties"]
    assert text == "Emi is allergic to peanut"


# --- bad input: refused with a clear error, nothing changed -----------------------------------


def rejected(memory: Memory, kind: str, **call: Any) -> str:
    before = counts(memory)
    with pytest.raises(CypherRejected) as caught:
        run_cypher(memory.store, **({**LIMITS, **call}))
    assert caught.value.kind == kind, str(caught.value)
    assert counts(memory) == before
    return str(caught.value)


@pytest.mark.parametrize("query", [
    "CREATE (:Fact {id: 'x'})",
    "MATCH (f:Fact) SET f.status = 'forgotten'",
    "MATCH (n) DETACH DELETE n",
    "MERGE (n:Entity {id: 'ent_x'}) RETURN n",
    "MATCH (f:Fact) WITH f LIMIT 1 CREATE (f)-[:SUPERSEDES]->(f)",
    "match (f:Fact) remove f.text",
])
def test_writes_are_refused_by_the_engine(
    memory: Memory, seeded: dict[str, str], query: str
) -> None:
    assert "read-only" in rejected(memory, "write", query=query)
    assert memory.get(seeded["peanut"]).text == "Emi is allergic to peanut"  # type: ignore[union-attr]


def test_syntax_errors_say_what_the_engine_said(memory: Memory, seeded: dict[str, str]) -> None:
    message = rejected(memory, "syntax", query="MATCH (f:Fact RETURN f")
    assert "rejected the query" in message and len(message) > 40
    rejected(memory, "syntax", query="   ")


def test_engine_procedures_that_write_are_refused(memory: Memory) -> None:
    """A procedure call must name its columns (so that its rows can be capped in the engine):
    a write procedure, which has none, cannot even be called; nothing is dropped."""
    message = rejected(memory, "syntax", query="CALL db.idx.fulltext.drop('Fact')")
    assert "YIELD" in message
    assert memory.store.search_facts_by_text("emi", "peanut", 5) == []  # nothing to find yet


def test_a_runaway_query_is_stopped_at_the_time_limit(memory: Memory) -> None:
    message = rejected(memory, "timeout", timeout_ms=10,
                       query="UNWIND range(1, 6000000) AS x WITH x WHERE x < 0 RETURN count(x)")
    assert "10 ms" in message


def test_an_oversized_result_is_refused(memory: Memory, seeded: dict[str, str]) -> None:
    assert "LIMIT" in rejected(memory, "too_many_rows", max_rows=2,
                               query="MATCH (f:Fact) RETURN f.id")
    assert len(run_cypher(memory.store, query="MATCH (f:Fact) RETURN f.id LIMIT 2",
                          timeout_ms=1000, max_rows=2).rows) == 2


@pytest.mark.parametrize("name", [
    "fact_versions; MATCH (n) DETACH DELETE n",
    "../falkordb/schema",
    "Fact_versions",
    "no_such_query",
])
def test_unknown_or_malformed_query_names(memory: Memory, name: str) -> None:
    rejected(memory, "unknown_query", name=name, params={"entity_id": "x"})


def test_injection_through_values_and_parameter_names_does_nothing(
    memory: Memory, seeded: dict[str, str]
) -> None:
    # A value is a value: it never becomes Cypher, label or identifier.
    for hostile in ("x'}) DETACH DELETE n //", "Fact) DETACH DELETE (n", "`Fact`"):
        before = counts(memory)
        assert rows(memory, "fact_versions", entity_id=hostile) == []
        assert counts(memory) == before
    rejected(memory, "bad_params", query="MATCH (n) RETURN n LIMIT 1",
             params={"x) DETACH DELETE (n": 1})
    rejected(memory, "bad_params", name="fact_versions",
             params={"entity_id": seeded["emi"], "label": "Fact"})
    rejected(memory, "bad_params", name="fact_versions", params={})
    rejected(memory, "bad_params", name="fact_versions",
             params={"entity_id": seeded["emi"], "limit": "10; DROP"})
    # A label cannot be a parameter: Cypher refuses it rather than splicing it in.
    rejected(memory, "syntax", query="MATCH (n:$label) RETURN n", params={"label": "Fact"})


def test_map_parameters_pass_through_and_keys_the_engine_cannot_write_are_refused(
    memory: Memory,
) -> None:
    """A map parameter reaches the query as given; a map key that is empty or holds a backtick
    (FalkorDB writes map parameters into the query text) is a 422 naming the parameter, never
    an engine failure (it was a 503)."""
    given = {"a b": [1, {"c": "d"}], "e": None}
    result = run_cypher(memory.store, query="RETURN $m AS m", params={"m": given}, **LIMITS)
    assert result.rows == [[given]]
    for bad in ({"": 1}, {"a`b": 1}, [{"x": {"": True}}]):
        with pytest.raises(CypherRejected, match="parameter m: map key") as refused:
            run_cypher(memory.store, query="RETURN $m AS m", params={"m": bad}, **LIMITS)
        assert refused.value.kind == "bad_params"


def test_the_row_cap_keeps_the_written_columns_and_order(memory: Memory) -> None:
    """The engine caps rows with a subquery around the query; what the analyst sees is the
    query's own result: columns as written, ORDER BY kept, a leading WITH allowed."""
    result = run_cypher(memory.store, query="UNWIND [3, 1, 2] AS x RETURN x AS b, -x AS a "
                                            "ORDER BY b DESC", **LIMITS)
    assert result.columns == ["b", "a"] and result.rows == [[3, -3], [2, -2], [1, -1]]
    result = run_cypher(memory.store, query="WITH [1, 2] AS xs RETURN size(xs), xs", **LIMITS)
    assert result.columns == ["size(xs)", "xs"] and result.rows == [[2, [1, 2]]]
    exactly = run_cypher(memory.store, query="UNWIND range(1, 5) AS x RETURN x",
                         timeout_ms=5000, max_rows=5)
    assert len(exactly.rows) == 5  # max_rows itself is allowed, one more is not
    rejected(memory, "too_many_rows", query="UNWIND range(1, 6) AS x RETURN x",
             timeout_ms=5000, max_rows=5)


def test_a_query_cannot_close_the_row_cap_early(memory: Memory) -> None:
    """A stray '}' would end the capping subquery and let a UNION branch run uncapped."""
    escape = ("RETURN 1 AS z } UNWIND range(1, 3000000) AS z RETURN z "
              "UNION CALL { RETURN 2 AS z")
    rejected(memory, "syntax", query=escape)
    # Brackets inside strings and comments are text, not structure.
    result = run_cypher(memory.store, query="RETURN '} {' AS s // }", **LIMITS)
    assert result.rows == [["} {"]]

"""Entity canonicalisation: the strict name-match rule and resolution across writes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.entities import EntityResolver, is_acronym, names_match
from graph_memory.models import EntityRef
from graph_memory.ontology import Ontology
from graph_memory.store.base import Store, WritePlan

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("LA", "Los Angeles"),
        ("MIT", "Massachusetts Institute of Technology"),
        ("UK", "United Kingdom"),
        ("ml", "machine learning"),
    ],
)
def test_acronyms_match_their_initials(a: str, b: str) -> None:
    assert is_acronym(a, b) and names_match(a, b, similarity=0.0, threshold=0.99)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("iPhone 14", "iPhone 15"),
        ("Korea", "North Korea"),
        ("AirPods", "AirPods Pro"),
        ("brown rice", "white rice"),
        ("University of Washington", "Washington University"),
        ("API v1", "API v2"),
    ],
)
def test_names_told_apart_by_a_word_or_number_never_match(a: str, b: str) -> None:
    assert not names_match(a, b, similarity=0.99, threshold=0.5)


def test_a_plural_names_the_same_thing() -> None:
    assert names_match("Rottweilers", "rottweiler", similarity=0.0, threshold=0.99)


def test_different_words_fall_back_to_the_embedding() -> None:
    assert names_match("couch", "sofa", similarity=0.86, threshold=0.85)
    assert not names_match("coffee", "tea", similarity=0.6, threshold=0.85)


def test_chinese_names_never_merge_by_embedding(
    store: Store, embedder: SentenceTransformerEmbedder, ontology: Ontology
) -> None:
    """MiniLM reads most Chinese characters as unknown tokens: 蓝色 (blue) and 绿色 (green)
    embed alike to it. Chinese names merge by their normalised form only."""
    pairs = [("蓝色", "绿色"), ("滑雪", "游泳"), ("一只猫", "一条狗")]
    assert all(not names_match(a, b, similarity=0.99, threshold=0.5) for a, b in pairs)
    loose = EntityResolver(store, embedder, ontology, threshold=0.0)
    first = resolve(store, loose, [EntityRef(name=a, type="Thing") for a, _ in pairs])
    second = resolve(store, loose, [EntityRef(name=b, type="Thing") for _, b in pairs])
    assert not set(first) & set(second)
    assert resolve(store, loose, [EntityRef(name="蓝色", type="Thing")]) == first[:1]


def test_a_synonym_is_found_when_other_users_crowd_the_shared_index(
    store: Store, embedder: SentenceTransformerEmbedder, ontology: Ontology
) -> None:
    """Thirty other users each hold a "couch": the shared index's nearest hits to "couch" are
    all theirs, yet u1's "sofa" is still found (the exact scan of u1's own entities)."""
    resolver = EntityResolver(store, embedder, ontology, threshold=0.85)
    [sofa] = resolve(store, resolver, [EntityRef(name="sofa", type="Thing")])
    for n in range(30):
        crowd = resolver.resolve(f"u{n + 2}", [EntityRef(name="couch", type="Thing")], NOW)
        store.apply(WritePlan(entities=list(crowd.rows.values()), aliases=crowd.aliases))
    assert resolve(store, resolver, [EntityRef(name="couch", type="Thing")]) == [sofa]


def resolve(store: Store, resolver: EntityResolver, refs: list[EntityRef]) -> list[str]:
    resolved = resolver.resolve("u1", refs, NOW)
    store.apply(WritePlan(entities=list(resolved.rows.values()), aliases=resolved.aliases))
    return [resolved.by_ref[ref].id for ref in refs]


def test_resolution_across_writes_uses_names_aliases_and_similarity(
    store: Store, embedder: SentenceTransformerEmbedder, ontology: Ontology
) -> None:
    resolver = EntityResolver(store, embedder, ontology, threshold=0.85)
    [nyc, couch, tea] = resolve(
        store,
        resolver,
        [
            EntityRef(name="New York City", type="Place"),
            EntityRef(name="couch", type="Thing"),
            EntityRef(name="tea", type="Food"),
        ],
    )
    again = resolve(
        store,
        resolver,
        [
            EntityRef(name="new york city", type="Place"),
            EntityRef(name="NYC", type="Place"),
            EntityRef(name="sofa", type="Thing"),
            EntityRef(name="coffee", type="Food"),
        ],
    )
    assert again[0] == nyc, "case and spacing normalise to the same entity"
    assert again[1] == nyc, "acronym becomes an alias"
    assert again[2] == couch, "synonym above the threshold becomes an alias"
    assert again[3] != tea
    entity = store.get_entity(nyc)
    assert entity is not None and "NYC" in entity.aliases
    # The alias is now in the table: it resolves without any embedding comparison.
    strict = EntityResolver(store, embedder, ontology, threshold=1.01)
    assert resolve(store, strict, [EntityRef(name="nyc", type="Place")]) == [nyc]


def test_names_of_people_and_identifiers_are_never_merged_by_embedding(
    store: Store, embedder: SentenceTransformerEmbedder, ontology: Ontology
) -> None:
    loose = EntityResolver(store, embedder, ontology, threshold=0.0)
    first = resolve(
        store, loose, [EntityRef(name="Emi", type="Person"), EntityRef(name="A1234", type="Order")]
    )
    second = resolve(
        store,
        loose,
        [EntityRef(name="Emily", type="Person"), EntityRef(name="B9999", type="Order")],
    )
    assert set(first).isdisjoint(second)


def test_a_specific_type_refines_the_fallback_type(
    store: Store, embedder: SentenceTransformerEmbedder, ontology: Ontology
) -> None:
    resolver = EntityResolver(store, embedder, ontology, threshold=0.85)
    [peanut] = resolve(store, resolver, [EntityRef(name="peanut", type="Thing")])
    assert resolve(store, resolver, [EntityRef(name="peanut", type="Substance")]) == [peanut]
    entity = store.get_entity(peanut)
    assert entity is not None and entity.type == "Substance"

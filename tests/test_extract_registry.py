"""Extractors are found by name (GRAPH_MEMORY_EXTRACTOR) through one registry: a second
extractor is added without touching the write path; an unknown name stops the start."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from graph_memory.config import Settings
from graph_memory.embed import SentenceTransformerEmbedder
from graph_memory.extract import registry
from graph_memory.extract.registry import ExtractorError, create_extractor
from graph_memory.extract.rules import RuleExtractor
from graph_memory.memory import Memory
from graph_memory.models import (
    EntityRef,
    ExtractedFact,
    Extraction,
    ExtractionInput,
    Triple,
    WriteRequest,
)
from graph_memory.ontology import Ontology


class KeywordExtractor:
    """A second, real extractor: "I own <word>" -> OWNS(speaker, word). Stands for an LLM one."""

    name = "keyword-test"

    def __init__(self, ontology: Ontology) -> None:
        self.relation = ontology.relation("OWNS")

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        out = []
        for item in items:
            words = item.text.rstrip(".").split()
            facts = []
            if len(words) == 3 and words[:2] == ["I", "own"]:
                triple = Triple(
                    subject=EntityRef(name=item.speaker, type="Person"),
                    predicate="OWNS",
                    object=EntityRef(name=words[2], type="Item"),
                )
                facts.append(
                    ExtractedFact(triple=triple, span=(0, len(item.text)), extractor=self.name,
                                  confidence=0.9)
                )  # fmt: skip
            out.append(Extraction(facts=tuple(facts)))
        return out


@pytest.fixture()
def keyword_registered() -> Iterator[str]:
    registry.register("keyword", KeywordExtractor)
    try:
        yield "keyword"
    finally:
        registry.unregister("keyword")


def test_the_rules_are_the_default(ontology: Ontology) -> None:
    assert Settings().extractor == "rules"
    assert "rules" in registry.available()
    assert isinstance(create_extractor("rules", ontology), RuleExtractor)


def test_a_registered_extractor_is_found_by_name(
    ontology: Ontology, keyword_registered: str
) -> None:
    assert keyword_registered in registry.available()
    extractor = create_extractor(keyword_registered, ontology)
    assert isinstance(extractor, KeywordExtractor)
    result = extractor.extract([ExtractionInput(text="I own bikes.", speaker="Ana")])
    assert [f.triple.object.name for f in result[0].facts] == ["bikes"]


def test_unknown_extractor_is_a_clear_error_at_start(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", extractor="no-such-extractor")
    with pytest.raises(ExtractorError, match=r"no-such-extractor.*known: .*rules"):
        create_extractor(
            settings.extractor,
            Ontology.model_validate(
                {"memory_types": {}, "entity_types": {"Thing": {}}, "relations": {}}
            ),
        )


def test_memory_opens_with_the_configured_extractor_and_writes_its_facts(
    tmp_path: Path, embedder: SentenceTransformerEmbedder, keyword_registered: str
) -> None:
    settings = Settings(data_dir=tmp_path / "data", extractor=keyword_registered)
    with Memory.open(settings, embedder=embedder) as memory:
        memory.write_batch([WriteRequest(user_id="u1", text="I own bikes.", speaker="Ana")])
        facts = memory.facts("u1")
        assert [(f.predicate, f.object_name, f.extractor) for f in facts] == [
            ("OWNS", "bikes", "keyword-test")
        ]


def test_memory_open_fails_on_an_unknown_extractor(
    tmp_path: Path, embedder: SentenceTransformerEmbedder
) -> None:
    settings = Settings(data_dir=tmp_path / "data", extractor="missing")
    with pytest.raises(ExtractorError, match="unknown extractor 'missing'"):
        Memory.open(settings, embedder=embedder)

"""The extractor interface: text in, ontology-typed triples out.

The rule extractor (spaCy) is the default; an LLM extractor can implement the same protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from graph_memory.models import Extraction, ExtractionInput


class Extractor(Protocol):
    """Turns texts into typed triples. Must be deterministic for a given input."""

    name: str

    def extract(self, items: Sequence[ExtractionInput]) -> list[Extraction]:
        """One Extraction per input, in order. Batch for speed."""
        ...

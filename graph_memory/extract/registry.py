"""The extractor registry: extractors are found by name (Settings.extractor), so a new one (an
LLM extractor, say) is added without touching the write path.

Built in: "rules" (graph_memory.extract.rules.RuleExtractor). A package adds its own under the
entry-point group `graph_memory.extractors`; the entry point names a factory (a class or a
function) called with the ontology that returns an Extractor:

    [project.entry-points."graph_memory.extractors"]
    my-llm = "my_package.extract:LLMExtractor"

`register` adds one in-process (tests, embedding applications). An unknown name is an
ExtractorError at start-up that lists the names known.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.metadata import entry_points

from graph_memory.errors import GraphMemoryError
from graph_memory.extract.base import Extractor
from graph_memory.ontology import Ontology

ENTRY_POINT_GROUP = "graph_memory.extractors"
DEFAULT = "rules"

ExtractorFactory = Callable[[Ontology], Extractor]


class ExtractorError(GraphMemoryError):
    """The configured extractor cannot be found or built."""


def _rules(ontology: Ontology) -> Extractor:
    from graph_memory.extract.rules import RuleExtractor

    return RuleExtractor(ontology)


_registered: dict[str, ExtractorFactory] = {DEFAULT: _rules}


def register(name: str, factory: ExtractorFactory) -> None:
    """Make an extractor available by name in this process (replacing one of that name)."""
    if not name.strip():
        raise ExtractorError("an extractor needs a name")
    _registered[name] = factory


def unregister(name: str) -> None:
    """Forget an extractor registered in this process (the built-in one stays)."""
    if name != DEFAULT:
        _registered.pop(name, None)


def available() -> list[str]:
    """Every extractor name known: registered here and in the entry-point group."""
    return sorted({*_registered, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})


def _factory(name: str) -> ExtractorFactory:
    if name in _registered:
        return _registered[name]
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name == name:
            try:
                loaded: ExtractorFactory = entry.load()
            except Exception as e:  # a broken plugin must name itself, not crash the start
                raise ExtractorError(
                    f"extractor {name!r} ({entry.value}) failed to load: {e}"
                ) from e
            return loaded
    raise ExtractorError(
        f"unknown extractor {name!r} (GRAPH_MEMORY_EXTRACTOR); known: {', '.join(available())}"
    )


def create_extractor(name: str, ontology: Ontology) -> Extractor:
    """The extractor of that name, built for the ontology."""
    extractor = _factory(name)(ontology)
    if not callable(getattr(extractor, "extract", None)):
        raise ExtractorError(f"extractor {name!r} built {extractor!r}, which has no extract()")
    return extractor

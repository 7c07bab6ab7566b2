"""Which embedders wrote a graph's vectors, and re-embedding it with others.

Vectors of two models are not comparable: a graph written by one embedder and searched with
another answers garbage, silently. So the store records the embedders that wrote it (its
vectors' model, and the multilingual one beside it, if any), opening it with another is
refused (EmbedderMismatchError), and `graph-memory reembed` recomputes every episode, fact
and entity vector with the configured embedders, one batch per transaction, then records
them. A re-embed that stops half-way leaves every batch whole (some old, some new vectors):
the record still names the old embedders, so opening stays refused until a re-run finishes.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

from graph_memory.embed import MINILM_ID, Embedder, embedder_id, multilingual_of
from graph_memory.errors import GraphMemoryError
from graph_memory.language import detect_language
from graph_memory.store.base import EmbeddingRow, EmbeddingSource, Store
from graph_memory.text import episode_search_text

log = logging.getLogger(__name__)
REEMBED_COMMAND = "graph-memory reembed"
KINDS: tuple[Literal["episodes", "facts", "entities"], ...] = ("episodes", "facts", "entities")
BATCH = 256


class EmbedderMismatchError(GraphMemoryError):
    """The graph's vectors were written by other embedders than the configured ones."""


def configured_embedders(embedder: Embedder) -> tuple[str, str | None]:
    """(the embedder's model id, its multilingual model's id and scope, or None)."""
    multilingual = multilingual_of(embedder)
    if multilingual is None:
        return embedder_id(embedder), None
    scope = "all" if multilingual.every_language else "chinese"
    return embedder_id(embedder), f"{multilingual.model_id}:{scope}"


def check_embedders(store: Store, embedder: Embedder, *, has_memories: bool) -> None:
    """Refuse a graph whose vectors another embedder wrote; record the embedders of a new one.

    A graph from before the record has MiniLM vectors (the only embedder then). A change of the
    multilingual scope ('chinese' <-> 'all') mixes no models: it is recorded, with a warning
    that messages written before it lack (or keep) multilingual vectors until a re-embed."""
    want = configured_embedders(embedder)
    recorded = store.recorded_embedders()
    if recorded is None:
        if not has_memories:
            store.record_embedders(*want)
            return
        recorded = (MINILM_ID, None)
    models_differ = (
        recorded[1] is not None and want[1] is not None and _model(recorded[1]) != _model(want[1])
    )
    if recorded[0] != want[0] or models_differ:
        raise EmbedderMismatchError(
            f"this graph's vectors were written by {describe(recorded)}, but the configured "
            f"embedders are {describe(want)}: searching it would compare vectors of different "
            f"models. Run `{REEMBED_COMMAND}` (with the new configuration) to recompute every "
            "vector, or configure the embedders it was written with."
        )
    if recorded != want:
        if want[1] is not None and recorded[1] != want[1]:
            log.warning(
                "multilingual vectors now %s (were %s): messages written before have them only "
                "after `%s`",
                want[1],
                recorded[1],
                REEMBED_COMMAND,
            )
        store.record_embedders(*want)


def _model(recorded_ml: str | None) -> str | None:
    return None if recorded_ml is None else recorded_ml.split(":", 1)[0]


def describe(embedders: tuple[str, str | None]) -> str:
    primary, multilingual = embedders
    return primary if multilingual is None else f"{primary} with {multilingual}"


@dataclass(frozen=True)
class ReembedReport:
    episodes: int
    facts: int
    entities: int
    embedders: tuple[str, str | None]


def reembed(store: Store, embedder: Embedder, batch: int = BATCH) -> ReembedReport:
    """Recompute every vector of the graph with `embedder` (and its multilingual embedder),
    one transaction per batch, then record them as the graph's embedders."""
    counts: dict[str, int] = dict.fromkeys(KINDS, 0)
    for kind in KINDS:
        after = ""
        while True:
            with _locked_page(store, kind, after, batch) as sources:
                if not sources:
                    break
                counts[kind] += _reembed_page(store, embedder, kind, sources)
            after = sources[-1].id
    want = configured_embedders(embedder)
    store.record_embedders(*want)
    return ReembedReport(
        episodes=counts["episodes"],
        facts=counts["facts"],
        entities=counts["entities"],
        embedders=want,
    )


@contextmanager
def _locked_page(
    store: Store, kind: Literal["episodes", "facts", "entities"], after: str, batch: int
) -> Iterator[list[EmbeddingSource]]:
    """A page of sources, read and re-embedded under the lock of its users (Store.locked_users):
    a forget in a service replica cannot redact a text between its read here and its new
    vector. Read again when it names a user not locked yet."""
    users: set[str] = set()
    while True:
        with store.locked_users(sorted(users)):
            sources = store.embedding_sources(kind, after, batch)
            named = {s.user_id for s in sources if s.user_id is not None}
            if named <= users:
                yield sources
                return
        users |= named


def _reembed_page(
    store: Store, embedder: Embedder, kind: Literal["episodes", "facts", "entities"],
    sources: list[EmbeddingSource],
) -> int:
    """New vectors for one page, written in one transaction; how many."""
    multilingual = multilingual_of(embedder)
    texts = [
        episode_search_text(s.text, s.speaker) if kind == "episodes" else s.text
        for s in sources
    ]
    vectors = embedder.embed(texts)
    ml: dict[int, list[float]] = {}
    if kind == "episodes" and multilingual is not None:
        chosen = [
            i
            for i, s in enumerate(sources)
            # Episodes stored before language detection have none: detect it now.
            if multilingual.every_language
            or (s.language or detect_language(s.text)) in ("zh", "mixed")
        ]
        if chosen:
            found = multilingual.embed([texts[i] for i in chosen])
            ml = {i: v.tolist() for i, v in zip(chosen, found, strict=True)}
    store.set_embeddings(
        kind,
        [
            EmbeddingRow(id=s.id, embedding=v.tolist(), embedding_ml=ml.get(i))
            for i, (s, v) in enumerate(zip(sources, vectors, strict=True))
        ],
    )
    return len(sources)

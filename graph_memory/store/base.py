"""The store contract: a narrow, domain-level interface every backend implements.

Memory plans a write in Python (ids, entity resolution, conflict policy) and hands the store one
`WritePlan`, which the store applies atomically. Reads return the typed models of
`graph_memory.models`. Backends differ only in their Cypher dialect and connection handling.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, Literal, Protocol

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from graph_memory.models import (
    Entity,
    Episode,
    Fact,
    FactLink,
    FactStatus,
    FactUse,
    Tombstone,
    WorkingSlot,
)


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class EpisodeRow(_Row):
    episode: Episode
    embedding: list[float]
    embedding_ml: list[float] | None = Field(
        default=None,
        description="The multilingual embedder's vector (Chinese and mixed text; every text "
        "when configured so): recall across Chinese and English searches these.",
    )


class EmbeddingSource(_Row):
    """What one memory's vector is computed from (graph-memory reembed)."""

    id: str
    text: str
    speaker: str | None = None
    language: str | None = None
    user_id: str | None = None  # whose memory: reembed locks the user while it re-embeds


class EmbeddingRow(_Row):
    id: str
    embedding: list[float]
    embedding_ml: list[float] | None = None


class EntityRow(_Row):
    """A new entity, or an existing one whose type or aliases changed (embedding None = keep)."""

    entity: Entity
    embedding: list[float] | None
    created_at: datetime


class AliasRow(_Row):
    id: str
    user_id: str
    name: str
    entity_id: str


class FactRow(_Row):
    fact: Fact
    embedding: list[float]


class EvidenceRow(_Row):
    """Provenance: a fact was extracted from (or confirmed by) an episode."""

    fact_id: str
    episode_id: str
    span_start: int
    span_end: int
    extractor: str
    confidence: float


class StatusChange(_Row):
    """A fact's new status; `merged_into` is set with status merged and cleared otherwise."""

    fact_id: str
    status: FactStatus
    superseded_at: datetime | None
    needs_confirmation: bool
    merged_into: str | None = None


class FactUpdate(_Row):
    """Changes to one fact in place. None leaves a field as it is."""

    priority: int | None = Field(default=None, ge=1, le=10)
    memory_type: str | None = None
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    more_uses: int = Field(
        default=0, ge=0, description="Added to use_count by the engine: an atomic increment, "
        "never a read-modify-write (recall's use-count flush adds to the same count).",
    )
    more_useful: int = Field(default=0, ge=0, description="Added to useful_count, the same way.")
    use: FactUse | None = Field(
        default=None, description="Appended to use_history by the engine, the same way, which "
        "keeps its newest USE_HISTORY_LIMIT entries.",
    )
    last_used_at: datetime | None = None
    expires_at: datetime | None = None
    status: FactStatus | None = None
    needs_confirmation: bool | None = None
    superseded_at: datetime | None = None
    evidence_count: int | None = Field(default=None, ge=1)
    valid_from: datetime | None = None
    scope: str | None = None
    end_reason: str | None = None


class WritePlan(_Row):
    """Everything one write changes; applied in one transaction."""

    episodes: list[EpisodeRow] = Field(default_factory=list)
    entities: list[EntityRow] = Field(default_factory=list)
    aliases: list[AliasRow] = Field(default_factory=list)
    mentions: list[tuple[str, str]] = Field(default_factory=list, description="(episode, entity)")
    facts: list[FactRow] = Field(default_factory=list)
    evidence: list[EvidenceRow] = Field(default_factory=list)
    reinforced: list[str] = Field(default_factory=list, description="Fact ids confirmed again.")
    status_changes: list[StatusChange] = Field(default_factory=list)
    links: list[FactLink] = Field(default_factory=list)
    updates: list[tuple[str, FactUpdate]] = Field(
        default_factory=list, description="In-place field changes, applied before status changes."
    )
    unmerged: list[str] = Field(
        default_factory=list,
        description="Facts whose MERGED_INTO link is removed (applied before the new links).",
    )
    rederived: list[str] = Field(
        default_factory=list,
        description="Semantic memories whose DERIVED_FROM and EXTRACTED_FROM edges are removed "
        "before this plan's links and evidence rebuild them.",
    )


class EpisodeRedaction(_Row):
    """A message that stays with the forgotten parts of its text replaced (graph_memory/
    forgetting.py): its new text and embedding, and the moved spans of the facts it still
    backs."""

    episode_id: str
    text: str
    embedding: list[float]
    embedding_ml: list[float] | None = Field(
        default=None, description="The multilingual embedder's vector of the new text, if any."
    )
    spans: list[tuple[str, int, int]] = Field(
        default_factory=list, description="(fact id, span start, span end) in the new text."
    )


class EntityUse(_Row):
    """What still uses an entity: non-forgotten facts (subject or object) and episodes
    mentioning it."""

    entity_id: str
    fact_ids: list[str]
    episode_ids: list[str]


class ForgetPlan(_Row):
    """Memories to remove from every recall path, with their tombstones. Forgotten facts lose
    their text, names, key, scope, embedding and every SUBJECT / OBJECT / EXTRACTED_FROM edge;
    forgotten episodes their text, embedding and MENTIONS edges (a live fact extracted from one
    loses that source and one of its evidence count); forgotten entities their name, aliases
    (Alias nodes too), embedding and every edge to them."""

    fact_ids: list[str] = Field(default_factory=list)
    episode_ids: list[str] = Field(default_factory=list)
    entity_ids: list[str] = Field(default_factory=list)
    redactions: list[EpisodeRedaction] = Field(default_factory=list)
    tombstones: list[Tombstone] = Field(default_factory=list)


class GraphHit(_Row):
    """A fact reached from a query entity, and how."""

    fact: Fact
    hops: int
    start_id: str
    start_name: str | None
    via_id: str | None = None
    via_name: str | None = None
    via_fact: Fact | None = None


class FactsAndLinks(_Row):
    """Facts and the links that touch them (Store.get_facts_and_links)."""

    facts: list[Fact]
    links: list[FactLink]


PruneRule = Literal["expired", "low_confidence", "superseded", "never_used", "faded"]


class Store(Protocol):
    """What Memory needs from a graph backend."""

    dialect: str

    def ensure_schema(self, dimension: int) -> None:
        """Create indexes and constraints; safe to call on every start."""
        ...

    def close(self) -> None: ...

    # --- write path -----------------------------------------------------------------------
    def existing_episode_ids(self, ids: Sequence[str]) -> set[str]: ...

    def session_speakers(self, user_id: str, session_id: str) -> list[str]:
        """The speakers of one session of the user, the most recent first."""
        ...

    def get_entities(self, ids: Sequence[str]) -> dict[str, Entity]: ...

    def resolve_aliases(self, alias_ids: Sequence[str]) -> dict[str, str]:
        """alias id -> entity id, for the alias ids that exist."""
        ...

    def similar_entities(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Entity, float]]:
        """The user's active entities nearest to `embedding`, with cosine similarity."""
        ...

    def active_facts_of_subjects(self, user_id: str, subject_ids: Sequence[str]) -> list[Fact]:
        """Current, conflicted and merged facts whose subject is one of `subject_ids`."""
        ...

    def apply(self, plan: WritePlan) -> None:
        """Apply the whole plan or nothing."""
        ...

    def locked_users(self, user_ids: Sequence[str]) -> AbstractContextManager[None]:
        """Hold the write lock of these users' memories for the block: no other writer, in
        this process or another one on the same database, writes them meanwhile, and reads
        inside it see every write committed before. A write plans and applies under it."""
        ...

    # --- reads ----------------------------------------------------------------------------
    def get_fact(self, fact_id: str) -> Fact | None: ...

    def get_episode(self, episode_id: str) -> Episode | None: ...

    def get_entity(self, entity_id: str) -> Entity | None: ...

    def list_facts(
        self,
        user_id: str,
        *,
        statuses: Sequence[FactStatus] | None = None,
        entity_id: str | None = None,
        predicate: str | None = None,
        memory_type: str | None = None,
        limit: int = 100,
    ) -> list[Fact]:
        """Newest first. `entity_id` matches the subject or the object. Without `statuses`,
        every status but forgotten."""
        ...

    def fact_links(self, fact_ids: Sequence[str]) -> list[FactLink]:
        """SUPERSEDES / CONFLICTS_WITH / MERGED_INTO / DERIVED_FROM edges touching any of
        `fact_ids`, and the ENDED_BY edges from them to the messages that ended them."""
        ...

    def episodes_mentioning(self, entity_id: str) -> list[str]: ...

    def facts_from_episodes(self, episode_ids: Sequence[str]) -> list[str]:
        """Ids of the non-forgotten facts extracted from the episodes."""
        ...

    def fact_sources(self, fact_ids: Sequence[str]) -> list[str]:
        """Ids of the episodes the facts were extracted from."""
        ...

    def search_facts_by_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Fact, float]]:
        """Non-forgotten facts by cosine similarity (higher is closer)."""
        ...

    def search_episodes_by_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Episode, float]]: ...

    def search_episodes_by_multilingual_vector(
        self, user_id: str, embedding: list[float], k: int
    ) -> list[tuple[Episode, float]]:
        """Non-forgotten episodes nearest to a multilingual embedder's query vector (only
        episodes with an `embedding_ml`), cosine similarity, highest first."""
        ...

    def has_multilingual_episodes(self, user_id: str) -> bool:
        """Whether any of the user's episodes has a multilingual vector."""
        ...

    def episodes_without_multilingual(
        self, user_id: str, after: str, limit: int
    ) -> list[EmbeddingSource]:
        """The user's non-forgotten episodes with text and no multilingual vector, in id order
        after `after` (graph_memory/crosslingual.py fills them)."""
        ...

    def set_multilingual_embeddings(self, rows: Sequence[tuple[str, str, list[float]]]) -> None:
        """Give these episodes (id, the text the vector was computed from, vector) their
        multilingual vector, only where they still have that text and none yet (an episode
        forgotten, partly redacted or filled meanwhile is left alone: no lock is needed)."""
        ...

    def multilingual_similarities_of(
        self, ids: Sequence[str], embedding: list[float]
    ) -> dict[str, float]:
        """Cosine similarity of a multilingual query vector to each of these episodes that has
        a multilingual vector."""
        ...

    # --- embedders (graph_memory/reembed.py) ----------------------------------------------
    def recorded_embedders(self) -> tuple[str, str | None] | None:
        """(the vectors' embedder, the multilingual one or None) as recorded; None if never."""
        ...

    def record_embedders(self, embedding: str, embedding_ml: str | None) -> None: ...

    def embedding_sources(
        self, kind: Literal["episodes", "facts", "entities"], after: str, limit: int
    ) -> list[EmbeddingSource]:
        """The texts vectors of `kind` are computed from, in id order after `after`."""
        ...

    def set_embeddings(
        self, kind: Literal["episodes", "facts", "entities"], rows: Sequence[EmbeddingRow]
    ) -> None:
        """Replace the vectors of one batch, all or nothing."""
        ...

    def search_facts_by_text(self, user_id: str, query: str, k: int) -> list[tuple[Fact, float]]:
        """Non-forgotten facts by fulltext relevance."""
        ...

    def search_episodes_by_text(
        self, user_id: str, query: str, k: int
    ) -> list[tuple[Episode, float]]: ...

    # --- recall channels ------------------------------------------------------------------
    def facts_of_entities(
        self, user_id: str, entity_ids: Sequence[str], limit: int
    ) -> list[tuple[Fact, str]]:
        """Non-forgotten facts whose subject or object is one of the entities, with which."""
        ...

    def episodes_of_entities(
        self, user_id: str, entity_ids: Sequence[str], limit: int
    ) -> list[tuple[Episode, str]]:
        """Non-forgotten episodes mentioning one of the entities, with which."""
        ...

    def expand_from_entities(
        self, user_id: str, entity_ids: Sequence[str], hops: int, limit: int
    ) -> list[GraphHit]:
        """Facts up to `hops` (1 or 2) hops from the entities, with the path."""
        ...

    def relation_facts(
        self, user_id: str, subject_ids: Sequence[str], relations: Sequence[str], limit: int
    ) -> list[tuple[Fact, Episode | None]]:
        """Non-forgotten facts whose subject is one of the entities and whose relation is one
        of `relations` (at most `limit`, newest first), each paired with every non-forgotten
        message it was drawn from (or None when it has none)."""
        ...

    def standing_facts(self, user_id: str, memory_types: Sequence[str], limit: int) -> list[Fact]:
        """Current facts of these memory types, highest priority first."""
        ...

    def similarities_of(self, ids: Sequence[str], embedding: list[float]) -> dict[str, float]:
        """Cosine similarity of each fact or episode to `embedding` (forgotten ones have none)."""
        ...

    def sources_of_facts(self, fact_ids: Sequence[str]) -> list[tuple[str, str, str | None]]:
        """(fact id, episode id, caller's source id) for each non-forgotten source episode."""
        ...

    def episode_fact_states(
        self, episode_ids: Sequence[str]
    ) -> list[tuple[str, str, FactStatus, datetime | None]]:
        """(episode id, fact id, status, superseded_at) of every fact extracted from the
        episodes, forgotten ones included."""
        ...

    def count_pruned_facts(self, counts: Mapping[str, int]) -> None:
        """Add `n` to the pruned_facts of each episode id -> n (prune removed its facts)."""
        ...

    def get_facts(self, ids: Sequence[str]) -> list[Fact]: ...

    def get_facts_and_links(self, ids: Sequence[str]) -> FactsAndLinks:
        """get_facts and fact_links of the same ids in one read: the facts in `ids` order, the
        links as fact_links lists them (each once, in the order of the ids they touch)."""
        ...

    def get_episodes(self, ids: Sequence[str]) -> list[Episode]:
        """Non-forgotten episodes among `ids`."""
        ...

    def touch_facts(self, uses: Mapping[str, int], at: datetime) -> None:
        """Count `n` more uses of each fact id -> n, last used at `at`, and append one
        "recalled" entry of count n to its use history (one write; forgotten facts untouched)."""
        ...

    # --- lifecycle ------------------------------------------------------------------------
    def update_fact(self, fact_id: str, update: FactUpdate) -> None: ...

    def forget(self, plan: ForgetPlan) -> None:
        """Redact text, embeddings and names, mark forgotten, write tombstones: atomically."""
        ...

    def episode_evidence(self, episode_ids: Sequence[str]) -> list[EvidenceRow]:
        """The evidence edges from non-forgotten facts into the episodes, with their spans."""
        ...

    def entity_uses(self, entity_ids: Sequence[str]) -> list[EntityUse]:
        """For each existing entity among `entity_ids`: what still uses it."""
        ...

    def entities_mentioned(self, episode_ids: Sequence[str]) -> set[str]:
        """Ids of the entities the episodes mention."""
        ...

    def tombstones(self, target_ids: Sequence[str]) -> list[Tombstone]: ...

    def prune_candidates(
        self,
        user_id: str | None,
        rule: PruneRule,
        *,
        now: datetime,
        min_confidence: float,
        superseded_before: datetime,
        unused_before: datetime,
        limit: int,
        faded_before: Mapping[tuple[str, int], datetime] | None = None,
    ) -> list[Fact]:
        """Facts matching one prune rule, oldest first. `faded`: current or conflicted facts
        whose (memory type, priority) has an entry in `faded_before` and whose last use (else
        creation) is before it (graph_memory/decay.py computes the entries)."""
        ...

    def outdated_messages(
        self, user_id: str | None, *, before: datetime, pruning: Sequence[str], limit: int
    ) -> list[Episode]:
        """Messages said before `before` of which nothing drawn holds: at least one fact was
        drawn from them and each is forgotten, in `pruning`, or superseded (after it was said)
        before `before`; oldest first."""
        ...

    # --- working memory -------------------------------------------------------------------
    def get_slots(self, user_id: str, session_id: str) -> list[WorkingSlot]: ...

    def save_slot(self, slot: WorkingSlot) -> None: ...

    def delete_slots(self, user_id: str, session_id: str, keys: Sequence[str]) -> None: ...

    def ping(self) -> None:
        """One round trip to the engine that reads no data (O(1)); StoreError if it does not
        answer. For /readyz and /metrics, called on every probe and scrape."""
        ...

    def building_indexes(self) -> list[str]:
        """Indexes still being built ("<index>: <state>"), during which searches miss
        memories: after they are created and, on FalkorDB, after every engine start. Empty
        when every index answers completely."""
        ...

    def count(
        self, label: Literal["Alias", "Episode", "Entity", "Fact", "Slot", "Tombstone"]
    ) -> int:
        """Number of nodes with the label (for tests and stats)."""
        ...

    # --- the explorer (graph_memory/ui) ---------------------------------------------------
    def fact_evidence(self, fact_ids: Sequence[str]) -> list[EvidenceRow]:
        """Where each fact was stated: its non-forgotten source episodes, with the span of the
        episode's text, the extractor and its confidence."""
        ...

    def list_users(self, limit: int) -> list[tuple[str, int]]:
        """(user id, non-forgotten episodes) of every user of the graph, by user id."""
        ...

    # --- analyst Cypher (graph_memory/analyst.py) -----------------------------------------
    def read_only(
        self, query: str, params: Mapping[str, Any], *, timeout_ms: int, max_rows: int
    ) -> tuple[list[str], list[list[JsonValue]]]:
        """(columns, rows) of an analyst's query, run in the engine's read-only mode under its
        own limits: refused writes, the timeout, the query memory cap, and at most `max_rows`
        rows produced (more is refused before crossing the wire). CypherRejected otherwise."""
        ...

    # --- backup (graph_memory/backup.py: export / import of a whole graph) ----------------
    def backup_start(self) -> Any:
        """The keyset cursor before every node: the first `backup_page` starts after it."""
        ...

    def backup_page(
        self, what: Literal["nodes", "edges"], name: str, after: Any, limit: int
    ) -> list[list[Any]]:
        """One keyset page of the graph for export: the next `limit` nodes after the cursor
        `after` (nodes: label `name`, rows [cursor, props]; edges: the type `name` out of
        every node, rows [cursor, from_id, to_id, props], one row with nulls for a node
        without one). Rows in ascending cursor order. `name` is one of backup.py's constants."""
        ...

    def clear_nodes(self, label: str, limit: int) -> int:
        """Delete up to `limit` nodes of the label with their relationships (import's undo);
        returns how many it deleted. `label` is one of backup.py's node labels."""
        ...

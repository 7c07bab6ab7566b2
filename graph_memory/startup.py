"""Opening a Memory on its backend: the embedded FalkorDB engine this process starts and
stops, or a Neo4j 5 server it connects to. `Memory.open` calls these."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from graph_memory.config import Settings
from graph_memory.embed import Embedder, SentenceTransformerEmbedder
from graph_memory.extract.base import Extractor
from graph_memory.ontology import Ontology, load_ontology
from graph_memory.store.base import Store

if TYPE_CHECKING:
    from graph_memory.memory import Memory


def default_extractor(settings: Settings, ontology: Ontology) -> Extractor:
    """The extractor the settings name (GRAPH_MEMORY_EXTRACTOR, default "rules"); with the
    default spaCy rules, Chinese and mixed messages go to the ontology's Chinese patterns
    (graph_memory/extract/chinese.py), which spaCy's English model cannot read."""
    from graph_memory.extract.chinese import ByLanguage, ChineseExtractor
    from graph_memory.extract.registry import DEFAULT, create_extractor

    extractor = create_extractor(settings.extractor, ontology)
    if settings.extractor == DEFAULT:
        return ByLanguage(extractor, ChineseExtractor(ontology))
    return extractor


def _embedder(settings: Settings) -> SentenceTransformerEmbedder:
    multilingual = None
    if settings.multilingual_embedding != "off":
        from graph_memory.embed import MultilingualEmbedder

        multilingual = MultilingualEmbedder(
            every_language=settings.multilingual_embedding == "all"
        )
    return SentenceTransformerEmbedder(
        threads=settings.embedding_threads,
        precision=settings.embedding_precision,
        worker=settings.embedding_worker,
        multilingual=multilingual,
    )


def _checked(memory: Memory, check_embedders: bool) -> Memory:
    """The Memory, unless its graph's vectors were written by other embedders (then closed, and
    EmbedderMismatchError naming `graph-memory reembed`)."""
    from graph_memory.reembed import check_embedders as check

    if check_embedders:
        try:
            store = memory.store
            has_memories = any(store.count(label) for label in ("Episode", "Fact", "Entity"))
            check(store, memory.embedder, has_memories=has_memories)
        except BaseException:
            memory.close()
            raise
    return memory


def open_embedded(
    settings: Settings,
    *,
    embedder: Embedder | None,
    extractor: Extractor | None,
    check_embedders: bool = True,
) -> Memory:
    """Start the embedded FalkorDB engine in `settings.data_dir`, supervised (restarted when it
    dies); closing the Memory stops it (and the embedder built here). A graph whose vectors
    other embedders wrote is refused unless `check_embedders` is False (graph-memory reembed)."""
    from graph_memory.memory import Memory
    from graph_memory.store.engine import EmbeddedEngine
    from graph_memory.store.falkordb import FalkorDBStore
    from graph_memory.store.read_replica import ReadReplica, primary_options
    from graph_memory.store.supervisor import EngineSupervisor

    ontology = load_ontology(settings.ontology_file)
    with_replica = settings.cypher_enabled and settings.cypher_read_replica
    engine = EmbeddedEngine(
        settings.data_dir,
        appendfsync=settings.appendfsync,
        start_timeout_s=settings.engine_start_timeout_s,
        # Analyst queries may hold at most cypher_max_concurrent_total workers (429 beyond):
        # four more are always there for recalls and writes.
        threads=settings.cypher_max_concurrent_total + 4,
        query_memory_limit_mb=settings.query_memory_limit_mb,
        **(primary_options() if with_replica else {}),
    )
    # Analyst Cypher runs on the replica (graph_memory/store/read_replica.py).
    replica = ReadReplica(
        engine,
        threads=settings.cypher_max_concurrent_total + 1,
        query_memory_limit_mb=settings.query_memory_limit_mb,
        restart_attempts=settings.engine_restart_attempts,
        restart_backoff_s=settings.engine_restart_backoff_s,
        start_timeout_s=settings.engine_start_timeout_s,
    ) if with_replica else None
    supervisor = EngineSupervisor(
        engine,
        attempts=settings.engine_restart_attempts,
        backoff_s=settings.engine_restart_backoff_s,
    )
    supervisor.start()
    owned: SentenceTransformerEmbedder | None = None  # built here, so closed here

    def stop() -> None:
        with contextlib.ExitStack() as steps:  # last in, first out; each step runs
            steps.callback(supervisor.stop)
            if replica is not None:
                steps.callback(replica.stop)
            if owned is not None:
                steps.callback(owned.close)  # its worker process, if it started one

    try:
        if embedder is None:
            embedder = owned = _embedder(settings)
        memory = Memory(
            FalkorDBStore(engine.connect(), settings.graph_name, replica),
            extractor=extractor or default_extractor(settings, ontology),
            embedder=embedder,
            ontology=ontology,
            settings=settings,
            on_close=stop,
            # Another graph of the same engine (a tenant's), over a client of its own.
            open_store=lambda graph_name: FalkorDBStore(engine.connect(), graph_name, replica),
            engine=supervisor,
            replica=replica,
        )
    except BaseException:
        stop()
        raise
    return _checked(memory, check_embedders)


def open_neo4j(
    settings: Settings,
    *,
    embedder: Embedder | None,
    extractor: Extractor | None,
    check_embedders: bool = True,
) -> Memory:
    """Connect to the Neo4j server of the settings: no engine process to own."""
    from graph_memory.memory import Memory
    from graph_memory.store.neo4j import Neo4jStore, database_name

    ontology = load_ontology(settings.ontology_file)
    store = Neo4jStore.connect(
        settings.neo4j_uri,
        settings.neo4j_user,
        settings.neo4j_password,
        settings.neo4j_database,
    )

    def open_store(graph_name: str) -> Store:
        # One database per tenant graph when the server has them; else the one database
        # (Settings allows a single tenant then).
        if settings.neo4j_tenant_databases:
            return store.sibling(database_name(graph_name))
        return store.sibling(settings.neo4j_database)

    owned: SentenceTransformerEmbedder | None = None
    try:
        if embedder is None:
            embedder = owned = _embedder(settings)
        memory = Memory(
            store,
            extractor=extractor or default_extractor(settings, ontology),
            embedder=embedder,
            ontology=ontology,
            settings=settings,
            on_close=owned.close if owned is not None else None,
            open_store=open_store,
        )
    except BaseException:
        store.close()
        if owned is not None:
            owned.close()
        raise
    return _checked(memory, check_embedders)

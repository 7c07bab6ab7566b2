"""Every query that starts from ids or a user uses an index, never a scan of a whole label.

A scan is invisible on a small test graph and costs hundreds of milliseconds at 100k facts
(it happened: a filter on the far node of a pattern made the planner scan all episodes).
"""

from __future__ import annotations

import pytest

from graph_memory.resources import data_dir
from graph_memory.store.cypher import load_query
from graph_memory.store.falkordb import DIALECT, FalkorDBStore

# Whole-graph queries by design: counting for stats, maintenance across users (prune, its
# outdated messages, which may span every user), and the one node of embedder metadata.
MAY_SCAN = {
    "count_label",
    "prune_candidates",
    "users_without_user_key",
    "list_users",
    "outdated_messages",
    "get_embedders",
    "set_embedders",
}
PARAMS: dict[str, object] = {
    "ids": ["x"],
    "entity_ids": ["x"],
    "subject_ids": ["x"],
    "relations": ["PREFERS"],
    "user_id": "u",
    "id": "x",
    "entity_id": "x",
    "session_key": "k",
    "session_id": "s",
    "after": "",
    "label": "Fact",
    "limit": 5,
    "k": 5,
    "k_raw": 20,
    "hops": 2,
    "embedding": [0.1] * 384,
    "query": "word",
    "memory_types": ["fact"],
    "statuses": None,
    "predicate": None,
    "rule": "expired",
    "now": 0.0,
    "min_confidence": 0.2,
    "superseded_before": 0.0,
    "unused_before": 0.0,
    "at": 0.0,
    "changes": {},
    "props": {},
    "entities": [],
    "aliases": [],
    "episodes": [],
    "mentions": [],
    "facts": [],
    "evidence": [],
    "reinforced": [],
    "updates": [],
    "status_changes": [],
    "supersedes": [],
    "conflicts": [],
    "fact_ids": [],
    "episode_ids": [],
    "tombstones": [],
    "keys": [],
}
# The store's queries: shared and FalkorDB's (analyst/ and transfer/ queries read whole graphs
# on purpose; neo4j/ is another dialect).
_ROOT = data_dir("cypher")
QUERIES = sorted(
    {path.stem for folder in (_ROOT, _ROOT / DIALECT) for path in folder.glob("*.cypher")}
    - {"schema"}
    - MAY_SCAN
)


@pytest.mark.parametrize("name", QUERIES)
def test_query_uses_indexes(store: FalkorDBStore, name: str) -> None:
    plan = " | ".join(
        str(step).strip() for step in store._graph.explain(load_query(DIALECT, name), PARAMS)
    )
    assert "Label Scan" not in plan and "All Node Scan" not in plan, plan

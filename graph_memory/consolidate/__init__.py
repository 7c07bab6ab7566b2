"""Consolidation: repeated episodic facts become semantic memories with evidence and scope.

Deterministic and LLM-free. It runs on demand (`Memory.summarize`), when a session written
through this process has been idle (graph_memory/idle.py), and when a write confirms a fact for
the `min_evidence`-th time (then only for that fact's group, and without looking for
near-duplicates, which would embed every object name of the slot on a write). Over a scope
(one user; optionally one agent, one session, a time window of valid times), with
`min_evidence` (default 3):

1. **Groups.** The user's current facts that share subject, predicate and key (experiences and
   semantic memories excepted) are grouped by object. Two objects are near-duplicates when
   their names are equal once normalised or, for entity types that merge by embedding, when
   the cosine of their name embeddings is at least `merge_threshold` (0.9: "Italian food" /
   "Italian cuisine" merge, "tea" / "coffee" and "red wine" / "white wine" do not). Conflicted
   facts are left out: a contested fact is not knowledge yet. The window selects which groups
   are looked at; a group always counts all its evidence.
2. **Merging, reversibly.** In a group the representative is the fact that already represents
   one (it has merged duplicates or a semantic memory), else the one with the most evidence,
   then the oldest. Each other fact is merged into it: status `merged`, `merged_into` and a
   MERGED_INTO link, its evidence count added to the representative's. Stating a merged fact
   again reinforces the representative. `unmerge` undoes a merge exactly.
3. **Conclusion.** A group whose statements (the representative's evidence count, which
   includes its merged duplicates) reach `min_evidence` becomes one semantic memory (a fact of
   memory type `semantic` with the representative's subject, predicate, object and text):
   - evidence: DERIVED_FROM each fact of the group, EXTRACTED_FROM each of their episodes,
     `evidence_count` = the statements;
   - confidence = 1 - prod over the group's facts of (1 - confidence) ** statements;
   - priority: the highest of the group's and the `semantic` type's default;
   - scope (JSON in `scope`): topics (content words outside the statement itself that recur in
     at least two evidence episodes and in half of them, at most three), the agents and the
     number of sessions the evidence came from, and the time span of its valid times.
   Consolidating again updates the same semantic memory. No semantic memory without evidence:
   below `min_evidence` none is made; one whose evidence falls to a single statement (after an
   unmerge) is withdrawn (forgotten, with a tombstone saying why), and forgetting any of its
   source facts or episodes forgets it too. One superseded or flagged by the conflict policy
   is left as the policy made it.
"""


from graph_memory.consolidate.models import (
    Merge,
    Scope,
    SemanticMemory,
    SummarizeReport,
    UnmergeResult,
    Withdrawal,
    parse_scope,
    to_semantic,
)
from graph_memory.consolidate.planner import (
    Consolidation,
    Consolidator,
    combined_confidence,
    withdraw_plan,
)

__all__ = [
    "Consolidation",
    "Consolidator",
    "Merge",
    "Scope",
    "SemanticMemory",
    "SummarizeReport",
    "UnmergeResult",
    "Withdrawal",
    "combined_confidence",
    "parse_scope",
    "to_semantic",
    "withdraw_plan",
]

// What consolidation learned about a user: each current semantic memory with its statements,
// the facts it was drawn from, the episodes behind them and its scope of validity (JSON).
// @param user_id: string
// @param limit: int = 100
MATCH (s:Fact {user_id: $user_id, memory_type: 'semantic', status: 'current'})
OPTIONAL MATCH (s)-[:DERIVED_FROM]->(f:Fact)
WITH s, collect(f.id) AS source_facts
OPTIONAL MATCH (s)-[:EXTRACTED_FROM]->(ep:Episode)
RETURN s.id AS semantic_id, s.text AS conclusion, s.evidence_count AS statements,
       s.confidence AS confidence, s.scope AS scope, source_facts, count(ep) AS episodes
ORDER BY statements DESC, semantic_id
LIMIT $limit

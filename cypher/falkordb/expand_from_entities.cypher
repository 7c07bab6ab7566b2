// FalkorDB: the same query as cypher/expand_from_entities.cypher, rows as JSON text (toJSON), which the
// Python client reads several times faster than maps of values.
// Graph channel: facts one hop from a query entity (first), and facts about the entities
// those facts lead to (second, two hops) when $hops >= 2.
UNWIND $entity_ids AS eid
MATCH (e0:Entity {id: eid})<-[:SUBJECT|OBJECT]-(f1:Fact)
WHERE f1.user_id = $user_id AND f1.status <> 'forgotten'
OPTIONAL MATCH (f1)-[:SUBJECT|OBJECT]->(e1:Entity)<-[:SUBJECT|OBJECT]-(f2:Fact)
WHERE $hops >= 2 AND e1.id <> eid AND f2.id <> f1.id AND f2.status <> 'forgotten'
// A map projection of a missing node is an empty map in FalkorDB: keep it null.
RETURN eid AS start_id, e0.name AS start_name, toJSON(f1 {.*, embedding: null, user_key: null}) AS first,
       e1.id AS via_id, e1.name AS via_name,
       CASE WHEN f2 IS NULL THEN null ELSE toJSON(f2 {.*, embedding: null, user_key: null}) END AS second
LIMIT $limit

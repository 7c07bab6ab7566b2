// FalkorDB: the same query as cypher/facts_of_entities.cypher, rows as JSON text (toJSON), which the
// Python client reads several times faster than maps of values.
// Entity-match channel: facts whose subject or object is a query entity.
UNWIND $entity_ids AS eid
MATCH (:Entity {id: eid})<-[:SUBJECT|OBJECT]-(f:Fact)
WHERE f.user_id = $user_id AND f.status <> 'forgotten'
RETURN DISTINCT toJSON(f {.*, embedding: null, user_key: null}) AS fact, eid AS entity_id
LIMIT $limit

// FalkorDB: the same query as cypher/episodes_of_entities.cypher, rows as JSON text (toJSON), which the
// Python client reads several times faster than maps of values.
// Entity-match channel: episodes that mention a query entity.
UNWIND $entity_ids AS eid
MATCH (e:Episode)-[:MENTIONS]->(:Entity {id: eid})
WHERE e.user_id = $user_id AND e.status <> 'forgotten'
RETURN toJSON(e {.*, embedding: null, user_key: null}) AS episode, eid AS entity_id
LIMIT $limit

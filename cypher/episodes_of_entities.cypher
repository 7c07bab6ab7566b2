// Entity-match channel: episodes that mention a query entity.
UNWIND $entity_ids AS eid
MATCH (e:Episode)-[:MENTIONS]->(:Entity {id: eid})
WHERE e.user_id = $user_id AND e.status <> 'forgotten'
RETURN e {.*, embedding: null} AS episode, eid AS entity_id
LIMIT $limit

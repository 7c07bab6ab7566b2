// Entity-match channel: facts whose subject or object is a query entity.
UNWIND $entity_ids AS eid
MATCH (:Entity {id: eid})<-[:SUBJECT|OBJECT]-(f:Fact)
WHERE f.user_id = $user_id AND f.status <> 'forgotten'
RETURN DISTINCT f {.*, embedding: null} AS fact, eid AS entity_id
LIMIT $limit

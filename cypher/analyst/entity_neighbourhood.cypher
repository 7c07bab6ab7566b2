// An entity's neighbourhood: each non-forgotten fact about it, its role in the fact (SUBJECT or
// OBJECT) and the entity on the other side.
// @param entity_id: string
// @param limit: int = 200
MATCH (e:Entity {id: $entity_id})<-[r:SUBJECT|OBJECT]-(f:Fact)-[:SUBJECT|OBJECT]->(other:Entity)
WHERE other.id <> e.id AND f.status <> 'forgotten'
RETURN f.id AS fact_id, type(r) AS role, f.predicate AS predicate, f.status AS status,
       other.id AS other_id, other.name AS other_name, other.type AS other_type, f.text AS text
ORDER BY predicate, fact_id
LIMIT $limit

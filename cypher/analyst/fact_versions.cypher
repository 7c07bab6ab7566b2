// Current and superseded facts about an entity (as subject or object), each with the fact that
// superseded it, why and when. Times are epoch seconds.
// @param entity_id: string
// @param limit: int = 100
MATCH (:Entity {id: $entity_id})<-[:SUBJECT|OBJECT]-(f:Fact)
WHERE f.status IN ['current', 'conflicted', 'superseded']
OPTIONAL MATCH (newer:Fact)-[s:SUPERSEDES]->(f)
RETURN f.id AS fact_id, f.status AS status, f.predicate AS predicate, f.text AS text,
       f.valid_from AS valid_from, f.superseded_at AS superseded_at,
       newer.id AS superseded_by, s.reason AS reason
ORDER BY predicate, valid_from DESC
LIMIT $limit

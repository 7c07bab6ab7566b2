// Why a fact was recalled through the graph: the shortest path (up to two facts away, as the
// recall graph channel walks) from a query entity to the fact, and the episodes it came from.
// @param fact_id: string
// @param entity_id: string
MATCH p = (:Entity {id: $entity_id})-[:SUBJECT|OBJECT*1..3]-(f:Fact {id: $fact_id})
WITH p, f
ORDER BY length(p)
LIMIT 1
OPTIONAL MATCH (f)-[:EXTRACTED_FROM]->(ep:Episode)
RETURN [n IN nodes(p) | coalesce(n.name, n.text, n.id)] AS path,
       [r IN relationships(p) | type(r)] AS edges, length(p) AS hops,
       collect(ep.id) AS episode_ids, collect(ep.source_id) AS source_ids

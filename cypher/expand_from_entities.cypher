// Graph channel: facts one hop from a query entity (first), and facts about the entities
// those facts lead to (second, two hops) when $hops >= 2. One row: the hits as ids, and each
// fact's properties once (a first-hop fact repeats on each of its second hops; parsing its
// map again for each was most of recall's client time in this channel).
UNWIND $entity_ids AS eid
MATCH (e0:Entity {id: eid})<-[:SUBJECT|OBJECT]-(f1:Fact)
WHERE f1.user_id = $user_id AND f1.status <> 'forgotten'
OPTIONAL MATCH (f1)-[:SUBJECT|OBJECT]->(e1:Entity)<-[:SUBJECT|OBJECT]-(f2:Fact)
WHERE $hops >= 2 AND e1.id <> eid AND f2.id <> f1.id AND f2.status <> 'forgotten'
WITH eid, e0.name AS start_name, f1, e1, f2
LIMIT $limit
WITH collect([eid, start_name, f1.id, e1.id, e1.name, f2.id]) AS hits,
     collect(DISTINCT f1) + collect(DISTINCT f2) AS facts
RETURN hits, [f IN facts | f {.*, embedding: null}] AS facts

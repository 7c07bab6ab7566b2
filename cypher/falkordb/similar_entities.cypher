// A user's active entities nearest a name's vector (entity resolution).
// One round trip: the shared vector index first ($k_raw over-fetches before the user filter);
// when its hits hold fewer than $k of this user's memories (a graph of many users: nearly
// always), an exact cosine scan of the user's own, found through the user_id index. The scan
// runs only then: its subquery is guarded by the count. FalkorDB returns cosine DISTANCE
// (0 = identical); the store converts it to similarity.
CALL db.idx.vector.queryNodes('Entity', 'embedding', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status = 'active'
WITH node, score AS distance
ORDER BY distance
LIMIT $k
WITH collect([node, distance]) AS hits
CALL {
  WITH hits
  WITH hits WHERE size(hits) < $k
  MATCH (node:Entity {user_id: $user_id})
  WHERE node.status = 'active' AND node.embedding IS NOT NULL
  WITH node, vec.cosineDistance(node.embedding, vecf32($embedding)) AS distance
  ORDER BY distance
  LIMIT $k
  RETURN collect([node, distance]) AS exact
}
UNWIND CASE WHEN size(hits) < $k THEN exact ELSE hits END AS hit
WITH hit[0] AS node, hit[1] AS distance
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, distance

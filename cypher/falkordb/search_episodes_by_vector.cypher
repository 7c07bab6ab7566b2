// Episodes nearest the query vector (MiniLM), one user's.
// One round trip: the shared vector index first ($k_raw over-fetches before the user filter);
// when its hits hold fewer than $k of this user's memories (a graph of many users: nearly
// always), an exact cosine scan of the user's own, found through the user_id index. The scan
// runs only then: its subquery is guarded by the count. FalkorDB returns cosine DISTANCE
// (0 = identical); the store converts it to similarity.
CALL db.idx.vector.queryNodes('Episode', 'embedding', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
WITH node, score AS distance
ORDER BY distance
LIMIT $k
WITH collect([node, distance]) AS hits
CALL {
  WITH hits
  WITH hits WHERE size(hits) < $k
  MATCH (node:Episode {user_id: $user_id})
  WHERE node.status <> 'forgotten' AND node.embedding IS NOT NULL
  WITH node, vec.cosineDistance(node.embedding, vecf32($embedding)) AS distance
  ORDER BY distance
  LIMIT $k
  RETURN collect([node, distance]) AS exact
}
UNWIND CASE WHEN size(hits) < $k THEN exact ELSE hits END AS hit
WITH hit[0] AS node, hit[1] AS distance
RETURN node {.*, embedding: null, embedding_ml: null, user_key: null} AS episode, distance

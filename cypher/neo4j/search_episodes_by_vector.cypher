// The user's episodes nearest to $embedding, scoped to the user inside the query: Neo4j 5's
// vector index cannot filter, and it is shared by every user, so its top hits seldom hold k of one
// user's memories (then a second, exact query would follow). A user with fewer than
// $exact_max episodes is scanned exactly through the user_id index instead (one query, exact
// results); a larger one goes to $index, over-fetched ($k_raw), and the store scans exactly
// when that falls short (`exact` says which ran). Scores: (1 + cos) / 2, as the index's.
MATCH (mine:Episode {user_id: $user_id})
WITH mine LIMIT $exact_max
WITH collect(mine) AS mine
CALL (mine) {
  WITH mine WHERE size(mine) < $exact_max
  UNWIND mine AS node
  WITH node WHERE node.status <> 'forgotten' AND node.embedding IS NOT NULL
  WITH node, vector.similarity.cosine(node.embedding, $embedding) AS score
  ORDER BY score DESC LIMIT $k
  RETURN node, score, true AS exact
  UNION ALL
  WITH mine WHERE size(mine) >= $exact_max
  CALL db.index.vector.queryNodes($index, $k_raw, $embedding) YIELD node, score
  WITH node, score WHERE node.user_id = $user_id AND node.status <> 'forgotten'
  RETURN node, score, false AS exact
}
RETURN node {.*, embedding: null, embedding_ml: null, user_key: null} AS episode, score, exact
ORDER BY score DESC
LIMIT $k

// The user's active entities nearest to $embedding (entity resolution), scoped to the user as
// search_facts_by_vector.cypher is: an exact scan of a user with fewer than $exact_max
// entities, else $index over-fetched ($k_raw) and filtered. Scores: (1 + cos) / 2.
MATCH (mine:Entity {user_id: $user_id})
WITH mine LIMIT $exact_max
WITH collect(mine) AS mine
CALL (mine) {
  WITH mine WHERE size(mine) < $exact_max
  UNWIND mine AS node
  WITH node WHERE node.status = 'active' AND node.embedding IS NOT NULL
  WITH node, vector.similarity.cosine(node.embedding, $embedding) AS score
  ORDER BY score DESC LIMIT $k
  RETURN node, score
  UNION ALL
  WITH mine WHERE size(mine) >= $exact_max
  CALL db.index.vector.queryNodes($index, $k_raw, $embedding) YIELD node, score
  WITH node, score WHERE node.user_id = $user_id AND node.status = 'active'
  RETURN node, score
}
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, score
ORDER BY score DESC
LIMIT $k

// $index: the label's vector index (bolt.py VECTOR_INDEX); its score, (1 + cos) / 2, is
// converted by the store.
// The index is shared by all users: $k_raw over-fetches before the user filter.
CALL db.index.vector.queryNodes($index, $k_raw, $embedding)
YIELD node, score
WITH node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, user_key: null} AS fact, score
ORDER BY score DESC
LIMIT $k

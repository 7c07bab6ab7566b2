// FalkorDB returns cosine DISTANCE (0 = identical); the store converts it to similarity.
// The index is shared by all users: $k_raw over-fetches before the user filter.
CALL db.idx.vector.queryNodes('Fact', 'embedding', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, user_key: null} AS fact, score AS distance
ORDER BY distance
LIMIT $k

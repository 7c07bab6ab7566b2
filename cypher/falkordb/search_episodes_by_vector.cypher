CALL db.idx.vector.queryNodes('Episode', 'embedding', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, user_key: null} AS episode, score AS distance
ORDER BY distance
LIMIT $k

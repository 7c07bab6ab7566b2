// Episodes by the multilingual embedder's vector (embedding_ml: Chinese and mixed text, and
// every text when configured so). The index is shared by all users: $k_raw over-fetches.
CALL db.idx.vector.queryNodes('Episode', 'embedding_ml', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, embedding_ml: null, user_key: null} AS episode, score AS distance
ORDER BY distance
LIMIT $k

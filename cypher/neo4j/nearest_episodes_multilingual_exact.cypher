// Episodes by the multilingual embedder's vector (embedding_ml), scanned exactly through the
// user_id index: only a user's Chinese and mixed messages carry one (unless configured for
// every text), so the scan is small and no second vector index is needed on the server.
// Same score convention as the vector index.
MATCH (node:Episode {user_id: $user_id})
WHERE node.status <> 'forgotten' AND node.embedding_ml IS NOT NULL
WITH node, vector.similarity.cosine(node.embedding_ml, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN node {.*, embedding: null, embedding_ml: null, user_key: null} AS episode, score

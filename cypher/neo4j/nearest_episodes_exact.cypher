// Exact cosine search over one user's episodes (through the user_id index), for when the shared
// vector index is dominated by other users. Same score convention as the index.
MATCH (node:Episode {user_id: $user_id})
WHERE node.status <> 'forgotten' AND node.embedding IS NOT NULL
WITH node, vector.similarity.cosine(node.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN node {.*, embedding: null, user_key: null} AS episode, score

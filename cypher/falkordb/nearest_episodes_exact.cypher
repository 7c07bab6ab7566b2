// Exact cosine search over one user's episodes, through the user_id index: for when the shared
// HNSW index is dominated by other users and its top hits hold too few of this user's.
MATCH (node:Episode {user_id: $user_id})
WHERE node.status <> 'forgotten' AND node.embedding IS NOT NULL
WITH node, vec.cosineDistance(node.embedding, vecf32($embedding)) AS distance
ORDER BY distance
LIMIT $k
RETURN node {.*, embedding: null, user_key: null} AS episode, distance

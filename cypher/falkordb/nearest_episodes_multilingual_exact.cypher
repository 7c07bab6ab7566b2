// Exact cosine search over one user's multilingual episode vectors (through the user_id index),
// for when the shared index's top hits hold too few of this user's.
MATCH (node:Episode {user_id: $user_id})
WHERE node.status <> 'forgotten' AND node.embedding_ml IS NOT NULL
WITH node, vec.cosineDistance(node.embedding_ml, vecf32($embedding)) AS distance
ORDER BY distance
LIMIT $k
RETURN node {.*, embedding: null, embedding_ml: null, user_key: null} AS episode, distance

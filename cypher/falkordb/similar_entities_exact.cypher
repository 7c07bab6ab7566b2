// Exact cosine search over one user's active entities (through the user_id index): for when
// the shared vector index is dominated by other users' entities (many users naming the same
// things) and its over-fetched hits hold fewer than $k of this user's.
MATCH (node:Entity {user_id: $user_id})
WHERE node.status = 'active' AND node.embedding IS NOT NULL
WITH node, vec.cosineDistance(node.embedding, vecf32($embedding)) AS distance
ORDER BY distance
LIMIT $k
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, distance

// Exact cosine search over one user's active entities (through the user_id index): for when
// the over-fetched shared index holds fewer than $k of this user's (similar_entities.cypher
// already scans small users exactly). Scores: (1 + cos) / 2, as the index's.
MATCH (node:Entity {user_id: $user_id})
WHERE node.status = 'active' AND node.embedding IS NOT NULL
WITH node, vector.similarity.cosine(node.embedding, $embedding) AS score
ORDER BY score DESC
LIMIT $k
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, score

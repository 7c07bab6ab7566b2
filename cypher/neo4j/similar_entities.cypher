CALL db.index.vector.queryNodes($index, $k_raw, $embedding)
YIELD node, score
WITH node, score
WHERE node.user_id = $user_id AND node.status = 'active'
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, score
ORDER BY score DESC
LIMIT $k

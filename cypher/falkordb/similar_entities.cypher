CALL db.idx.vector.queryNodes('Entity', 'embedding', $k_raw, vecf32($embedding))
YIELD node, score
WHERE node.user_id = $user_id AND node.status = 'active'
RETURN node {.id, .user_id, .name, .type, .aliases} AS entity, score AS distance
ORDER BY distance
LIMIT $k

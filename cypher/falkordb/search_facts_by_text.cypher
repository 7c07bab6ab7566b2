// $query is a RediSearch query built by the store: the user's key and plain words.
CALL db.idx.fulltext.queryNodes('Fact', $query)
YIELD node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, user_key: null} AS fact, score
ORDER BY score DESC
LIMIT $k

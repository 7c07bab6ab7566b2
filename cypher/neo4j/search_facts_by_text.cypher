// $index: the flavour's fulltext index; $query: Lucene syntax built by the store from plain
// words (any of them). User scoping happens after the index.
CALL db.index.fulltext.queryNodes($index, $query)
YIELD node, score
WITH node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null} AS fact, score
ORDER BY score DESC
LIMIT $k

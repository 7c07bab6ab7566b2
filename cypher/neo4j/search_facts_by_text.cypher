// $index: the label's fulltext index (over text and user_key); $query: Lucene syntax built by
// the store, the user's key AND any of the plain words: the index itself keeps to the user's
// memories, and returns its k best (forgotten memories have no text, so none is indexed). The
// user_id test after it only guards against a key collision.
CALL db.index.fulltext.queryNodes($index, $query, {limit: $k})
YIELD node, score
WITH node, score
WHERE node.user_id = $user_id AND node.status <> 'forgotten'
RETURN node {.*, embedding: null, user_key: null} AS fact, score
ORDER BY score DESC
LIMIT $k

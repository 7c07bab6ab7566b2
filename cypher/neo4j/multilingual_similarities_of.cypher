// The multilingual embedder's similarity (Neo4j's convention: (1 + cos) / 2) to the query for
// candidate episodes that have a multilingual vector (found by other channels).
UNWIND $ids AS id
MATCH (n:Episode {id: id})
WHERE n.embedding_ml IS NOT NULL
RETURN n.id AS id, vector.similarity.cosine(n.embedding_ml, $embedding) AS score

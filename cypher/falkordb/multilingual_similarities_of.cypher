// The multilingual embedder's cosine similarity to the query for candidate episodes that have a
// multilingual vector (found by other channels), computed in the engine.
UNWIND $ids AS id
MATCH (n:Episode {id: id})
WHERE n.embedding_ml IS NOT NULL
RETURN n.id AS id, 1.0 - vec.cosineDistance(n.embedding_ml, vecf32($embedding)) AS similarity

// Cosine similarity (Neo4j's convention: (1 + cos) / 2) of candidates found by other channels.
UNWIND $ids AS id
MATCH (n:Fact {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, vector.similarity.cosine(n.embedding, $embedding) AS score
UNION ALL
UNWIND $ids AS id
MATCH (n:Episode {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, vector.similarity.cosine(n.embedding, $embedding) AS score

// Cosine similarity to the query for candidates found by non-vector channels, computed in
// the engine (shipping 384 floats per row to Python costs far more).
UNWIND $ids AS id
MATCH (n:Fact {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, 1.0 - vec.cosineDistance(n.embedding, vecf32($embedding)) AS similarity
UNION ALL
UNWIND $ids AS id
MATCH (n:Episode {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, 1.0 - vec.cosineDistance(n.embedding, vecf32($embedding)) AS similarity

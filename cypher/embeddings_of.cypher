// Embeddings of candidates found by non-vector channels, for their semantic score.
UNWIND $ids AS id
MATCH (n:Fact {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, n.embedding AS embedding
UNION ALL
UNWIND $ids AS id
MATCH (n:Episode {id: id})
WHERE n.embedding IS NOT NULL
RETURN n.id AS id, n.embedding AS embedding

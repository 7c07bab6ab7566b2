// graph-memory reembed: one batch of episode vectors, in one transaction.
UNWIND $rows AS r
MATCH (n:Episode {id: r.id})
SET n.embedding = r.embedding, n.embedding_ml = r.embedding_ml
RETURN count(n)

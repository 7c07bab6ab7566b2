// graph-memory reembed: one batch of Entity vectors, in one transaction.
UNWIND $rows AS r
MATCH (n:Entity {id: r.id})
SET n.embedding = r.embedding
RETURN count(n)

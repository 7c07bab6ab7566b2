// graph-memory reembed: one batch of Fact vectors, in one transaction.
UNWIND $rows AS r
MATCH (n:Fact {id: r.id})
SET n.embedding = r.embedding
RETURN count(n)

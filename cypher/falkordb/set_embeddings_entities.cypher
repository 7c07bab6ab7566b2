// graph-memory reembed: one batch of Entity vectors, in one query (all or nothing). The old
// vector is removed first: FalkorDB 4.16 silently keeps a vector property that is SET over an
// existing vector (0 properties set).
UNWIND $rows AS r
MATCH (n:Entity {id: r.id})
REMOVE n.embedding
WITH n, r
SET n.embedding = vecf32(r.embedding)
RETURN count(n)

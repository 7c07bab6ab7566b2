// graph-memory reembed: one batch of episode vectors, in one query (all or nothing). The old
// vectors are removed first: FalkorDB 4.16 silently keeps a vector property that is SET over an
// existing vector (0 properties set).
UNWIND $rows AS r
MATCH (n:Episode {id: r.id})
REMOVE n.embedding, n.embedding_ml
WITH n, r
SET n.embedding = vecf32(r.embedding)
WITH n, r
FOREACH (v IN CASE WHEN r.embedding_ml IS NULL THEN [] ELSE [r.embedding_ml] END |
  SET n.embedding_ml = vecf32(v))
RETURN count(n)

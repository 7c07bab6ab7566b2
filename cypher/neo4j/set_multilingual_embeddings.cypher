// Cross-lingual fill: multilingual vectors for messages that still have text and none yet (a
// message forgotten or filled meanwhile is left alone), in one transaction.
UNWIND $rows AS r
MATCH (n:Episode {id: r.id})
WHERE n.embedding_ml IS NULL AND n.text IS NOT NULL AND n.status <> 'forgotten'
SET n.embedding_ml = r.embedding_ml
RETURN count(n)

// Cross-lingual fill: multilingual vectors for messages that still have the text they were
// computed from and none yet (a message forgotten, redacted or filled meanwhile is left alone), in one transaction.
UNWIND $rows AS r
MATCH (n:Episode {id: r.id})
WHERE n.embedding_ml IS NULL AND n.text = r.text AND n.status <> 'forgotten'
SET n.embedding_ml = r.embedding_ml
RETURN count(n)

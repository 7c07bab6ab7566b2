// Record which embedders write this graph's vectors ($embedding_ml null: none multilingual).
MERGE (m:SchemaInfo {id: 'embedders'})
SET m.embedding = $embedding, m.embedding_ml = $embedding_ml

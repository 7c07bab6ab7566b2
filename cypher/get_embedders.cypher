// Which embedders wrote this graph's vectors (graph_memory/reembed.py): null on a new graph.
MATCH (m:SchemaInfo {id: 'embedders'})
RETURN m.embedding AS embedding, m.embedding_ml AS embedding_ml

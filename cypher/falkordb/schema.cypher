// Schema for the embedded FalkorDB store. Applied idempotently at start ("already indexed" is
// fine). Range indexes come first: adding one after the vector index rebuilds the vector index.
// Unique constraints are written in the portable ASSERT form; the FalkorDB store turns them into
// GRAPH.CONSTRAINT commands (FalkorDB's Cypher has no constraint DDL).
CREATE INDEX FOR (n:Episode) ON (n.id);
CREATE INDEX FOR (n:Episode) ON (n.user_id);
CREATE INDEX FOR (n:Entity) ON (n.id);
CREATE INDEX FOR (n:Entity) ON (n.user_id);
CREATE INDEX FOR (n:Alias) ON (n.id);
CREATE INDEX FOR (n:Alias) ON (n.entity_id);
CREATE INDEX FOR (n:Fact) ON (n.id);
CREATE INDEX FOR (n:Fact) ON (n.user_id);
CREATE INDEX FOR (n:Fact) ON (n.subject_id);
CREATE INDEX FOR (n:Fact) ON (n.status);
CREATE INDEX FOR (n:Slot) ON (n.id);
CREATE INDEX FOR (n:Slot) ON (n.session_key);
CREATE INDEX FOR (n:Tombstone) ON (n.target_id);
CREATE CONSTRAINT ON (n:Episode) ASSERT n.id IS UNIQUE;
CREATE CONSTRAINT ON (n:Entity) ASSERT n.id IS UNIQUE;
CREATE CONSTRAINT ON (n:Alias) ASSERT n.id IS UNIQUE;
CREATE CONSTRAINT ON (n:Fact) ASSERT n.id IS UNIQUE;
CREATE CONSTRAINT ON (n:Slot) ASSERT n.id IS UNIQUE;
CREATE VECTOR INDEX FOR (n:Fact) ON (n.embedding) OPTIONS {dimension: $dimension, similarityFunction: 'cosine', M: 16, efConstruction: 200, efRuntime: 100};
CREATE VECTOR INDEX FOR (n:Episode) ON (n.embedding) OPTIONS {dimension: $dimension, similarityFunction: 'cosine', M: 16, efConstruction: 200, efRuntime: 100};
CREATE VECTOR INDEX FOR (n:Entity) ON (n.embedding) OPTIONS {dimension: $dimension, similarityFunction: 'cosine', M: 16, efConstruction: 200, efRuntime: 100};
// The multilingual embedder's vectors (graph_memory/embed.py MultilingualEmbedder, 384-d).
CREATE VECTOR INDEX FOR (n:Episode) ON (n.embedding_ml) OPTIONS {dimension: 384, similarityFunction: 'cosine', M: 16, efConstruction: 200, efRuntime: 100};
// Fulltext: the text, and user_key (a hash of the user id, one token) so that a search is
// narrowed to one user inside the index instead of matching every user's memories first.
CALL db.idx.fulltext.createNodeIndex({label: 'Fact'}, 'text', {field: 'user_key', nostem: true});
CALL db.idx.fulltext.createNodeIndex({label: 'Episode'}, 'text', {field: 'user_key', nostem: true});
// A Chinese text's words, space-joined (RediSearch does not cut between Chinese words).
CALL db.idx.fulltext.createNodeIndex({label: 'Episode'}, {field: 'text_words', nostem: true});

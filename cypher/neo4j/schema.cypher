// Schema for a Neo4j 5 server (5.13+ for vector indexes with OPTIONS indexConfig). Applied at
// every start; IF NOT EXISTS makes it idempotent. $dimension is the embedder's dimension,
// written in by the store (index DDL takes no parameters). Index names are the store's
// (graph_memory/store/bolt.py). Fulltext uses the "english" analyzer (stemming, as FalkorDB's
// RediSearch index does) over text and user_key, so a search names its user inside the index
// query. A Chinese message's words as cut (text_words, space-joined, graph_memory/text.py) have
// an index of their own with the "whitespace" analyzer, which keeps each word whole.
// UserLock nodes serialise the writes of one user across service replicas.
CREATE CONSTRAINT episode_id IF NOT EXISTS FOR (n:Episode) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT alias_id IF NOT EXISTS FOR (n:Alias) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT fact_id IF NOT EXISTS FOR (n:Fact) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT slot_id IF NOT EXISTS FOR (n:Slot) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT user_lock_id IF NOT EXISTS FOR (n:UserLock) REQUIRE n.user_id IS UNIQUE;
CREATE INDEX episode_user IF NOT EXISTS FOR (n:Episode) ON (n.user_id);
CREATE INDEX entity_user IF NOT EXISTS FOR (n:Entity) ON (n.user_id);
CREATE INDEX alias_entity IF NOT EXISTS FOR (n:Alias) ON (n.entity_id);
CREATE INDEX fact_user IF NOT EXISTS FOR (n:Fact) ON (n.user_id);
CREATE INDEX fact_subject IF NOT EXISTS FOR (n:Fact) ON (n.subject_id);
CREATE INDEX fact_status IF NOT EXISTS FOR (n:Fact) ON (n.status);
CREATE INDEX slot_session IF NOT EXISTS FOR (n:Slot) ON (n.session_key);
CREATE INDEX tombstone_target IF NOT EXISTS FOR (n:Tombstone) ON (n.target_id);
CREATE VECTOR INDEX fact_embedding IF NOT EXISTS FOR (n:Fact) ON (n.embedding) OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX episode_embedding IF NOT EXISTS FOR (n:Episode) ON (n.embedding) OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}};
CREATE VECTOR INDEX entity_embedding IF NOT EXISTS FOR (n:Entity) ON (n.embedding) OPTIONS {indexConfig: {`vector.dimensions`: $dimension, `vector.similarity_function`: 'cosine'}};
CREATE FULLTEXT INDEX fact_text IF NOT EXISTS FOR (n:Fact) ON EACH [n.text, n.user_key] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
CREATE FULLTEXT INDEX episode_text IF NOT EXISTS FOR (n:Episode) ON EACH [n.text, n.user_key] OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}};
CREATE FULLTEXT INDEX episode_words IF NOT EXISTS FOR (n:Episode) ON EACH [n.text_words, n.user_key] OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}

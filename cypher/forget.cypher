// Remove memories from every recall path and every reading of the graph (text, embedding,
// names, key and the edges that would rebuild them by a join), redact what stays of partly
// forgotten messages, and record who forgot what, when and why (graph_memory/forgetting.py
// decides what goes). The Neo4j dialect's copy; cypher/falkordb/forget.cypher differs only in
// the vector type of a redacted message's embedding.
// One property removal per SET, each behind a WITH: FalkorDB 4.16 drops the wrong attributes
// when one SET clause removes several (tests/test_store_contract.py guards this).
UNWIND $fact_ids AS id
MATCH (f:Fact {id: id})
SET f.status = 'forgotten'
WITH f SET f.text = null
WITH f SET f.embedding = null
WITH f SET f.subject_name = null
WITH f SET f.object_name = null
WITH f SET f.key = null
WITH f SET f.scope = null
WITH f SET f.use_history = null
WITH count(*) AS _facts
UNWIND $fact_ids AS id
MATCH (:Fact {id: id})-[r:SUBJECT|OBJECT|EXTRACTED_FROM]->()
DELETE r
WITH count(*) AS _fact_edges
UNWIND $episode_ids AS id
MATCH (e:Episode {id: id})
SET e.status = 'forgotten'
WITH e SET e.text = null
WITH e SET e.text_words = null
WITH e SET e.embedding = null
WITH e SET e.embedding_ml = null
WITH count(*) AS _episodes
UNWIND $episode_ids AS id
MATCH (:Episode {id: id})-[m:MENTIONS]->()
DELETE m
WITH count(*) AS _mentions
// A fact that stays loses the forgotten message as a source, and one statement of evidence.
UNWIND $episode_ids AS id
MATCH (:Episode {id: id})<-[r:EXTRACTED_FROM]-(f:Fact)
SET f.evidence_count = CASE WHEN f.evidence_count > 1 THEN f.evidence_count - 1 ELSE 1 END
DELETE r
WITH count(*) AS _sources
UNWIND $redactions AS r
MATCH (e:Episode {id: r.episode_id})
SET e.text = r.text
WITH e, r SET e.text_words = r.text_words
WITH e, r SET e.embedding = r.embedding
WITH e, r SET e.embedding_ml = r.embedding_ml
WITH count(*) AS _redactions
UNWIND $spans AS s
MATCH (:Fact {id: s.fact_id})-[r:EXTRACTED_FROM]->(:Episode {id: s.episode_id})
SET r.span_start = s.span_start, r.span_end = s.span_end
WITH count(*) AS _spans
UNWIND $entity_ids AS id
MATCH (n:Entity {id: id})
SET n.status = 'forgotten', n.aliases = []
WITH n SET n.name = null
WITH n SET n.embedding = null
WITH count(*) AS _entities
UNWIND $entity_ids AS id
MATCH (:Entity {id: id})<-[m]-()
DELETE m
WITH count(*) AS _entity_edges
UNWIND $entity_ids AS id
MATCH (a:Alias {entity_id: id})
DELETE a
WITH count(*) AS _aliases
UNWIND $tombstones AS t
CREATE (x:Tombstone)
SET x = t
RETURN count(*) AS done

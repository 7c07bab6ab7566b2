// Apply one WritePlan: one statement per part, all in one transaction (the store commits
// once, or rolls everything back on any error). A statement whose list is empty is skipped
// by the store; each starts with `UNWIND $<list>`.
UNWIND $unmerged AS id
MATCH (:Fact {id: id})-[r:MERGED_INTO]->()
DELETE r;
UNWIND $rederived AS id
MATCH (:Fact {id: id})-[r:DERIVED_FROM|EXTRACTED_FROM]->()
DELETE r;
UNWIND $entities AS e
MERGE (n:Entity {id: e.id})
ON CREATE SET n.user_id = e.user_id, n.created_at = e.created_at, n.status = 'active'
SET n.name = e.name, n.type = e.type, n.aliases = e.aliases
FOREACH (v IN CASE WHEN e.embedding IS NULL THEN [] ELSE [e.embedding] END |
  SET n.embedding = v);
UNWIND $aliases AS a
MERGE (al:Alias {id: a.id})
SET al.user_id = a.user_id, al.name = a.name, al.entity_id = a.entity_id;
UNWIND $episodes AS ep
CREATE (x:Episode)
SET x = ep.props, x.embedding = ep.embedding, x.embedding_ml = ep.embedding_ml;
UNWIND $mentions AS m
MATCH (x:Episode {id: m.episode_id}), (n:Entity {id: m.entity_id})
MERGE (x)-[:MENTIONS]->(n);
UNWIND $facts AS f
CREATE (x:Fact)
SET x = f.props, x.embedding = f.embedding
WITH x, f
MATCH (s:Entity {id: f.props.subject_id}), (o:Entity {id: f.props.object_id})
CREATE (x)-[:SUBJECT]->(s), (x)-[:OBJECT]->(o);
UNWIND $evidence AS ev
MATCH (x:Fact {id: ev.fact_id}), (p:Episode {id: ev.episode_id})
CREATE (x)-[:EXTRACTED_FROM {span_start: ev.span_start, span_end: ev.span_end,
                             extractor: ev.extractor, confidence: ev.confidence}]->(p);
UNWIND $reinforced AS r
MATCH (x:Fact {id: r})
SET x.evidence_count = x.evidence_count + 1;
UNWIND $updates AS u
MATCH (x:Fact {id: u.fact_id})
SET x += u.changes;
UNWIND $status_changes AS c
MATCH (x:Fact {id: c.fact_id})
SET x.status = c.status, x.needs_confirmation = c.needs_confirmation,
    x.superseded_at = c.superseded_at, x.merged_into = c.merged_into;
UNWIND $supersedes AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:SUPERSEDES {reason: l.reason, at: l.at}]->(b);
UNWIND $conflicts AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:CONFLICTS_WITH {reason: l.reason, at: l.at}]->(b);
UNWIND $merges AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:MERGED_INTO {reason: l.reason, at: l.at}]->(b);
UNWIND $derivations AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:DERIVED_FROM {reason: l.reason, at: l.at}]->(b);
UNWIND $endings AS l
MATCH (a:Fact {id: l.from_id}), (b:Episode {id: l.to_id})
CREATE (a)-[:ENDED_BY {reason: l.reason, at: l.at}]->(b)

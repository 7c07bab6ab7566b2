// Apply one WritePlan in a single query: FalkorDB runs a query as one transaction and rolls it
// back on any error, so a failed write leaves nothing behind. `WITH count(*)` after each UNWIND
// keeps exactly one row flowing when a list is empty.
UNWIND $unmerged AS id
MATCH (:Fact {id: id})-[r:MERGED_INTO]->()
DELETE r
WITH count(*) AS _unmerged
UNWIND $rederived AS id
MATCH (:Fact {id: id})-[r:DERIVED_FROM|EXTRACTED_FROM]->()
DELETE r
WITH count(*) AS _rederived
UNWIND $entities AS e
MERGE (n:Entity {id: e.id})
ON CREATE SET n.user_id = e.user_id, n.created_at = e.created_at, n.status = 'active'
SET n.name = e.name, n.type = e.type, n.aliases = e.aliases
FOREACH (v IN CASE WHEN e.embedding IS NULL THEN [] ELSE [e.embedding] END |
  SET n.embedding = vecf32(v))
WITH count(*) AS _entities
UNWIND $aliases AS a
MERGE (al:Alias {id: a.id})
SET al.user_id = a.user_id, al.name = a.name, al.entity_id = a.entity_id
WITH count(*) AS _aliases
UNWIND $episodes AS ep
CREATE (x:Episode)
SET x = ep.props, x.embedding = vecf32(ep.embedding)
FOREACH (v IN CASE WHEN ep.embedding_ml IS NULL THEN [] ELSE [ep.embedding_ml] END |
  SET x.embedding_ml = vecf32(v))
WITH count(*) AS _episodes
UNWIND $mentions AS m
MATCH (x:Episode {id: m.episode_id}), (n:Entity {id: m.entity_id})
MERGE (x)-[:MENTIONS]->(n)
WITH count(*) AS _mentions
UNWIND $facts AS f
CREATE (x:Fact)
SET x = f.props, x.embedding = vecf32(f.embedding)
WITH x, f
MATCH (s:Entity {id: f.props.subject_id}), (o:Entity {id: f.props.object_id})
CREATE (x)-[:SUBJECT]->(s), (x)-[:OBJECT]->(o)
WITH count(*) AS _facts
UNWIND $evidence AS ev
MATCH (x:Fact {id: ev.fact_id}), (p:Episode {id: ev.episode_id})
CREATE (x)-[:EXTRACTED_FROM {span_start: ev.span_start, span_end: ev.span_end,
                             extractor: ev.extractor, confidence: ev.confidence}]->(p)
WITH count(*) AS _evidence
UNWIND $reinforced AS r
MATCH (x:Fact {id: r})
SET x.evidence_count = x.evidence_count + 1
WITH count(*) AS _reinforced
UNWIND $updates AS u
MATCH (x:Fact {id: u.fact_id})
SET x += u.changes
WITH count(*) AS _updates
UNWIND $status_changes AS c
MATCH (x:Fact {id: c.fact_id})
SET x.status = c.status, x.needs_confirmation = c.needs_confirmation
// A null superseded_at removes the property: alone in its SET (see forget.cypher).
WITH x, c SET x.superseded_at = c.superseded_at
WITH x, c SET x.merged_into = c.merged_into
WITH count(*) AS _changes
UNWIND $supersedes AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:SUPERSEDES {reason: l.reason, at: l.at}]->(b)
WITH count(*) AS _supersedes
UNWIND $conflicts AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:CONFLICTS_WITH {reason: l.reason, at: l.at}]->(b)
WITH count(*) AS _conflicts
UNWIND $merges AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:MERGED_INTO {reason: l.reason, at: l.at}]->(b)
WITH count(*) AS _merges
UNWIND $derivations AS l
MATCH (a:Fact {id: l.from_id}), (b:Fact {id: l.to_id})
CREATE (a)-[:DERIVED_FROM {reason: l.reason, at: l.at}]->(b)
WITH count(*) AS _derivations
UNWIND $endings AS l
MATCH (a:Fact {id: l.from_id}), (b:Episode {id: l.to_id})
CREATE (a)-[:ENDED_BY {reason: l.reason, at: l.at}]->(b)
RETURN count(*) AS done

// Provenance for the explorer's fact page: each source episode of the facts, with the span of
// its text the fact was extracted from. Anchored on the indexed fact, as sources_of_facts is.
UNWIND $ids AS id
MATCH (f:Fact {id: id})
WITH f, id
MATCH (f)-[r:EXTRACTED_FROM]->(e)
WHERE e.status <> 'forgotten'
RETURN id AS fact_id, e.id AS episode_id, r.span_start AS span_start, r.span_end AS span_end,
       r.extractor AS extractor, r.confidence AS confidence

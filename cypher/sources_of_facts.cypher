// Anchor on the indexed fact, then traverse: a filter on a labelled episode in the same MATCH
// makes the planner scan every episode (tests/test_query_plans.py guards this).
UNWIND $ids AS id
MATCH (f:Fact {id: id})
WITH f, id
MATCH (f)-[:EXTRACTED_FROM]->(e)
WHERE e.status <> 'forgotten'
RETURN id AS fact_id, e.id AS episode_id, e.source_id AS source_id

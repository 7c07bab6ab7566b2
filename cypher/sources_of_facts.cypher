UNWIND $ids AS id
MATCH (:Fact {id: id})-[:EXTRACTED_FROM]->(e:Episode)
WHERE e.status <> 'forgotten'
RETURN id AS fact_id, e.id AS episode_id, e.source_id AS source_id

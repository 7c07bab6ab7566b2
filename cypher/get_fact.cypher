MATCH (f:Fact {id: $id})
OPTIONAL MATCH (f)-[:EXTRACTED_FROM]->(e:Episode)
RETURN f {.*, embedding: null} AS fact, collect(e.id) AS episode_ids

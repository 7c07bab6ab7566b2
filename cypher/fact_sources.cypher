UNWIND $ids AS id
MATCH (:Fact {id: id})-[:EXTRACTED_FROM]->(e:Episode)
RETURN DISTINCT e.id AS id

UNWIND $ids AS id
MATCH (e:Episode {id: id})
WITH e
MATCH (e)-[:MENTIONS]->(n)
RETURN DISTINCT n.id AS id

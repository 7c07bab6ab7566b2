UNWIND $ids AS id
MATCH (f:Fact)-[:EXTRACTED_FROM]->(:Episode {id: id})
WHERE f.status <> 'forgotten'
RETURN DISTINCT f.id AS id

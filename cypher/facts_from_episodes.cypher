UNWIND $ids AS id
MATCH (e:Episode {id: id})
WITH e
MATCH (e)<-[:EXTRACTED_FROM]-(f)
WHERE f.status <> 'forgotten'
RETURN DISTINCT f.id AS id

// Every fact drawn from the episodes, whatever its status (recall: is a message outdated?).
UNWIND $ids AS id
MATCH (e:Episode {id: id})
WITH e, id
MATCH (e)<-[:EXTRACTED_FROM]-(f)
RETURN id AS episode_id, f.id AS fact_id, f.status AS status, f.superseded_at AS superseded_at

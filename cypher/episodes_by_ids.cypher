UNWIND $ids AS id
MATCH (e:Episode {id: id})
WHERE e.status <> 'forgotten'
RETURN e {.*, embedding: null} AS episode

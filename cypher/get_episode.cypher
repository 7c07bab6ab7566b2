MATCH (e:Episode {id: $id})
RETURN e {.*, embedding: null} AS episode

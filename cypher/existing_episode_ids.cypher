UNWIND $ids AS id
MATCH (e:Episode {id: id})
RETURN e.id AS id

UNWIND $ids AS id
MATCH (a:Alias {id: id})
RETURN a.id AS alias_id, a.entity_id AS entity_id

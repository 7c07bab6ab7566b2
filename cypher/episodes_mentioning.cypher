MATCH (e:Episode)-[:MENTIONS]->(:Entity {id: $entity_id})
RETURN e.id AS id

UNWIND $ids AS id
MATCH (n:Entity {id: id})
WHERE n.status = 'active'
RETURN n {.id, .user_id, .name, .type, .aliases} AS entity

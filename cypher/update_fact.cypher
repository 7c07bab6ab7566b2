MATCH (f:Fact {id: $id})
SET f += $changes
RETURN f.id AS id

// Maintenance (schema upgrade): give every memory of the listed users its user_key.
UNWIND $keys AS k
MATCH (n:Episode {user_id: k.user_id})
SET n.user_key = k.user_key
WITH count(n) AS episodes
UNWIND $keys AS k
MATCH (n:Fact {user_id: k.user_id})
SET n.user_key = k.user_key

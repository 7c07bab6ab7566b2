// Maintenance (schema upgrade): users whose memories were stored before user_key existed.
MATCH (n:Episode) WHERE n.user_key IS NULL RETURN DISTINCT n.user_id AS user_id
UNION
MATCH (n:Fact) WHERE n.user_key IS NULL RETURN DISTINCT n.user_id AS user_id

// Current facts of the given memory types (e.g. constraints the agent must always respect).
MATCH (f:Fact)
WHERE f.user_id = $user_id AND f.status = 'current' AND f.memory_type IN $memory_types
RETURN f {.*, embedding: null} AS fact
ORDER BY f.priority DESC, f.valid_from DESC
LIMIT $limit

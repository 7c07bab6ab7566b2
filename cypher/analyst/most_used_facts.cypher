// The facts recall returned most often (use_count), then the most often found useful.
// @param user_id: string = null
// @param limit: int = 20
MATCH (f:Fact)
WHERE ($user_id IS NULL OR f.user_id = $user_id) AND f.status <> 'forgotten'
RETURN f.id AS fact_id, f.user_id AS user_id, f.text AS text, f.status AS status,
       f.use_count AS use_count, f.useful_count AS useful_count, f.last_used_at AS last_used_at
ORDER BY use_count DESC, useful_count DESC, fact_id
LIMIT $limit

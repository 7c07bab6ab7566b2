// Current and conflicted facts with the lowest confidence (candidates for review or pruning).
// @param user_id: string = null
// @param limit: int = 20
MATCH (f:Fact)
WHERE ($user_id IS NULL OR f.user_id = $user_id) AND f.status IN ['current', 'conflicted']
RETURN f.id AS fact_id, f.user_id AS user_id, f.text AS text, f.status AS status,
       f.confidence AS confidence, f.evidence_count AS evidence_count,
       f.needs_confirmation AS needs_confirmation
ORDER BY confidence, evidence_count, fact_id
LIMIT $limit

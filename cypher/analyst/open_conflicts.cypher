// Conflicts still waiting for a decision: CONFLICTS_WITH links whose facts are neither
// forgotten nor superseded, newest first (all users unless user_id is given).
// @param user_id: string = null
// @param limit: int = 100
MATCH (a:Fact)-[c:CONFLICTS_WITH]->(b:Fact)
WHERE ($user_id IS NULL OR a.user_id = $user_id)
  AND a.status IN ['current', 'conflicted'] AND b.status IN ['current', 'conflicted']
RETURN a.user_id AS user_id, a.id AS fact_id, a.text AS text, b.id AS other_fact_id,
       b.text AS other_text, c.reason AS reason, c.at AS at,
       a.needs_confirmation OR b.needs_confirmation AS needs_confirmation
ORDER BY at DESC
LIMIT $limit

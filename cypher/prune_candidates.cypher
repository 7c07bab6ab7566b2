// One prune rule at a time ($rule); thresholds are epoch seconds or a confidence bound.
MATCH (f:Fact)
WHERE ($user_id IS NULL OR f.user_id = $user_id) AND f.status <> 'forgotten'
  AND (
    ($rule = 'expired' AND f.expires_at IS NOT NULL AND f.expires_at <= $now)
    OR ($rule = 'low_confidence' AND f.confidence < $min_confidence)
    OR ($rule = 'superseded' AND f.status = 'superseded' AND f.superseded_at <= $superseded_before)
    OR ($rule = 'never_used' AND f.use_count = 0 AND f.created_at <= $unused_before)
  )
RETURN f {.*, embedding: null} AS fact
ORDER BY f.created_at
LIMIT $limit

// One prune rule at a time ($rule); thresholds are epoch seconds or a confidence bound.
// faded: $fade_cutoffs holds {memory_type, priority, before} rows (graph_memory/decay.py); a
// current or conflicted fact has faded when it was last used (else created) before its row's.
MATCH (f:Fact)
WHERE ($user_id IS NULL OR f.user_id = $user_id) AND f.status <> 'forgotten'
  AND (
    ($rule = 'expired' AND f.expires_at IS NOT NULL AND f.expires_at <= $now)
    OR ($rule = 'low_confidence' AND f.confidence < $min_confidence)
    OR ($rule = 'superseded' AND f.status = 'superseded' AND f.superseded_at <= $superseded_before)
    OR ($rule = 'never_used' AND f.use_count = 0 AND f.created_at <= $unused_before)
    OR ($rule = 'faded' AND f.status IN ['current', 'conflicted']
        AND any(c IN $fade_cutoffs WHERE c.memory_type = f.memory_type
                AND c.priority = f.priority AND coalesce(f.last_used_at, f.created_at) < c.before))
  )
RETURN f {.*, embedding: null} AS fact
ORDER BY f.created_at
LIMIT $limit

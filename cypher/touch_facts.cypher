// Recall bookkeeping: n more uses of each fact (an atomic increment), the last one at $at
// unless a later use (feedback) is recorded already; one row per fact (the same fact on two
// rows of one query would be counted once).
UNWIND $uses AS u
MATCH (f:Fact {id: u.id})
SET f.use_count = coalesce(f.use_count, 0) + u.n,
    f.last_used_at = CASE WHEN f.last_used_at IS NULL OR f.last_used_at < $at THEN $at
                          ELSE f.last_used_at END

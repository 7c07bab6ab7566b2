// Recall bookkeeping: n more uses of each fact (an atomic increment), the last one at $at
// unless a later use (feedback) is recorded already, and one "recalled" entry appended to its
// use history, which keeps the newest $history_limit (read and written in one SET on the
// node, so Neo4j locks it first and no concurrent append is lost). One row per fact (the same
// fact on two rows of one query would be counted once). A forgotten fact records no use.
UNWIND $uses AS u
MATCH (f:Fact {id: u.id})
WHERE f.status <> 'forgotten'
SET f.use_count = coalesce(f.use_count, 0) + u.n,
    f.last_used_at = CASE WHEN f.last_used_at IS NULL OR f.last_used_at < $at THEN $at
                          ELSE f.last_used_at END,
    f.use_history = (coalesce(f.use_history, []) + [u.entry])[-$history_limit..]

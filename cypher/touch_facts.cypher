// Recall bookkeeping: n more uses of each fact, the last one at $at; one row per fact (the
// same fact on two rows of one query would be counted once).
UNWIND $uses AS u
MATCH (f:Fact {id: u.id})
SET f.use_count = f.use_count + u.n, f.last_used_at = $at

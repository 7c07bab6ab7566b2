// Recall bookkeeping: one more use, now.
UNWIND $ids AS id
MATCH (f:Fact {id: id})
SET f.use_count = f.use_count + 1, f.last_used_at = $at

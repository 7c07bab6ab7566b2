// prune removed facts drawn from these episodes: count them on the episode (recall then marks
// a message outdated when nothing drawn from it holds any more).
UNWIND $rows AS row
MATCH (e:Episode {id: row.id})
SET e.pruned_facts = coalesce(e.pruned_facts, 0) + row.n

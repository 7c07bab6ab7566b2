// In-place changes, and counts the engine adds to (atomic increments: recall's use-count flush
// adds to the same counts concurrently; an absolute value written here would lose its uses).
MATCH (f:Fact {id: $id})
SET f += $changes
WITH f SET f.use_count = coalesce(f.use_count, 0) + $more_uses
WITH f SET f.useful_count = coalesce(f.useful_count, 0) + $more_useful
RETURN f.id AS id

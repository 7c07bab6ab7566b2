// In-place changes, and counts the engine adds to (atomic increments: recall's use-count flush
// adds to the same counts concurrently; an absolute value written here would lose its uses).
// A use ($use, a FactUse entry) is appended to the history the same way, newest
// $history_limit kept.
MATCH (f:Fact {id: $id})
SET f += $changes
WITH f SET f.use_count = coalesce(f.use_count, 0) + $more_uses
WITH f SET f.useful_count = coalesce(f.useful_count, 0) + $more_useful
WITH f SET f.use_history = CASE WHEN $use IS NULL THEN f.use_history
                                ELSE (coalesce(f.use_history, []) + [$use])[-$history_limit..] END
RETURN f.id AS id

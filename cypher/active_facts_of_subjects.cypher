// Merged near-duplicates come too: stating one again reinforces the fact it was merged into.
MATCH (f:Fact)
WHERE f.subject_id IN $subject_ids AND f.user_id = $user_id
  AND f.status IN ['current', 'conflicted', 'merged']
RETURN f {.*, embedding: null} AS fact

MATCH (f:Fact)
WHERE f.subject_id IN $subject_ids AND f.user_id = $user_id
  AND f.status IN ['current', 'conflicted']
RETURN f {.*, embedding: null} AS fact

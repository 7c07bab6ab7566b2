// Optional filters are passed as null; without statuses, forgotten facts are left out.
MATCH (f:Fact)
WHERE f.user_id = $user_id
  AND (($statuses IS NULL AND f.status <> 'forgotten') OR f.status IN $statuses)
  AND ($predicate IS NULL OR f.predicate = $predicate)
  AND ($memory_type IS NULL OR f.memory_type = $memory_type)
  AND ($entity_id IS NULL OR f.subject_id = $entity_id OR f.object_id = $entity_id)
RETURN f {.*, embedding: null} AS fact
ORDER BY f.valid_from DESC, f.created_at DESC
LIMIT $limit

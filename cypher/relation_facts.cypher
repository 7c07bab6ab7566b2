// Relation channel (graph_memory/recall/relations.py): the facts whose subject is a person the
// question names, under the relations it asks about, newest first, each with the messages it
// was drawn from (none for a fact written without a message).
MATCH (f:Fact)
WHERE f.subject_id IN $subject_ids AND f.user_id = $user_id
  AND f.predicate IN $relations AND f.status <> 'forgotten'
WITH f
ORDER BY f.valid_from DESC, f.id
LIMIT $limit
OPTIONAL MATCH (f)-[:EXTRACTED_FROM]->(e)
WHERE e.status <> 'forgotten'
RETURN f {.*, embedding: null} AS fact, e {.*, embedding: null} AS episode

// Export: the relationships of one type ($type: a constant of graph_memory/backup.py) of the
// next $limit nodes after $after (the engine's node id, an id seek), with their ends' ids and
// every property; a node without one gives a row with nulls (it still moves the cursor).
MATCH (a)
WHERE id(a) > $after
WITH a LIMIT $limit
OPTIONAL MATCH (a)-[r]->(b)
WHERE type(r) = $type
RETURN id(a) AS cursor, a.id AS from_id, b.id AS to_id, r {.*} AS props

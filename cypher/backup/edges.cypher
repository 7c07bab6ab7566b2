// Export: the relationships of one type ($type: a constant of graph_memory/backup.py) of the
// next $limit nodes after $after (by id), with their ends' ids and every property; a node
// without one gives a row with nulls (it still moves the cursor).
MATCH (a)
WHERE a.id > $after
WITH a ORDER BY a.id LIMIT $limit
OPTIONAL MATCH (a)-[r]->(b)
WHERE type(r) = $type
RETURN a.id AS cursor, a.id AS from_id, b.id AS to_id, r {.*} AS props

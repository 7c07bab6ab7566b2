// Export: the relationships of one type ($type: a constant of graph_memory/transfer.py) with
// their end nodes' ids and every property, one page at a time.
MATCH (a)-[r]->(b)
WHERE type(r) = $type
RETURN a.id AS from_id, b.id AS to_id, r {.*} AS props
ORDER BY from_id, to_id
SKIP $skip
LIMIT $limit

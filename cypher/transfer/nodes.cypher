// Export: every property of the nodes of one label ($label: a constant of
// graph_memory/transfer.py), in id order, one page at a time.
MATCH (n)
WHERE $label IN labels(n)
RETURN n {.*} AS props, n.id AS id
ORDER BY id
SKIP $skip
LIMIT $limit

// Export: every property of the nodes of one label ($label: a constant of
// graph_memory/backup.py), keyset-paged by id: the nodes after $after, $limit of them.
MATCH (n)
WHERE $label IN labels(n) AND n.id > $after
RETURN n.id AS cursor, n {.*} AS props
ORDER BY cursor
LIMIT $limit

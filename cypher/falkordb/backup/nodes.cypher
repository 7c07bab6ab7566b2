// Export: every property of the nodes of one label ($label: a constant of
// graph_memory/backup.py), keyset-paged by the engine's node id: the id seek starts after
// $after and stops at $limit nodes, in ascending id order (no sort: a page costs its rows, not
// the label's size; backup.py checks the order).
MATCH (n)
WHERE id(n) > $after AND $label IN labels(n)
RETURN id(n) AS cursor, n {.*} AS props
LIMIT $limit

// Import's undo: delete up to $limit nodes of one label ($label: a constant of
// graph_memory/backup.py) with their relationships. The caller repeats it until it deletes
// fewer than $limit (batches keep each transaction small).
MATCH (n)
WHERE $label IN labels(n)
WITH n LIMIT $limit
DETACH DELETE n
RETURN count(*) AS deleted

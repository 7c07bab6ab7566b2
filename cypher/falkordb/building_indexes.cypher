// Indexes not yet answering completely: built in the background after they are created, and
// again after every engine start (about a minute at 100k facts on 2 cores).
CALL db.indexes() YIELD label, status
WITH label, status
WHERE status <> 'OPERATIONAL'
RETURN label, status

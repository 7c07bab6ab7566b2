UNWIND $ids AS id
MATCH (s:Slot {id: id})
DELETE s

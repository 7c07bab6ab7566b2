MERGE (s:Slot {id: $id})
SET s = $props
RETURN s.id AS id

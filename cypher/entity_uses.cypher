// What still uses each entity: non-forgotten facts about it (subject or object) and
// non-forgotten episodes mentioning it. Forget keeps an entity only while something does.
UNWIND $ids AS id
MATCH (n:Entity {id: id})
OPTIONAL MATCH (n)<-[:SUBJECT|OBJECT]-(f)
WHERE f.status <> 'forgotten'
WITH n, collect(DISTINCT f.id) AS facts
OPTIONAL MATCH (n)<-[:MENTIONS]-(e)
WHERE e.status <> 'forgotten'
RETURN n.id AS id, facts, collect(DISTINCT e.id) AS episodes

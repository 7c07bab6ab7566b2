// Remove memories from every recall path (text, embedding and names gone, so neither the
// vector nor the fulltext index can find them) and record who forgot what, when and why.
// One property removal per SET, each behind a WITH: FalkorDB 4.16 drops the wrong attributes
// when one SET clause removes several (tests/test_store_contract.py guards this).
UNWIND $fact_ids AS id
MATCH (f:Fact {id: id})
SET f.status = 'forgotten'
WITH f SET f.text = null
WITH f SET f.embedding = null
WITH f SET f.subject_name = null
WITH f SET f.object_name = null
WITH count(*) AS _facts
UNWIND $episode_ids AS id
MATCH (e:Episode {id: id})
SET e.status = 'forgotten'
WITH e SET e.text = null
WITH e SET e.embedding = null
WITH count(*) AS _episodes
UNWIND $entity_ids AS id
MATCH (n:Entity {id: id})
SET n.status = 'forgotten', n.aliases = []
WITH n SET n.name = null
WITH n SET n.embedding = null
WITH count(*) AS _entities
UNWIND $entity_ids AS id
MATCH (a:Alias {entity_id: id})
DELETE a
WITH count(*) AS _aliases
UNWIND $tombstones AS t
CREATE (x:Tombstone)
SET x = t
RETURN count(*) AS done

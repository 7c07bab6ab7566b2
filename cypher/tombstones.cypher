UNWIND $ids AS id
MATCH (t:Tombstone {target_id: id})
RETURN t {.*} AS tombstone

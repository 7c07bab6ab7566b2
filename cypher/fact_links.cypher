MATCH (a:Fact)-[r:SUPERSEDES|CONFLICTS_WITH]->(b:Fact)
WHERE a.id IN $ids OR b.id IN $ids
RETURN type(r) AS kind, a.id AS from_id, b.id AS to_id, r.reason AS reason, r.at AS at

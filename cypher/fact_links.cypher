// Both directions from each indexed fact (an OR over both ends would scan every fact).
UNWIND $ids AS id
MATCH (a:Fact {id: id})-[r:SUPERSEDES|CONFLICTS_WITH|MERGED_INTO|DERIVED_FROM]-(:Fact)
RETURN DISTINCT type(r) AS kind, startNode(r).id AS from_id, endNode(r).id AS to_id,
       r.reason AS reason, r.at AS at

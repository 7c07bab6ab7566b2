// Both directions from each indexed fact (an OR over both ends would scan every fact); the
// other end is a fact, or for ENDED_BY the message (episode) that ended it.
UNWIND $ids AS id
MATCH (a:Fact {id: id})-[r:SUPERSEDES|CONFLICTS_WITH|MERGED_INTO|DERIVED_FROM|ENDED_BY]-()
RETURN DISTINCT type(r) AS kind, startNode(r).id AS from_id, endNode(r).id AS to_id,
       r.reason AS reason, r.at AS at

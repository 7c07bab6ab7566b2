// Facts with their links (fact_links' kinds, both directions), one round trip for what
// get_facts and fact_links read apart (recall following a change forward). One row per fact.
UNWIND $ids AS id
MATCH (a:Fact {id: id})
OPTIONAL MATCH (a)-[r:SUPERSEDES|CONFLICTS_WITH|MERGED_INTO|DERIVED_FROM|ENDED_BY]-()
WITH id, a, collect([type(r), startNode(r).id, endNode(r).id, r.reason, r.at]) AS links
RETURN id, a {.*, embedding: null} AS fact, [l IN links WHERE l[0] IS NOT NULL] AS links

// prune include_messages: messages said before $before of which nothing drawn holds any more:
// every fact extracted from them is forgotten, about to be pruned ($pruning), or superseded
// (after it was said) before $before; and at least one fact was drawn from them (a message
// without facts is the record itself and is never pruned).
MATCH (e:Episode)
WHERE ($user_id IS NULL OR e.user_id = $user_id) AND e.status <> 'forgotten'
  AND e.kind = 'message' AND e.timestamp <= $before
OPTIONAL MATCH (e)<-[:EXTRACTED_FROM]-(f:Fact)
WITH e, collect(f) AS facts
WHERE (size(facts) > 0 OR coalesce(e.pruned_facts, 0) > 0)
  AND all(f IN facts WHERE f.status = 'forgotten' OR f.id IN $pruning
          OR (f.status = 'superseded' AND f.superseded_at <= $before
              AND f.superseded_at > e.timestamp))
RETURN e {.*, embedding: null} AS episode
ORDER BY e.timestamp, e.id
LIMIT $limit

// The users of a graph (one tenant's) with how many messages each has, for the explorer's user
// picker. Reads every episode by design: there is no node per user to anchor on.
MATCH (e:Episode)
WHERE e.status <> 'forgotten'
RETURN e.user_id AS user_id, count(e) AS episodes
ORDER BY user_id
LIMIT $limit

// The speakers of one session of a user, the most recent first: the write path's default
// addressee of a message is the other speaker of its session.
MATCH (e:Episode {user_id: $user_id, session_id: $session_id})
WHERE e.speaker IS NOT NULL
WITH e.speaker AS speaker, max(e.timestamp) AS last
RETURN speaker ORDER BY last DESC, speaker LIMIT 10

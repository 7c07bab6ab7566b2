// Whether a user has any episode with a multilingual vector (recall then also searches them).
MATCH (e:Episode {user_id: $user_id})
WHERE e.embedding_ml IS NOT NULL
RETURN 1
LIMIT 1

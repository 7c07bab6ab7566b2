// Cross-lingual fill (graph_memory/crosslingual.py): a page of one user's messages that have
// text but no multilingual vector yet, in id order after $after (keyset pagination).
MATCH (n:Episode {user_id: $user_id})
WHERE n.id > $after AND n.text IS NOT NULL AND n.status <> 'forgotten'
  AND n.embedding_ml IS NULL
RETURN n.id AS id, n.text AS text, n.speaker AS speaker, n.language AS language
ORDER BY id
LIMIT $limit

// graph-memory reembed: the texts the Entity vectors are computed from, a page at a time in
// id order after $after (keyset pagination). Forgotten memories have no text and no vector.
MATCH (n:Entity)
WHERE n.id > $after AND n.name IS NOT NULL
RETURN n.id AS id, n.name AS text, null AS speaker, null AS language,
       n.user_id AS user_id
ORDER BY id
LIMIT $limit

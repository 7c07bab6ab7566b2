// graph-memory reembed: the texts the Episode vectors are computed from, a page at a time in
// id order after $after (keyset pagination). Forgotten memories have no text and no vector.
MATCH (n:Episode)
WHERE n.id > $after AND n.text IS NOT NULL
RETURN n.id AS id, n.text AS text, n.speaker AS speaker, n.language AS language,
       n.user_id AS user_id
ORDER BY id
LIMIT $limit

// $label is checked against a fixed list by the store before this runs.
MATCH (n)
WHERE $label IN labels(n)
RETURN count(n) AS n
